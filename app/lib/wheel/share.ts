// The wheel share payload (docs/product/sharing.md#wheel-share-payload): the few fields a shared card shows,
// carried in the link itself with compact keys (`?d=`), and the same fields in the server's share record.
// Shared by the browser (encode, decode first) and the server (what it stores, what the page reads).
import { formatGrouped } from "#app/lib/format.ts";
import { SYMBOL_RE } from "#app/lib/symbols.ts";
import type { WheelType } from "#app/lib/wheel/wheel.ts";

export interface SharePayload {
  type: WheelType;
  symbol: string;
  expirationDate: string;
  strike: number;
  /** Per share. */
  premium: number;
  returnOnCapital?: number;
  annualizedReturn?: number;
  daysToExpiration?: number;
  winProbability?: number;
  currentPrice?: number;
  /** CC only. */
  shares?: number;
  costBasis?: number;
  /** When the quote was taken and by whom ('demo' = simulated market). */
  asOf?: string;
  source?: string;
}

const KEYS: Record<keyof SharePayload, string> = {
  type: "t",
  symbol: "s",
  expirationDate: "e",
  strike: "k",
  premium: "p",
  returnOnCapital: "r",
  annualizedReturn: "a",
  daysToExpiration: "d",
  winProbability: "w",
  currentPrice: "c",
  shares: "n",
  costBasis: "b",
  asOf: "q",
  source: "o",
};

/**
 * The plausible range of each number a share carries (docs/product/sharing.md#wheel-share-payload): a share
 * is a strategy the screens produced, so anything outside these is nonsense or forgery and is refused, never
 * stored or shown. Prices are per share in dollars; percentages are percent.
 */
const MAX_PRICE = 100_000;
const round = (v: number) => Math.round(v * 10_000) / 10_000;
const RANGES = {
  strike: { label: "Strike", min: 0, max: MAX_PRICE, positive: true },
  premium: { label: "Premium", min: 0, max: MAX_PRICE, positive: true },
  returnOnCapital: { label: "Return on capital", min: 0, max: 100 },
  // A 1-day put paying 10% of its strike annualises to 3,650%; more is not a quote.
  annualizedReturn: { label: "Annualized return", min: 0, max: 10_000 },
  daysToExpiration: { label: "Days to expiration", min: 0, max: 1_100, integer: true },
  winProbability: { label: "Win probability", min: 0, max: 100 },
  currentPrice: { label: "Stock price", min: 0, max: MAX_PRICE, positive: true },
  shares: { label: "Shares", min: 0, max: 10_000_000, positive: true, integer: true },
  costBasis: { label: "Cost basis", min: 0, max: MAX_PRICE, positive: true },
} as const satisfies Record<
  string,
  { label: string; min: number; max: number; positive?: boolean; integer?: boolean }
>;
type NumberField = keyof typeof RANGES;

/** Where a share's quote came from: the market providers' names (no other text is carried). */
export const SHARE_SOURCES = ["demo", "cboe", "polygon", "finnhub", "alphavantage"] as const;
/** A LEAPS runs at most about three years; a later expiration is not an option that trades. */
const MAX_YEARS_AHEAD = 3;
const ISO_INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const SHARE_MESSAGES = {
  symbol: "Symbol must be 1 to 5 letters (e.g. AAPL or BRK.B)",
  expirationDate: "Expiration date must be a calendar date (YYYY-MM-DD)",
  expirationTooFar: `Expiration date must be within ${MAX_YEARS_AHEAD} years`,
  notANumber: (label: string) => `${label} must be a number`,
  positive: (label: string) => `${label} must be greater than 0`,
  atLeastZero: (label: string) => `${label} must be 0 or more`,
  atMost: (label: string, max: number) => `${label} must be at most ${formatGrouped(max, 0, 3)}`,
  whole: (label: string) => `${label} must be a whole number`,
  sharesLot: "Shares must be in multiples of 100 (for options contracts)",
  premiumOverStrike: "Premium must be less than the strike",
  premiumOverPrice: "Premium must be less than the stock price",
  asOf: "Quote time must be an ISO date and time",
  source: "Unknown market data source",
  unknownSymbol: (symbol: string) => `${symbol} is not a symbol we have market data for`,
} as const;

export type SharePayloadResult = { ok: true; payload: SharePayload } | { ok: false; error: string };

/** Is `date` (YYYY-MM-DD) a real calendar day? */
function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

function checkNumber(field: NumberField, value: unknown): string | number | undefined {
  if (value === undefined || value === null) return undefined;
  const r: { label: string; min: number; max: number; positive?: boolean; integer?: boolean } = RANGES[field];
  if (typeof value !== "number" || !Number.isFinite(value)) return SHARE_MESSAGES.notANumber(r.label);
  if (r.positive && value <= 0) return SHARE_MESSAGES.positive(r.label);
  if (value < r.min) return SHARE_MESSAGES.atLeastZero(r.label);
  if (value > r.max) return SHARE_MESSAGES.atMost(r.label, r.max);
  if (r.integer && !Number.isInteger(value)) return SHARE_MESSAGES.whole(r.label);
  return round(value);
}

/**
 * Reads a share payload from a strategy as the screen or the API holds it (only the fields a share needs),
 * refusing anything a screen could not have produced, with the first problem's message. The one gate for
 * every way a payload comes in: the share API, a self-contained link, the preview query, a stored record.
 */
export function parseSharePayload(
  type: WheelType,
  s: Record<string, unknown>,
  position?: { shares?: unknown; costBasis?: unknown } | null,
  nowMs = Date.now(),
): SharePayloadResult {
  const fail = (error: string): SharePayloadResult => ({ ok: false, error });
  const rawSymbol = s.symbol ?? s.ticker;
  const symbol = typeof rawSymbol === "string" ? rawSymbol.toUpperCase() : "";
  if (!SYMBOL_RE.test(symbol)) return fail(SHARE_MESSAGES.symbol);
  const expirationDate = s.expirationDate;
  if (typeof expirationDate !== "string" || !isCalendarDate(expirationDate))
    return fail(SHARE_MESSAGES.expirationDate);
  const latest = new Date(nowMs);
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_YEARS_AHEAD);
  if (expirationDate > latest.toISOString().slice(0, 10)) return fail(SHARE_MESSAGES.expirationTooFar);

  const raw: Record<NumberField, unknown> = {
    strike: type === "CSP" ? (s.putStrike ?? s.strikePrice ?? s.strike) : (s.callStrike ?? s.strike),
    premium: s.premium ?? s.premiumPerShare,
    returnOnCapital: s.returnOnCapital,
    annualizedReturn: s.annualizedReturn,
    daysToExpiration: s.daysToExpiration,
    winProbability: s.winProbability,
    currentPrice: s.currentPrice,
    shares: type === "CC" ? (position?.shares ?? s.shares) : undefined,
    costBasis: type === "CC" ? (position?.costBasis ?? s.costBasis) : undefined,
  };
  if (raw.strike === undefined || raw.strike === null) return fail(SHARE_MESSAGES.positive("Strike"));
  if (raw.premium === undefined || raw.premium === null) return fail(SHARE_MESSAGES.positive("Premium"));
  const numbers: Partial<Record<NumberField, number>> = {};
  for (const field of Object.keys(RANGES) as NumberField[]) {
    const checked = checkNumber(field, raw[field]);
    if (typeof checked === "string") return fail(checked);
    if (checked !== undefined) numbers[field] = checked;
  }
  const strike = numbers.strike!;
  const premium = numbers.premium!;
  if (numbers.shares !== undefined && numbers.shares % 100 !== 0) return fail(SHARE_MESSAGES.sharesLot);
  // A put's premium is below its strike; a covered call's below the stock's price.
  if (type === "CSP" && premium >= strike) return fail(SHARE_MESSAGES.premiumOverStrike);
  if (type === "CC" && numbers.currentPrice !== undefined && premium >= numbers.currentPrice)
    return fail(SHARE_MESSAGES.premiumOverPrice);

  const rawAsOf = s.lastUpdated ?? s.asOf;
  let asOf: string | undefined;
  if (rawAsOf !== undefined && rawAsOf !== null) {
    const ms = typeof rawAsOf === "string" && ISO_INSTANT_RE.test(rawAsOf) ? Date.parse(rawAsOf) : NaN;
    if (!Number.isFinite(ms)) return fail(SHARE_MESSAGES.asOf);
    asOf = new Date(ms).toISOString();
  }
  const source = s.source;
  if (source !== undefined && source !== null && !SHARE_SOURCES.includes(source as never))
    return fail(SHARE_MESSAGES.source);

  const payload: SharePayload = {
    type,
    symbol,
    expirationDate,
    ...numbers,
    strike,
    premium,
    asOf,
    source: (source ?? undefined) as string | undefined,
  };
  for (const k of Object.keys(payload) as (keyof SharePayload)[])
    if (payload[k] === undefined) delete payload[k];
  return { ok: true, payload };
}

/** The payload, or null when anything in it is refused (see `parseSharePayload`). */
export function sharePayloadFrom(
  type: WheelType,
  s: Record<string, unknown>,
  position?: { shares?: unknown; costBasis?: unknown } | null,
  nowMs = Date.now(),
): SharePayload | null {
  const result = parseSharePayload(type, s, position, nowMs);
  return result.ok ? result.payload : null;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(data: string): string {
  const b64 = data.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function encodeSharePayload(p: SharePayload): string {
  const compact: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined) compact[KEYS[k as keyof SharePayload]] = v;
  return toBase64Url(JSON.stringify(compact));
}

/** Decodes a compact payload; null when it fails to decode or parse, or its type differs from `expected`. */
export function decodeSharePayload(
  data: string | null | undefined,
  expected?: WheelType,
  nowMs = Date.now(),
): SharePayload | null {
  if (!data || data.length > 2000) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(fromBase64Url(data)) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!raw || typeof raw !== "object") return null;
  const full: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(KEYS)) if (key in raw) full[name] = raw[key];
  const type = full.type === "CSP" || full.type === "CC" ? full.type : null;
  if (!type || (expected && type !== expected)) return null;
  return sharePayloadFrom(type, full, type === "CC" ? full : null, nowMs);
}

/** The path of a shared strategy page, with the self-contained payload when there is one. */
export function sharePath(type: WheelType, shareId: string, payload?: SharePayload | null): string {
  const base = `/share/wheel/${type.toLowerCase()}/${encodeURIComponent(shareId)}`;
  return payload ? `${base}?d=${encodeSharePayload(payload)}` : base;
}

/** Derived numbers of a shared card (the product's formulas on the payload). */
export function shareFigures(p: SharePayload) {
  const contracts = p.type === "CC" && p.shares ? Math.floor(p.shares / 100) : 1;
  const premiumPerContract = Math.round(p.premium * 100);
  return {
    contracts,
    premiumPerContract,
    totalPremium: premiumPerContract * contracts,
    cashRequired: p.type === "CSP" ? p.strike * 100 : null,
    breakEven: p.type === "CSP" ? p.strike - p.premium : p.costBasis ? p.costBasis - p.premium : null,
  };
}
