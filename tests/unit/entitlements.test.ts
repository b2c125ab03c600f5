import { describe, expect, it } from "vitest";
import {
  CAPABILITIES,
  ENTITLEMENTS,
  hasCapability,
  limitForJson,
  REFUSAL_MESSAGES,
  refusalFor,
} from "#app/lib/entitlements.ts";
import { PLAN_TIERS } from "#app/lib/plans.ts";
import { FALLBACK_TICKERS } from "#app/lib/wheel/wheel.ts";
import { ideasInPlanOrder } from "#app/lib/trade-ideas.ts";

describe("the plan table (docs/product/plans-and-billing.md#plan-limits)", () => {
  it("has the product's numbers for every capability", () => {
    const row = (plan: (typeof PLAN_TIERS)[number]) => CAPABILITIES.map((c) => ENTITLEMENTS[plan][c]);
    expect(CAPABILITIES).toEqual([
      "watchlistSymbols",
      "tradeIdeas",
      "cspTickersPerBatch",
      "ccPositions",
      "ccPositionsPerBatch",
      "wheelCampaigns",
      "openPositions",
      "positionAlerts",
      "feedback",
      "featureRequests",
      "votes",
      "notifications",
      "notificationCustomTiming",
    ]);
    expect(row("Free Plan")).toEqual([3, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(row("Pro Plan")).toEqual([10, 30, 10, 10, 10, 10, 10, Infinity, 50, 50, Infinity, Infinity, 0]);
    expect(row("Elite Plan")).toEqual([
      50,
      Infinity,
      50,
      50,
      10,
      50,
      50,
      Infinity,
      50,
      50,
      Infinity,
      Infinity,
      Infinity,
    ]);
  });

  it("lets every plan screen at least the five fallback tickers an empty watchlist uses", () => {
    for (const plan of PLAN_TIERS)
      expect(ENTITLEMENTS[plan].cspTickersPerBatch).toBeGreaterThanOrEqual(FALLBACK_TICKERS.length);
  });

  it("a higher tier never allows less", () => {
    for (const c of CAPABILITIES) {
      expect(ENTITLEMENTS["Pro Plan"][c]).toBeGreaterThanOrEqual(ENTITLEMENTS["Free Plan"][c]);
      expect(ENTITLEMENTS["Elite Plan"][c]).toBeGreaterThanOrEqual(ENTITLEMENTS["Pro Plan"][c]);
    }
  });

  it("sends no cap as null in JSON", () => {
    expect(limitForJson(Infinity)).toBeNull();
    expect(limitForJson(30)).toBe(30);
    expect(hasCapability("Free Plan", "tradeIdeas")).toBe(false);
    expect(hasCapability("Pro Plan", "votes")).toBe(true);
  });
});

describe("refusals: the product's words, status and where the UI goes", () => {
  it("open positions: Free is told to upgrade, Pro to Elite, Elite has reached the maximum; alerts on paid plans", () => {
    expect(refusalFor("Free Plan", "openPositions")).toMatchObject({
      status: 403,
      reason: "notOnPlan",
      message: REFUSAL_MESSAGES.freeOpenPositions,
      redirectTo: "/pricing",
      requiresUpgrade: true,
    });
    expect(refusalFor("Pro Plan", "openPositions")).toMatchObject({
      status: 403,
      reason: "limitReached",
      limit: 10,
      message:
        "Pro plan limit reached: You can track up to 10 open positions on the Pro Plan. Upgrade to Elite to track up to 50 open positions.",
    });
    expect(refusalFor("Elite Plan", "openPositions")).toMatchObject({
      message: "Elite plan limit reached (50 open positions).",
      redirectTo: null,
      requiresUpgrade: false,
    });
    expect(refusalFor("Free Plan", "positionAlerts")).toMatchObject({ status: 403, redirectTo: "/pricing" });
    expect(hasCapability("Pro Plan", "positionAlerts")).toBe(true);
  });

  it("watchlist: upgrade to Pro, upgrade to Elite, the maximum", () => {
    expect(refusalFor("Free Plan", "watchlistSymbols")).toMatchObject({
      status: 403,
      message: "Upgrade to PRO to track up to 10 symbols",
      redirectTo: "/pricing",
      requiresUpgrade: true,
    });
    expect(refusalFor("Pro Plan", "watchlistSymbols")).toMatchObject({
      message: "Upgrade to Elite to track up to 50 symbols",
      redirectTo: "/pricing",
    });
    expect(refusalFor("Elite Plan", "watchlistSymbols")).toMatchObject({
      message: "You have reached the maximum number of symbols for your plan",
      redirectTo: null,
      requiresUpgrade: false,
    });
  });

  it("trade ideas, positions, batches, the board and notifications", () => {
    expect(refusalFor("Free Plan", "tradeIdeas")).toMatchObject({
      reason: "notOnPlan",
      status: 403,
      message: "Trade ideas are available on the Pro and Elite plans",
    });
    expect(refusalFor("Pro Plan", "cspTickersPerBatch").message).toBe(
      "Your Pro Plan allows up to 10 tickers per request",
    );
    expect(refusalFor("Free Plan", "ccPositions").message).toBe(REFUSAL_MESSAGES.freePositions);
    expect(refusalFor("Free Plan", "ccPositionsPerBatch")).toMatchObject({
      status: 403,
      requiresUpgrade: true,
    });
    expect(refusalFor("Elite Plan", "ccPositionsPerBatch")).toMatchObject({
      status: 400,
      message: "At most 10 positions per request",
      requiresUpgrade: false,
    });
    expect(refusalFor("Pro Plan", "ccPositions").message).toBe(
      "Pro plan limit reached: You can add up to 10 positions on the Pro Plan. Upgrade to Elite to add up to 50 positions.",
    );
    expect(refusalFor("Elite Plan", "ccPositions").message).toBe("Elite plan limit reached (50 positions).");
    expect(refusalFor("Free Plan", "feedback").message).toBe("Missing or insufficient permissions");
    expect(refusalFor("Pro Plan", "feedback").message).toBe(
      "You have reached the maximum limit of 50 feedback submissions",
    );
    expect(refusalFor("Free Plan", "featureRequests").message).toBe(
      "Feature requests are only available for Pro and Elite subscribers",
    );
    expect(refusalFor("Elite Plan", "featureRequests").message).toBe(
      "You have reached the maximum limit of 50 feature requests",
    );
    expect(refusalFor("Free Plan", "votes").message).toBe(
      "Voting on feature requests is only available for Pro and Elite subscribers",
    );
    expect(refusalFor("Free Plan", "notifications").message).toBe(
      "Notifications are available on the Pro and Elite plans",
    );
    expect(refusalFor("Pro Plan", "notificationCustomTiming").message).toBe(
      "Custom-timing notifications are part of the Elite plan",
    );
  });
});

describe("the ideas a plan sees (docs/product/trade-ideas.md#what-a-plan-sees)", () => {
  const idea = (stock_symbol: string, strategy_type = "BULL_PUT_SPREAD") => ({
    stock_symbol,
    strategy_type,
    expiration_date: "2026-12-18",
  });
  const ideas = [
    idea("SPY"),
    idea("QQQ"),
    idea("AAPL", "IRON_CONDOR"),
    idea("CLX"),
    idea("SPY", "COVERED_CALL"),
    idea("AAPL", "BEAR_CALL_SPREAD"),
  ];
  it("takes watchlist trades first, then fills the remaining slots", () => {
    expect(ideasInPlanOrder(ideas, 3, ["aapl"], "balanced", "2026-11-13")).toEqual([
      idea("AAPL", "IRON_CONDOR"),
      idea("AAPL", "BEAR_CALL_SPREAD"),
      idea("SPY"),
    ]);
  });
  it("gives nothing at 0 and everything (but wheel ideas) at Infinity", () => {
    expect(ideasInPlanOrder(ideas, 0, ["SPY"], "balanced", "2026-11-13")).toEqual([]);
    expect(ideasInPlanOrder(ideas, Infinity, [], "balanced", "2026-11-13")).toHaveLength(5);
  });
  it("drops an idea whose days to expiration, counted on the day it is read, left the profile's window", () => {
    // 2026-12-18 is 35 days from 2026-11-13 (inside Balanced's 30-60) and 17 from 2026-12-01 (outside it).
    expect(ideasInPlanOrder(ideas, Infinity, [], "balanced", "2026-12-01")).toEqual([]);
    const far = { stock_symbol: "KO", strategy_type: "BULL_PUT_SPREAD", expiration_date: "2027-01-15" };
    expect(ideasInPlanOrder([...ideas, far], Infinity, [], "balanced", "2026-12-01")).toEqual([far]);
    // Conservative starts at 30 days: 45 days out passes, 17 does not.
    const conservative = [
      { ...far, profile: "conservative" },
      { ...ideas[0]!, profile: "conservative" },
    ];
    expect(ideasInPlanOrder(conservative, Infinity, [], "conservative", "2026-12-01")).toEqual([
      conservative[0],
    ]);
  });
});
