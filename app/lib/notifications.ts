// Notification rules shared by server and client (docs/product/notifications-and-email.md: preferences,
// ranges, messages, history). The server enforces them (app/server/notifications/); the screen
// mirrors them. No zod here: this module ships to the browser.
import { hasCapability } from "#app/lib/entitlements.ts";
import type { PlanTier } from "#app/lib/plans.ts";

export const EVENT_KEYS = [
  "earnings",
  "exDividend",
  "dividendPayment",
  "splits",
  "spinoffs",
  "optionsExpiration",
  "economicEvents",
  "rsiAlerts",
  "sentimentAlerts",
  "volatilityAlerts",
  "newsAlerts",
] as const;
export type EventKey = (typeof EVENT_KEYS)[number];

export const EVENT_LABELS: Record<EventKey, { label: string; hint: string }> = {
  earnings: { label: "Earnings", hint: "Upcoming earnings reports of your watchlist symbols" },
  exDividend: { label: "Ex-Dividend", hint: "Ex-dividend dates (own the shares before to receive it)" },
  dividendPayment: { label: "Dividend Payment", hint: "Dividend payment dates" },
  splits: { label: "Stock Splits", hint: "Announced stock splits" },
  spinoffs: { label: "Spin-offs", hint: "Announced spin-offs" },
  optionsExpiration: { label: "Options Expiration", hint: "Monthly options expiration (third Friday)" },
  economicEvents: { label: "Economic Events", hint: "FOMC, CPI, jobs report and GDP releases" },
  rsiAlerts: { label: "RSI Alerts", hint: "RSI crossing your overbought or oversold level" },
  sentimentAlerts: { label: "Sentiment Alerts", hint: "Five-day news sentiment above your thresholds" },
  volatilityAlerts: { label: "Volatility Alerts", hint: "Daily price moves above your percentage" },
  newsAlerts: { label: "News Alerts", hint: "Notable positive or negative headlines" },
};

/** The open positions' alerts (decision 333), by the key the delivery choice names them with. */
export const POSITION_ALERT_KEYS = [
  "profitTarget",
  "lossLimit",
  "dteReached",
  "strikeTested",
  "assignmentRisk",
  "earningsInside",
] as const;
export type PositionAlertKey = (typeof POSITION_ALERT_KEYS)[number];

export const POSITION_ALERT_LABELS: Record<PositionAlertKey, string> = {
  profitTarget: "Profit target reached",
  lossLimit: "Loss limit reached",
  dteReached: "Days to expiration reached",
  strikeTested: "Short strike tested",
  assignmentRisk: "Assignment risk",
  earningsInside: "Earnings inside the trade",
};

/** The engine's position alert codes (app/engine/positions/alerts.ts) by their delivery key. */
export const POSITION_ALERT_KEY_OF_CODE = {
  PROFIT_TARGET: "profitTarget",
  LOSS_LIMIT: "lossLimit",
  DTE_REACHED: "dteReached",
  STRIKE_TESTED: "strikeTested",
  ASSIGNMENT_RISK: "assignmentRisk",
  EARNINGS_INSIDE: "earningsInside",
} as const satisfies Record<string, PositionAlertKey>;

/** Every alert kind a user chooses the channel of: the market events and the position alerts. */
export const DELIVERY_KEYS = [...EVENT_KEYS, ...POSITION_ALERT_KEYS] as const;
export type DeliveryKey = (typeof DELIVERY_KEYS)[number];
/** Email, push to the user's devices, or both (decision 337). */
export const DELIVERY_CHOICES = ["email", "push", "both"] as const;
export type DeliveryChoice = (typeof DELIVERY_CHOICES)[number];

export function deliveryLabel(key: DeliveryKey): string {
  return (POSITION_ALERT_KEYS as readonly string[]).includes(key)
    ? POSITION_ALERT_LABELS[key as PositionAlertKey]
    : EVENT_LABELS[key as EventKey].label;
}

/** Whether an alert of this choice goes by email, and whether by push. */
export function deliversBy(choice: DeliveryChoice): { email: boolean; push: boolean } {
  return { email: choice !== "push", push: choice !== "email" };
}

export const CHANNELS = ["email", "sms", "whatsapp"] as const;
export type Channel = (typeof CHANNELS)[number];
export const FREQUENCY_TYPES = ["realtime", "daily", "weekly"] as const;
export type FrequencyType = (typeof FREQUENCY_TYPES)[number];
export const IMPACT_LEVELS = ["all", "medium", "high"] as const;
export type ImpactLevel = (typeof IMPACT_LEVELS)[number];

/**
 * Email timing options in days before the event, 0 = Same day
 * (docs/product/notifications-and-email.md#preferences).
 */
export const TIMING_OPTIONS = [0, 1, 2, 3, 5, 7, 10, 14] as const;
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

export const RANGES = {
  rsiOverbought: { min: 50, max: 100, step: 1 },
  rsiOversold: { min: 0, max: 50, step: 1 },
  sentiment: { min: 50, max: 100, step: 1 },
  volatility: { min: 1, max: 20, step: 0.5 },
  economicDaysAhead: { min: 1, max: 7, step: 1 },
} as const;

export interface NotificationPreferences {
  enabled: boolean;
  channels: Record<Channel, boolean>;
  /** Days before the event, per channel. */
  timing: Record<Channel, number>;
  frequency: { type: FrequencyType; dailyTime: string; weeklyDay: number };
  events: Record<EventKey, boolean>;
  /** Per alert kind, the channel: email, push or both (an addition to the brief's document, decision 337). */
  delivery: Record<DeliveryKey, DeliveryChoice>;
  thresholds: {
    rsi: { overbought: number; oversold: number; enabled: boolean };
    sentiment: { positiveThreshold: number; negativeThreshold: number; enabled: boolean };
    volatility: { percentageChange: number; enabled: boolean };
    economicEvents: { impactLevel: ImpactLevel; daysAhead: number };
  };
  phoneNumber: string;
  whatsappNumber: string;
  /** IANA zone captured from the browser; frequencies are honoured in it. */
  timeZone: string;
}

/** The market's zone: used until the browser has told us the user's. */
export const DEFAULT_TIME_ZONE = "America/New_York";

/** The defaults (docs/product/notifications-and-email.md#preferences). */
export function defaultPreferences(): NotificationPreferences {
  return {
    enabled: true,
    channels: { email: true, sms: false, whatsapp: false },
    timing: { email: 3, sms: 1, whatsapp: 1 },
    frequency: { type: "realtime", dailyTime: "09:00", weeklyDay: 1 },
    events: {
      earnings: true,
      exDividend: true,
      dividendPayment: false,
      splits: true,
      spinoffs: true,
      optionsExpiration: false,
      economicEvents: true,
      rsiAlerts: true,
      sentimentAlerts: true,
      volatilityAlerts: true,
      newsAlerts: true,
    },
    delivery: Object.fromEntries(DELIVERY_KEYS.map((k) => [k, "email"])) as Record<
      DeliveryKey,
      DeliveryChoice
    >,
    thresholds: {
      rsi: { overbought: 70, oversold: 30, enabled: true },
      sentiment: { positiveThreshold: 80, negativeThreshold: 70, enabled: true },
      volatility: { percentageChange: 5, enabled: true },
      economicEvents: { impactLevel: "high", daysAhead: 3 },
    },
    phoneNumber: "",
    whatsappNumber: "",
    timeZone: DEFAULT_TIME_ZONE,
  };
}

/** The texts (docs/product/notifications-and-email.md#preferences). */
export const NOTIFICATION_MESSAGES = {
  loadFailed: "Failed to load notification settings",
  updateFailed: "Failed to update notification settings",
  preferencesFailed: "Failed to update preferences",
  testFailed: "Failed to send test notification",
  testSent: "Test notification sent! Check your email.",
  // The settings save as they change; the screen's status line says how the last change went.
  saving: "Saving...",
  saved: "Saved",
  notAuthenticated: "User not authenticated",
  // The plan refusals ('Notifications are available on the Pro and Elite plans', the Elite-only custom
  // timing) are in ./entitlements.ts.
  fetchFailed: (
    what: "preferences" | "update" | "history" | "toggle" | "test" | "push devices",
    statusText: string,
  ) => `Failed to fetch notification ${what}: ${statusText}`,
  unsubscribeConfirm: "Turn off all notification emails? You can switch them back on here at any time.",
  unsubscribed: "Notifications are switched off.",
  invalidUnsubscribeLink: "This unsubscribe link is invalid or has expired.",
} as const;

/**
 * The one toast for a failed settings change: the server's own error when it sent one (it already carries the
 * product's prefix, e.g. 'Failed to update notification settings: ...', or a plan refusal), else the
 * product's text for that change: 'Failed to update preferences' for a save, 'Failed to update notification
 * settings' for the on/off switch. Never a second prefix in front of the first.
 */
export function settingsFailureMessage(change: "save" | "toggle", serverError: string | null): string {
  if (serverError) return serverError;
  return change === "save" ? NOTIFICATION_MESSAGES.preferencesFailed : NOTIFICATION_MESSAGES.updateFailed;
}

/** The screen asks 20; the API default is 50 (docs/product/notifications-and-email.md#history). */
export const HISTORY_LIMIT = { screen: 20, default: 50, max: 100 } as const;
/** The test-sent message stays 5 s (docs/product/limits-and-timings.md#screen-timings). */
export const TEST_SENT_MESSAGE_MS = 5000;
/**
 * 'Saved' after a settings change stays 3 s (docs/product/limits-and-timings.md#screen-timings); a failed save's text
 * stays until the next change.
 */
export const SAVED_STATUS_MS = 3000;

// ---------------------------------------------------------------- plan rule (decision 090; the table is in ./entitlements.ts)
/**
 * Pro: "email notifications for market events": every event, threshold and frequency type (realtime,
 * daily digest, weekly digest) at the standard timing. Elite: "custom-timing notifications": also the
 * days-before timing, the digest's time of day and the weekly digest's day.
 *
 * What the dispatcher honours for a plan: a Pro user's stored Elite-only fields (kept from an earlier
 * Elite subscription) fall back to the standard values instead of being used.
 */
export function effectivePreferences(
  prefs: NotificationPreferences,
  plan: PlanTier,
): NotificationPreferences {
  if (hasCapability(plan, "notificationCustomTiming")) return prefs;
  const d = defaultPreferences();
  return {
    ...prefs,
    timing: d.timing,
    frequency: { ...prefs.frequency, dailyTime: d.frequency.dailyTime, weeklyDay: d.frequency.weeklyDay },
  };
}

export interface NotificationHistoryItem {
  id: string;
  title: string;
  message: string;
  symbol: string | null;
  eventType: string;
  eventDate: string | null;
  alertType: string;
  /** sent | failed | anything else (shown as pending). */
  status: string;
  sentAt: string | null;
}

export function historyStatusStyle(status: string): "sent" | "failed" | "pending" {
  return status === "sent" ? "sent" : status === "failed" ? "failed" : "pending";
}
