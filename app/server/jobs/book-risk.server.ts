// The book's risk on /positions (decision 341): the spread ledger's open positions as /positions marked them, the
// wheel ledger's open puts and calls (with their marks when the page has them), the trader's stated cash, and the
// market caches' spots, next earnings and ex-dividend dates, summed by the engine's bookRisk. Features meet only
// on this floor (decision 326); every read here is a cache or one D1 row, never a provider.
import { betaOf, bucketOf } from "#app/engine/buckets.ts";
import {
  bookRisk,
  spreadMaxLoss,
  type BookGreeks,
  type BookSpread,
  type BookWheelOption,
  type SymbolEvents,
} from "#app/engine/positions/book-risk.ts";
import type { Position, PositionMark, PositionStrategy } from "#app/engine/positions/types.ts";
import { newYorkDate } from "#app/engine/time.ts";
import { BETA_SOURCE, type BookRiskView } from "#app/lib/positions/book-risk.ts";
import type {
  MarkView,
  OpenPositionView,
  PositionRecord,
  WheelOptionView,
} from "#app/lib/positions/client.ts";
import type { EntitledUser } from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getCachedTickerInfos, type TickerInfo } from "#app/server/market/market.server.ts";
import { readRiskFreeRate } from "#app/server/market/rates.server.ts";
import { statedCashOf } from "#app/server/positions/book.server.ts";

/** The beta-weighting's benchmark. */
const BENCHMARK = "SPY";

/** What /positions already computed: its open positions marked, its wheel options and, when given, their marks. */
export interface BookRiskSources {
  open: Promise<readonly OpenPositionView[]> | readonly OpenPositionView[];
  wheel: readonly WheelOptionView[];
  wheelMarks?: Promise<Readonly<Record<string, MarkView>>> | Readonly<Record<string, MarkView>>;
}

/** A mark's dollar greeks when it has them (a stale mark's too: it is labelled with its quote time). */
function greeksOf(view: MarkView | undefined): { greeks: BookGreeks | null; mark: PositionMark | null } {
  if (!view || view.kind !== "marked") return { greeks: null, mark: null };
  const m = view.mark;
  if (m.status !== "ok" && m.status !== "stale") return { greeks: null, mark: m };
  return {
    greeks: {
      deltaShares: m.deltaShares,
      deltaDollars: m.deltaDollars,
      thetaDollarsPerDay: m.thetaDollarsPerDay,
      vegaDollarsPerVolPoint: m.vegaDollarsPerVolPoint,
    },
    mark: m,
  };
}

function enginePosition(p: PositionRecord): Position {
  return {
    underlying: p.symbol,
    strategy: p.strategy as PositionStrategy,
    legs: p.legs.map((l) => ({ ...l, quantity: p.contracts })),
    openCredit: p.openCredit,
    openedDate: p.openedOn,
    contracts: p.contracts,
  };
}

function spreadOf(view: OpenPositionView): BookSpread {
  const { greeks, mark } = greeksOf(view.mark);
  return {
    id: view.position.id,
    symbol: view.position.symbol,
    expiration: view.position.expiration,
    maxLoss: mark?.maxLoss ?? spreadMaxLoss(enginePosition(view.position)),
    greeks,
    daily: view.daily,
  };
}

function eventsOf(info: TickerInfo): SymbolEvents {
  return {
    earnings: info.next_earnings_date,
    earningsEstimated: info.next_earnings_estimated,
    exDividend: info.ex_dividend_date,
    exDividendEstimated: info.ex_dividend_estimated,
  };
}

/** The cached ticker info of the symbols and SPY; none when the caches cannot be read (the risk still shows). */
async function infosOf(
  env: WorkerEnv,
  symbols: readonly string[],
  nowMs: number,
): Promise<TickerInfo[] | null> {
  try {
    return (await getCachedTickerInfos(env, [...new Set([...symbols, BENCHMARK])], nowMs)).infos;
  } catch (error) {
    console.error("book risk: ticker info read failed", error);
    return null;
  }
}

/**
 * The book's risk for the session user, from what the /positions loader computed (its marked open positions and
 * the wheel's options): the caller passes its own data, so a mark is computed once per read.
 */
export async function bookRiskOf(
  env: WorkerEnv,
  user: EntitledUser,
  sources: BookRiskSources,
  nowMs = Date.now(),
): Promise<BookRiskView> {
  const wheel = sources.wheel;
  const [open, wheelMarks, statedCash, rate] = await Promise.all([
    sources.open,
    Promise.resolve(sources.wheelMarks ?? {}),
    statedCashOf(env, user.id),
    readRiskFreeRate(env, nowMs),
  ]);
  const spreads = open.map(spreadOf);
  const options: BookWheelOption[] = wheel.map((o) => ({
    id: o.key,
    symbol: o.symbol,
    kind: o.kind,
    strike: o.strike,
    expiration: o.expiration,
    contracts: o.contracts,
    premium: o.premium,
    greeks: greeksOf(wheelMarks[o.key]).greeks,
  }));
  const symbols = [...new Set([...spreads.map((s) => s.symbol), ...options.map((o) => o.symbol)])];
  const infos = await infosOf(env, symbols, nowMs);
  const spots: Record<string, number> = {};
  const events: Record<string, SymbolEvents> = {};
  for (const info of infos ?? []) {
    spots[info.symbol] = info.current_price;
    events[info.symbol] = eventsOf(info);
  }
  // A mark's own spot is the one its greeks were taken at: it wins over the ticker card's.
  const marks: [string, MarkView | undefined][] = [
    ...open.map((v): [string, MarkView] => [v.position.symbol, v.mark]),
    ...wheel.map((o): [string, MarkView | undefined] => [o.symbol, wheelMarks[o.key]]),
  ];
  let oldest: number | null = null;
  for (const [symbol, view] of marks) {
    if (view?.kind !== "marked") continue;
    if (Number.isFinite(view.mark.spot) && view.mark.spot > 0) spots[symbol] = view.mark.spot;
    const t = view.mark.oldestQuoteTimeMs;
    if (t !== null && (oldest === null || t < oldest)) oldest = t;
  }
  const risk = bookRisk({
    spreads,
    wheel: options,
    statedCash,
    spots,
    betaOf,
    bucketOf,
    events,
    today: newYorkDate(nowMs),
  });
  return {
    ...risk,
    statedCash,
    rate: rate.rate,
    rateSource: rate.source,
    betaSource: BETA_SOURCE,
    betas: symbols.sort().map((symbol) => ({ symbol, beta: betaOf(symbol), bucket: bucketOf(symbol) })),
    quoteTime: oldest === null ? null : new Date(oldest).toISOString(),
    eventsKnown: infos !== null,
  };
}
