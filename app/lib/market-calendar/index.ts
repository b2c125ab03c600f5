// The US equity market clock in New York time: trading days, sessions (with early closes), market
// status for the banner, option expiration dates and the macro-event calendar. Pure; shared by server
// and client. The New York clock itself lives in app/engine/time.ts (one clock for engine and app).
import {
  CPI_DAYS_2026,
  FOMC_ANNOUNCEMENT_DAYS,
  GDP_ADVANCE_ESTIMATED_DAYS,
  JOBS_REPORT_DAYS_2026,
  MONTHLY_OPEX_EXCEPTIONS,
  NYSE_EARLY_CLOSES,
  NYSE_HOLIDAYS,
} from "./data";
import { DAY_MS, newYorkDate, newYorkInstant, newYorkParts } from "../../engine/time";

export { newYorkInstant, newYorkParts } from "../../engine/time";

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
  /** The banner's value: 'open' or 'closed' (the spec compares case-insensitively). */
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
export type EconomicEventKind = "FOMC" | "CPI" | "NFP" | "GDP";

export interface EconomicEvent {
  /** 'YYYY-MM-DD' New York date. */
  date: string;
  /** 'HH:MM' New York time. */
  time: string;
  title: string;
  /** The spec's field: 'high' or something else. */
  impact: "high" | "medium";
  kind: EconomicEventKind;
  /** True when the date is not confirmed by the agency (shown as an estimate). */
  estimated: boolean;
  source: string;
}

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
    ...GDP_ADVANCE_ESTIMATED_DAYS.map((date) => ({
      date,
      time: "08:30",
      title: "GDP (Advance Estimate)",
      impact: "medium" as const,
      kind: "GDP" as const,
      estimated: true,
      source: BEA,
    })),
  ];
  events.sort((a, b) => (a.date === b.date ? a.time.localeCompare(b.time) : a.date.localeCompare(b.date)));
  allEvents = events;
  return events;
}

/** Events from `fromDate` (inclusive) for `days` days. */
export function economicEventsBetween(fromDate: string, days: number): EconomicEvent[] {
  const to = addDays(fromDate, days);
  return shippedEconomicEvents().filter((e) => e.date >= fromDate && e.date <= to);
}
