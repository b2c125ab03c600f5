// Access to the trade ideas: the plan-capped list for the signed-in user (/spreads and /api/get_trades),
// read from the ideas cache (never screened on request). The market module only knows the ideas; the plan
// cap (entitlements module) and the watchlist-first order live here.
import { balancedCappedList } from "../engine";
import { limitForJson } from "../lib/entitlements";
import { newYorkDateOf } from "../lib/market-calendar";
import type { PlanTier } from "../lib/plans";
import { entitlementOf, refusalOf, type EntitledUser, type Refusal } from "./entitlements.server";
import type { WorkerEnv } from "./env.server";
import { readIdeasSnapshot, type TradeIdea } from "./market/ideas.server";
import { getMarketBanner, type MarketBanner } from "./market/market.server";
import type { MarketSource } from "./market/types.server";
import { listWatchlist } from "./watchlist.server";

export type TradeIdeasUser = EntitledUser;

/**
 * The list a plan sees (spec 001 §5, §6 and decision 050): credit spreads only (cash-secured puts and
 * covered calls belong to the wheel screens), the user's watchlist symbols first, then the rest, each group
 * balanced by strategy (the engine's `balancedCappedList`), cut to the plan's limit (0 = none, Infinity =
 * all).
 */
export function ideasInPlanOrder<T extends { stock_symbol: string; strategy_type: string }>(
  ideas: readonly T[],
  limit: number,
  watchlist: readonly string[],
): T[] {
  const spreads = ideas.filter(
    (i) => i.strategy_type !== "CASH_SECURED_PUT" && i.strategy_type !== "COVERED_CALL",
  );
  const mine = new Set(watchlist.map((s) => s.toUpperCase()));
  return balancedCappedList(spreads, limit, (i) => mine.has(i.stock_symbol));
}

/** A card's idea: every field of the payload except the engine's ranking internals and leg greeks. */
export type ListIdea = Omit<TradeIdea, "legs" | "score" | "evToMaxLoss" | "modelVolatility"> & {
  legs: { type: "call" | "put"; side: "sell" | "buy"; strike: number; mid: number }[];
};

export function slimIdea(idea: TradeIdea): ListIdea {
  const { legs, score: _score, evToMaxLoss: _ev, modelVolatility: _vol, ...rest } = idea;
  return {
    ...rest,
    legs: (legs ?? []).map((l) => ({
      type: l.type,
      side: l.side,
      strike: l.strike,
      // The mid is what the ex-dividend early-assignment check needs (extrinsic value of the short call).
      mid: l.mid,
      // Liquidity detail rides along when the engine provides it.
      ...("volume" in l ? { volume: (l as { volume?: number }).volume } : {}),
      ...("openInterest" in l ? { openInterest: (l as { openInterest?: number }).openInterest } : {}),
    })),
  };
}

export interface TradeIdeasList {
  ideas: ListIdea[];
  /** Ideas available before the plan cap. */
  total: number;
  source: string | null;
  asOf: string | null;
  stale: boolean;
}

export interface TradeIdeasScreen {
  plan: PlanTier;
  /** null = all (Elite). */
  limit: number | null;
  banner: MarketBanner;
  /** The server clock (ms) the banner was computed at, and the New York date the DTEs count from. */
  nowMs: number;
  today: string;
}

/** The screen's synchronous part: plan and banner (both cheap reads). */
export async function tradeIdeasScreen(
  env: WorkerEnv,
  user: TradeIdeasUser,
  nowMs = Date.now(),
): Promise<TradeIdeasScreen> {
  const { plan, limit } = entitlementOf(user, "tradeIdeas");
  return {
    plan,
    limit: limitForJson(limit),
    banner: await getMarketBanner(env, nowMs),
    nowMs,
    today: newYorkDateOf(nowMs),
  };
}

/**
 * The ideas cache parsed and slimmed once per isolate for a few seconds: the snapshot is ~0.9 MB of JSON
 * for 500 ideas, and parsing it on every request would dominate the loader. The cron job rewrites it every
 * 5 minutes and KV itself is eventually consistent for up to 60 s, so 15 s here changes nothing a user can
 * see; a forced refresh (Try Again) bypasses it.
 */
export const SLIM_LIST_MEMO_MS = 15_000;
let memo: { until: number; list: TradeIdeasList } | null = null;

async function slimAllIdeas(env: WorkerEnv, fresh: boolean, nowMs: number): Promise<TradeIdeasList> {
  if (!fresh && memo && memo.until > nowMs) return memo.list;
  const snapshot = await readIdeasSnapshot(env);
  const list: TradeIdeasList = {
    ideas: (snapshot?.ideas ?? []).map(slimIdea),
    total: snapshot?.ideas.length ?? 0,
    source: snapshot?.source ?? null,
    asOf: snapshot?.asOf ?? null,
    stale: snapshot?.stale ?? false,
  };
  // An empty or stale read is not kept: the next request looks again.
  memo = list.total > 0 && !list.stale ? { until: nowMs + SLIM_LIST_MEMO_MS, list } : null;
  return list;
}

/** Drops the per-isolate copy (tests, and a refresh job running in the same isolate). */
export function forgetIdeasMemo(): void {
  memo = null;
}

/**
 * The plan-capped list (spec 001 §6): Free none (nothing is read or sent), Pro 30 with the watchlist's
 * ideas first, Elite all. Reads the ideas cache and the watchlist; never screens.
 */
export async function tradeIdeasFor(
  env: WorkerEnv,
  user: TradeIdeasUser,
  options: { fresh?: boolean; nowMs?: number } = {},
): Promise<TradeIdeasList> {
  const { allowed, limit } = entitlementOf(user, "tradeIdeas");
  if (!allowed) return { ideas: [], total: 0, source: null, asOf: null, stale: false };
  const [all, watchlist] = await Promise.all([
    slimAllIdeas(env, options.fresh ?? false, options.nowMs ?? Date.now()),
    listWatchlist(env, user.id),
  ]);
  return { ...all, ideas: ideasInPlanOrder(all.ideas, limit, watchlist) };
}

export interface TradeSuggestionsView {
  plan: PlanTier;
  /** null = all (JSON has no Infinity). */
  limit: number | null;
  trade_suggestions: TradeIdea[];
  /** Ideas available before the plan cap. */
  total: number;
  source: MarketSource | null;
  asOf: string | null;
  stale: boolean;
  marketStatus: "open" | "closed";
  dataFreshness: MarketBanner["dataFreshness"];
}

/**
 * /api/get_trades: the full ideas (not slimmed) for the session user, or the plan's refusal (Free: 403,
 * and nothing is read). The plan is the session user's, brought up to date by `getSession` this request.
 */
export async function tradeSuggestionsFor(
  env: WorkerEnv,
  user: TradeIdeasUser,
  nowMs = Date.now(),
): Promise<{ ok: true; view: TradeSuggestionsView } | { ok: false; refusal: Refusal }> {
  const { plan, allowed, limit } = entitlementOf(user, "tradeIdeas");
  if (!allowed) return { ok: false, refusal: refusalOf(user, "tradeIdeas") };
  const [banner, snapshot, watchlist] = await Promise.all([
    getMarketBanner(env, nowMs),
    readIdeasSnapshot(env),
    listWatchlist(env, user.id),
  ]);
  const ideas = snapshot?.ideas ?? [];
  return {
    ok: true,
    view: {
      plan,
      limit: limitForJson(limit),
      trade_suggestions: ideasInPlanOrder(ideas, limit, watchlist),
      total: ideas.length,
      source: snapshot?.source ?? null,
      asOf: snapshot?.asOf ?? null,
      stale: snapshot?.stale ?? false,
      marketStatus: banner.marketStatus,
      dataFreshness: banner.dataFreshness,
    },
  };
}
