/**
 * OCC option symbols (OCC "Symbology Initiative", 2010): root (1-6 chars, space-padded
 * to 6 in the strict form), expiration YYMMDD, C or P, strike x 1000 as 8 digits.
 * Accepted: padded or unpadded roots, an 'O:' prefix (Polygon style).
 */
import type { OptionType } from "./bsm";

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
export function formatOccSymbol(root: string, expirationDate: string, type: OptionType, strike: number): string {
  const ymd = expirationDate.slice(2, 4) + expirationDate.slice(5, 7) + expirationDate.slice(8, 10);
  const k = String(Math.round(strike * 1000)).padStart(8, "0");
  return `${root.toUpperCase()}${ymd}${type === "call" ? "C" : "P"}${k}`;
}
