/**
 * OCC option symbols (OCC "Symbology Initiative", 2010): root (1-6 chars, space-padded
 * to 6 in the strict form), expiration YYMMDD, C or P, strike x 1000 as 8 digits.
 * Accepted: padded or unpadded roots, an 'O:' prefix (Polygon style).
 */
import type { OptionType } from "#app/engine/bsm.ts";

export interface OccParts {
  root: string;
  expirationDate: string;
  type: OptionType;
  strike: number;
}

const OCC_RE = /^(?:O:)?([A-Z0-9.]{1,6}) *(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

export function parseOccSymbol(symbol: string): OccParts | null {
  const m = OCC_RE.exec(symbol.trim().toUpperCase());
  if (!m) return null;
  return {
    root: m[1],
    expirationDate: `20${m[2]}-${m[3]}-${m[4]}`,
    type: m[5] === "C" ? "call" : "put",
    strike: Number(m[6]) / 1000,
  };
}

/** Compact OCC symbol (no padding), e.g. 'AAPL260116C00150000'. */
export function formatOccSymbol(
  root: string,
  expirationDate: string,
  type: OptionType,
  strike: number,
): string {
  const ymd = expirationDate.slice(2, 4) + expirationDate.slice(5, 7) + expirationDate.slice(8, 10);
  const k = String(Math.round(strike * 1000)).padStart(8, "0");
  return `${root.toUpperCase()}${ymd}${type === "call" ? "C" : "P"}${k}`;
}

/**
 * Whether an OCC symbol's tail (YYMMDD, C/P, 8 strike digits) agrees with a leg, without
 * regex, allocation or string comparison (hygiene runs it on every leg): `yymmdd` is the
 * expiration's six digits read as a number (2026-01-16 -> 260116). null when the tail is
 * not OCC-shaped.
 */
export function occSymbolAgrees(
  symbol: string,
  yymmdd: number,
  isCall: boolean,
  strike: number,
): boolean | null {
  const n = symbol.length;
  if (n < 16) return null;
  const typeCode = symbol.charCodeAt(n - 9);
  if (typeCode !== 67 && typeCode !== 80) return null; // 'C' | 'P'
  let thousandths = 0;
  for (let i = n - 8; i < n; i++) {
    const d = symbol.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return null;
    thousandths = thousandths * 10 + d;
  }
  let date = 0;
  for (let i = n - 15; i < n - 9; i++) {
    const d = symbol.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return null;
    date = date * 10 + d;
  }
  if (date !== yymmdd) return false;
  if ((typeCode === 67) !== isCall) return false;
  return Math.abs(thousandths / 1000 - strike) <= 1e-6;
}

/** The six digits YYMMDD of a 'YYYY-MM-DD' date as a number (NaN if they are not digits). */
export function occDateNumber(expirationDate: string): number {
  let date = 0;
  for (const i of [2, 3, 5, 6, 8, 9]) {
    const d = expirationDate.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return NaN;
    date = date * 10 + d;
  }
  return date;
}
