// Each product rule has one home (issue 28): a plan's price, its limits, the promotion code and the guarantee
// are read from app/lib/plans.ts, app/lib/entitlements.ts and app/lib/trial.ts, never typed again as text
// elsewhere. A copy would drift when the rule changes, and the screen would promise what the server does not do.
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { UpgradeScreen } from "#app/components/notifications/UpgradeScreen.tsx";
import { ENTITLEMENTS, MAX_WATCHLIST_SYMBOLS } from "#app/lib/entitlements.ts";
import { catalogEntry, MONEY_BACK_GUARANTEE_DAYS, PLAN_CATALOG } from "#app/lib/plans.ts";
import { PROMO_CODE } from "#app/lib/trial.ts";
import { sourceFiles } from "./source-files";

const app = sourceFiles("app");

/** Files that mention `pattern` outside the rule's home. */
function copiesOf(pattern: RegExp, home: string[]): string[] {
  return app.filter((f) => !home.includes(f.path) && pattern.test(f.text)).map((f) => f.path);
}

describe("rules with one home", () => {
  it("the promotion code is written only in the trial rules", () => {
    expect(copiesOf(new RegExp(PROMO_CODE), ["app/lib/trial.ts"])).toEqual([]);
  });

  it("no screen types a plan price or the guarantee as text", () => {
    expect(copiesOf(/\$\d+(\.\d+)?\/month/, [])).toEqual([]);
    expect(copiesOf(/\d+-day money-back/, [])).toEqual([]);
  });

  it("the pricing cards' limits are the entitlements table's", () => {
    const features = (tier: Parameters<typeof catalogEntry>[0]) =>
      catalogEntry(tier)
        .features.map((f) => f.text)
        .join(" | ");
    const pro = ENTITLEMENTS["Pro Plan"];
    expect(features("Free Plan")).toContain(`Up to ${ENTITLEMENTS["Free Plan"].watchlistSymbols} tickers`);
    expect(features("Pro Plan")).toContain(`${pro.tradeIdeas} quant-ranked`);
    expect(features("Pro Plan")).toContain(`${pro.watchlistSymbols} tickers`);
    expect(features("Pro Plan")).toContain(`${pro.cspTickersPerBatch} CSP tickers and ${pro.ccPositions} CC`);
    // The catalog's feature texts are built from the table, not typed: no digits in a string literal there.
    const catalog = readFileSync("app/lib/plans.ts", "utf8");
    const typed = [...catalog.matchAll(/text: "([^"]*\d[^"]*)"/g)].map((m) => m[1]);
    // The Elite line is the product's own wording for an uncapped list.
    expect(typed).toEqual(["More than 50 quant-ranked trade ideas daily"]);
    expect(PLAN_CATALOG).toHaveLength(3);
  });

  it("the notifications upgrade screen shows the catalog's Pro price and the terms' guarantee", () => {
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(UpgradeScreen, { currentTier: "Free Plan" })),
    );
    expect(html).toContain(`$${catalogEntry("Pro Plan").price.monthly}/month</span>`);
    expect(html).toContain(`${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee`);
    const terms = readFileSync("app/lib/legal/terms.ts", "utf8");
    expect(terms).toContain("MONEY_BACK_GUARANTEE_DAYS");
  });

  it("the ticker API's symbol cap is the largest plan's watchlist", () => {
    expect(MAX_WATCHLIST_SYMBOLS).toBe(ENTITLEMENTS["Elite Plan"].watchlistSymbols);
    const api = readFileSync("app/routes/api.get_tickers_info.ts", "utf8");
    expect(api).toContain("MAX_SYMBOLS = MAX_WATCHLIST_SYMBOLS");
  });
});
