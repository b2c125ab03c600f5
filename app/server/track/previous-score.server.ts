// The previous score's top 30 on the backfill's days (decision 332): the backfill ranks each day's screened pool by
// legacyRorPopScore as well and keeps each pick's hold grade at the fill, so the evidence table can set today's
// ranking against it. Never published, so not in the log: one snapshot row beside the page's figures.
import type { SpreadProfile } from "#app/engine/index.ts";
import { legacyRorPopScore } from "#app/engine/legacy-score.ts";
import { lastGoodUpserts, readLastGood, type MarketCacheEnv } from "#app/server/market/cache.server.ts";
import type { TradeIdea } from "#app/server/market/ideas.server.ts";
import { gradeRowsOf, type LoggedContent } from "#app/server/track/grading.server.ts";
import { ideaLogContent, LOG_TIERS } from "#app/server/track/idea-log.server.ts";
import { SIMULATOR_VERSION } from "#app/server/track/simulator-version.server.ts";

export const PREVIOUS_SCORE_KEY = "track:previous-score:v1";
const TOP = 30;

/** [trade id, New York publication day, expiration, P&L, risk]: held to expiry at the fill, one contract. */
export type PreviousPick = [string, string, string, number, number];

export interface PreviousScorePicks {
  asOf: string;
  source: "demo";
  simulatorVersion: number;
  picks: PreviousPick[];
}

/** A profile's pool ranked by the previous score, ties by trade id (as `npm run track:evidence` ranks it). */
export function previousTop(ideas: readonly TradeIdea[], profile: SpreadProfile): TradeIdea[] {
  return ideas
    .filter((i) => i.profile === profile)
    .map((i) => ({ i, s: legacyRorPopScore(i) }))
    .sort((a, b) => b.s - a.s || (a.i.trade_unique_identifier < b.i.trade_unique_identifier ? -1 : 1))
    .slice(0, TOP)
    .map((x) => x.i);
}

/** The pick's hold grade at the fill, as the log would grade it had it been published (null: no settlement). */
export function previousPick(
  idea: TradeIdea,
  profile: SpreadProfile,
  rank: number,
  day: string,
  publishedAtMs: number,
  bar: { open: number | null; close: number } | null,
): PreviousPick | null {
  const content = JSON.parse(
    JSON.stringify(ideaLogContent({ idea, profile, tier: LOG_TIERS.pro30, rank }, publishedAtMs)),
  ) as LoggedContent;
  const hold = gradeRowsOf(0, content, bar, null, new Date(publishedAtMs)).find(
    (r) => r.rule === "hold" && r.fill === "fill",
  );
  if (!hold || hold.pnl == null || hold.risk == null) return null;
  return [idea.trade_unique_identifier, day, idea.expiration_date, hold.pnl, hold.risk];
}

/** The stored picks of the running simulated market (a replaced market's are dropped, decision 316). */
export async function readPreviousScorePicks(env: MarketCacheEnv): Promise<PreviousPick[]> {
  const stored = (await readLastGood<PreviousScorePicks>(env, [PREVIOUS_SCORE_KEY])).get(PREVIOUS_SCORE_KEY);
  return stored && stored.payload.simulatorVersion === SIMULATOR_VERSION ? stored.payload.picks : [];
}

export function previousScoreUpserts(env: MarketCacheEnv, picks: PreviousPick[], nowMs: number) {
  const payload: PreviousScorePicks = {
    asOf: new Date(nowMs).toISOString(),
    source: "demo",
    simulatorVersion: SIMULATOR_VERSION,
    picks,
  };
  return lastGoodUpserts(env, [{ key: PREVIOUS_SCORE_KEY, payload }], nowMs);
}
