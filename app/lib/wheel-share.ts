// The wheel share payload (spec 001 "Share payload", "Sharing"): the few fields a shared card shows,
// carried in the link itself with compact keys (`?d=`), and the same fields in the server's share record.
// Shared by the browser (encode, decode first) and the server (what it stores, what the page reads).
import type { WheelType } from "./wheel";

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

const NUMBER_FIELDS = [
  "strike",
  "premium",
  "returnOnCapital",
  "annualizedReturn",
  "daysToExpiration",
  "winProbability",
  "currentPrice",
  "shares",
  "costBasis",
] as const;

const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** Builds the payload from a strategy as the screen or the API holds it (only the fields a share needs). */
export function sharePayloadFrom(
  type: WheelType,
  s: Record<string, unknown>,
  position?: { shares?: unknown; costBasis?: unknown } | null,
): SharePayload | null {
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? round(v) : undefined);
  const str = (v: unknown, max = 40) => (typeof v === "string" && v.length <= max ? v : undefined);
  const symbol = str(s.symbol ?? s.ticker, 8)?.toUpperCase();
  const strike = num(
    type === "CSP" ? (s.putStrike ?? s.strikePrice ?? s.strike) : (s.callStrike ?? s.strike),
  );
  const premium = num(s.premium ?? s.premiumPerShare);
  const expirationDate = str(s.expirationDate, 10);
  if (!symbol || !/^[A-Z]{1,5}(\.[A-Z])?$/.test(symbol)) return null;
  if (strike === undefined || premium === undefined || !expirationDate) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expirationDate)) return null;
  const payload: SharePayload = {
    type,
    symbol,
    expirationDate,
    strike,
    premium,
    returnOnCapital: num(s.returnOnCapital),
    annualizedReturn: num(s.annualizedReturn),
    daysToExpiration: num(s.daysToExpiration),
    winProbability: num(s.winProbability),
    currentPrice: num(s.currentPrice),
    asOf: str(s.lastUpdated ?? s.asOf),
    source: str(s.source, 20),
  };
  if (type === "CC") {
    payload.shares = num(position?.shares ?? s.shares);
    payload.costBasis = num(position?.costBasis ?? s.costBasis);
  }
  for (const k of Object.keys(payload) as (keyof SharePayload)[])
    if (payload[k] === undefined) delete payload[k];
  return payload;
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
  for (const k of NUMBER_FIELDS) if (k in full && typeof full[k] !== "number") return null;
  const payload = sharePayloadFrom(type, full, type === "CC" ? full : null);
  return payload;
}

/** The path of a shared strategy page, with the self-contained payload when there is one. */
export function sharePath(type: WheelType, shareId: string, payload?: SharePayload | null): string {
  const base = `/share/wheel/${type.toLowerCase()}/${encodeURIComponent(shareId)}`;
  return payload ? `${base}?d=${encodeSharePayload(payload)}` : base;
}

/** Derived numbers of a shared card (the spec's formulas on the payload). */
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
