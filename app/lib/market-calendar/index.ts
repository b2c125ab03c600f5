// The US equity market clock in New York time: trading days, sessions (with early closes), market
// status for the banner, option expiration dates and the macro-event calendar. Pure; shared by server
// and client. The New York clock itself lives in app/engine/time.ts (one clock for engine and app).
import {
  CPI_DAYS_2026,
  FOMC_ANNOUNCEMENT_DAYS,
  JOBS_REPORT_DAYS_2026,
  MONTHLY_OPEX_EXCEPTIONS,
  NYSE_EARLY_CLOSES,
  NYSE_HOLIDAYS,
} from "#app/lib/market-calendar/data.ts";
import { DAY_MS, newYorkDate, newYorkInstant, newYorkParts } from "#app/engine/time.ts";
import {
  CPI_RULE,
  cpiReleaseDate,
  GDP_RULE,
  gdpReleaseDate,
  JOBS_RULE,
  jobsReportDate,
  monthsBetween,
  PCE_RULE,
  pceReleaseDate,
} from "#app/lib/market-calendar/release-rules.ts";

export { newYorkInstant, newYorkParts } from "#app/engine/time.ts";

export function newYorkDateOf(ms: number): string {
  return newYorkDate(ms);
}

// ---------------------------------------------------------------- plain date arithmetic (UTC based)
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday */
export function weekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

// ---------------------------------------------------------------- exchange calendar
export function isWeekend(date: string): boolean {
  const w = weekday(date);
  return w === 0 || w === 6;
}

export function holidayName(date: string): string | null {
  return NYSE_HOLIDAYS[date] ?? null;
}

export function earlyCloseName(date: string): string | null {
  return NYSE_EARLY_CLOSES[date] ?? null;
}

export function isTradingDay(date: string): boolean {
  return !isWeekend(date) && holidayName(date) === null;
}

export function previousTradingDay(date: string): string {
  let d = addDays(date, -1);
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

export function nextTradingDay(date: string): string {
  let d = addDays(date, 1);
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

export interface Session {
  date: string;
  openMs: number;
  closeMs: number;
  earlyClose: boolean;
}

export function sessionOn(date: string): Session | null {
  if (!isTradingDay(date)) return null;
  const early = earlyCloseName(date) !== null;
  return {
    date,
    openMs: newYorkInstant(date, 9, 30),
    closeMs: newYorkInstant(date, early ? 13 : 16, 0),
    earlyClose: early,
  };
}

/** The most recent session that has started by `ms` (today's once 09:30 has passed). */
export function latestStartedSession(ms: number): Session {
  const today = newYorkDateOf(ms);
  const s = sessionOn(today);
  if (s && ms >= s.openMs) return s;
  return sessionOn(previousTradingDay(today))!;
}

export type MarketPhase = "open" | "pre-market" | "after-hours" | "weekend" | "holiday";

export interface MarketStatus {
  /**
   * The banner's value: 'open' or 'closed', compared case-insensitively
   * (docs/product/app-shell.md#market-banner).
   */
  marketStatus: "open" | "closed";
  isOpen: boolean;
  phase: MarketPhase;
  /** New York date and wall time of `asOf`. */
  newYorkDate: string;
  newYorkTime: string;
  holiday: string | null;
  /** Today's session, when today is a trading day. */
  earlyClose: boolean;
  sessionOpen: string | null;
  sessionClose: string | null;
  /** ISO instants. */
  nextOpen: string;
  lastClose: string;
  asOf: string;
}

export function marketStatus(ms: number): MarketStatus {
  const p = newYorkParts(ms);
  const today = p.date;
  const session = sessionOn(today);
  let phase: MarketPhase;
  if (session) phase = ms < session.openMs ? "pre-market" : ms < session.closeMs ? "open" : "after-hours";
  else phase = isWeekend(today) ? "weekend" : "holiday";
  const nextOpenDate = session && ms < session.openMs ? today : nextTradingDay(today);
  const lastCloseSession = session && ms >= session.closeMs ? session : sessionOn(previousTradingDay(today))!;
  const isOpen = phase === "open";
  return {
    marketStatus: isOpen ? "open" : "closed",
    isOpen,
    phase,
    newYorkDate: today,
    newYorkTime: `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`,
    holiday: holidayName(today),
    earlyClose: session?.earlyClose ?? false,
    sessionOpen: session ? new Date(session.openMs).toISOString() : null,
    sessionClose: session ? new Date(session.closeMs).toISOString() : null,
    nextOpen: new Date(sessionOn(nextOpenDate)!.openMs).toISOString(),
    lastClose: new Date(lastCloseSession.closeMs).toISOString(),
    asOf: new Date(ms).toISOString(),
  };
}

/**
 * Is market data taken at `asOfMs` still current at `nowMs` without the hot cache? Only while the market
 * is closed, and only when it was taken at or after the last close: the closing data is the latest there
 * is until the next open (nights, weekends, holidays).
 */
export function isCurrentWhileClosed(asOfMs: number, nowMs: number): boolean {
  const status = marketStatus(nowMs);
  return !status.isOpen && asOfMs >= Date.parse(status.lastClose);
}

/** Fraction (0..1) of the latest started session elapsed at `ms`; 1 once it has closed. */
export function sessionProgress(ms: number): { session: Session; fraction: number } {
  const session = latestStartedSession(ms);
  const fraction = Math.min(1, Math.max(0, (ms - session.openMs) / (session.closeMs - session.openMs)));
  return { session, fraction };
}

// ---------------------------------------------------------------- option expirations
/** The trading day on or before `date` (expirations on a holiday move to the prior business day). */
export function onOrBeforeTradingDay(date: string): string {
  let d = date;
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

export function thirdFriday(year: number, month: number): string {
  const first = `${year}-${String(month).padStart(2, "0")}-01`;
  const offset = (5 - weekday(first) + 7) % 7;
  return addDays(first, offset + 14);
}

/** Standard monthly expiration of a month (month 1-12). */
export function monthlyExpiration(year: number, month: number): string {
  const key = `${year}-${String(month).padStart(2, "0")}`;
  return MONTHLY_OPEX_EXCEPTIONS[key] ?? onOrBeforeTradingDay(thirdFriday(year, month));
}

export function isMonthlyExpiration(date: string): boolean {
  return monthlyExpiration(Number(date.slice(0, 4)), Number(date.slice(5, 7))) === date;
}

// ---------------------------------------------------------------- macro calendar
export type EconomicEventKind = "FOMC" | "CPI" | "NFP" | "GDP" | "PCE";

export interface EconomicEvent {
  /** 'YYYY-MM-DD' New York date. */
  date: string;
  /** 'HH:MM' New York time. */
  time: string;
  title: string;
  /** The product's field: 'high' or something else. */
  impact: "high" | "medium";
  kind: EconomicEventKind;
  /** True when the date is not confirmed by the agency (shown as an estimate). */
  estimated: boolean;
  /** How an estimated date was set when an agency's publication rule gave it (decision 258). */
  estimateBasis?: string;
  source: string;
}

/**
 * The last release month the publication rules fill (decision 258): the quarter after the published dates
 * we ship (jobs and CPI through December 2026). Move it, and the published lists, as agencies publish.
 */
export const RULE_RELEASES_THROUGH = "2027-03";
/** The first release month the rules fill for jobs and CPI: after the published 2026 lists. */
const RULES_AFTER_PUBLISHED = "2027-01";

const BLS_CPI = "https://www.bls.gov/schedule/news_release/cpi.htm";
const BLS_EMPSIT = "https://www.bls.gov/schedule/news_release/empsit.htm";
const FED = "https://www.federalreserve.gov/monetarypolicy/fomccalendars.htm";
const BEA = "https://www.bea.gov/news/schedule";

let allEvents: EconomicEvent[] | null = null;

/** Every shipped macro event, sorted by date then time. */
export function shippedEconomicEvents(): readonly EconomicEvent[] {
  if (allEvents) return allEvents;
  const events: EconomicEvent[] = [
    ...FOMC_ANNOUNCEMENT_DAYS.map((date) => ({
      date,
      time: "14:00",
      title: "FOMC Rate Decision",
      impact: "high" as const,
      kind: "FOMC" as const,
      estimated: false,
      source: FED,
    })),
    ...CPI_DAYS_2026.map(({ date, confirmed }) => ({
      date,
      time: "08:30",
      title: "CPI (Consumer Price Index)",
      impact: "high" as const,
      kind: "CPI" as const,
      estimated: !confirmed,
      source: BLS_CPI,
    })),
    ...JOBS_REPORT_DAYS_2026.map((date) => ({
      date,
      time: "08:30",
      title: "Jobs Report (Nonfarm Payrolls)",
      impact: "high" as const,
      kind: "NFP" as const,
      estimated: false,
      source: BLS_EMPSIT,
    })),
    ...ruleEstimatedEvents(),
  ];
  events.sort((a, b) => (a.date === b.date ? a.time.localeCompare(b.time) : a.date.localeCompare(b.date)));
  allEvents = events;
  return events;
}

/** The releases the publication rules give (estimates): jobs and CPI after the published lists, GDP and PCE. */
function ruleEstimatedEvents(): EconomicEvent[] {
  const rule = (kind: EconomicEventKind, estimateBasis: string, source: string) => ({
    time: "08:30",
    kind,
    estimated: true,
    estimateBasis,
    source,
  });
  const out: EconomicEvent[] = [];
  // Jobs and CPI of a reference month come out the month after it.
  for (const [y, m] of monthsBetween(RULES_AFTER_PUBLISHED, RULE_RELEASES_THROUGH)) {
    const [ry, rm] = m === 1 ? [y - 1, 12] : [y, m - 1];
    out.push({
      ...rule("NFP", JOBS_RULE, BLS_EMPSIT),
      date: jobsReportDate(ry, rm),
      title: "Jobs Report (Nonfarm Payrolls)",
      impact: "high",
    });
    out.push({
      ...rule("CPI", CPI_RULE, BLS_CPI),
      date: cpiReleaseDate(ry, rm),
      title: "CPI (Consumer Price Index)",
      impact: "high",
    });
  }
  // BEA: no published dates shipped, so every GDP and PCE day of 2026 onwards is the rule's.
  for (const [y, m] of monthsBetween("2026-01", RULE_RELEASES_THROUGH)) {
    const gdp = gdpReleaseDate(y, m);
    out.push({
      ...rule("GDP", GDP_RULE, BEA),
      date: gdp.date,
      title: `GDP (${gdp.estimate} Estimate)`,
      impact: "medium",
    });
    out.push({
      ...rule("PCE", PCE_RULE, BEA),
      date: pceReleaseDate(y, m),
      title: "PCE (Personal Income and Outlays)",
      impact: "medium",
    });
  }
  return out;
}

/** Events from `fromDate` (inclusive) for `days` days. */
export function economicEventsBetween(fromDate: string, days: number): EconomicEvent[] {
  const to = addDays(fromDate, days);
  return shippedEconomicEvents().filter((e) => e.date >= fromDate && e.date <= to);
}
