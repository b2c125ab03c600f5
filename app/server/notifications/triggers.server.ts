// Which alerts a user gets from the market data at one run: pure rules, no I/O. One function per
// event type (`buildAlerts` runs them in order); each alert carries its dedupe key (an event is alerted once per user, enforced by a unique
// index in D1) and a "why this fired" line naming the data's time and source.
import { formatPrice } from "#app/lib/format.ts";
import { daysBetween, monthlyExpiration } from "#app/lib/market-calendar/index.ts";
import { zonedParts } from "#app/lib/notification-schedule.ts";
import type { EventKey, NotificationPreferences } from "#app/lib/notifications.ts";
import type { EconomicEvent } from "#app/lib/market-calendar/index.ts";
import type { CorporateAction } from "#app/server/market/corporate-actions.server.ts";
import type { TickerInfo } from "#app/server/market/ticker-info.server.ts";
import type { Headline } from "#app/server/market/types.server.ts";

export interface Provenance {
  source: string;
  /** ISO instant the data describes. */
  asOf: string;
}

export interface SymbolMarketData {
  symbol: string;
  info: TickerInfo | null;
  news: (Provenance & { headlines: Headline[] }) | null;
  /** Dividend payments, splits and spin-offs. */
  corporateActions: (Provenance & { actions: CorporateAction[] }) | null;
}

export interface AlertInputs {
  prefs: NotificationPreferences;
  watchlist: readonly string[];
  market: ReadonlyMap<string, SymbolMarketData>;
  economic: (Provenance & { events: readonly EconomicEvent[] }) | null;
  /** Threshold alert state by key (hysteresis and cooldown). */
  state: ReadonlyMap<string, AlertState>;
  nowMs: number;
}

export interface AlertState {
  armed: boolean;
  lastValue: number | null;
  lastFiredAt: number | null;
}

export interface Alert {
  dedupeKey: string;
  eventType: EventKey;
  alertType: "event" | "threshold" | "news";
  symbol: string | null;
  /** 'YYYY-MM-DD' of the event, when it has one. */
  eventDate: string | null;
  title: string;
  message: string;
  /** "Why this fired": the rule and the data's time and source. */
  why: string;
}

export interface AlertRun {
  alerts: Alert[];
  /** Threshold state to store (every observed key, fired or not). */
  state: Map<string, AlertState>;
}

/** Hysteresis: how far a value must come back past its threshold before the alert can fire again. */
export const HYSTERESIS = { rsiPoints: 5, sentimentPoints: 10, volatilityFraction: 0.5 } as const;
/** After firing, a threshold alert stays quiet this long even if re-armed. */
export const COOLDOWN_MS = 24 * 3_600_000;
/** Sentiment shares below this many headlines in five days are noise, not a signal. */
export const MIN_SENTIMENT_HEADLINES = 5;
/** Notable news: non-neutral headlines of the last day, at most this many per symbol per run. */
export const NEWS_PER_SYMBOL = 2;
export const NEWS_MAX_AGE_MS = 24 * 3_600_000;

const SOURCE_LABELS: Record<string, string> = {
  demo: "Simulated data",
  cboe: "Cboe delayed quotes",
  finnhub: "Finnhub",
  alphavantage: "Alpha Vantage",
  calendar: "published release calendars",
};

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}

/** "Data: Simulated data, as of Nov 23, 2026, 9:30 AM EST." in the user's zone. */
export function provenanceLine(p: Provenance, timeZone: string): string {
  const at = new Date(p.asOf);
  const when = Number.isFinite(at.getTime())
    ? new Date(at).toLocaleString("en-US", {
        timeZone,
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      })
    : "unknown time";
  return `Data: ${sourceLabel(p.source)}, as of ${when}.`;
}

function windowText(days: number): string {
  return days === 0 ? "today (your same-day setting)" : `within your ${days}-day window`;
}

export function longDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
}

/** Dated events: on or after the user's today and at most `days` days ahead (0 = today only). */
export function inWindow(date: string | null | undefined, today: string, days: number): date is string {
  if (!date) return false;
  const ahead = daysBetween(today, date);
  return ahead >= 0 && ahead <= days;
}

interface ThresholdRule {
  key: string;
  value: number;
  /** True when the value is past the threshold. */
  past: boolean;
  /** True when the value is far enough back to re-arm. */
  rearm: boolean;
}

/** Steps each rule's state into `state` and returns the rules that fire now. */
function firedRules<R extends ThresholdRule & { key: string }>(
  rules: R[],
  previous: ReadonlyMap<string, AlertState>,
  state: Map<string, AlertState>,
  nowMs: number,
): R[] {
  return rules.filter((rule) => {
    const { fire, next } = stepThreshold(previous.get(rule.key), rule, nowMs);
    state.set(rule.key, next);
    return fire;
  });
}

/**
 * One step of a threshold alert's state machine. A first observation only records which side the value
 * is on (an alert fires on crossing, not on being past). Fires when armed, past and out of cooldown;
 * re-arms only after the value comes back by the hysteresis margin.
 */
export function stepThreshold(
  previous: AlertState | undefined,
  rule: ThresholdRule,
  nowMs: number,
): { fire: boolean; next: AlertState } {
  if (!previous)
    return { fire: false, next: { armed: !rule.past, lastValue: rule.value, lastFiredAt: null } };
  const cooled = previous.lastFiredAt === null || nowMs - previous.lastFiredAt >= COOLDOWN_MS;
  if (previous.armed && rule.past && cooled)
    return { fire: true, next: { armed: false, lastValue: rule.value, lastFiredAt: nowMs } };
  const armed = previous.armed || rule.rearm;
  return { fire: false, next: { armed, lastValue: rule.value, lastFiredAt: previous.lastFiredAt } };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** What a symbol's alert rules read at one run. */
interface SymbolRun {
  symbol: string;
  data: SymbolMarketData | undefined;
  info: TickerInfo | null;
  tz: string;
  today: string;
  /** The user's email timing: days before an event. */
  days: number;
  ev: NotificationPreferences["events"];
  th: NotificationPreferences["thresholds"];
  /** "Why: <rule>. <the data's time and source>". */
  why: (rule: string, line?: string) => string;
  nowMs: number;
  /** Threshold state read (by key) and the state to store. */
  previous: ReadonlyMap<string, AlertState>;
  state: Map<string, AlertState>;
}

/** Earnings inside the window (a reported, not estimated, date). */
function earningsAlerts(c: SymbolRun): Alert[] {
  const { symbol, info, today, days, ev, why } = c;
  const alerts: Alert[] = [];
  if (
    ev.earnings &&
    info &&
    !info.next_earnings_estimated &&
    inWindow(info.next_earnings_date, today, days)
  ) {
    const when =
      info.next_earnings_time === "bmo"
        ? " before the open"
        : info.next_earnings_time === "amc"
          ? " after the close"
          : "";
    alerts.push({
      dedupeKey: `earnings:${symbol}:${info.next_earnings_date}`,
      eventType: "earnings",
      alertType: "event",
      symbol,
      eventDate: info.next_earnings_date,
      title: `${symbol} reports earnings ${longDate(info.next_earnings_date)}`,
      message: `${symbol} reports earnings on ${longDate(info.next_earnings_date)}${when}. Option premiums and moves are usually larger around the report.`,
      why: why(`${symbol} is on your watchlist and its earnings date is ${windowText(days)}`),
    });
  }
  return alerts;
}

/** Ex-dividend inside the window (a reported, not estimated, date). */
function exDividendAlerts(c: SymbolRun): Alert[] {
  const { symbol, info, today, days, ev, why } = c;
  const alerts: Alert[] = [];
  if (ev.exDividend && info && !info.ex_dividend_estimated && inWindow(info.ex_dividend_date, today, days)) {
    alerts.push({
      dedupeKey: `exDividend:${symbol}:${info.ex_dividend_date}`,
      eventType: "exDividend",
      alertType: "event",
      symbol,
      eventDate: info.ex_dividend_date,
      title: `${symbol} goes ex-dividend ${longDate(info.ex_dividend_date)}`,
      message: `${symbol} trades ex-dividend on ${longDate(info.ex_dividend_date)}. Short calls in the money before that date carry early-assignment risk.`,
      why: why(`${symbol} is on your watchlist and its ex-dividend date is ${windowText(days)}`),
    });
  }
  return alerts;
}

/** Dividend payments, splits and spin-offs inside the window. */
function corporateActionAlerts(c: SymbolRun): Alert[] {
  const { symbol, data, tz, today, days, ev, why } = c;
  const alerts: Alert[] = [];
  const ca = data?.corporateActions;
  if (ca) {
    const caLine = provenanceLine(ca, tz);
    for (const action of ca.actions) {
      const type: EventKey =
        action.type === "dividendPayment"
          ? "dividendPayment"
          : action.type === "split"
            ? "splits"
            : "spinoffs";
      if (!ev[type] || !inWindow(action.date, today, days)) continue;
      const what =
        action.type === "dividendPayment"
          ? {
              title: `${symbol} pays its dividend`,
              message: `${symbol} pays its dividend (${action.detail}) on ${longDate(action.date)}.`,
              name: "dividend payment date",
            }
          : action.type === "split"
            ? {
                title: `${symbol} ${action.detail} stock split`,
                message: `${symbol} splits ${action.detail} on ${longDate(action.date)} (announced ${longDate(action.announcedOn)}). Option strikes and contract sizes are adjusted.`,
                name: "split date",
              }
            : {
                title: `${symbol} spin-off`,
                message: `${symbol} spins off ${action.detail} on ${longDate(action.date)} (announced ${longDate(action.announcedOn)}). Options become adjusted contracts.`,
                name: "spin-off date",
              };
      alerts.push({
        dedupeKey: `${type}:${symbol}:${action.date}`,
        eventType: type,
        alertType: "event",
        symbol,
        eventDate: action.date,
        title: `${what.title} ${longDate(action.date)}`,
        message: what.message,
        why: why(`${symbol} is on your watchlist and the ${what.name} is ${windowText(days)}`, caLine),
      });
    }
  }
  return alerts;
}

/** RSI past the user's overbought or oversold level (with hysteresis and cooldown). */
function rsiAlerts(c: SymbolRun): Alert[] {
  const { symbol, info, today, ev, th, why, nowMs, state, previous: prevState } = c;
  const alerts: Alert[] = [];
  if (ev.rsiAlerts && th.rsi.enabled && info?.last_rsi_value != null) {
    const rsi = info.last_rsi_value;
    const rules: (ThresholdRule & { side: "overbought" | "oversold"; level: number })[] = [
      {
        key: `rsi:${symbol}:overbought`,
        side: "overbought",
        level: th.rsi.overbought,
        value: rsi,
        past: rsi >= th.rsi.overbought,
        rearm: rsi <= th.rsi.overbought - HYSTERESIS.rsiPoints,
      },
      {
        key: `rsi:${symbol}:oversold`,
        side: "oversold",
        level: th.rsi.oversold,
        value: rsi,
        past: rsi <= th.rsi.oversold,
        rearm: rsi >= th.rsi.oversold + HYSTERESIS.rsiPoints,
      },
    ];
    for (const rule of firedRules(rules, prevState, state, nowMs)) {
      alerts.push({
        dedupeKey: `${rule.key}:${nowMs}`,
        eventType: "rsiAlerts",
        alertType: "threshold",
        symbol,
        eventDate: today,
        title: `${symbol} RSI ${rule.side === "overbought" ? "above" : "below"} ${rule.level}`,
        message: `${symbol}'s 14-day RSI is ${round1(rsi)}, ${rule.side === "overbought" ? "at or above" : "at or below"} your ${rule.side} level of ${rule.level}.`,
        why: why(
          `RSI crossed your ${rule.side} threshold of ${rule.level}; it alerts again only after moving back ${HYSTERESIS.rsiPoints} points and at most once a day`,
        ),
      });
    }
  }
  return alerts;
}

/** A positive or negative share of five days' headlines past the user's level. */
function sentimentAlerts(c: SymbolRun): Alert[] {
  const { symbol, info, today, ev, th, why, nowMs, state, previous: prevState } = c;
  const alerts: Alert[] = [];
  if (ev.sentimentAlerts && th.sentiment.enabled && info && info.positive_5days != null) {
    const pos = info.positive_5days ?? 0;
    const neg = info.negative_5days ?? 0;
    const total = pos + (info.neutral_5days ?? 0) + neg;
    if (total >= MIN_SENTIMENT_HEADLINES) {
      const posShare = (100 * pos) / total;
      const negShare = (100 * neg) / total;
      const rules = [
        {
          key: `sentiment:${symbol}:positive`,
          tone: "positive",
          level: th.sentiment.positiveThreshold,
          value: posShare,
          count: pos,
          past: posShare >= th.sentiment.positiveThreshold,
          rearm: posShare < th.sentiment.positiveThreshold - HYSTERESIS.sentimentPoints,
        },
        {
          key: `sentiment:${symbol}:negative`,
          tone: "negative",
          level: th.sentiment.negativeThreshold,
          value: negShare,
          count: neg,
          past: negShare >= th.sentiment.negativeThreshold,
          rearm: negShare < th.sentiment.negativeThreshold - HYSTERESIS.sentimentPoints,
        },
      ];
      for (const rule of firedRules(rules, prevState, state, nowMs)) {
        alerts.push({
          dedupeKey: `${rule.key}:${nowMs}`,
          eventType: "sentimentAlerts",
          alertType: "threshold",
          symbol,
          eventDate: today,
          title: `${symbol} news sentiment ${Math.round(rule.value)}% ${rule.tone}`,
          message: `${rule.count} of ${total} headlines about ${symbol} in the last five days are ${rule.tone} (${Math.round(rule.value)}%).`,
          why: why(
            `the ${rule.tone} share reached your ${rule.level}% threshold with at least ${MIN_SENTIMENT_HEADLINES} headlines`,
          ),
        });
      }
    }
  }
  return alerts;
}

/** A day's move past the user's percentage: one alert per symbol per session. */
function volatilityAlerts(c: SymbolRun): Alert[] {
  const { symbol, info, today, ev, th, why, nowMs, state, previous: prevState } = c;
  const alerts: Alert[] = [];
  if (ev.volatilityAlerts && th.volatility.enabled && info) {
    const change = info.change_percentage;
    const level = th.volatility.percentageChange;
    const session = info.asOf ? zonedParts(Date.parse(info.asOf), "America/New_York").date : today;
    const key = `move:${symbol}`;
    const previous = prevState.get(key);
    // A new session starts a new move: the previous day's firing does not hold today's back.
    const sameSession =
      previous?.lastFiredAt != null && zonedParts(previous.lastFiredAt, "America/New_York").date === session;
    const prior =
      previous && previous.lastFiredAt != null && !sameSession
        ? { ...previous, armed: true, lastFiredAt: null }
        : previous;
    const { fire, next } = stepThreshold(
      prior,
      {
        key,
        value: change,
        past: Math.abs(change) >= level,
        rearm: Math.abs(change) < level * HYSTERESIS.volatilityFraction,
      },
      nowMs,
    );
    state.set(key, next);
    if (fire) {
      const up = change > 0;
      alerts.push({
        dedupeKey: `${key}:${session}:${up ? "up" : "down"}`,
        eventType: "volatilityAlerts",
        alertType: "threshold",
        symbol,
        eventDate: session,
        title: `${symbol} ${up ? "up" : "down"} ${Math.abs(round1(change))}% today`,
        message: `${symbol} is ${up ? "up" : "down"} ${Math.abs(round1(change))}% from the previous close at $${formatPrice(info.current_price)}.`,
        why: why(`the move passed your ${level}% volatility threshold; one alert per symbol per session`),
      });
    }
  }
  return alerts;
}

/** Notable (non-neutral) headlines of the last day. */
function newsAlerts(c: SymbolRun): Alert[] {
  const { symbol, data, tz, ev, nowMs } = c;
  const alerts: Alert[] = [];
  if (ev.newsAlerts && data?.news) {
    const newsLine = provenanceLine(data.news, tz);
    const notable = data.news.headlines
      .filter((h) => h.sentiment !== "neutral")
      .filter((h) => {
        const t = Date.parse(h.publishedAt);
        return t <= nowMs && nowMs - t <= NEWS_MAX_AGE_MS;
      })
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
      .slice(0, NEWS_PER_SYMBOL);
    for (const h of notable) {
      alerts.push({
        dedupeKey: `news:${symbol}:${hashText(`${h.publishedAt}|${h.title}`)}`,
        eventType: "newsAlerts",
        alertType: "news",
        symbol,
        eventDate: h.publishedAt.slice(0, 10),
        title: `${symbol}: ${h.title}`,
        message: `${h.sentiment === "positive" ? "Positive" : "Negative"} headline about ${symbol}: "${h.title}"${h.url ? ` (${h.url})` : ""}.`,
        why: `Why: a ${h.sentiment} headline (sentiment: ${h.sentimentMethod}) about a watchlist symbol in the last 24 hours. ${newsLine}`,
      });
    }
  }
  return alerts;
}

/** The monthly options expirations inside the window. */
function optionsExpirationAlerts(
  ev: NotificationPreferences["events"],
  today: string,
  days: number,
): Alert[] {
  const alerts: Alert[] = [];
  if (ev.optionsExpiration) {
    const [y, m] = today.split("-").map(Number) as [number, number];
    const candidates = [
      monthlyExpiration(y, m),
      m === 12 ? monthlyExpiration(y + 1, 1) : monthlyExpiration(y, m + 1),
    ];
    for (const date of candidates) {
      if (!inWindow(date, today, days)) continue;
      alerts.push({
        dedupeKey: `optionsExpiration:${date}`,
        eventType: "optionsExpiration",
        alertType: "event",
        symbol: null,
        eventDate: date,
        title: `Monthly options expire ${longDate(date)}`,
        message: `Standard monthly options expire on ${longDate(date)}. Review short options you may want to close or roll.`,
        why: `Why: the monthly expiration (third Friday, moved earlier for an exchange holiday) is ${windowText(days)}. Data: exchange calendar.`,
      });
    }
  }
  return alerts;
}

/** Economic releases inside the user's economic window, at the chosen impact level. */
function economicEventAlerts(inputs: AlertInputs, today: string, tz: string): Alert[] {
  const ev = inputs.prefs.events;
  const th = inputs.prefs.thresholds;
  const alerts: Alert[] = [];
  if (ev.economicEvents && inputs.economic) {
    const { impactLevel, daysAhead } = th.economicEvents;
    const econLine = provenanceLine(inputs.economic, tz);
    for (const e of inputs.economic.events) {
      if (impactLevel === "high" && e.impact !== "high") continue;
      if (!inWindow(e.date, today, daysAhead)) continue;
      alerts.push({
        dedupeKey: `economicEvents:${e.kind}:${e.date}`,
        eventType: "economicEvents",
        alertType: "event",
        symbol: null,
        eventDate: e.date,
        title: `${e.title} ${longDate(e.date)}`,
        message: `${e.title} on ${longDate(e.date)} at ${e.time} New York time (${e.impact} impact${e.estimated ? ", date estimated" : ""}).`,
        why: `Why: a ${e.impact}-impact release within your ${daysAhead}-day economic window (impact level: ${impactLevel}). ${econLine}`,
      });
    }
  }
  return alerts;
}

/** Per event type, in order: each watchlist symbol's event, threshold and news alerts, then the market-wide ones. */
const SYMBOL_RULES = [
  earningsAlerts,
  exDividendAlerts,
  corporateActionAlerts,
  rsiAlerts,
  sentimentAlerts,
  volatilityAlerts,
  newsAlerts,
] as const;

export function buildAlerts(inputs: AlertInputs): AlertRun {
  const { prefs, nowMs } = inputs;
  const tz = prefs.timeZone;
  const today = zonedParts(nowMs, tz).date;
  const days = prefs.timing.email;
  const alerts: Alert[] = [];
  const state = new Map<string, AlertState>();

  for (const symbol of inputs.watchlist) {
    const data = inputs.market.get(symbol);
    const info = data?.info ?? null;
    const infoLine = info ? provenanceLine(info, tz) : "";
    const why = (rule: string, line = infoLine) => `Why: ${rule}. ${line}`.trim();
    const run: SymbolRun = {
      symbol,
      data,
      info,
      tz,
      today,
      days,
      ev: prefs.events,
      th: prefs.thresholds,
      why,
      nowMs,
      previous: inputs.state,
      state,
    };
    for (const rule of SYMBOL_RULES) alerts.push(...rule(run));
  }
  alerts.push(...optionsExpirationAlerts(prefs.events, today, days));
  alerts.push(...economicEventAlerts(inputs, today, tz));
  return { alerts, state };
}

/** Short stable hash for dedupe keys of free text (FNV-1a, hex). */
export function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}
