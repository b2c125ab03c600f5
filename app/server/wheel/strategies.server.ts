// Wheel strategies per request (docs/product/wheel.md#strategies, docs/product/api.md#wheel-batch-response):
// the engine's CSP and CC screeners run on option chains the cron job cached in KV. A request never reaches a
// provider.
//
// Cleaning a raw chain (hygiene, IV, greeks) costs ~1.5 ms and its JSON ~1.5 ms more, so 50 tickers would
// spend ~150 ms per request. Cleaned chains are therefore kept in isolate memory, trimmed to the legs a
// wheel can use, and reused until the cron job writes a newer refresh (its freshness stamp changes).
import {
  cleanChain,
  SCREENS_IN_THE_MONEY_BAND,
  screenCashSecuredPuts,
  screenCoveredCalls,
  type CcCandidate,
  type CleanChain,
  type CspCandidate,
} from "#app/engine/index.ts";
import { economicEventsBetween, marketStatus, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import type { LabelledWheelCandidate } from "#app/lib/model-labels.ts";
import { combineStrategies, WHEEL_DEFAULTS, type Position, type RiskLevel } from "#app/lib/wheel/wheel.ts";
import { engineEvents } from "#app/server/market/ideas.server.ts";
import { labelWheelCandidates } from "#app/server/market/payload-labels.server.ts";
import { KV_KEYS, kvGetJson, type MarketCacheEnv } from "#app/server/market/cache.server.ts";
import { trailingDividendYield } from "#app/server/market/dividend-yield.server.ts";
import { readRiskFreeRate } from "#app/server/market/rates.server.ts";
import { readFreshness } from "#app/server/market/refresh/freshness.server.ts";
import type { TickerInfo } from "#app/server/market/ticker-info.server.ts";
import type { ChainSnapshot, Dividends, MarketSource } from "#app/server/market/types.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";

type Env = MarketCacheEnv & Pick<WorkerEnv, "MARKET_DATA_PROVIDER">;

interface CachedChain {
  stamp: string;
  clean: CleanChain | null;
  source: MarketSource | null;
  asOf: string | null;
  dividendYieldSource: "dividends" | "unknown";
  /** The refresh's realised-volatility forecast for the symbol (null: no edge claimed). */
  forecastVol: number | null;
}

/** Cleaned chains in this isolate (most recent last); bounded so memory stays small. */
const memory = new Map<string, CachedChain>();
const MEMORY_CAP = 120;
/** Widest holding period a screen may ask for (the product's 'Any' = 365 days). */
const MAX_DTE = 365;

/** Only out-of-the-money legs with |delta| <= 0.5 are ever wheel candidates; drop the rest. */
function trimForWheel(chain: CleanChain): CleanChain {
  const S = chain.spot;
  return {
    ...chain,
    rejections: [],
    expirations: chain.expirations
      .filter((e) => e.dte <= MAX_DTE)
      .map((e) => ({
        ...e,
        puts: e.puts.filter((l) => l.strike < S && -l.delta <= 0.5),
        calls: e.calls.filter((l) => l.strike > S && l.delta <= 0.5),
      })),
  };
}

function remember(symbol: string, entry: CachedChain) {
  memory.delete(symbol);
  memory.set(symbol, entry);
  if (memory.size > MEMORY_CAP) memory.delete(memory.keys().next().value!);
}

/** For tests and the bench: forget every cleaned chain of this isolate. */
export function clearWheelChainMemory() {
  memory.clear();
}

async function loadCleanChain(env: Env, symbol: string, stamp: string, nowMs: number): Promise<CachedChain> {
  const [raw, info, dividends] = await Promise.all([
    kvGetJson<ChainSnapshot>(env, KV_KEYS.chain(symbol)),
    kvGetJson<TickerInfo>(env, KV_KEYS.tickerInfo(symbol)),
    kvGetJson<Dividends>(env, KV_KEYS.dividends(symbol)),
  ]);
  if (!raw)
    return {
      stamp,
      clean: null,
      source: null,
      asOf: null,
      dividendYieldSource: "unknown",
      forecastVol: null,
    };
  const today = newYorkDateOf(nowMs);
  // The refresh stores the yield it priced the chain with; older snapshots fall back to the dividends cache.
  const q =
    raw.dividendYieldSource !== undefined
      ? { value: raw.dividendYield ?? null, source: raw.dividendYieldSource }
      : trailingDividendYield(dividends, raw.spot, today);
  const dividendYieldSource: CachedChain["dividendYieldSource"] = q.value === null ? "unknown" : "dividends";
  const rate = await readRiskFreeRate(env as WorkerEnv, nowMs);
  const clean = cleanChain(
    raw,
    {
      riskFreeRate: rate.rate,
      riskFreeRateSource: rate.source,
      riskFreeRateAsOf: rate.asOf,
      dividendYield: q.value,
      dividendYieldSource: q.source,
      // DTE counts from today's New York date, not the quote's (decision 235).
      today,
      earningsDate: info?.next_earnings_date ?? null,
      exDividendDate: info?.ex_dividend_date ?? null,
      events: engineEvents(economicEventsBetween(today, MAX_DTE)),
    },
    // The chain is judged as of its own snapshot time: a closed market's last quotes are not stale.
    { maxQuoteAgeMinutes: 7 * 24 * 60, maxDte: MAX_DTE, inTheMoneyBand: SCREENS_IN_THE_MONEY_BAND },
  );
  return {
    stamp,
    clean: trimForWheel(clean),
    source: raw.source,
    asOf: raw.asOf,
    dividendYieldSource,
    forecastVol: typeof raw.forecastVol === "number" && raw.forecastVol > 0 ? raw.forecastVol : null,
  };
}

async function cleanChains(env: Env, symbols: readonly string[], nowMs: number) {
  const freshness = await readFreshness(env).catch(() => null);
  // A cleaned chain's DTEs are counted from today: a new New York date cleans it again (decision 235).
  const stamp = `${freshness?.optionsDataUpdated ?? freshness?.dataUpdateAttempted ?? "none"}|${newYorkDateOf(nowMs)}`;
  const out = new Map<string, CachedChain>();
  const missing: string[] = [];
  for (const s of symbols) {
    const hit = memory.get(s);
    if (hit && hit.stamp === stamp) out.set(s, hit);
    else missing.push(s);
  }
  await Promise.all(
    missing.map(async (s) => {
      const entry = await loadCleanChain(env, s, stamp, nowMs).catch((error) => {
        console.error(`wheel: chain ${s} unreadable`, error);
        return null;
      });
      if (!entry) return;
      out.set(s, entry);
      // A symbol without a cached chain is not remembered: the next refresh may add it.
      if (entry.clean) remember(s, entry);
    }),
  );
  return { chains: out, freshness };
}

/** Every strategy names where its quote came from ('demo' = simulated market); lastUpdated is its time. */
function withSource<T extends object>(
  list: T[],
  source: MarketSource | null,
): (T & { source: MarketSource | null })[] {
  return list.map((s) => Object.assign(s, { source }));
}

export interface TickerResult<T> {
  strategies: T[];
  currentPrice: number | null;
  asOf: string | null;
  source: MarketSource | null;
  /**
   * Why a ticker has no strategies: no cached chain, none matched, or (covered calls) every match is struck
   * below the cost basis and the screen did not ask for those.
   */
  note?: "no_data" | "no_match" | "below_cost_basis";
}

function envelope(nowMs: number, freshness: Awaited<ReturnType<typeof readFreshness>>) {
  const status = marketStatus(nowMs);
  return {
    status: "success" as const,
    timestamp: new Date(nowMs).toISOString(),
    marketStatus: status.marketStatus ?? WHEEL_DEFAULTS.marketStatus,
    dataFreshness: {
      optionsDataUpdated: freshness?.optionsDataUpdated ?? null,
      stockDataUpdated: freshness?.stockDataUpdated ?? null,
      dataUpdateAttempted: freshness?.dataUpdateAttempted ?? null,
    },
    source: freshness?.source ?? null,
    simulated: (freshness?.source ?? "demo") === "demo",
  };
}

export interface CspBatchInput {
  tickers: string[];
  riskLevel: RiskLevel;
  cashAmount: number;
  maxDaysToExpiration: number;
  minReturn: number;
}

export async function cspBatch(env: Env, input: CspBatchInput, nowMs = Date.now()) {
  const { chains, freshness } = await cleanChains(env, input.tickers, nowMs);
  const results: Record<string, TickerResult<LabelledWheelCandidate<CspCandidate>>> = {};
  for (const ticker of input.tickers) {
    const entry = chains.get(ticker);
    const clean = entry?.clean ?? null;
    const strategies = clean
      ? combineStrategies(
          labelWheelCandidates(
            screenCashSecuredPuts(clean, {
              riskLevel: input.riskLevel,
              cash: input.cashAmount,
              maxDte: input.maxDaysToExpiration,
              minReturn: input.minReturn,
              forecastVol: entry?.forecastVol ?? null,
            }),
          ),
        )
      : [];
    results[ticker] = {
      strategies: withSource(strategies, entry?.source ?? null),
      currentPrice: clean?.spot ?? null,
      asOf: entry?.asOf ?? null,
      source: entry?.source ?? null,
      ...(strategies.length ? {} : { note: clean ? "no_match" : "no_data" }),
    };
  }
  return {
    ...envelope(nowMs, freshness),
    parameters: { ...input, riskFreeRate: (await readRiskFreeRate(env as WorkerEnv, nowMs)).rate },
    results,
    responseTimestamp: new Date().toISOString(),
  };
}

export interface CcBatchInput {
  positions: Position[];
  riskLevel: RiskLevel;
  maxDaysToExpiration: number;
  minReturn: number;
  includeBelowCostBasis: boolean;
}

export async function ccBatch(env: Env, input: CcBatchInput, nowMs = Date.now()) {
  const symbols = [...new Set(input.positions.map((p) => p.symbol))];
  const { chains, freshness } = await cleanChains(env, symbols, nowMs);
  const results: Record<
    string,
    TickerResult<LabelledWheelCandidate<CcCandidate>> & {
      position: Position & { currentValue: number | null };
    }
  > = {};
  for (const position of input.positions) {
    const entry = chains.get(position.symbol);
    const clean = entry?.clean ?? null;
    const screen = (includeBelowCostBasis: boolean) =>
      screenCoveredCalls(clean!, {
        riskLevel: input.riskLevel,
        shares: position.shares,
        costBasis: position.costBasis,
        maxDte: input.maxDaysToExpiration,
        minReturn: input.minReturn,
        includeBelowCostBasis,
        forecastVol: entry?.forecastVol ?? null,
      });
    const strategies = clean
      ? combineStrategies(labelWheelCandidates(screen(input.includeBelowCostBasis)))
      : [];
    // An empty list says whether the switch would show calls below the basis.
    const note = !clean
      ? "no_data"
      : !input.includeBelowCostBasis && screen(true).length
        ? "below_cost_basis"
        : "no_match";
    results[position.symbol] = {
      strategies: withSource(strategies, entry?.source ?? null),
      position: {
        ...position,
        currentValue: clean ? Math.round(clean.spot * position.shares * 100) / 100 : null,
      },
      currentPrice: clean?.spot ?? null,
      asOf: entry?.asOf ?? null,
      source: entry?.source ?? null,
      ...(strategies.length ? {} : { note }),
    };
  }
  return {
    ...envelope(nowMs, freshness),
    parameters: { ...input, riskFreeRate: (await readRiskFreeRate(env as WorkerEnv, nowMs)).rate },
    results,
    responseTimestamp: new Date().toISOString(),
  };
}
