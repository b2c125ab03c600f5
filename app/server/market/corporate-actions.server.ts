// Corporate actions of the simulated market: dividend payments, stock splits and spin-offs, generated
// deterministically from the demo universe (same symbol and dates -> same actions on every isolate), so
// alerts, tests and screenshots agree. Payment dates follow the ex-dates the market already publishes
// (any provider's Dividends); splits and spin-offs are drawn per symbol and quarter from a seeded hash and
// become known when "announced", about a month before they take effect.
import { formatPrice } from "#app/lib/format.ts";
import { addDays, isTradingDay } from "#app/lib/market-calendar/index.ts";
import type { Dividends } from "#app/server/market/types.server.ts";
import { DEFAULT_UNIVERSE, universeEntry, type UniverseEntry } from "#app/server/market/universe.server.ts";

export type CorporateActionType = "dividendPayment" | "split" | "spinoff";

export interface CorporateAction {
  symbol: string;
  type: CorporateActionType;
  /** 'YYYY-MM-DD' New York date the action takes effect (payment date, split or distribution date). */
  date: string;
  /** 'YYYY-MM-DD' the action became public. */
  announcedOn: string;
  /** Human detail: "$0.26 per share", "4-for-1", "Acme Health (1 share per 5 held)". */
  detail: string;
  source: "demo";
}

/** FNV-1a then a murmur finaliser: a uniform in [0, 1) per key. */
function uniform(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

function nextTradingDayOnOrAfter(date: string): string {
  let d = date;
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

/** Payment follows the ex-date by a per-symbol lag: 1-2 weeks for monthly payers, 2-4 weeks otherwise. */
export function paymentLagDays(entry: Pick<UniverseEntry, "symbol" | "divFrequency">): number {
  const u = uniform(`${entry.symbol}:pay-lag`);
  return entry.divFrequency === 12 ? 7 + Math.floor(u * 8) : 14 + Math.floor(u * 15);
}

export function dividendPayments(dividends: Dividends | null): CorporateAction[] {
  if (!dividends) return [];
  const entry = universeEntry(dividends.symbol) ?? { symbol: dividends.symbol, divFrequency: 4 as const };
  const lag = paymentLagDays(entry);
  return dividends.events.map((e) => ({
    symbol: dividends.symbol,
    type: "dividendPayment" as const,
    date: nextTradingDayOnOrAfter(addDays(e.exDate, lag)),
    announcedOn: addDays(e.exDate, -30),
    detail: e.amount != null ? `$${formatPrice(e.amount)} per share` : "amount not announced",
    source: "demo" as const,
  }));
}

const SPLIT_RATIOS = [2, 3, 4, 5, 10] as const;
const SPINOFF_UNITS = ["Health", "Energy", "Cloud", "Industrials", "Consumer Brands", "Media"] as const;
/** Chance per stock and quarter: splits favour high share prices, spin-offs are rarer. */
const SPLIT_CHANCE = { high: 0.08, other: 0.015 } as const;
const SPINOFF_CHANCE = 0.012;
const ANNOUNCEMENT_LEAD_DAYS = 30;

function quarterStart(year: number, quarter: number): string {
  return `${year}-${String(quarter * 3 + 1).padStart(2, "0")}-01`;
}

/** Splits and spin-offs of one stock effective in the quarter. ETFs have none. */
function structuralActions(entry: UniverseEntry, year: number, quarter: number): CorporateAction[] {
  if (entry.kind !== "stock") return [];
  const out: CorporateAction[] = [];
  const key = `${entry.symbol}:${year}Q${quarter + 1}`;
  const dayInQuarter = (salt: string) => Math.floor(uniform(`${key}:${salt}:day`) * 88);
  const splitChance = entry.refPrice >= 300 ? SPLIT_CHANCE.high : SPLIT_CHANCE.other;
  if (uniform(`${key}:split`) < splitChance) {
    const date = nextTradingDayOnOrAfter(addDays(quarterStart(year, quarter), dayInQuarter("split")));
    const ratio = SPLIT_RATIOS[Math.floor(uniform(`${key}:ratio`) * SPLIT_RATIOS.length)]!;
    out.push({
      symbol: entry.symbol,
      type: "split",
      date,
      announcedOn: addDays(date, -ANNOUNCEMENT_LEAD_DAYS),
      detail: `${ratio}-for-1`,
      source: "demo",
    });
  }
  if (uniform(`${key}:spinoff`) < SPINOFF_CHANCE) {
    const date = nextTradingDayOnOrAfter(addDays(quarterStart(year, quarter), dayInQuarter("spinoff")));
    const unit = SPINOFF_UNITS[Math.floor(uniform(`${key}:unit`) * SPINOFF_UNITS.length)]!;
    const per = 2 + Math.floor(uniform(`${key}:per`) * 9);
    out.push({
      symbol: entry.symbol,
      type: "spinoff",
      date,
      announcedOn: addDays(date, -ANNOUNCEMENT_LEAD_DAYS),
      detail: `${entry.name.replace(/,? Inc\.?$/, "")} ${unit} (1 share per ${per} held)`,
      source: "demo",
    });
  }
  return out;
}

/**
 * Splits and spin-offs of a symbol that are announced by `today` and take effect between `fromDate` and
 * `toDate` (inclusive). Unknown symbols have none.
 */
export function structuralActionsBetween(
  symbol: string,
  today: string,
  fromDate: string,
  toDate: string,
): CorporateAction[] {
  const entry = universeEntry(symbol);
  if (!entry) return [];
  const out: CorporateAction[] = [];
  for (let y = Number(fromDate.slice(0, 4)); y <= Number(toDate.slice(0, 4)); y++)
    for (let q = 0; q < 4; q++)
      for (const a of structuralActions(entry, y, q))
        if (a.date >= fromDate && a.date <= toDate && a.announcedOn <= today) out.push(a);
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** Every simulated split and spin-off in a date range across the universe (for the seed and tests). */
export function universeStructuralActions(fromDate: string, toDate: string): CorporateAction[] {
  return DEFAULT_UNIVERSE.flatMap((e) => structuralActionsBetween(e.symbol, toDate, fromDate, toDate)).sort(
    (a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol),
  );
}
