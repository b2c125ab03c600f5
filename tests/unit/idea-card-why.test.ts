// The idea card and the wheel analysis say why in plain words (issue 27 item 5): the reason written from the
// score's parts, the caveat about the claimed edge, and the link to /how-we-rank.
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { IdeaCard } from "#app/components/ideas/IdeaCard.tsx";
import { AnalysisModal } from "#app/components/wheel/AnalysisModal.tsx";
import type { IdeaPayload } from "#app/lib/idea-view.ts";
import type { WheelStrategy } from "#app/lib/wheel/wheel.ts";

// A data router: the card's "I took this" reads the root route's data (the signed-in user).
const inRouter = (element: React.ReactElement) =>
  renderToStaticMarkup(
    createElement(RouterProvider, { router: createMemoryRouter([{ id: "root", path: "/", element }]) }),
  );

/** The text of the element with this data-testid (tags dropped, entities of apostrophes decoded). */
function textOf(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf("</div>", start);
  return html
    .slice(html.indexOf(">", start) + 1, end)
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");
}

const idea: IdeaPayload = {
  stock_symbol: "KO",
  strategy_type: "BULL_PUT_SPREAD",
  trade_unique_identifier: "KO-abc",
  expiration_date: "2027-01-15",
  return_on_risk: 25,
  net_credit: 1,
  probability_of_profit: 78,
  liquidity_point: 4,
  put_short_strike: 60,
  put_long_strike: 55,
  events: { list: [{ date: "2026-12-10", kind: "FOMC", title: "FOMC statement" }] },
  score_parts: {
    profile: "conservative",
    impliedVol: 0.31,
    forecastVol: 0.22,
    edgeAtForecast: 12.4,
    edgePerRisk: 0.031,
    dte: 38,
    dteFit: 1,
    shortDelta: 0.19,
    deltaFit: 0.8,
    fillCost: 4.2,
    fillCostShare: 0.04,
    liquidity: 0.9,
    score: 0.01,
  },
};

describe("the idea card says why", () => {
  it("shows the reason from the score's parts, the caveat and the link to how we rank", () => {
    const html = inRouter(createElement(IdeaCard, { idea, today: "2026-11-26" }));
    const text = textOf(html, "idea-why");
    expect(text).toContain("Why this idea: IV 31% vs 22% forecast realised");
    expect(text).toContain("38 DTE, in the Conservative window (35-50 days preferred)");
    expect(text).toContain("0.19-delta short, in the Conservative band 0.10-0.20 (aim 0.15)");
    expect(text).toContain("costs 4% of the credit to fill");
    expect(text).toContain("liquidity 4/5, well traded last session");
    expect(text).toContain("before expiry: FOMC 2026-12-10");
    expect(text).toContain("Not a sure thing.");
    expect(html).toContain('href="/how-we-rank"');
  });

  it("an idea stored without the score's parts says so instead of inventing a reason", () => {
    const html = inRouter(
      createElement(IdeaCard, { idea: { ...idea, score_parts: undefined }, today: "2026-11-26" }),
    );
    expect(textOf(html, "idea-why")).toContain(
      "Why this idea: the numbers behind its rank were not recorded when it was listed.",
    );
  });
});

describe("the wheel analysis says why", () => {
  it("shows the strategy's reason with the link", () => {
    const s: WheelStrategy = {
      id: "KO270115P00060000",
      type: "CSP",
      symbol: "KO",
      currentPrice: 64,
      expirationDate: "2027-01-15",
      daysToExpiration: 33,
      premium: 1.1,
      returnOnCapital: 1.8,
      annualizedReturn: 20,
      riskLevel: "balanced",
      liquidityPoint: 3,
      putStrike: 60,
      events: { earnings: false, exDividend: false, fomc: false, cpi: false, list: [] },
      score_parts: {
        impliedVol: 0.25,
        forecastVol: null,
        edgeAtForecast: -3,
        edgePerCollateral: -0.0005,
        dte: 33,
        dteFit: 1,
        shortDelta: 0.24,
        deltaFit: 0.9,
        fillCost: 5,
        fillCostShare: 0.04,
        liquidity: 0.6,
        score: -0.01,
      },
    };
    const html = inRouter(createElement(AnalysisModal, { type: "CSP", s, onClose: () => {} }));
    const text = textOf(html, "strategy-why");
    expect(text).toContain(
      "Why this strategy: No forecast: the history is too short, no edge claimed (IV 25%); 33 DTE, in the Balanced window",
    );
    expect(text).toContain("No edge is claimed without a forecast");
    expect(html).toContain('href="/how-we-rank"');
  });
});

// Issue 29 item 3: one number, one rounding in one view (decision 261). 158 - 1.955 = 156.045: the box said
// $156.05 while the chart's toFixed said 156.04.
describe("one view rounds a number one way", () => {
  it("shows a CSP break-even the same in the box, the chart label and the chart's text alternative", () => {
    const s: WheelStrategy = {
      id: "KO270115P00158000",
      type: "CSP",
      symbol: "KO",
      currentPrice: 162,
      expirationDate: "2027-01-15",
      daysToExpiration: 33,
      premium: 1.955,
      returnOnCapital: 1.2,
      annualizedReturn: 14,
      riskLevel: "balanced",
      liquidityPoint: 3,
      putStrike: 158,
      events: { earnings: false, exDividend: false, fomc: false, cpi: false, list: [] },
    };
    const html = inRouter(createElement(AnalysisModal, { type: "CSP", s, onClose: () => {} }));
    expect(html).toContain("$156.05");
    expect(html).not.toContain("156.04");
    // The chart's label under the breakeven marker.
    expect(html).toMatch(/fill="#fbbf24">156\.05<\/text>/);
  });

  it("writes the why text's dollars under the formatter's rule, as the card's figures are", () => {
    const card = inRouter(
      createElement(IdeaCard, {
        idea: {
          ...idea,
          score_parts: { ...idea.score_parts!, fillCost: 2.5, edgeAtForecast: -12.5 },
        },
        today: "2026-11-26",
      }),
    );
    const why = textOf(card, "idea-why");
    // Half away from zero on the decimal value: -12.5 -> -$13 (Math.round gave -$12), 2.5 -> $3.
    expect(why).toContain("-$13 per contract");
    expect(why).toContain("($3 per contract against the mid)");
  });
});
