// `npm run track:evidence -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--profile P] [--every N]`: the ranking's
// evidence over the simulated market's history (decision 266). Prints, side by side, the figures of the top 30 by
// today's score and by the previous score (legacyRorPopScore), held to expiry and managed, at the fill basis.
// Runs in Node with no database; the full range takes minutes (about 1 s of CPU per session).
import { parseArgs } from "node:util";
import { SPREAD_PROFILES, type SpreadProfile } from "#app/engine/index.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import {
  lastBackfillDay,
  SIMULATED_HISTORY_FROM,
  tradingDaysBetween,
} from "#app/server/track/backfill.server.ts";
import { evidenceDay, evidenceTable, type GradedPick, type Ranking } from "./track-evidence-core";

const { values } = parseArgs({
  options: {
    from: { type: "string", default: "2024-06-03" },
    to: { type: "string", default: lastBackfillDay(newYorkDateOf(Date.now())) },
    profile: { type: "string", default: "balanced" },
    every: { type: "string", default: "1" },
  },
});
if (!SPREAD_PROFILES.includes(values.profile as SpreadProfile)) {
  console.error(`--profile must be one of ${SPREAD_PROFILES.join(", ")}`);
  process.exit(1);
}
const from = values.from! < SIMULATED_HISTORY_FROM ? SIMULATED_HISTORY_FROM : values.from!;
const every = Math.max(1, Number(values.every) || 1);
const days = tradingDaysBetween(from, values.to!).filter((_, i) => i % every === 0);
const seen: Record<Ranking, Set<string>> = { score: new Set(), legacy: new Set() };
const all: Record<Ranking, GradedPick[]> = { score: [], legacy: [] };
const cpu0 = process.cpuUsage();
for (const [i, day] of days.entries()) {
  const picks = await evidenceDay(day, values.profile as SpreadProfile, seen);
  all.score.push(...picks.score);
  all.legacy.push(...picks.legacy);
  if ((i + 1) % 25 === 0) console.error(`${i + 1}/${days.length} sessions (${day})`);
}
const cpu = process.cpuUsage(cpu0);
console.log(
  `Ranking evidence on the simulated market: ${days.length} sessions ${days[0]} to ${days.at(-1)} (every ${every}), ` +
    `profile ${values.profile}, top 30 at ${"10:00"} New York, graded at the fill basis; ` +
    `each trade once per list. CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s.`,
);
console.log(evidenceTable(all));
