// `npm run track:backfill -- [--sessions N] [--every N] [--profile P|all] [--symbols N] [--origin URL]`: the track record's backfill
// over the simulated market's history (decisions 266, 332), run by a running local dev server (`npm run dev`) into its
// D1. It appends after the log's last row and skips what is already logged, so a rerun adds nothing.
import { parseArgs } from "node:util";
import { AnswerError, describeError, postJson, withRetry } from "./dev-steps.mjs";

const { values } = parseArgs({
  options: {
    // The default spans the whole simulated history, every 3rd session: each stress spell gets about 5
    // publication days; 310 sessions in 391 s of CPU on this machine (budget 7 min, decision 332).
    sessions: { type: "string", default: "1000" },
    every: { type: "string", default: "3" },
    profile: { type: "string", default: "all" },
    symbols: { type: "string", default: "150" },
    origin: { type: "string", default: "http://localhost:5173" },
    // Sessions a request: each answers well inside the client's 300 s wait for headers.
    chunk: { type: "string", default: "40" },
  },
});
const body = {
  sessions: Number(values.sessions),
  every: Number(values.every),
  profile: values.profile,
  symbols: Number(values.symbols),
};
const chunkSize = Number(values.chunk);

// Tried again with backoff while the server is warming up (a rerun is harmless); an HTML error page is reported as
// one (status and first line), not parsed as JSON.
async function chunk(skip, take, refresh) {
  return withRetry(
    () => postJson(`${values.origin}/__dev/track-backfill`, { ...body, skip, take, refresh }),
    {
      attempts: 3,
      onRetry: (error, { waitMs }) =>
        console.log(`track backfill: ${describeError(error)}; trying again in ${waitMs / 1000} s`),
    },
  );
}

const total = { days: 0, appended: 0, bytes: 0, gradeRows: 0, ms: 0, from: null, to: null };
try {
  // An empty chunk first: how many days the range holds.
  const { total: size } = await chunk(0, 0, false);
  // The chunks run oldest first, so an idea is logged on the first sampled day it appears, as in one request; the
  // last one refreshes the page's figures and downloads.
  for (let skip = 0; skip < size; skip += chunkSize) {
    const result = await chunk(skip, chunkSize, skip + chunkSize >= size);
    total.from ??= result.from;
    total.to = result.to ?? total.to;
    for (const k of ["days", "appended", "bytes", "gradeRows", "ms"]) total[k] += result[k];
    console.log(`track backfill: ${total.days} of ${size} sessions (to ${result.to})`);
  }
} catch (error) {
  // A refusal is the endpoint's answer; anything else may be no server at that address.
  const hint = error instanceof AnswerError ? "" : ` (is \`npm run dev\` running at ${values.origin}?)`;
  console.error(`track backfill failed: ${describeError(error)}${hint}`);
  process.exit(1);
}
console.log(
  `track backfill: ${total.days} sessions (${total.from} to ${total.to}), ${total.appended} log rows ` +
    `(${(total.bytes / 1e6).toFixed(2)} MB of content), ${total.gradeRows} grade rows, ${(total.ms / 1000).toFixed(1)} s`,
);
