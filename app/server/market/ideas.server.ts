// Trade ideas (credit spreads) from the engine's screener, with public ids that cannot be guessed. Who
// may read how many is not known here: the plan cap is in app/server/trade-ideas.server.ts.
import { and, eq, like, notInArray, or } from "drizzle-orm";
import {
  cleanChain,
  rankSpreadIdeas,
  screenCreditSpreads,
  SCREENS_IN_THE_MONEY_BAND,
  SPREAD_PROFILES,
  SPREADS_MAX_DTE,
  withoutRepeats,
  type MarketEvent,
  type SpreadIdea,
} from "#app/engine/index.ts";
import type { IdeaPayload } from "#app/lib/idea-view.ts";
import { isCurrentWhileClosed, type EconomicEvent } from "#app/lib/market-calendar/index.ts";
import type { RiskFreeRate } from "#app/lib/risk-free-rate.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { sqlExcluded } from "#app/server/db/sql.server.ts";
import { KV_KEYS, kvGetJson, lastGoodUpserts, type MarketCacheEnv } from "#app/server/market/cache.server.ts";
import { parseStoredIdea } from "#app/server/market/idea-record.server.ts";
import { labelSpreadIdea } from "#app/server/market/payload-labels.server.ts";
import type { ChainSnapshot, Sourced, TradeIdea } from "#app/server/market/types.server.ts";

export type { TradeIdea };

export interface TradeIdeasSnapshot extends Sourced {
  /** Best first. */
  ideas: TradeIdea[];
  stale?: boolean;
}

/** Ideas kept in total per profile (Elite sees all of them), and kept for every underlying. */
const IDEAS_TOTAL = 500;
const IDEAS_GUARANTEED_PER_SYMBOL = 2;

export function engineEvents(events: readonly EconomicEvent[]): MarketEvent[] {
  return events.map((e) => ({
    date: e.date,
    kind: e.kind === "GDP" || e.kind === "PCE" ? "OTHER" : e.kind,
    title: e.title,
  }));
}

export interface ScreenContext {
  /** The refresh run's New York date: DTE counts from it (decision 235). */
  today: string;
  rate: RiskFreeRate;
  /** Continuous, decimal; null when unknown (priced as 0, shipped as q: null, q_source 'unknown'). */
  dividendYield: number | null;
  dividendYieldSource: string;
  earningsDate: string | null;
  exDividendDate: string | null;
  events: readonly MarketEvent[];
  /** Quotes from the last close are not stale while the market is closed. */
  marketOpen: boolean;
  /** The realised-volatility forecast from the daily history (engine quality.ts); null: no edge claimed. */
  forecastVol: number | null;
  /** The forecast over one expiration's own horizon (engine forecast.ts); when absent, `forecastVol` serves all. */
  forecastVolFor?: (dte: number, atmIv: number) => number | null;
  /** The physical drift above r - q (engine quality.ts): the equity risk premium times the name's beta. */
  equityPremium?: number;
  /** Dividend per share at exDividendDate (the early-assignment rule); null when unknown. */
  nextDividend: number | null;
}

/**
 * Engine pipeline for one chain: hygiene once, then the spread screener for every profile (decision 237), so
 * /api/trade/:id and share pages find an idea whichever profile it was published under.
 */
export function screenChain(chain: ChainSnapshot, ctx: ScreenContext): SpreadIdea[] {
  const clean = cleanChain(
    chain,
    {
      riskFreeRate: ctx.rate.rate,
      riskFreeRateSource: ctx.rate.source,
      riskFreeRateAsOf: ctx.rate.asOf,
      dividendYield: ctx.dividendYield,
      dividendYieldSource: ctx.dividendYieldSource,
      today: ctx.today,
      earningsDate: ctx.earningsDate,
      exDividendDate: ctx.exDividendDate,
      events: ctx.events,
    },
    {
      maxQuoteAgeMinutes: ctx.marketOpen ? 30 : 7 * 24 * 60,
      // Only what the spread screener reads: its horizon, and the out-of-the-money side of each expiration.
      maxDte: SPREADS_MAX_DTE,
      inTheMoneyBand: SCREENS_IN_THE_MONEY_BAND,
    },
  );
  return SPREAD_PROFILES.flatMap((profile) =>
    screenCreditSpreads(clean, {
      profile,
      forecastVol: ctx.forecastVol,
      forecastVolFor: ctx.forecastVolFor,
      equityPremium: ctx.equityPremium,
      nextDividend: ctx.nextDividend,
    }),
  );
}

/**
 * Public id: a keyed hash of the engine's descriptive id (SYMBOL-DATE-CODE-strikes). Stable for the
 * same trade across refreshes (share links keep working) but not guessable, so the public share
 * endpoint cannot be used to enumerate paid ideas.
 */
export async function tradeIdKeyer(secret: string): Promise<(descriptor: string) => Promise<string>> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(`trade-id:${secret}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return async (descriptor) => {
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(descriptor)));
    let hex = "";
    for (let i = 0; i < 12; i++) hex += mac[i]!.toString(16).padStart(2, "0");
    return `${descriptor.split("-")[0]}-${hex}`;
  };
}

/**
 * The stored list, per profile (the engine's ideas with their words, decision 323): every underlying keeps its best few ideas (so a watched, less liquid symbol
 * still has ideas to put first), the best of the rest fill up to IDEAS_TOTAL; best first, numbers rounded, no
 * repeated (symbol, expiration, strategy), at most 3 per symbol. A trade on the edge of two profiles' bands is
 * kept once, under the first profile (its id is the trade's, not the profile's).
 */
export async function finaliseIdeas(
  ideas: SpreadIdea[],
  keyer: (d: string) => Promise<string>,
  source: Sourced["source"],
  asOf: Record<string, string>,
): Promise<TradeIdea[]> {
  const ids = new Set<string>();
  const chosen: SpreadIdea[] = [];
  for (const profile of SPREAD_PROFILES) {
    const ranked = withoutRepeats(
      rankSpreadIdeas(ideas.filter((i) => i.profile === profile && !ids.has(i.trade_unique_identifier))),
    );
    const perSymbol = new Map<string, number>();
    const keep = new Set<SpreadIdea>();
    for (const idea of ranked) {
      const n = perSymbol.get(idea.stock_symbol) ?? 0;
      if (n < IDEAS_GUARANTEED_PER_SYMBOL) {
        keep.add(idea);
        perSymbol.set(idea.stock_symbol, n + 1);
      }
    }
    for (const idea of ranked) {
      if (keep.size >= IDEAS_TOTAL) break;
      keep.add(idea);
    }
    for (const idea of ranked) {
      if (!keep.has(idea)) continue;
      ids.add(idea.trade_unique_identifier);
      chosen.push(idea);
    }
  }
  return Promise.all(
    chosen.map(async (idea) => ({
      ...roundIdea(labelSpreadIdea(idea)),
      trade_unique_identifier: await keyer(idea.trade_unique_identifier),
      source,
      asOf: asOf[idea.stock_symbol] ?? new Date().toISOString(),
    })),
  );
}

const r = (x: number, dp: number) => (Number.isFinite(x) ? Math.round(x * 10 ** dp) / 10 ** dp : x);

/**
 * Rounds float noise away (39.99999999999999 -> 40) without changing what the numbers say. Every field
 * of the idea is kept (the spread copies them all); only numbers are rounded, each to a precision finer
 * than any screen shows.
 */
export function roundIdea<T extends SpreadIdea>(idea: T): T {
  return {
    ...idea,
    return_on_capital: r(idea.return_on_capital, 2),
    return_on_risk: r(idea.return_on_risk, 2),
    net_credit: r(idea.net_credit, 4),
    net_credit_mid: r(idea.net_credit_mid, 4),
    net_credit_natural: r(idea.net_credit_natural, 4),
    probability_of_profit: r(idea.probability_of_profit, 2),
    pop_methods: {
      market_implied: r(idea.pop_methods.market_implied, 2),
      lognormal_atm: r(idea.pop_methods.lognormal_atm, 2),
      delta: r(idea.pop_methods.delta, 2),
      credit_width: r(idea.pop_methods.credit_width, 2),
    },
    prob_touch: r(idea.prob_touch, 2),
    expected_value: r(idea.expected_value, 2),
    assumptions: {
      ...idea.assumptions,
      r: r(idea.assumptions.r, 6),
      q: idea.assumptions.q === null ? null : r(idea.assumptions.q, 6),
    },
    cushion_sd: r(idea.cushion_sd, 3),
    liquidity_weight: r(idea.liquidity_weight, 4),
    fill_cost_share: r(idea.fill_cost_share, 4),
    modelVolatility: r(idea.modelVolatility, 4),
    score: r(idea.score, 6),
    score_parts: {
      ...idea.score_parts,
      impliedVol: r(idea.score_parts.impliedVol, 4),
      forecastVol: idea.score_parts.forecastVol === null ? null : r(idea.score_parts.forecastVol, 4),
      edgeAtForecast: r(idea.score_parts.edgeAtForecast, 2),
      edgePerRisk: r(idea.score_parts.edgePerRisk, 4),
      dteFit: r(idea.score_parts.dteFit, 4),
      shortDelta: r(idea.score_parts.shortDelta, 4),
      deltaFit: r(idea.score_parts.deltaFit, 4),
      fillCost: r(idea.score_parts.fillCost, 2),
      fillCostShare: r(idea.score_parts.fillCostShare, 4),
      liquidity: r(idea.score_parts.liquidity, 4),
      score: r(idea.score_parts.score, 6),
    },
    maxProfit: r(idea.maxProfit, 2),
    maxLoss: r(idea.maxLoss, 2),
    evToMaxLoss: r(idea.evToMaxLoss, 4),
  };
}

/**
 * The current ideas: hot cache, else the last good list, stale unless it holds the last close while the
 * market is closed (the hot copy expires minutes after the close; nights and weekends are not stale).
 */
export async function readIdeasSnapshot(
  env: MarketCacheEnv,
  nowMs = Date.now(),
): Promise<TradeIdeasSnapshot | null> {
  const hot = await kvGetJson<TradeIdeasSnapshot>(env, KV_KEYS.ideas);
  if (hot) return hot;
  const cold = await readIdeasLastGood(env).catch((error: unknown) => {
    console.error("market cache: the ideas' last-good copy could not be read", error);
    return null;
  });
  return cold ? { ...cold, stale: !isCurrentWhileClosed(Date.parse(cold.asOf), nowMs) } : null;
}

/**
 * The ideas' last-good copy is stored in parts: every profile's list together passes D1's 2 MB value limit
 * (SQLITE_TOOBIG), so each part holds the ideas that fit in LAST_GOOD_PART_BYTES of JSON.
 */
const LAST_GOOD_PART_BYTES = 900_000;
const ideasPartKey = (part: number) => `${KV_KEYS.ideas}:part:${part}`;
const IDEAS_PART_PATTERN = `${KV_KEYS.ideas}:part:%`;

interface IdeasLastGoodPart extends Sourced {
  part: number;
  parts: number;
  ideas: TradeIdea[];
}

/** Splits a list into parts of at most `maxBytes` of JSON each (one oversized idea still gets a part). */
export function splitIdeasForLastGood(
  snapshot: TradeIdeasSnapshot,
  maxBytes = LAST_GOOD_PART_BYTES,
): IdeasLastGoodPart[] {
  const encoder = new TextEncoder();
  const groups: TradeIdea[][] = [[]];
  let bytes = 0;
  for (const idea of snapshot.ideas) {
    const size = encoder.encode(JSON.stringify(idea)).length + 1;
    if (bytes + size > maxBytes && groups.at(-1)!.length > 0) {
      groups.push([]);
      bytes = 0;
    }
    groups.at(-1)!.push(idea);
    bytes += size;
  }
  return groups.map((ideas, part) => ({
    ideas,
    part,
    parts: groups.length,
    source: snapshot.source,
    asOf: snapshot.asOf,
  }));
}

/**
 * The statements that replace the ideas' last-good copy: one upsert per part (each under D1's value and
 * statement limits) and the removal of parts a longer earlier list left behind. Run them in one batch.
 */
export function ideasLastGoodStatements(env: MarketCacheEnv, snapshot: TradeIdeasSnapshot, nowMs: number) {
  const parts = splitIdeasForLastGood(snapshot);
  const keys = parts.map((p) => ideasPartKey(p.part));
  return [
    ...parts.flatMap((p) => lastGoodUpserts(env, [{ key: ideasPartKey(p.part), payload: p }], nowMs)),
    getDb(env)
      .delete(schema.marketSnapshots)
      .where(
        or(
          and(
            like(schema.marketSnapshots.key, IDEAS_PART_PATTERN),
            notInArray(schema.marketSnapshots.key, keys),
          ),
          // The one-row copy of before the split (it never fit once every profile was kept).
          eq(schema.marketSnapshots.key, KV_KEYS.ideas),
        ),
      ),
  ];
}

/** The stored parts put back together; null unless every part of one run is there. */
async function readIdeasLastGood(env: MarketCacheEnv): Promise<TradeIdeasSnapshot | null> {
  const rows = await getDb(env)
    .select({ payload: schema.marketSnapshots.payload })
    .from(schema.marketSnapshots)
    .where(like(schema.marketSnapshots.key, IDEAS_PART_PATTERN));
  const parts = rows.map((r) => r.payload as IdeasLastGoodPart).sort((a, b) => a.part - b.part);
  const first = parts[0];
  if (!first || first.part !== 0) return null;
  const run = parts.filter((p) => p.asOf === first.asOf && p.parts === first.parts);
  if (run.length !== first.parts || run.some((p, i) => p.part !== i)) return null;
  return { ideas: run.flatMap((p) => p.ideas), source: first.source, asOf: first.asOf };
}

/**
 * One idea by its public id, for share pages: the current list first (the hot copy, else its last-good copy
 * in D1, as the list pages read it), then the D1 history. `current` says whether the idea is in today's list,
 * or is null when that cannot be told: no list at all, or only a stale one. It must never say "no longer in
 * the list" just because the hot copy's 5-minute TTL ran out. A history record is parsed (it may predate a
 * field); one that does not parse is not found.
 */
export async function findTradeIdea(
  env: MarketCacheEnv,
  tradeId: string,
  nowMs = Date.now(),
): Promise<{ idea: IdeaPayload; current: boolean | null } | null> {
  const list = await readIdeasSnapshot(env, nowMs);
  const known = list !== null && !list.stale;
  const live = list?.ideas.find((i) => i.trade_unique_identifier === tradeId);
  if (live) return { idea: live, current: known ? true : null };
  const row = await getDb(env)
    .select({ idea: schema.tradeIdeas.idea })
    .from(schema.tradeIdeas)
    .where(eq(schema.tradeIdeas.tradeUniqueIdentifier, tradeId))
    .get();
  const idea = row ? parseStoredIdea(row.idea) : null;
  return idea ? { idea, current: known ? false : null } : null;
}

/** D1 history rows for share links: upsert by id, chunked under 100 bound parameters (8 per row). */
export function tradeIdeaUpserts(env: MarketCacheEnv, ideas: readonly TradeIdea[], nowMs: number) {
  const db = getDb(env);
  const statements = [];
  for (let i = 0; i < ideas.length; i += 12) {
    const rows = ideas.slice(i, i + 12).map((idea) => ({
      tradeUniqueIdentifier: idea.trade_unique_identifier,
      stockSymbol: idea.stock_symbol,
      strategyType: idea.strategy_type,
      expirationDate: idea.expiration_date,
      idea,
      source: idea.source,
      firstSeenAt: new Date(nowMs),
      lastSeenAt: new Date(nowMs),
    }));
    statements.push(
      db
        .insert(schema.tradeIdeas)
        .values(rows)
        .onConflictDoUpdate({
          target: schema.tradeIdeas.tradeUniqueIdentifier,
          set: {
            idea: sqlExcluded("idea"),
            lastSeenAt: sqlExcluded("last_seen_at"),
            source: sqlExcluded("source"),
          },
        }),
    );
  }
  return statements;
}
