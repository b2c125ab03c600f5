/**
 * Track record benchmark (figures printed, never asserted; decision 266):
 *  1. a bounded slice of the ranking's evidence (scripts/track-evidence-core.ts; the full run is
 *     `npm run track:evidence`, outside CI): top 30 by today's score vs the previous score, graded;
 *  2. the log's growth per day on the simulated market: rows and bytes of content appended per session by the
 *     log's rule (each trade once per tier), whole universe, every profile, one publication a day;
 *  3. grading 100,000 ideas: CPU of the grading arithmetic (hold + managed, both fills) on stored marks, and of
 *     rebuilding the simulated market's marks per idea (demo mode), against the cron's CPU budget (30 s per
 *     invocation on the Workers paid plan's default).
 */
import { canonicalJson } from "#app/lib/hash-chain.ts";
import { newYorkInstant } from "#app/lib/market-calendar/index.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import {
  BACKFILL_PUBLISH_HOUR,
  backfillContent,
  screenSimulatedAt,
  simulatedBar,
  tradingDaysBetween,
} from "#app/server/track/backfill.server.ts";
import { gradeRowsOf, type LoggedContent } from "#app/server/track/grading.server.ts";
import { publishedIdeas } from "#app/server/track/idea-log.server.ts";
import { simulatedDailyMarks, type IdeaMarks } from "#app/server/track/marks.server.ts";
import { evidenceDay, evidenceTable, type GradedPick, type Ranking } from "../scripts/track-evidence-core";

const cpuMs = (start: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(start);
  return (c.user + c.system) / 1000;
};
const CRON_CPU_BUDGET_MS = 30_000;

console.log("Track record, simulated market, Node", process.version);

// 1. The evidence slice.
const sliceDays = tradingDaysBetween("2026-06-01", "2026-06-12");
const seen: Record<Ranking, Set<string>> = { score: new Set(), legacy: new Set() };
const all: Record<Ranking, GradedPick[]> = { score: [], legacy: [] };
let t = process.cpuUsage();
for (const day of sliceDays) {
  const picks = await evidenceDay(day, "balanced", seen);
  all.score.push(...picks.score);
  all.legacy.push(...picks.legacy);
}
console.log(
  `\nEvidence slice: ${sliceDays.length} sessions ${sliceDays[0]} to ${sliceDays.at(-1)}, balanced, top 30, fill basis ` +
    `(CPU ${(cpuMs(t) / 1000).toFixed(1)} s)`,
);
console.log(evidenceTable(all));

// 2. Growth per day, and a pool of frozen ideas for the grading figure.
const growthDays = tradingDaysBetween("2026-07-06", "2026-07-10");
const logged = new Map<string, number>();
const frozen: { content: LoggedContent; publishedAtMs: number }[] = [];
const keyer = async (d: string) => d;
for (const [i, day] of growthDays.entries()) {
  const at = newYorkInstant(day, BACKFILL_PUBLISH_HOUR);
  const ideas = await screenSimulatedAt({} as never, DEFAULT_UNIVERSE_SYMBOLS, at, keyer);
  const fresh = publishedIdeas(ideas, day).filter(
    (p) => p.tier > (logged.get(p.idea.trade_unique_identifier) ?? 0),
  );
  let bytes = 0;
  for (const p of fresh) {
    logged.set(p.idea.trade_unique_identifier, p.tier);
    const content = canonicalJson(backfillContent(p, at));
    // The row: content, two 64-hex hashes and the indexed columns (about 120 bytes).
    bytes += content.length + 128 + 120;
    frozen.push({ content: JSON.parse(content) as LoggedContent, publishedAtMs: at });
  }
  console.log(
    `${i === 0 ? "\nLog growth per session (one publication a day, every profile, " + DEFAULT_UNIVERSE_SYMBOLS.length + " symbols):\n" : ""}` +
      `  ${day}: ${fresh.length} rows, ${(bytes / 1e6).toFixed(2)} MB${i === 0 ? " (first day: the whole pool)" : ""}`,
  );
}

// 2b. One session's growth under the sampling rule (decision 278): a publication every 30 minutes from 9:35; the
// published lists (Pro 30, Elite 100) logged on every refresh, the pool only by the session's first. Before the
// rule every tier was logged on every refresh. (The wheel universe, sampled once per session too, is not screened
// here: it needs the stored chains; its rows are the first refresh's, about 520-610.)
{
  const day = "2026-07-13";
  const rules = { "every tier, every refresh": false, "pool once per session": true } as const;
  const prior = new Map(logged);
  for (const [label, poolOnce] of Object.entries(rules)) {
    const seenTier = new Map(prior);
    let rows = 0;
    let bytes = 0;
    const contracts = new Set<string>();
    for (let minutes = 5; minutes <= 6 * 60 + 5; minutes += 30) {
      const at = newYorkInstant(day, 9, 30 + minutes);
      const ideas = await screenSimulatedAt({} as never, DEFAULT_UNIVERSE_SYMBOLS, at, keyer);
      const first = minutes === 5;
      for (const p of publishedIdeas(ideas, day)) {
        if (p.tier <= (seenTier.get(p.idea.trade_unique_identifier) ?? 0)) continue;
        if (poolOnce && !first && p.tier === 1) continue;
        seenTier.set(p.idea.trade_unique_identifier, p.tier);
        rows++;
        bytes += canonicalJson(backfillContent(p, at)).length + 128 + 120;
        for (const leg of p.idea.legs) contracts.add(leg.occSymbol);
      }
    }
    console.log(
      `${poolOnce ? "" : `\nOne session (${day}), a publication every 30 minutes, spreads:\n`}` +
        `  ${label}: ${rows} rows, ${(bytes / 1e6).toFixed(2)} MB, ${contracts.size} distinct contracts to mark`,
    );
  }
}

// 3. Grading 100,000 ideas.
const N = 100_000;
t = process.cpuUsage();
const rebuilt: {
  content: LoggedContent;
  bar: { open: number | null; close: number } | null;
  marks: IdeaMarks | null;
}[] = [];
const SAMPLE = Math.min(frozen.length, 2000);
for (const f of frozen.slice(0, SAMPLE)) {
  rebuilt.push({
    content: f.content,
    bar: simulatedBar(f.content.symbol, f.content.expiration),
    marks: simulatedDailyMarks(f.content.symbol, f.content.expiration, f.content.legs, f.publishedAtMs),
  });
}
const rebuildPerIdea = cpuMs(t) / SAMPLE;
const gradedAt = new Date();
t = process.cpuUsage();
let rows = 0;
for (let i = 0; i < N; i++) {
  const r = rebuilt[i % rebuilt.length]!;
  rows += gradeRowsOf(i, r.content, r.bar, r.marks, gradedAt).length;
}
const arithmetic = cpuMs(t);
console.log(
  `\nGrading ${N.toLocaleString("en-US")} ideas (${rows.toLocaleString("en-US")} grade rows, hold + managed at both fills):\n` +
    `  arithmetic on stored marks: ${arithmetic.toFixed(0)} ms CPU (${((arithmetic / CRON_CPU_BUDGET_MS) * 100).toFixed(1)}% of a cron invocation's 30 s)\n` +
    `  demo marks rebuilt from the simulated market: ${rebuildPerIdea.toFixed(2)} ms per idea (${SAMPLE} sampled) -> ` +
    `${((rebuildPerIdea * N) / 1000).toFixed(0)} s for ${N.toLocaleString("en-US")}; a run grades at most 2,000 ideas: ` +
    `${((rebuildPerIdea * 2000) / 1000).toFixed(1)} s`,
);
