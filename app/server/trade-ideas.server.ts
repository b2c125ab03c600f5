// Access to the trade ideas: the plan-capped list for the signed-in user (/spreads and /api/get_trades),
// read from the ideas cache (never screened on request). The market module only knows the ideas; the plan
// cap (entitlements module) and the watchlist-first order live here.
import { eq } from "drizzle-orm";
import {
  bookDelta,
  DEFAULT_SPREAD_PROFILE,
  isSpreadProfile,
  type SpreadLeg,
  type SpreadProfile,
} from "#app/engine/index.ts";
import { limitForJson } from "#app/lib/entitlements.ts";
import {
  filterIdeas,
  IDEAS_PAGE_SIZE,
  keepAvailableSymbols,
  withDaysToExpiration,
  type FilterableIdea,
  type TradeFilters,
  ideasInPlanOrder,
} from "#app/lib/trade-ideas.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import type { PlanTier } from "#app/lib/plans.ts";
import {
  entitlementOf,
  refusalOf,
  type EntitledUser,
  type PlanRefusal,
} from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { gzipText } from "#app/server/http/compression.server.ts";
import { ideaForApi, type ApiIdea } from "#app/server/market/idea-record.server.ts";
import {
  readIdeasSnapshot,
  type TradeIdea,
  type TradeIdeasSnapshot,
} from "#app/server/market/ideas.server.ts";
import {
  getMarketBanner,
  marketBannerOf,
  readMarketFreshness,
  type MarketBanner,
} from "#app/server/market/market.server.ts";
import type { DataFreshness } from "#app/server/market/refresh/freshness.server.ts";
import type { MarketSource } from "#app/server/market/types.server.ts";
import { watchlistOf, type UserWithWatchlistCopy } from "#app/server/auth/watchlist-copy.server.ts";

export type TradeIdeasUser = EntitledUser & UserWithWatchlistCopy & { spreadProfile?: string | null };

/**
 * The profile a request is served (decision 237): a valid override (the `profile` query parameter), else the
 * user's saved choice, else Balanced.
 */
export function profileFor(user: { spreadProfile?: string | null }, override?: string | null): SpreadProfile {
  if (isSpreadProfile(override)) return override;
  return isSpreadProfile(user.spreadProfile) ? user.spreadProfile : DEFAULT_SPREAD_PROFILE;
}

/** Saves the user's profile (one UPDATE of their row; the session reads it from there). */
export async function saveSpreadProfile(
  env: WorkerEnv,
  userId: string,
  profile: SpreadProfile,
): Promise<void> {
  await getDb(env)
    .update(schema.user)
    .set({ spreadProfile: profile })
    .where(eq(schema.user.id, userId))
    .run();
}

/** A card's idea: every field of the payload except the engine's ranking internals and leg greeks. */
export type ListIdea = Omit<TradeIdea, "legs" | "score" | "evToMaxLoss" | "modelVolatility"> & {
  legs: Pick<SpreadLeg, "type" | "side" | "strike" | "mid" | "openInterest" | "delta">[];
};

export function slimIdea(idea: TradeIdea): ListIdea {
  const { legs, score: _score, evToMaxLoss: _ev, modelVolatility: _vol, ...rest } = idea;
  return {
    ...rest,
    // The card draws the legs and the payoff from these; the smallest open interest is its liquidity detail.
    legs: legs.map((l) => ({
      type: l.type,
      side: l.side,
      strike: l.strike,
      mid: l.mid,
      openInterest: l.openInterest,
      // The list rules weight the book's delta with it (ranking.ts).
      delta: l.delta,
    })),
  };
}

export interface TradeIdeasList {
  ideas: ListIdea[];
  profile: SpreadProfile;
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
 * The ideas cache parsed once per isolate for a few seconds, with what is derived from it (the slimmed list
 * for /spreads, each idea's JSON text for /api/get_trades): the snapshot is ~1.4 MB of JSON for 500 ideas,
 * and parsing or serialising it on every request would dominate both. The cron job rewrites it every
 * 5 minutes and KV itself is eventually consistent for up to 60 s, so 15 s here changes nothing a user can
 * see; a forced refresh (Try Again) bypasses it. Everything derived hangs off the snapshot it came from,
 * so a new snapshot drops it all.
 */
export const SLIM_LIST_MEMO_MS = 15_000;

interface SnapshotMemo {
  until: number;
  snapshot: TradeIdeasSnapshot | null;
  /** The refresh run's freshness record, read with the snapshot: the same run writes both. */
  freshness: DataFreshness | null;
  slim?: Omit<TradeIdeasList, "profile">;
  /** Each idea's `JSON.stringify` with its DTE counted from `ideaJsonDay`, by identity (the API joins them). */
  ideaJson?: Map<TradeIdea, string>;
  ideaJsonDay?: string;
  /** A few whole `trade_suggestions` arrays as JSON, by order key (plan limit + watchlist hits). */
  arrays: Map<string, string>;
  /** A few whole bodies gzipped (decision 200), by the body's text minus the array: its order key and fields. */
  gzipped: Map<string, Uint8Array<ArrayBuffer>>;
  /** Whether this entry is the isolate's memo (a read that is empty or stale is used once and dropped). */
  kept: boolean;
}
let memo: SnapshotMemo | null = null;
/** Whole arrays kept per snapshot: an Elite array is ~1.4 MB of text, so only a handful. */
const ARRAYS_KEPT = 6;
/** Gzipped bodies kept per snapshot: ~0.2 MB each for Elite; the fields around the array change rarely. */
const GZIPPED_KEPT = 6;

async function currentSnapshot(env: WorkerEnv, fresh: boolean, nowMs: number): Promise<SnapshotMemo> {
  if (!fresh && memo && memo.until > nowMs) return memo;
  const [snapshot, freshness] = await Promise.all([readIdeasSnapshot(env), readMarketFreshness(env)]);
  const entry: SnapshotMemo = {
    until: nowMs + SLIM_LIST_MEMO_MS,
    snapshot,
    freshness,
    arrays: new Map(),
    gzipped: new Map(),
    kept: Boolean(snapshot && snapshot.ideas.length > 0 && !snapshot.stale),
  };
  // An empty or stale read is not kept: the next request looks again.
  memo = entry.kept ? entry : null;
  return entry;
}

function slimAll(entry: SnapshotMemo): Omit<TradeIdeasList, "profile"> {
  const { snapshot } = entry;
  return (entry.slim ??= {
    ideas: (snapshot?.ideas ?? []).map(slimIdea),
    total: snapshot?.ideas.length ?? 0,
    source: snapshot?.source ?? null,
    asOf: snapshot?.asOf ?? null,
    stale: snapshot?.stale ?? false,
  });
}

/** Drops the per-isolate copy (tests, and a refresh job running in the same isolate). */
export function forgetIdeasMemo(): void {
  memo = null;
}

/**
 * The plan-capped list (docs/product/trade-ideas.md#what-a-plan-sees): Free none (nothing is read or sent),
 * Pro 30 with the watchlist's ideas first, Elite all. Reads the ideas cache and the watchlist; never screens.
 */
export async function tradeIdeasFor(
  env: WorkerEnv,
  user: TradeIdeasUser,
  options: { fresh?: boolean; nowMs?: number; profile?: string | null; today?: string } = {},
): Promise<TradeIdeasList> {
  const { allowed, limit } = entitlementOf(user, "tradeIdeas");
  const profile = profileFor(user, options.profile);
  if (!allowed) return { ideas: [], profile, total: 0, source: null, asOf: null, stale: false };
  const nowMs = options.nowMs ?? Date.now();
  const [entry, watchlist] = await Promise.all([
    currentSnapshot(env, options.fresh ?? false, nowMs),
    watchlistOf(env, user),
  ]);
  const all = slimAll(entry);
  const today = options.today ?? newYorkDateOf(nowMs);
  return { ...all, profile, ideas: ideasInPlanOrder(all.ideas, limit, watchlist, profile, today) };
}

/** One screenful of /spreads: what the query asks for, out of the plan-capped list. */
export interface TradeIdeasPage {
  /** The first `page` pages of the filtered list (Show more asks for the next page). */
  ideas: ListIdea[];
  /** Ideas available before the plan cap. */
  total: number;
  /** The profile served (decision 237). */
  profile: SpreadProfile;
  /** Ideas the plan shows (the list the filters apply to). */
  capped: number;
  /** Ideas of the capped list that pass the filters. */
  filtered: number;
  /** Symbols present in the capped list, sorted: the symbol entry adds only these. */
  symbols: string[];
  /** The filters applied: the query's, with selected symbols absent from the capped list dropped. */
  filters: TradeFilters;
  /** The page served, clamped to the pages the filtered list has (at least 1). */
  page: number;
  pageSize: number;
  /** Net and gross beta-weighted delta of the capped list (ranking.ts), in SPY shares when a SPY idea gives the price. */
  bookDelta: { net: number; gross: number; spyPrice: number | null };
  source: string | null;
  asOf: string | null;
  stale: boolean;
}

/**
 * The pages of the filtered list up to `page` (docs/product/trade-ideas.md#filters, decision 180): the plan
 * cap first (the filters never see ideas the plan does not show), then the pass rule of
 * `app/lib/trade-ideas.ts`, the same module the symbol entry uses in the browser. `today` is the New York
 * date the DTEs count from.
 */
export function pageOfIdeas<T extends FilterableIdea>(
  capped: readonly T[],
  query: { filters: TradeFilters; page: number },
  today: string,
  pageSize = IDEAS_PAGE_SIZE,
): { ideas: T[]; filtered: number; symbols: string[]; filters: TradeFilters; page: number } {
  const symbols = [...new Set(capped.map((i) => i.stock_symbol.toUpperCase()))].sort();
  const filters: TradeFilters = {
    ...query.filters,
    symbols: keepAvailableSymbols(query.filters.symbols, new Set(symbols)),
  };
  const passing = filterIdeas(capped, filters, today);
  const pages = Math.max(1, Math.ceil(passing.length / pageSize));
  const page = Math.min(pages, Math.max(1, Math.floor(query.page) || 1));
  return { ideas: passing.slice(0, page * pageSize), filtered: passing.length, symbols, filters, page };
}

/** The list's book delta (decision 327): the SPY price from a SPY idea in it, else beta-dollars. */
function bookDeltaOf(ideas: readonly ListIdea[]): TradeIdeasPage["bookDelta"] {
  const spyPrice = ideas.find((i) => i.stock_symbol === "SPY")?.underlyingPrice ?? null;
  return { ...bookDelta(ideas, spyPrice), spyPrice };
}

/** /spreads: the plan-capped list filtered and paged on the server (nothing else is sent). */
export async function tradeIdeasPageFor(
  env: WorkerEnv,
  user: TradeIdeasUser,
  query: { filters: TradeFilters; page: number },
  options: { today: string; fresh?: boolean; nowMs?: number; profile?: string | null },
): Promise<TradeIdeasPage> {
  const list = await tradeIdeasFor(env, user, options);
  const shown = pageOfIdeas(list.ideas, query, options.today);
  return {
    ...shown,
    ideas: shown.ideas.map((i) => withDaysToExpiration(i, options.today)),
    total: list.total,
    profile: list.profile,
    capped: list.ideas.length,
    pageSize: IDEAS_PAGE_SIZE,
    bookDelta: bookDeltaOf(list.ideas),
    source: list.source,
    asOf: list.asOf,
    stale: list.stale,
  };
}

export interface TradeSuggestionsView {
  plan: PlanTier;
  /** The profile served: the user's saved one unless the query overrides it (decision 237). */
  profile: SpreadProfile;
  /** null = all (JSON has no Infinity). */
  limit: number | null;
  trade_suggestions: ApiIdea<TradeIdea>[];
  /** Ideas available before the plan cap. */
  total: number;
  source: MarketSource | null;
  asOf: string | null;
  stale: boolean;
  marketStatus: "open" | "closed";
  dataFreshness: MarketBanner["dataFreshness"];
}

/**
 * The /api/get_trades view as an object, built from a fresh read of the ideas cache: the reference the
 * memoised body below must equal byte for byte (tests compare them), and the place the view's shape is
 * written down. The plan is the session user's, brought up to date by `getSession` this request.
 */
export async function tradeSuggestionsFor(
  env: WorkerEnv,
  user: TradeIdeasUser,
  nowMs = Date.now(),
  profileOverride: string | null = null,
): Promise<{ ok: true; view: TradeSuggestionsView } | { ok: false; refusal: PlanRefusal }> {
  const { plan, allowed, limit } = entitlementOf(user, "tradeIdeas");
  const profile = profileFor(user, profileOverride);
  if (!allowed) return { ok: false, refusal: refusalOf(user, "tradeIdeas") };
  const [banner, snapshot, watchlist] = await Promise.all([
    getMarketBanner(env, nowMs),
    readIdeasSnapshot(env),
    watchlistOf(env, user),
  ]);
  const ideas = snapshot?.ideas ?? [];
  const today = newYorkDateOf(nowMs);
  return {
    ok: true,
    view: {
      plan,
      profile,
      limit: limitForJson(limit),
      trade_suggestions: ideasInPlanOrder(ideas, limit, watchlist, profile, today).map((i) =>
        ideaForApi(withDaysToExpiration(i, today)),
      ),
      total: ideas.length,
      source: snapshot?.source ?? null,
      asOf: snapshot?.asOf ?? null,
      stale: snapshot?.stale ?? false,
      marketStatus: banner.marketStatus,
      dataFreshness: banner.dataFreshness,
    },
  };
}

/**
 * /api/get_trades: the full ideas (not slimmed) for the session user as JSON text, or the plan's refusal
 * (Free: 403, and nothing is read). Equal byte for byte to `JSON.stringify` of the view above, without
 * rebuilding it per request: each idea is serialised once per snapshot, the `trade_suggestions` array is
 * those texts joined in the user's order (kept whole for the few most asked-for orders), and only the
 * small fields around it are written per request. The order depends on the plan's limit and on which of
 * the user's watchlist symbols have ideas, so that is the key.
 */
export async function tradeSuggestionsBody(
  env: WorkerEnv,
  user: TradeIdeasUser,
  nowMs = Date.now(),
  profileOverride: string | null = null,
): Promise<
  | {
      ok: true;
      json: string;
      stale: boolean;
      /** The body gzipped, made once per snapshot and fields (null when the snapshot is not kept). */
      gzipped: () => Uint8Array<ArrayBuffer> | null;
    }
  | { ok: false; refusal: PlanRefusal }
> {
  const { plan, allowed, limit } = entitlementOf(user, "tradeIdeas");
  if (!allowed) return { ok: false, refusal: refusalOf(user, "tradeIdeas") };
  const profile = profileFor(user, profileOverride);
  const [entry, watchlist] = await Promise.all([currentSnapshot(env, false, nowMs), watchlistOf(env, user)]);
  // The freshness comes from the memo with the snapshot (no KV read per request); the status is for now.
  const banner = marketBannerOf(entry.freshness, nowMs);
  const snapshot = entry.snapshot;
  const ideas = snapshot?.ideas ?? [];
  const present = new Set(ideas.map((i) => i.stock_symbol));
  const hits = [...new Set(watchlist.map((s) => s.toUpperCase()))].filter((s) => present.has(s)).sort();
  // DTE is counted from today (decision 235), so the texts are made again when the New York date turns.
  const today = newYorkDateOf(nowMs);
  if (entry.ideaJsonDay !== today) {
    entry.ideaJson = undefined;
    entry.arrays.clear();
    entry.gzipped.clear();
    entry.ideaJsonDay = today;
  }
  const key = `${profile}|${limit}|${hits.join(",")}`;
  let array = entry.arrays.get(key);
  if (array === undefined) {
    const ordered = ideasInPlanOrder(ideas, limit, hits, profile, today);
    const json = (entry.ideaJson ??= new Map(
      ideas.map((i) => [i, JSON.stringify(ideaForApi(withDaysToExpiration(i, today)))]),
    ));
    array = `[${ordered.map((i) => json.get(i)!).join(",")}]`;
    if (entry.arrays.size >= ARRAYS_KEPT) entry.arrays.delete(entry.arrays.keys().next().value!);
    entry.arrays.set(key, array);
  }
  // The keys in the order of TradeSuggestionsView (JSON.stringify writes them in insertion order).
  const stale = snapshot?.stale ?? false;
  const head =
    `{"plan":${JSON.stringify(plan)},"profile":${JSON.stringify(profile)}` +
    `,"limit":${JSON.stringify(limitForJson(limit))}` +
    `,"trade_suggestions":`;
  const tail =
    `,"total":${ideas.length}` +
    `,"source":${JSON.stringify(snapshot?.source ?? null)},"asOf":${JSON.stringify(snapshot?.asOf ?? null)}` +
    `,"stale":${stale},"marketStatus":${JSON.stringify(banner.marketStatus)}` +
    `,"dataFreshness":${JSON.stringify(banner.dataFreshness)}}`;
  const json = head + array + tail;
  // The whole body depends on the array (its order key) and the fields around it: together they key the
  // gzipped copy. Those fields change with a refresh run or the market opening or closing, not per request.
  const gzipKey = `${key}\n${head}\n${tail}`;
  const gzipped = (): Uint8Array<ArrayBuffer> | null => {
    // An entry that is not kept (an empty or stale read) would be compressed on every request: plain then.
    if (!entry.kept) return null;
    let bytes = entry.gzipped.get(gzipKey);
    if (bytes === undefined) {
      bytes = gzipText(json);
      if (entry.gzipped.size >= GZIPPED_KEPT) entry.gzipped.delete(entry.gzipped.keys().next().value!);
      entry.gzipped.set(gzipKey, bytes);
    }
    return bytes;
  };
  return { ok: true, json, stale, gzipped };
}
