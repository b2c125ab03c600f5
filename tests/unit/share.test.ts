import { describe, expect, it } from "vitest";
import {
  popupFeatures,
  SHARE_TARGETS,
  SHARE_TEXT,
  SHARE_TIMING,
  shareTargetUrl,
  shouldFallBackToDialog,
  tradeShareUrl,
} from "#app/lib/share.ts";

describe("sharing", () => {
  it("the trade link is {origin}/share/trade/{id}", () => {
    expect(tradeShareUrl("https://wheelhouse.app/", "SPY-0123456789abcdef01234567")).toBe(
      "https://wheelhouse.app/share/trade/SPY-0123456789abcdef01234567",
    );
  });
  it("the product's targets, messages and timings", () => {
    expect(SHARE_TARGETS.map((t) => t.label)).toEqual([
      "WhatsApp",
      "Twitter",
      "Facebook",
      "LinkedIn",
      "Telegram",
    ]);
    expect(SHARE_TEXT.copied).toBe("Copied to clipboard!");
    expect(SHARE_TEXT.copyFailed).toBe("Failed to copy. Please try manually.");
    expect(SHARE_TEXT.copiedShort).toBe("Copied");
    expect(SHARE_TIMING).toEqual({ messageMs: 2000, copiedMs: 1500 });
  });
  it("every target URL carries the encoded link", () => {
    const url = "https://x.test/share/trade/A-1?x=1&y=2";
    for (const t of SHARE_TARGETS)
      expect(shareTargetUrl(t.id, url, "My idea")).toContain(encodeURIComponent(url));
    expect(shareTargetUrl("twitter", url, "My idea")).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
  });
  it("popups are 600x400, centred", () => {
    expect(popupFeatures({ width: 1600, height: 900 })).toBe(
      "width=600,height=400,left=500,top=250,noopener,noreferrer",
    );
    expect(popupFeatures(null)).toContain("width=600,height=400");
  });
  it("only the user cancelling (AbortError) skips the dialog", () => {
    expect(shouldFallBackToDialog(new DOMException("cancel", "AbortError"))).toBe(false);
    expect(shouldFallBackToDialog(new DOMException("no", "NotAllowedError"))).toBe(true);
    expect(shouldFallBackToDialog(new TypeError("bad data"))).toBe(true);
    expect(shouldFallBackToDialog(undefined)).toBe(true);
  });
});
