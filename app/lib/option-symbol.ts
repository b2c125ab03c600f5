// Option contracts as brokers spell them (decision 273). Pure: the ledger import reads a symbol or a description
// cell with it. Only spellings whose layout is documented by a public source are read:
//   OCC / OSI    "AAPL  260116P00150000" (root padded to 6, YYMMDD, C|P, strike x 1000 in 8 digits), also unpadded
//                "AAPL260116P00150000"; tastytrade's Symbol column carries it (decision 273 names the source).
//   Schwab       "AAPL 01/16/2026 150.00 P" (the Symbol column of a transaction-history export).
//   Robinhood    "AAPL 1/16/2026 Put $150.00" (the Description column of an activity report, also inside
//                "Option Expiration for AAPL 1/16/2026 Put $150.00").
//   Fidelity     " -AAPL260116P150" (the Symbol column of an account history download: a minus, the root, YYMMDD,
//                C|P and the strike as written, "-SPY261218C672.5"), and its Description (also inside its Action)
//                "PUT (AAPL) APPLE INC JAN 16 26 $150 (100 SHS)". Fidelity publishes no layout for the file: these
//                spellings are the ones its downloads show, read for our own sample file (decision 304).
import type { OptionType } from "#app/engine/wheel/ledger.ts";

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
/** The strike as written, without leading zeros: an OCC strike behind a minus ("-AAPL260116P00150000") is none. */
const FIDELITY_RE = /^-([A-Z][A-Z0-9]{0,5})(\d{2})(\d{2})(\d{2})([CP])((?:[1-9]\d*|0)?(?:\.\d+)?)$/;
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** "PUT (XOM) EXXON MOBIL CORP SEP 18 26 $105 (100 SHS)": the type, the root, the name, MON DD YY and $strike. */
const FIDELITY_DESCRIPTION_RE =
  /\b(PUT|CALL)\s+\(([A-Z][A-Z0-9.]{0,9})\)\s.*?\b(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\s+(\d{1,2})\s+(\d{2})\s+\$([\d,]+(?:\.\d+)?)/i;

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

/** The contract a symbol cell names (OCC, Schwab's or Fidelity's spelling), or null when it names none. */
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
  const fidelity = FIDELITY_RE.exec(s);
  if (fidelity && fidelity[6] !== "") {
    const [, root, yy, mm, dd, cp, strike] = fidelity;
    return contract(root!, 2000 + Number(yy), Number(mm), Number(dd), Number(strike), cp!);
  }
  return null;
}

/** The contract a description names in Robinhood's or Fidelity's spelling, anywhere in the text, or null. */
export function parseOptionDescription(text: string): OptionContract | null {
  const s = text.trim();
  const m = ROBINHOOD_RE.exec(s);
  if (m) {
    const [, root, mm, dd, yyyy, cp, strike] = m;
    return contract(root!, Number(yyyy), Number(mm), Number(dd), Number(strike!.replace(/,/g, "")), cp!);
  }
  const f = FIDELITY_DESCRIPTION_RE.exec(s);
  if (f) {
    const [, cp, root, mon, dd, yy, strike] = f;
    const month = MONTHS.indexOf(mon!.toUpperCase()) + 1;
    return contract(root!, 2000 + Number(yy), month, Number(dd), Number(strike!.replace(/,/g, "")), cp!);
  }
  return null;
}
