// `npm run track:backfill -- [--sessions N] [--every N] [--profile P|all] [--symbols N] [--origin URL]`: the track record's backfill
// over the simulated market's history (decision 266), run by a running local dev server (`npm run dev`) into its
// D1. It appends after the log's last row and skips what is already logged, so a rerun adds nothing.
import { parseArgs } from "node:util";
import { AnswerError, describeError, postJson, withRetry } from "./dev-steps.mjs";

const { values } = parseArgs({
  options: {
    sessions: { type: "string", default: "60" },
    // Every Nth trading day: `--sessions 190 --every 5` samples the simulated market's whole history (about 3 min).
    every: { type: "string", default: "1" },
    profile: { type: "string", default: "all" },
    symbols: { type: "string", default: "150" },
    origin: { type: "string", default: "http://localhost:5173" },
  },
});
const body = {
  sessions: Number(values.sessions),
  every: Number(values.every),
  profile: values.profile,
  symbols: Number(values.symbols),
};
// Tried again with backoff while the server is warming up (a rerun is harmless); an HTML error page is reported as
// one (status and first line), not parsed as JSON.
let result;
try {
  result = await withRetry(() => postJson(`${values.origin}/__dev/track-backfill`, body), {
    attempts: 3,
    onRetry: (error, { waitMs }) =>
      console.log(`track backfill: ${describeError(error)}; trying again in ${waitMs / 1000} s`),
  });
} catch (error) {
  // A refusal is the endpoint's answer; anything else may be no server at that address.
  const hint = error instanceof AnswerError ? "" : ` (is \`npm run dev\` running at ${values.origin}?)`;
  console.error(`track backfill failed: ${describeError(error)}${hint}`);
  process.exit(1);
}
console.log(
  `track backfill: ${result.days} sessions (${result.from} to ${result.to}), ${result.appended} log rows ` +
    `(${(result.bytes / 1e6).toFixed(2)} MB of content), ${result.gradeRows} grade rows, ${(result.ms / 1000).toFixed(1)} s`,
);
