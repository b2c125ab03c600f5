// /wheels' address (decision 317): parsed with zod, every bad value falls back to its default, and the page's own
// addresses never carry the cash.
import { describe, expect, it } from "vitest";
import {
  cashLimitText,
  premiumAsShown,
  sameStrategies,
  wheelScreenFromQuery,
  wheelScreenQuery,
} from "#app/lib/wheel/screen.ts";

const q = (s: string) => wheelScreenFromQuery(new URLSearchParams(s));

describe("wheelScreenFromQuery", () => {
  it("reads an empty address as the defaults: CSP, the saved risk levels and cash, 45 days, below-basis off", () => {
    expect(q("")).toEqual({ tab: "CSP", cspRisk: null, ccRisk: null, dte: 45, below: false, cash: null });
  });

  it("reads every field", () => {
    expect(q("tab=cc&cspRisk=aggressive&ccRisk=conservative&dte=90&below=1&cash=25000")).toEqual({
      tab: "CC",
      cspRisk: "aggressive",
      ccRisk: "conservative",
      dte: 90,
      below: true,
      cash: 25000,
    });
    expect(q("tab=CC").tab).toBe("CC");
  });

  it.each([
    "tab=puts",
    "cspRisk=yolo&ccRisk=",
    "dte=44",
    "dte=abc",
    "dte=45.5",
    "dte=-30",
    "below=maybe",
    "cash=500",
    "cash=abc",
    "cash=1e12",
    "cash=Infinity",
    "tab=%00&dte=%F0",
  ])("falls back to the defaults on %s", (search) => {
    const parsed = q(search);
    const defaults = q("");
    for (const key of Object.keys(parsed) as (keyof typeof parsed)[]) {
      if (search.startsWith(key) || search.includes(`&${key}=`)) expect(parsed[key]).toEqual(defaults[key]);
    }
    expect(parsed).toEqual(defaults);
  });
});

describe("wheelScreenQuery", () => {
  it("leaves the defaults out, writes risk levels whenever known, and round-trips", () => {
    const state = {
      tab: "CC" as const,
      cspRisk: "balanced" as const,
      ccRisk: "aggressive" as const,
      dte: 60,
      below: true,
    };
    const query = wheelScreenQuery(state);
    expect(query.toString()).toBe("tab=cc&cspRisk=balanced&ccRisk=aggressive&dte=60&below=1");
    expect(wheelScreenFromQuery(query)).toEqual({ ...state, cash: null });
    expect(
      wheelScreenQuery({ tab: "CSP", cspRisk: null, ccRisk: null, dte: 45, below: false }).toString(),
    ).toBe("");
  });

  it("never writes the cash, even when handed a state that has one", () => {
    const withCash = { ...q("cash=25000&dte=30"), cash: 25000 };
    expect(wheelScreenQuery(withCash).has("cash")).toBe(false);
  });
});

describe("sameStrategies", () => {
  it("is true when two addresses differ only in the tab, false when a filter differs", () => {
    const a = new URLSearchParams("cspRisk=balanced&dte=60");
    expect(sameStrategies(a, new URLSearchParams("tab=cc&cspRisk=balanced&dte=60"))).toBe(true);
    expect(sameStrategies(a, new URLSearchParams("cspRisk=balanced&dte=90"))).toBe(false);
    expect(sameStrategies(a, new URLSearchParams("cspRisk=balanced&dte=60&cash=5000"))).toBe(false);
  });
});

describe("cashLimitText", () => {
  it("says what the cash secures (docs/product/wheel.md#strategies)", () => {
    expect(cashLimitText(25_000, 1, 5)).toBe(
      "Your cash ($25,000) secures puts on 1 of 5 tickers; add cash to see more.",
    );
  });
});

describe("premiumAsShown", () => {
  it("is the row's premium to the cent, so 'I sold this' prefills $2.62, not $2.6225", () => {
    expect(premiumAsShown(2.6225)).toBe(2.62);
    expect(premiumAsShown(1.085)).toBe(1.09);
    expect(premiumAsShown(3)).toBe(3);
    expect(Number.isNaN(premiumAsShown(Number.NaN))).toBe(true);
  });
});
