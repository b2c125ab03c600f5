// The simulated market (provider "demo"): deterministic in (symbol, instant). Daily closes follow a
// mean-reverting random walk around each symbol's reference price, seeded per symbol and day from a
// fixed epoch, so a close never changes once its day has passed; during a session the price moves on a
// seeded bridge from the previous close to the day's close. Chains are priced with the engine's BSM
// on a skewed IV surface with tier-dependent spreads, volume and open interest.
import { bsmPriceGreeksInto, type Greeks } from "../../engine/bsm";
import { formatOccSymbol } from "../../engine/occ";
import { yearsToExpiration } from "../../engine/time";
import type { ChainExpiration, ChainLeg } from "../../engine/types";
import {
  addDays,
  daysBetween,
  economicEventsBetween,
  isMonthlyExpiration,
  isTradingDay,
  monthlyExpiration,
  newYorkDateOf,
  newYorkInstant,
  onOrBeforeTradingDay,
  previousTradingDay,
  sessionProgress,
  weekday,
} from "../../lib/market-calendar";
import type {
  ChainSnapshot,
  DailyBar,
  DailyHistory,
  Dividends,
  EarningsCalendar,
  EarningsDate,
  EconomicEvents,
  Headline,
  MarketDataProvider,
  NewsFeed,
  Quote,
  Sentiment,
} from "./types.server";
import { ProviderError } from "./types.server";
import { DEFAULT_UNIVERSE, universeEntry, type UniverseEntry } from "./universe.server";

/** Risk-free rate used to price the simulated chains (and the engine's default for live data). */
export const DEMO_RISK_FREE_RATE = 0.04;
const EPOCH = "2024-01-02";
const MEAN_REVERSION_PER_DAY = 0.01;

// ---------------------------------------------------------------- seeded randomness
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix(h, 0, 0);
}

/** Integer finaliser (murmur3 style) over three 32-bit inputs. */
function mix(a: number, b: number, c: number): number {
  let h =
    Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^
    Math.imul(b + 0x7f4a7c15, 0xc2b2ae35) ^
    Math.imul(c + 0x165667b1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1) from a seed and two integers. */
function uniformOf(seed: number, i: number, salt: number): number {
  return mix(seed, i, salt) / 4294967296;
}

/** Standard normal (Box-Muller on two hashed uniforms). */
function normalOf(seed: number, i: number, salt: number): number {
  const u1 = (mix(seed, i, salt) + 1) / 4294967297;
  const u2 = mix(seed, i, salt + 7919) / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Uniform from a string key (used off the hot paths). */
function uniform(key: string): number {
  return hash32(key) / 4294967296;
}

const seeds = new Map<string, number>();
function seedOf(symbol: string): number {
  let s = seeds.get(symbol);
  if (s === undefined) {
    s = hash32(symbol);
    seeds.set(symbol, s);
  }
  return s;
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date: the integer key of a day in the seeded streams. */
function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

const SALT = {
  ret: 1,
  jump: 2,
  open: 3,
  high: 4,
  low: 5,
  shares: 6,
  oi: 7,
  volume: 8,
  news: 9,
  tone: 10,
  title: 11,
  hour: 12,
  minute: 13,
  phase: 14,
} as const;

const round2 = (x: number) => Math.round(x * 100) / 100;

// ---------------------------------------------------------------- daily closes
/** Trading days from the epoch, shared by every symbol (extended lazily). */
const tradingDays: string[] = [EPOCH];
const tradingDayNumbers: number[] = [dayNumber(EPOCH)];
function extendTradingDays(lastDate: string): void {
  let date = tradingDays[tradingDays.length - 1]!;
  while (date < lastDate) {
    date = addDays(date, 1);
    if (isTradingDay(date)) {
      tradingDays.push(date);
      tradingDayNumbers.push(dayNumber(date));
    }
  }
}

/** Log closes per symbol, index-aligned with `tradingDays`, memoised per isolate. */
const logCloses = new Map<string, number[]>();

function closePath(entry: UniverseEntry, lastDate: string): number[] {
  extendTradingDays(lastDate);
  let path = logCloses.get(entry.symbol);
  if (!path) {
    path = [Math.log(entry.refPrice)];
    logCloses.set(entry.symbol, path);
  }
  const target = Math.log(entry.refPrice);
  const dailyVol = entry.vol / Math.sqrt(252);
  const seed = seedOf(entry.symbol);
  const end = lowerBound(tradingDays, lastDate);
  let x = path[path.length - 1]!;
  for (let i = path.length; i <= end && i < tradingDays.length; i++) {
    const n = tradingDayNumbers[i]!;
    // Fatter tails on a few days: occasional 2.5x moves (earnings, news).
    const shock = uniformOf(seed, n, SALT.jump) < 0.03 ? 2.5 : 1;
    x += MEAN_REVERSION_PER_DAY * (target - x) + dailyVol * shock * normalOf(seed, n, SALT.ret);
    path.push(x);
  }
  return path;
}

function closeOn(entry: UniverseEntry, date: string): number {
  const path = closePath(entry, date);
  const i = lowerBound(tradingDays, date);
  const j = tradingDays[i] === date ? i : i - 1;
  return Math.exp(path[Math.max(0, Math.min(j, path.length - 1))]!);
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Intraday price on `session` at elapsed fraction f: a bridge from the previous close to the close. */
function intradayPrice(entry: UniverseEntry, sessionDate: string, f: number): number {
  const prev = Math.log(closeOn(entry, previousTradingDay(sessionDate)));
  const close = Math.log(closeOn(entry, sessionDate));
  if (f >= 1) return Math.exp(close);
  const dailyVol = entry.vol / Math.sqrt(252);
  let wiggle = 0;
  for (let k = 1; k <= 3; k++)
    wiggle +=
      Math.sin(
        2 * Math.PI * (k * f + uniformOf(seedOf(entry.symbol), dayNumber(sessionDate), SALT.phase * 10 + k)),
      ) / k;
  const bridge = Math.sqrt(f * (1 - f)) * dailyVol * 0.9 * wiggle;
  return Math.exp(prev + f * (close - prev) + bridge);
}

function spotAt(
  entry: UniverseEntry,
  ms: number,
): { price: number; previousClose: number; sessionDate: string; fraction: number; observedMs: number } {
  const { session, fraction } = sessionProgress(ms);
  // Quantise to the minute so one minute gives one price.
  const f = Math.floor(fraction * 390) / 390;
  return {
    price: intradayPrice(entry, session.date, fraction >= 1 ? 1 : f),
    previousClose: closeOn(entry, previousTradingDay(session.date)),
    sessionDate: session.date,
    fraction,
    // Outside the session the price is the last close: label it with the close's time, not the clock's.
    observedMs: fraction >= 1 ? session.closeMs : ms,
  };
}

// ---------------------------------------------------------------- events
/** Quarterly report dates of the simulated companies (reporting cycle from the universe table). */
function earningsDatesOfYear(entry: UniverseEntry, year: number): EarningsDate[] {
  if (!entry.earningsCycle) return [];
  const out: EarningsDate[] = [];
  for (let q = 0; q < 4; q++) {
    const month = entry.earningsCycle + 3 * q;
    const day = 14 + Math.floor(uniform(`${entry.symbol}:earn-day:${q}`) * 14);
    const date = onOrBeforeTradingDay(
      `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    );
    out.push({
      symbol: entry.symbol,
      date,
      time: uniform(`${entry.symbol}:earn-time`) < 0.5 ? "bmo" : "amc",
    });
  }
  return out;
}

/** How far ahead the simulated calendar "knows" report dates; later ones are projected by the reader. */
export const DEMO_CONFIRMED_EARNINGS_DAYS = 45;

function dividendDatesOfYear(entry: UniverseEntry, year: number): string[] {
  if (entry.divYield <= 0) return [];
  if (entry.divFrequency === 12) {
    return Array.from({ length: 12 }, (_, m) => {
      let d = `${year}-${String(m + 1).padStart(2, "0")}-01`;
      while (!isTradingDay(d)) d = addDays(d, 1);
      return d;
    });
  }
  if (entry.kind === "etf") return [3, 6, 9, 12].map((m) => monthlyExpiration(year, m));
  const offset = Math.floor(uniform(`${entry.symbol}:div-month`) * 3);
  const day = 5 + Math.floor(uniform(`${entry.symbol}:div-day`) * 20);
  return [1, 4, 7, 10].map((m) =>
    onOrBeforeTradingDay(`${year}-${String(m + offset).padStart(2, "0")}-${String(day).padStart(2, "0")}`),
  );
}

/** Announced ex-dates are known about a month ahead. */
const DIVIDEND_ANNOUNCED_DAYS = 30;

// ---------------------------------------------------------------- headlines
const TEMPLATES: Record<Sentiment, string[]> = {
  positive: [
    "{name} shares climb as analysts raise price targets",
    "{name} beats expectations on strong demand",
    "Investors pile into {symbol} after upbeat guidance",
    "{name} wins new contract, shares gain",
  ],
  neutral: [
    "{name} to present at industry conference next week",
    "What to watch for in {symbol} options this week",
    "{name} holds annual shareholder meeting",
    "{symbol} trades flat as market awaits macro data",
  ],
  negative: [
    "{name} slips after downgrade on valuation concerns",
    "{symbol} falls as sector sells off",
    "{name} faces regulatory scrutiny, shares drop",
    "Analysts cut estimates for {name} on softer outlook",
  ],
};

// ---------------------------------------------------------------- chains
function strikeIncrement(price: number, tier: number, longDated: boolean): number {
  let step: number;
  if (price < 5) step = 0.5;
  else if (price < 25) step = tier === 1 ? 0.5 : 1;
  else if (price < 60) step = 1;
  else if (price < 150) step = tier === 1 ? 1 : 2.5;
  else if (price < 400) step = tier === 1 ? 2.5 : 5;
  else if (price < 1000) step = 5;
  else step = 10;
  return longDated ? step * 2 : step;
}

function expirationDates(entry: UniverseEntry, today: string, afterClose: boolean): string[] {
  const set = new Set<string>();
  const horizon = addDays(today, 90);
  const weekliesUntil = entry.tier === 1 ? horizon : addDays(today, entry.tier === 2 ? 42 : 0);
  // Fridays (moved to Thursday on holidays) up to the horizon; tier 1 gets every week.
  let friday = addDays(today, (5 - weekday(today) + 7) % 7);
  for (; friday <= horizon; friday = addDays(friday, 7)) {
    const exp = onOrBeforeTradingDay(friday);
    if (exp < today || (exp === today && afterClose)) continue;
    if (friday <= weekliesUntil || isMonthlyExpiration(exp)) set.add(exp);
  }
  // Monthlies to ~90 days, then quarterlies and January LEAPS.
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  for (let i = 0; i <= 15; i++) {
    const mm = ((m - 1 + i) % 12) + 1;
    const yy = y + Math.floor((m - 1 + i) / 12);
    const exp = monthlyExpiration(yy, mm);
    if (exp < today || (exp === today && afterClose)) continue;
    if (exp <= horizon || (mm % 3 === 0 && i <= 9)) set.add(exp);
  }
  set.add(monthlyExpiration(y + 1, 1));
  set.add(monthlyExpiration(y + 2, 1));
  return [...set].filter((d) => d >= today).sort();
}

const TIER = {
  1: { relSpread: 0.012, baseWidth: 0.01, oi: 12000 },
  2: { relSpread: 0.035, baseWidth: 0.04, oi: 2500 },
  3: { relSpread: 0.07, baseWidth: 0.08, oi: 400 },
} as const;

function tickFor(tier: number, price: number, symbol: string): number {
  if (symbol === "SPY" || symbol === "QQQ" || symbol === "IWM") return 0.01;
  if (tier === 1) return price < 3 ? 0.01 : 0.05;
  return price < 3 ? 0.05 : 0.1;
}

function roundTo(x: number, tick: number, dir: "down" | "up"): number {
  const n = x / tick;
  const r = dir === "down" ? Math.floor(n + 1e-9) : Math.ceil(n - 1e-9);
  return Math.round(r * tick * 100) / 100;
}

function buildChain(entry: UniverseEntry, clockMs: number): ChainSnapshot {
  const observed = spotAt(entry, clockMs);
  const { price: spot, sessionDate } = observed;
  // A closed market's chain is the closing chain: priced, dated and aged as of the close.
  const fraction = observed.fraction;
  const ms = observed.observedMs;
  const today = newYorkDateOf(ms);
  const afterClose = fraction >= 1;
  const r = DEMO_RISK_FREE_RATE;
  const q = entry.divYield;
  // The volatility level drifts slowly from day to day (a seeded slow wave), never below 60% of base.
  const dayIndex = daysBetween(EPOCH, sessionDate);
  const level =
    entry.vol * (1 + 0.12 * Math.sin(dayIndex / 17 + uniform(`${entry.symbol}:vol-phase`) * 6.28));
  const earnings = nextEarnings(entry, today);
  const tierParams = TIER[entry.tier];
  const greeks: Greeks = { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };
  const seed = seedOf(entry.symbol);
  const dayKey = dayNumber(sessionDate);
  const expirations: ChainExpiration[] = [];
  for (const expirationDate of expirationDates(entry, today, afterClose)) {
    const T = Math.max(yearsToExpiration(ms, expirationDate), 1 / (365 * 24));
    const dte = daysBetween(today, expirationDate);
    // Short-dated term-structure premium plus the earnings move when the expiration spans a report.
    let variance = level * level * (1 + 0.15 * Math.exp(-T * 12)) * T;
    if (earnings && earnings.date >= today && earnings.date <= expirationDate) {
      const move = level * 0.09;
      variance += move * move;
    }
    const atm = Math.sqrt(variance / T);
    const forward = spot * Math.exp((r - q) * T);
    const sd = atm * Math.sqrt(T);
    const step = strikeIncrement(spot, entry.tier, dte > 120);
    const lowK = Math.max(step, Math.floor((forward * Math.exp(-Math.max(2.6 * sd, 0.1))) / step) * step);
    const highK = Math.ceil((forward * Math.exp(Math.max(2 * sd, 0.08))) / step) * step;
    let stride = 1;
    while ((highK - lowK) / (step * stride) > 50) stride++;
    const monthly = isMonthlyExpiration(expirationDate);
    const expKey = dayNumber(expirationDate);
    const legs: ChainLeg[] = [];
    for (let k = lowK; k <= highK + 1e-9; k += step * stride) {
      const strike = Math.round(k * 100) / 100;
      const x = Math.log(strike / forward) / sd;
      // Equity skew: puts richer than calls, a mild smile on both wings.
      const iv = Math.min(atm * 2.5, Math.max(atm * 0.65, atm * (1 - 0.1 * x + 0.025 * x * x)));
      const roundStrike = Math.abs(strike / (step * 5) - Math.round(strike / (step * 5))) < 1e-6;
      for (const type of ["call", "put"] as const) {
        const theo = bsmPriceGreeksInto(type === "call", spot, strike, T, r, q, iv, greeks);
        const occSymbol = formatOccSymbol(entry.symbol, expirationDate, type, strike);
        const tick = tickFor(entry.tier, theo, entry.symbol);
        const moneyness = type === "call" ? x : -x;
        const width = Math.max(
          tick,
          tierParams.baseWidth +
            theo * tierParams.relSpread * (1 + 0.4 * Math.abs(x)) +
            (moneyness < -1 ? theo * 0.01 : 0),
        );
        let bid = theo - width / 2 < tick ? 0 : roundTo(theo - width / 2, tick, "down");
        let ask = roundTo(Math.max(theo + width / 2, tick), tick, "up");
        if (ask <= bid) ask = round2(bid + tick);
        if (bid < 0) bid = 0;
        const legKey = Math.round(strike * 100) * 2 + (type === "call" ? 1 : 0);
        const noise = Math.exp(0.5 * normalOf(seed ^ expKey, legKey, SALT.oi));
        const interest =
          tierParams.oi *
          Math.exp(-0.35 * x * x) *
          (monthly ? 2 : 1) *
          (roundStrike ? 1.6 : 1) *
          Math.exp(-T * 1.5);
        const openInterest = Math.round(interest * noise);
        const volume = Math.round(
          openInterest *
            (0.04 + 0.2 * Math.exp(-dte / 10)) *
            uniformOf(seed ^ expKey, legKey, dayKey) *
            Math.min(1, fraction + 0.05),
        );
        legs.push({
          occSymbol,
          type,
          strike,
          bid: round2(bid),
          ask: round2(ask),
          last: null,
          iv: Math.round(iv * 10000) / 10000,
          delta: Math.round(greeks.delta * 10000) / 10000,
          gamma: Math.round(greeks.gamma * 10000) / 10000,
          theta: Math.round((greeks.theta / 365) * 10000) / 10000,
          vega: Math.round((greeks.vega / 100) * 10000) / 10000,
          volume,
          openInterest,
          quoteTime: null,
        });
      }
    }
    expirations.push({ expirationDate, legs });
  }
  return {
    underlying: entry.symbol,
    spot: round2(spot),
    asOf: new Date(ms).toISOString(),
    expirations,
    source: "demo",
  };
}

function nextEarnings(entry: UniverseEntry, today: string): EarningsDate | null {
  const y = Number(today.slice(0, 4));
  for (const d of [...earningsDatesOfYear(entry, y), ...earningsDatesOfYear(entry, y + 1)])
    if (d.date >= today) return d;
  return null;
}

// ---------------------------------------------------------------- the provider
function entryOrThrow(symbol: string): UniverseEntry {
  const entry = universeEntry(symbol);
  if (!entry) throw new ProviderError("demo", `unknown symbol ${symbol}`, "unknown_symbol");
  return entry;
}

/** The simulated market at a fixed clock (`now` is read on each call so a long job sees time pass). */
export function createDemoProvider(now: () => number = Date.now): MarketDataProvider {
  return {
    name: "demo",
    async isKnownSymbol(symbol) {
      return universeEntry(symbol) !== undefined;
    },
    async getQuote(symbol): Promise<Quote> {
      const entry = entryOrThrow(symbol);
      const ms = now();
      const { price, previousClose, observedMs } = spotAt(entry, ms);
      return {
        symbol,
        price: round2(price),
        previousClose: round2(previousClose),
        changePercent: Math.round((price / previousClose - 1) * 1e6) / 1e4,
        iv30: Math.round(entry.vol * 1000) / 10,
        source: "demo",
        asOf: new Date(observedMs).toISOString(),
      };
    },
    async getDailyHistory(symbol, days): Promise<DailyHistory> {
      const entry = entryOrThrow(symbol);
      const ms = now();
      const { session, fraction } = sessionProgress(ms);
      const last = fraction >= 1 ? session.date : previousTradingDay(session.date);
      const path = closePath(entry, last);
      const end = Math.min(lowerBound(tradingDays, last) + 1, path.length);
      const start = Math.max(1, end - days);
      const seed = seedOf(symbol);
      const dailyVol = entry.vol / Math.sqrt(252);
      const bars: DailyBar[] = [];
      for (let i = start; i < end; i++) {
        const date = tradingDays[i]!;
        const n = tradingDayNumbers[i]!;
        const close = Math.exp(path[i]!);
        const prev = Math.exp(path[i - 1]!);
        const open = prev * Math.exp(0.3 * dailyVol * normalOf(seed, n, SALT.open));
        const hi = Math.max(open, close) * Math.exp(Math.abs(0.5 * dailyVol * normalOf(seed, n, SALT.high)));
        const lo = Math.min(open, close) * Math.exp(-Math.abs(0.5 * dailyVol * normalOf(seed, n, SALT.low)));
        const volume = Math.round(
          (entry.tier === 1 ? 4e7 : entry.tier === 2 ? 8e6 : 2e6) *
            Math.exp(0.3 * normalOf(seed, n, SALT.shares)),
        );
        bars.push({
          date,
          open: round2(open),
          high: round2(hi),
          low: round2(lo),
          close: round2(close),
          volume,
        });
      }
      return { symbol, bars, source: "demo", asOf: new Date(ms).toISOString() };
    },
    async getOptionChain(symbol) {
      return buildChain(entryOrThrow(symbol), now());
    },
    async getEarnings(symbols, fromDate, toDate): Promise<EarningsCalendar> {
      const ms = now();
      const known = addDays(newYorkDateOf(ms), DEMO_CONFIRMED_EARNINGS_DAYS);
      const last = toDate < known ? toDate : known;
      const dates: EarningsDate[] = [];
      for (const symbol of symbols) {
        const entry = universeEntry(symbol);
        if (!entry) continue;
        for (let y = Number(fromDate.slice(0, 4)); y <= Number(last.slice(0, 4)); y++)
          for (const d of earningsDatesOfYear(entry, y))
            if (d.date >= fromDate && d.date <= last) dates.push(d);
      }
      dates.sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
      return { dates, source: "demo", asOf: new Date(ms).toISOString() };
    },
    async getDividends(symbol): Promise<Dividends> {
      const entry = entryOrThrow(symbol);
      const ms = now();
      const today = newYorkDateOf(ms);
      const known = addDays(today, DIVIDEND_ANNOUNCED_DAYS);
      const y = Number(today.slice(0, 4));
      const amount = Math.round(((entry.refPrice * entry.divYield) / entry.divFrequency) * 10000) / 10000;
      const events = [y - 1, y, y + 1]
        .flatMap((yy) => dividendDatesOfYear(entry, yy))
        .filter((d) => d >= addDays(today, -366) && d <= known)
        .map((exDate) => ({ exDate, amount }));
      return { symbol, events, source: "demo", asOf: new Date(ms).toISOString() };
    },
    async getNews(symbol, days): Promise<NewsFeed> {
      const entry = entryOrThrow(symbol);
      const ms = now();
      const today = newYorkDateOf(ms);
      const headlines: Headline[] = [];
      for (let i = 0; i < days; i++) {
        const date = addDays(today, -i);
        const count = Math.floor(uniform(`${symbol}:${date}:news`) * (entry.tier === 1 ? 5 : 3));
        // Tone leans with the day's move: news follows price.
        const move = isTradingDay(date)
          ? Math.log(closeOn(entry, date) / closeOn(entry, previousTradingDay(date))) /
            (entry.vol / Math.sqrt(252))
          : 0;
        for (let n = 0; n < count; n++) {
          const published = newYorkInstant(
            date,
            7 + Math.floor(uniform(`${symbol}:${date}:${n}:h`) * 12),
            Math.floor(uniform(`${symbol}:${date}:${n}:m`) * 60),
          );
          if (published > ms) continue;
          const u = uniform(`${symbol}:${date}:${n}:tone`) + 0.15 * Math.tanh(move);
          const sentiment: Sentiment = u > 0.62 ? "positive" : u < 0.3 ? "negative" : "neutral";
          const pool = TEMPLATES[sentiment];
          const template = pool[Math.floor(uniform(`${symbol}:${date}:${n}:t`) * pool.length)]!;
          headlines.push({
            symbol,
            title: template.replaceAll("{name}", entry.name).replaceAll("{symbol}", symbol),
            publishedAt: new Date(published).toISOString(),
            sentiment,
            sentimentMethod: "simulated",
            url: null,
          });
        }
      }
      headlines.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
      return { symbol, headlines, source: "demo", asOf: new Date(ms).toISOString() };
    },
    async getEconomicEvents(fromDate, days): Promise<EconomicEvents> {
      return {
        events: economicEventsBetween(fromDate, days),
        source: "calendar",
        asOf: new Date(now()).toISOString(),
      };
    },
  };
}

export { DEFAULT_UNIVERSE };
