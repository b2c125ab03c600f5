/**
 * The book's risk: every open short option structure a trader holds (the spreads, the wheel's puts and calls and
 * the shares under its calls) summed into what the account carries. Dollars throughout.
 *
 * Buying power in use is each structure's cash requirement: a credit spread's max loss, (wider width - credit) x
 * 100 x contracts (a margin account holds the width less the credit received), and a cash-secured put's max
 * loss, (strike - premium) x 100 x contracts (the strike's cash held back, less the premium already credited).
 * A covered call holds no cash: the shares are its collateral, so it adds 0 and its cover is counted in shares.
 * Unmarked structures still count here (their max loss does not need a quote).
 *
 * Greeks are the marks' dollar greeks, summed: delta in shares and dollars, theta per calendar day, vega per vol
 * point. Beta-weighting to SPY: a position's delta dollars x its beta to SPY is its SPY-dollar delta, and that
 * over SPY's spot is SPY shares. Shares held under a covered call count at delta 1 per share, valued at the
 * symbol's spot (without one they are left out and counted in `unpricedShares`). A structure without
 * greeks (no mark, a leg without a quote or an IV) is left out of the greeks and counted in `unmarked`.
 *
 * The book's daily P&L is, per stored closing date, the sum of the open positions' P&L at that close. A position
 * counts from its first stored close; on a later date it has no close for (a refresh that did not run), its last
 * close carries forward, so a missed mark is not a jump in the book. Mid and natural are summed apart, each with
 * the same rule.
 */
import { isGeometryRefusal, positionShape } from "#app/engine/positions/geometry.ts";
import type { Position } from "#app/engine/positions/types.ts";

const SHARES_PER_CONTRACT = 100;

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/** A mark's dollar greeks (per position); null where the mark has none. */
export interface BookGreeks {
  deltaShares: number | null;
  deltaDollars: number | null;
  thetaDollarsPerDay: number | null;
  vegaDollarsPerVolPoint: number | null;
}

export interface BookDailyPoint {
  /** 'YYYY-MM-DD' */
  date: string;
  pnlMid: number | null;
  pnlNatural: number | null;
}

/** One open spread. */
export interface BookSpread {
  id: string;
  symbol: string;
  /** 'YYYY-MM-DD', the latest leg's. */
  expiration: string;
  /** Dollars per position (the mark's, else spreadMaxLoss of the position); null when its legs do not read. */
  maxLoss: number | null;
  /** Null: not marked now. */
  greeks: BookGreeks | null;
  daily: readonly BookDailyPoint[];
}

/** One open short option from the wheel's ledger. */
export interface BookWheelOption {
  id: string;
  symbol: string;
  kind: "CSP" | "CC";
  strike: number;
  expiration: string;
  contracts: number;
  /** Premium received per share. */
  premium: number;
  /** The option's own greeks when it is marked (held short). */
  greeks?: BookGreeks | null;
  daily?: readonly BookDailyPoint[];
}

export interface SymbolEvents {
  /** 'YYYY-MM-DD' */
  earnings: string | null;
  earningsEstimated: boolean;
  exDividend: string | null;
  exDividendEstimated: boolean;
}

export interface BookRiskInput {
  spreads: readonly BookSpread[];
  wheel: readonly BookWheelOption[];
  /** The cash the trader states; null or missing: not stated. */
  statedCash?: number | null;
  /** Spot per symbol (the shares under covered calls are valued at it); SPY's for the SPY shares. */
  spots: Readonly<Record<string, number>>;
  betaOf: (symbol: string) => number;
  bucketOf: (symbol: string) => string;
  events: Readonly<Record<string, SymbolEvents>>;
  /** 'YYYY-MM-DD', New York: events before it are past. */
  today: string;
}

export interface ConcentrationRow {
  key: string;
  buyingPower: number;
  /** Of the book's buying power in use, 0-100; null when the book uses none. */
  percent: number | null;
  positions: number;
}

export interface BookEvent {
  id: string;
  symbol: string;
  kind: "earnings" | "exDividend";
  date: string;
  estimated: boolean;
  expiration: string;
}

export interface BookRisk {
  buyingPower: number;
  /** Buying power in use over the stated cash, 0-100 and more; null without stated cash (or a stated 0). */
  buyingPowerPercent: number | null;
  statedCash: number | null;
  /** Stated cash less buying power in use; null without stated cash. */
  cashFree: number | null;
  /** Structures whose max loss is unknown (legs that do not read): left out of buying power. */
  unsized: number;
  /** Shares under the covered calls, and those of them left out of delta (no spot for their symbol). */
  coveredCallShares: number;
  unpricedShares: number;
  deltaShares: number;
  deltaDollars: number;
  /** Sum of delta dollars x beta. */
  betaDeltaDollars: number;
  /** betaDeltaDollars over SPY's spot; null without it. */
  spyShares: number | null;
  spySpot: number | null;
  thetaDollarsPerDay: number;
  vegaDollarsPerVolPoint: number;
  /** Structures with greeks, and without (left out of the four sums above). */
  marked: number;
  unmarked: number;
  bySymbol: ConcentrationRow[];
  byBucket: ConcentrationRow[];
  events: BookEvent[];
  daily: BookDailyPoint[];
}

/** A spread's max loss in dollars from its legs: the wider width less the credit, x 100 x contracts. */
export function spreadMaxLoss(position: Position): number | null {
  const shape = positionShape(position);
  if (isGeometryRefusal(shape)) return null;
  const lot = position.contracts * SHARES_PER_CONTRACT;
  if (position.strategy === "CASH_SECURED_PUT")
    return (position.legs[shape.putShort].strike - position.openCredit) * lot;
  if (position.strategy === "COVERED_CALL") return null;
  return (Math.max(shape.putWidth, shape.callWidth) - position.openCredit) * lot;
}

/** A wheel option's cash requirement: a CSP's strike less premium, x 100 x contracts; a CC's 0. */
export function wheelBuyingPower(option: BookWheelOption): number {
  if (option.kind === "CC") return 0;
  return Math.max(0, option.strike - option.premium) * SHARES_PER_CONTRACT * option.contracts;
}

function concentration(rows: readonly { key: string; bp: number }[], total: number): ConcentrationRow[] {
  const by = new Map<string, ConcentrationRow>();
  for (const { key, bp } of rows) {
    const row = by.get(key) ?? { key, buyingPower: 0, percent: null, positions: 0 };
    row.buyingPower += bp;
    row.positions += 1;
    by.set(key, row);
  }
  const out = [...by.values()];
  for (const row of out) row.percent = total > 0 ? (row.buyingPower / total) * 100 : null;
  return out.sort((a, b) => b.buyingPower - a.buyingPower || a.key.localeCompare(b.key));
}

/** The book's daily P&L (see the header's rule). */
export function bookDaily(series: readonly (readonly BookDailyPoint[])[]): BookDailyPoint[] {
  const dates = [...new Set(series.flatMap((s) => s.map((p) => p.date)))].sort();
  const sorted = series.map((s) => [...s].sort((a, b) => a.date.localeCompare(b.date)));
  const out: BookDailyPoint[] = [];
  const cursor = sorted.map(() => 0);
  const lastMid: (number | null)[] = sorted.map(() => null);
  const lastNatural: (number | null)[] = sorted.map(() => null);
  for (const date of dates) {
    let mid: number | null = null;
    let natural: number | null = null;
    sorted.forEach((s, i) => {
      while (cursor[i] < s.length && s[cursor[i]].date <= date) {
        const p = s[cursor[i]];
        if (finite(p.pnlMid)) lastMid[i] = p.pnlMid;
        if (finite(p.pnlNatural)) lastNatural[i] = p.pnlNatural;
        cursor[i] += 1;
      }
      const m = lastMid[i];
      const n = lastNatural[i];
      if (m !== null) mid = (mid ?? 0) + m;
      if (n !== null) natural = (natural ?? 0) + n;
    });
    out.push({ date, pnlMid: mid, pnlNatural: natural });
  }
  return out;
}

function eventsOf(id: string, symbol: string, expiration: string, input: BookRiskInput): BookEvent[] {
  const e = input.events[symbol];
  if (!e) return [];
  const out: BookEvent[] = [];
  const within = (d: string | null): d is string => d !== null && d >= input.today && d <= expiration;
  if (within(e.earnings))
    out.push({ id, symbol, kind: "earnings", date: e.earnings, estimated: e.earningsEstimated, expiration });
  if (within(e.exDividend))
    out.push({
      id,
      symbol,
      kind: "exDividend",
      date: e.exDividend,
      estimated: e.exDividendEstimated,
      expiration,
    });
  return out;
}

/** The book's risk from its open structures (see the header for every rule). */
export function bookRisk(input: BookRiskInput): BookRisk {
  const items = [
    ...input.spreads.map((s) => ({
      id: s.id,
      symbol: s.symbol,
      expiration: s.expiration,
      bp: finite(s.maxLoss) ? Math.max(0, s.maxLoss) : null,
      greeks: s.greeks,
      daily: s.daily,
    })),
    ...input.wheel.map((o) => ({
      id: o.id,
      symbol: o.symbol,
      expiration: o.expiration,
      bp: wheelBuyingPower(o),
      greeks: o.greeks ?? null,
      daily: o.daily ?? [],
    })),
  ];
  const sized = items.filter((i) => i.bp !== null) as ((typeof items)[number] & { bp: number })[];
  const buyingPower = sized.reduce((a, i) => a + i.bp, 0);
  const stated = finite(input.statedCash) ? input.statedCash : null;

  let deltaShares = 0;
  let deltaDollars = 0;
  let betaDeltaDollars = 0;
  let theta = 0;
  let vega = 0;
  let marked = 0;
  for (const item of items) {
    const g = item.greeks;
    if (
      !g ||
      !finite(g.deltaShares) ||
      !finite(g.deltaDollars) ||
      !finite(g.thetaDollarsPerDay) ||
      !finite(g.vegaDollarsPerVolPoint)
    )
      continue;
    marked += 1;
    deltaShares += g.deltaShares;
    deltaDollars += g.deltaDollars;
    betaDeltaDollars += g.deltaDollars * input.betaOf(item.symbol);
    theta += g.thetaDollarsPerDay;
    vega += g.vegaDollarsPerVolPoint;
  }
  let coveredCallShares = 0;
  let unpricedShares = 0;
  for (const o of input.wheel) {
    if (o.kind !== "CC") continue;
    const shares = o.contracts * SHARES_PER_CONTRACT;
    coveredCallShares += shares;
    const spot = input.spots[o.symbol];
    if (!(finite(spot) && spot > 0)) {
      unpricedShares += shares;
      continue;
    }
    deltaShares += shares;
    deltaDollars += shares * spot;
    betaDeltaDollars += shares * spot * input.betaOf(o.symbol);
  }
  const spySpot = input.spots.SPY;
  const spy = finite(spySpot) && spySpot > 0 ? spySpot : null;

  return {
    buyingPower,
    buyingPowerPercent: stated !== null && stated > 0 ? (buyingPower / stated) * 100 : null,
    statedCash: stated,
    cashFree: stated === null ? null : stated - buyingPower,
    unsized: items.length - sized.length,
    coveredCallShares,
    unpricedShares,
    deltaShares,
    deltaDollars,
    betaDeltaDollars,
    spyShares: spy === null ? null : betaDeltaDollars / spy,
    spySpot: spy,
    thetaDollarsPerDay: theta,
    vegaDollarsPerVolPoint: vega,
    marked,
    unmarked: items.length - marked,
    bySymbol: concentration(
      sized.map((i) => ({ key: i.symbol, bp: i.bp })),
      buyingPower,
    ),
    byBucket: concentration(
      sized.map((i) => ({ key: input.bucketOf(i.symbol), bp: i.bp })),
      buyingPower,
    ),
    events: items
      .flatMap((i) => eventsOf(i.id, i.symbol, i.expiration, input))
      .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol)),
    daily: bookDaily(items.map((i) => i.daily)),
  };
}
