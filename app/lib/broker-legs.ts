// The option legs of a broker file, paired and grouped (decision 342). Pure: the ledger import reads a file's
// option rows into legs (app/lib/wheel/ledger-import.ts) and this module says which opening line each closing,
// expiry or assignment line belongs to (first in, first out, partial quantities too), which days on one underlying
// closed a leg and opened another (a roll), and which legs opened together are one spread (a vertical, or an iron
// condor: a put vertical below a call vertical). From that it writes a spread's life as the position ledger's
// events: opened, then closed, rolled, expired or assigned as the file says.
import { legsGeometryIssue, type PositionLegInput, type SpreadStrategy } from "#app/lib/positions/input.ts";

export type LegEffect = "open" | "close" | "expire" | "assign";

/** One option row of a file. `side` is null on an expiry row: the file does not say which side expired. */
export interface LegRow {
  line: number;
  date: string;
  /** What ties a combination order's legs: the order number or the execution time, "" when the file has none. */
  orderRef: string;
  symbol: string;
  optionType: "put" | "call";
  strike: number;
  expiration: string;
  side: "short" | "long" | null;
  effect: LegEffect;
  contracts: number;
  /** Per share; null when the row has none (an expiry, an assignment). */
  price: number | null;
}

export interface LegClose {
  line: number;
  contracts: number;
  effect: Exclude<LegEffect, "open">;
}

/** An opening line and the lines that closed it, with the contracts each took. */
export interface LegPair {
  symbol: string;
  optionType: "put" | "call";
  strike: number;
  expiration: string;
  side: "short" | "long";
  open: number;
  contracts: number;
  closes: LegClose[];
  /** Contracts the file leaves open. */
  remaining: number;
}

/** A day that closed a leg and opened another on one underlying. */
export interface FoundRoll {
  symbol: string;
  date: string;
  closed: number[];
  opened: number[];
}

export interface FoundSpread {
  symbol: string;
  strategy: SpreadStrategy;
  date: string;
  contracts: number;
  legs: PositionLegInput[];
  /** The opening lines, in the legs' order. */
  lines: number[];
  /** Per share: the shorts' prices less the longs'. */
  credit: number;
}

const contractKey = (l: { symbol: string; optionType: string; strike: number; expiration: string }) =>
  `${l.symbol}|${l.optionType}|${l.strike}|${l.expiration}`;

/**
 * Each opening line with the closing, expiry and assignment lines that closed it, first in first out per
 * contract and side; a close takes part of an open, or several opens, by quantity. `unmatched` are the closing
 * lines (or the part of one) the file opens nowhere: opened before the file began.
 */
export function pairLegs(legs: readonly LegRow[]): { pairs: LegPair[]; unmatched: LegClose[] } {
  const pairs: LegPair[] = [];
  const unmatched: LegClose[] = [];
  const open = new Map<string, LegPair[]>();
  for (const leg of legs) {
    const key = contractKey(leg);
    if (leg.effect === "open") {
      const pair: LegPair = {
        symbol: leg.symbol,
        optionType: leg.optionType,
        strike: leg.strike,
        expiration: leg.expiration,
        side: leg.side ?? "short",
        open: leg.line,
        contracts: leg.contracts,
        closes: [],
        remaining: leg.contracts,
      };
      pairs.push(pair);
      open.set(key, [...(open.get(key) ?? []), pair]);
      continue;
    }
    // An assignment is of a short leg; a close says its side; an expiry takes whichever side is open.
    const side = leg.effect === "assign" ? "short" : leg.side;
    let left = leg.contracts;
    for (const pair of open.get(key) ?? []) {
      if (left <= 0) break;
      if (pair.remaining <= 0 || (side !== null && pair.side !== side)) continue;
      const take = Math.min(left, pair.remaining);
      pair.closes.push({ line: leg.line, contracts: take, effect: leg.effect });
      pair.remaining -= take;
      left -= take;
    }
    if (left > 0) unmatched.push({ line: leg.line, contracts: left, effect: leg.effect });
  }
  return { pairs, unmatched };
}

/** Days on which one underlying had a leg bought or sold closing and a leg opened: a roll. */
export function findRolls(legs: readonly LegRow[]): FoundRoll[] {
  const byDay = new Map<string, FoundRoll>();
  for (const leg of legs) {
    if (leg.effect !== "open" && leg.effect !== "close") continue;
    const key = `${leg.symbol}|${leg.date}`;
    const roll = byDay.get(key) ?? { symbol: leg.symbol, date: leg.date, closed: [], opened: [] };
    (leg.effect === "open" ? roll.opened : roll.closed).push(leg.line);
    byDay.set(key, roll);
  }
  return [...byDay.values()].filter((r) => r.closed.length > 0 && r.opened.length > 0);
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const toLeg = (l: LegRow): PositionLegInput => ({
  right: l.optionType,
  side: l.side ?? "short",
  strike: l.strike,
  expiration: l.expiration,
});

function spreadOf(symbol: string, strategy: SpreadStrategy, rows: LegRow[]): FoundSpread | null {
  const legs = rows.map(toLeg);
  const credit = round4(rows.reduce((s, r) => s + (r.side === "short" ? 1 : -1) * (r.price ?? 0), 0));
  if (legsGeometryIssue(strategy, legs, credit) !== null || !(credit > 0)) return null;
  return {
    symbol,
    strategy,
    date: rows[0]!.date,
    contracts: rows[0]!.contracts,
    legs,
    lines: rows.map((r) => r.line),
    credit,
  };
}

/**
 * Spreads from legs opened together: one underlying, one day, one order or execution time when the file has it,
 * one expiration, short and long legs of the same size. A short and a long put make a bull put spread, a short
 * and a long call a bear call spread, both an iron condor when the put side is below the call side. A leg left
 * alone (a short put with no long beside it) is no spread: it stays a wheel trade.
 */
export function findSpreads(legs: readonly LegRow[]): FoundSpread[] {
  const groups = new Map<string, LegRow[]>();
  for (const leg of legs) {
    if (leg.effect !== "open" || leg.side === null) continue;
    const key = `${leg.symbol}|${leg.date}|${leg.orderRef}|${leg.expiration}|${leg.contracts}`;
    groups.set(key, [...(groups.get(key) ?? []), leg]);
  }
  const found: FoundSpread[] = [];
  for (const rows of groups.values()) {
    const one = (type: "put" | "call", side: "short" | "long") => {
      const of = rows.filter((r) => r.optionType === type && r.side === side);
      return of.length === 1 ? of[0]! : null;
    };
    const [sp, lp, sc, lc] = [
      one("put", "short"),
      one("put", "long"),
      one("call", "short"),
      one("call", "long"),
    ];
    const symbol = rows[0]!.symbol;
    const condor = sp && lp && sc && lc ? spreadOf(symbol, "IRON_CONDOR", [lp, sp, sc, lc]) : null;
    if (condor) {
      found.push(condor);
      continue;
    }
    const put = sp && lp ? spreadOf(symbol, "BULL_PUT_SPREAD", [sp, lp]) : null;
    const call = sc && lc ? spreadOf(symbol, "BEAR_CALL_SPREAD", [sc, lc]) : null;
    if (put) found.push(put);
    if (call) found.push(call);
  }
  return found.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.lines[0]! - b.lines[0]!));
}

// ---------------------------------------------------------------- a spread's life as position events
interface EventLines {
  /** The file lines the event is made of (its import key is theirs). */
  lines: number[];
  /** The lines of the event that opened the position it acts on; [] for an open. */
  on: number[];
  date: string;
  symbol: string;
}

export type SpreadEventDraft = EventLines &
  (
    | {
        kind: "open";
        strategy: SpreadStrategy;
        legs: PositionLegInput[];
        contracts: number;
        openCredit: number;
      }
    | { kind: "close"; closeDebit: number }
    | { kind: "expire" }
    | { kind: "assign"; leg: number }
    | { kind: "roll"; closeDebit: number; legs: PositionLegInput[]; openCredit: number; contracts: number }
  );

/** A spread event with its import key (the file lines') and the key of the event that opened its position. */
export type KeyedSpreadEvent = SpreadEventDraft & { key: string; onKey: string | null };

export interface SpreadNote {
  line: number;
  reason: "apart" | "partial";
}

/**
 * The position events of the spreads found: each opens; when every leg was bought or sold back in full on one
 * day it closes at the shorts' prices less the longs' (a roll when a spread of its strategy opened on that
 * underlying the same day, which the roll opens), it expires when every leg expired, and it is assigned when a
 * short leg was. A spread whose legs ended apart or in part stays open, with a note on its first line.
 */
export function spreadEvents(
  legs: readonly LegRow[],
  spreads: readonly FoundSpread[],
  pairs: readonly LegPair[],
): { events: SpreadEventDraft[]; notes: SpreadNote[] } {
  const byLine = new Map(legs.map((l) => [l.line, l]));
  const pairOf = new Map(pairs.map((p) => [p.open, p]));
  const events: SpreadEventDraft[] = [];
  const notes: SpreadNote[] = [];
  const openedBy = new Map<FoundSpread, number[]>();
  const rolledInto = new Set<FoundSpread>();
  for (const s of spreads) {
    if (!rolledInto.has(s)) {
      openedBy.set(s, s.lines);
      const { symbol, strategy, legs: spreadLegs, contracts, credit, date, lines } = s;
      events.push({
        kind: "open",
        lines,
        on: [],
        date,
        symbol,
        strategy,
        legs: spreadLegs,
        contracts,
        openCredit: credit,
      });
    }
    const on = openedBy.get(s)!;
    const legPairs = s.lines.map((l) => pairOf.get(l)!);
    const closes = legPairs.flatMap((p) => p.closes);
    if (closes.length === 0) continue;
    const assigned = legPairs.findIndex((p) => p.closes.some((c) => c.effect === "assign"));
    if (assigned >= 0) {
      const line = legPairs[assigned]!.closes.find((c) => c.effect === "assign")!.line;
      events.push({
        kind: "assign",
        lines: [line],
        on,
        date: byLine.get(line)!.date,
        symbol: s.symbol,
        leg: assigned,
      });
      continue;
    }
    if (legPairs.some((p) => p.remaining > 0)) {
      notes.push({ line: s.lines[0]!, reason: "partial" });
      continue;
    }
    const lines = [...new Set(closes.map((c) => c.line))];
    const dates = new Set(lines.map((l) => byLine.get(l)!.date));
    if (closes.every((c) => c.effect === "expire")) {
      const date = [...dates].sort().at(-1)!;
      events.push({ kind: "expire", lines, on, date, symbol: s.symbol });
      continue;
    }
    if (dates.size !== 1 || closes.some((c) => c.effect !== "close")) {
      notes.push({ line: s.lines[0]!, reason: "apart" });
      continue;
    }
    const date = [...dates][0]!;
    const closeDebit = round4(
      legPairs.reduce((sum, p) => {
        const price = byLine.get(p.closes[0]!.line)!.price ?? 0;
        return sum + (p.side === "short" ? 1 : -1) * price;
      }, 0),
    );
    const next = spreads.find(
      (n) =>
        n !== s &&
        n.symbol === s.symbol &&
        n.date === date &&
        n.strategy === s.strategy &&
        !rolledInto.has(n),
    );
    if (next && closeDebit >= 0) {
      rolledInto.add(next);
      const roll: SpreadEventDraft = {
        kind: "roll",
        lines: [...lines, ...next.lines],
        on,
        date,
        symbol: s.symbol,
        closeDebit,
        legs: next.legs,
        openCredit: next.credit,
        contracts: next.contracts,
      };
      openedBy.set(next, roll.lines);
      events.push(roll);
      continue;
    }
    events.push({ kind: "close", lines, on, date, symbol: s.symbol, closeDebit: Math.max(0, closeDebit) });
  }
  return { events, notes };
}

/** Every line a spread's events are made of or that closed one of its legs: not a wheel trade. */
export function spreadLines(spreads: readonly FoundSpread[], pairs: readonly LegPair[]): Set<number> {
  const pairOf = new Map(pairs.map((p) => [p.open, p]));
  const out = new Set<number>();
  for (const s of spreads)
    for (const line of s.lines) {
      out.add(line);
      for (const c of pairOf.get(line)?.closes ?? []) out.add(c.line);
    }
  return out;
}
