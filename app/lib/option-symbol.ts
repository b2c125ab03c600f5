// Option contracts as brokers spell them (decision 273). Pure: the ledger import reads a symbol or a description
// cell with it. Only spellings whose layout is documented by a public source are read:
//   OCC / OSI    "AAPL  260116P00150000" (root padded to 6, YYMMDD, C|P, strike x 1000 in 8 digits), also unpadded
//                "AAPL260116P00150000"; tastytrade's Symbol column carries it (decision 273 names the source).
//   Schwab       "AAPL 01/16/2026 150.00 P" (the Symbol column of a transaction-history export).
//   Robinhood    "AAPL 1/16/2026 Put $150.00" (the Description column of an activity report, also inside
//                "Option Expiration for AAPL 1/16/2026 Put $150.00").
import type { OptionType } from "../engine/wheel-ledger";

export interface OptionContract {
  underlying: string;
  /** YYYY-MM-DD */
  expiration: string;
  strike: number;
  optionType: OptionType;
}

const OCC_RE = /^([A-Z][A-Z0-9.]{0,5})\s*(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;
const SCHWAB_RE = /^([A-Z][A-Z0-9./]{0,9})\s+(\d{2})\/(\d{2})\/(\d{4})\s+(\d+(?:\.\d+)?)\s+([CP])$/;
const ROBINHOOD_RE =
  /\b([A-Z][A-Z0-9.]{0,9})\s+(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(Call|Put)\s+\$([\d,]+(?:\.\d+)?)/i;

const pad = (n: string) => n.padStart(2, "0");
const typeOf = (letter: string): OptionType => (letter.toUpperCase().startsWith("C") ? "call" : "put");

function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(String(month))}-${pad(String(day))}`;
}

function contract(
  underlying: string,
  year: number,
  month: number,
  day: number,
  strike: number,
  type: string,
): OptionContract | null {
  const expiration = validDate(year, month, day);
  if (!expiration || !Number.isFinite(strike) || strike <= 0) return null;
  return { underlying: underlying.toUpperCase(), expiration, strike, optionType: typeOf(type) };
}

/** The contract a symbol cell names (OCC or Schwab's spelling), or null when it names none. */
export function parseOptionSymbol(text: string): OptionContract | null {
  const s = text.trim().toUpperCase();
  const occ = OCC_RE.exec(s);
  if (occ) {
    const [, root, yy, mm, dd, cp, strike] = occ;
    return contract(root!, 2000 + Number(yy), Number(mm), Number(dd), Number(strike) / 1000, cp!);
  }
  const schwab = SCHWAB_RE.exec(s);
  if (schwab) {
    const [, root, mm, dd, yyyy, strike, cp] = schwab;
    return contract(root!, Number(yyyy), Number(mm), Number(dd), Number(strike), cp!);
  }
  return null;
}

/** The contract a description names in Robinhood's spelling, anywhere in the text, or null. */
export function parseOptionDescription(text: string): OptionContract | null {
  const m = ROBINHOOD_RE.exec(text.trim());
  if (!m) return null;
  const [, root, mm, dd, yyyy, cp, strike] = m;
  return contract(root!, Number(yyyy), Number(mm), Number(dd), Number(strike!.replace(/,/g, "")), cp!);
}
