import { describe, expect, it } from "vitest";
import { landingPath, returnPathFrom, safeReturnPath, withReturnTo } from "#app/lib/return-address.ts";

describe("return address", () => {
  it("keeps an app path with its query and hash", () => {
    expect(safeReturnPath("/spreads?strategy=IRON_CONDOR&dte=30#top")).toBe(
      "/spreads?strategy=IRON_CONDOR&dte=30#top",
    );
  });

  it.each([
    "https://evil.example.com/steal",
    "//evil.example.com/steal",
    "/\\evil.example.com",
    "\\\\evil.example.com",
    "javascript:alert(1)",
    "spreads",
    "/ok\u0000bad",
    "",
  ])("drops the hostile or malformed value %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("never returns to the sign-in or sign-up pages", () => {
    expect(safeReturnPath("/signin?returnTo=/x")).toBeNull();
    expect(safeReturnPath("/signup")).toBeNull();
  });

  it("builds the sign-in URL and reads it back", () => {
    const url = withReturnTo("/signin", "/tickers?view=grid");
    expect(url).toBe("/signin?returnTo=%2Ftickers%3Fview%3Dgrid");
    expect(returnPathFrom(new URL(url, "http://localhost"))).toBe("/tickers?view=grid");
  });

  it("sends to plain /signin when the return address is unsafe", () => {
    expect(withReturnTo("/signin", "https://evil.example.com")).toBe("/signin");
  });

  it("puts extra parameters before the return address and drops an unsafe one", () => {
    expect(withReturnTo("/signup", "/pricing", { error: "signup_first" })).toBe(
      "/signup?error=signup_first&returnTo=%2Fpricing",
    );
    expect(withReturnTo("/signup", "//evil.example.com", { error: "signup_first" })).toBe(
      "/signup?error=signup_first",
    );
  });
});

describe("landingPath", () => {
  it("resolves the product's alias paths to their screen, keeping query and hash", () => {
    expect(landingPath("/suggested-trades")).toBe("/spreads");
    expect(landingPath("/dashboard?x=1#top")).toBe("/spreads?x=1#top");
    expect(landingPath("/tickers?x=1")).toBe("/tickers?x=1");
    expect(landingPath("/suggested-trades-old")).toBe("/suggested-trades-old");
  });
});
