// `npm run track:backfill -- [--sessions N] [--profile P|all] [--symbols N] [--origin URL]`: the track record's backfill
// over the simulated market's history (decision 266), run by a running local dev server (`npm run dev`) into its
// D1. It appends after the log's last row and skips what is already logged, so a rerun adds nothing.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    sessions: { type: "string", default: "60" },
    profile: { type: "string", default: "all" },
    symbols: { type: "string", default: "150" },
    origin: { type: "string", default: "http://localhost:5173" },
  },
});
const body = {
  sessions: Number(values.sessions),
  profile: values.profile,
  symbols: Number(values.symbols),
};
const res = await fetch(`${values.origin}/__dev/track-backfill`, {
  method: "POST",
  headers: { Origin: values.origin, "content-type": "application/json" },
  body: JSON.stringify(body),
});
const result = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
if (!res.ok) {
  console.error(`track backfill failed: ${result.error ?? `HTTP ${res.status}`}`);
  process.exit(1);
}
console.log(
  `track backfill: ${result.days} sessions (${result.from} to ${result.to}), ${result.appended} log rows ` +
    `(${(result.bytes / 1e6).toFixed(2)} MB of content), ${result.gradeRows} grade rows, ${(result.ms / 1000).toFixed(1)} s`,
);
