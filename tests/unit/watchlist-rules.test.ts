import { describe, expect, it } from "vitest";
import { cleanSymbolInput, normaliseSymbol, SYMBOL_RE } from "#app/lib/symbols.ts";
import { WATCHLIST_MESSAGES } from "#app/lib/watchlist.ts";

describe("watchlist rules", () => {
  it("trims and upper-cases symbols", () => {
    expect(cleanSymbolInput("  aapl ")).toBe("AAPL");
    expect(cleanSymbolInput("   ")).toBe("");
    expect(normaliseSymbol(" brk.b ")).toBe("BRK.B");
    expect(normaliseSymbol("1ABC")).toBeNull();
  });

  it("accepts real ticker shapes and rejects junk", () => {
    for (const ok of ["A", "AAPL", "GOOGL", "BRK.B", "SPY"]) expect(SYMBOL_RE.test(ok)).toBe(true);
    for (const bad of ["", "1ABC", "AAPL!", "TOOLONG", "A..B", "<SCRIPT>"])
      expect(SYMBOL_RE.test(bad)).toBe(false);
  });

  it("words the duplicate and trimmed messages as docs/product/watchlist-and-tickers.md does", () => {
    expect(WATCHLIST_MESSAGES.duplicate("TSLA")).toBe("TSLA is already in your watchlist");
    expect(WATCHLIST_MESSAGES.trimmed("Free Plan", 3)).toBe(
      "Your Free Plan allows up to 3 symbols. Some symbols have been removed.",
    );
  });
});
