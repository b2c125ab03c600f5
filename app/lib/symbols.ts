// The one ticker-symbol rule, shared by the watchlist, the market module and the browser.

/** 1-5 letters, optionally a share-class suffix (BRK.B). */
export const SYMBOL_RE = /^[A-Z]{1,5}(\.[A-Z])?$/;

/** Trimmed and upper-cased; "" when there is nothing to read. */
export function cleanSymbolInput(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The symbol in canonical form, or null when it is not a ticker shape. */
export function normaliseSymbol(raw: string): string | null {
  const s = cleanSymbolInput(raw);
  return SYMBOL_RE.test(s) ? s : null;
}
