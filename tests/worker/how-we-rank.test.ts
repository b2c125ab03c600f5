// /how-we-rank (issue 27 item 5): a public page, rendered on the server for a visitor with no session, whose
// profile windows, delta bands and score weights are the engine's constants, not retyped numbers.
import { EDGE_CORRELATION, edgeCredit, FORECAST_CLASSES } from "#app/engine/forecast.ts";
import { EQUITY_RISK_PREMIUM } from "#app/engine/quality.ts";
import { BOOK_RULES_TEXT } from "#app/lib/trade-ideas.ts";
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import routesSource from "../../app/routes.ts?raw";
import * as howWeRank from "#app/routes/how-we-rank.tsx";
import {
  FIT_WEIGHT,
  LIQUIDITY_WEIGHT,
  MIN_FORECAST_CLOSES,
  PROFILE_TARGETS,
  SPREAD_PROFILES,
} from "#app/engine/quality.ts";
import { WHEEL_PROFILE_TARGETS } from "#app/engine/wheel/wheel.ts";
import { FILL_BASIS_LABEL, MODEL_DESCRIPTION } from "#app/lib/model-labels.ts";
import { POP_EXPLANATIONS } from "#app/lib/idea-view.ts";
import { HOW_WE_RANK_PATH, PUBLIC_PAGES } from "#app/lib/seo.ts";
import { routeTable } from "./route-table";
import { ORIGIN } from "./helpers";

/** The page as the server renders it for a request with no cookie: status and HTML. */
async function renderForVisitor(): Promise<{ status: number; html: string }> {
  const handler = createStaticHandler([
    { id: "how-we-rank", path: HOW_WE_RANK_PATH, Component: howWeRank.default },
  ]);
  const context = await handler.query(new Request(`${ORIGIN}${HOW_WE_RANK_PATH}`));
  if (context instanceof Response) return { status: context.status, html: "" };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context }));
  return { status: context.statusCode, html };
}

/** The rows of the table with this data-testid, as arrays of cell texts. */
function tableRows(html: string, testId: string): string[][] {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start).toBeGreaterThan(-1);
  const body = html.slice(html.indexOf("<tbody", start), html.indexOf("</tbody>", start));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<!-- -->/g, "")),
  );
}

const band = (t: { minDelta: number; maxDelta: number }) =>
  t.minDelta > 0 ? `${t.minDelta.toFixed(2)} to ${t.maxDelta.toFixed(2)}` : `below ${t.maxDelta.toFixed(2)}`;

describe("/how-we-rank", () => {
  it("is public: outside the signed-in layout, with no loader, and in the sitemap", () => {
    const entry = routeTable(routesSource).find((r) => r.path === HOW_WE_RANK_PATH);
    expect(entry).toMatchObject({ file: "how-we-rank.tsx", layouts: [] });
    expect("loader" in howWeRank).toBe(false);
    expect(PUBLIC_PAGES.map((p) => p.path)).toContain(HOW_WE_RANK_PATH);
  });

  it("renders 200 for a visitor with the profiles' windows and bands read from the engine", async () => {
    const { status, html } = await renderForVisitor();
    expect(status).toBe(200);
    expect(html).toContain("How we rank trade ideas");
    expect(tableRows(html, "spread-profiles")).toEqual(
      SPREAD_PROFILES.map((p) => {
        const t = PROFILE_TARGETS[p];
        return [
          p.charAt(0).toUpperCase() + p.slice(1),
          `${t.minDte}-${t.maxDte}`,
          `${t.preferMinDte}-${t.preferMaxDte}`,
          band(t),
          t.targetDelta.toFixed(2),
        ];
      }),
    );
    expect(tableRows(html, "wheel-risk-levels").map((r) => r.slice(1))).toEqual(
      (["conservative", "balanced", "aggressive"] as const).map((r) => {
        const t = WHEEL_PROFILE_TARGETS[r];
        return [
          `${t.minDte}-${t.maxDte}`,
          `${t.preferMinDte}-${t.preferMaxDte}`,
          band(t),
          t.targetDelta.toFixed(2),
        ];
      }),
    );
  });

  it("states the score with the engine's weights, the four POP methods as the cards label them, EV and the assumptions", async () => {
    const { html } = await renderForVisitor();
    const text = html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
    expect(text).toContain(`${FIT_WEIGHT} × (1 − DTE fit) − ${FIT_WEIGHT} × (1 −`);
    expect(text).toContain(`${LIQUIDITY_WEIGHT} × (1 − liquidity)`);
    expect(text).toContain(`at least ${MIN_FORECAST_CLOSES} closes`);
    for (const m of Object.values(POP_EXPLANATIONS)) {
      expect(text).toContain(m.label);
      expect(text).toContain(m.explanation);
    }
    expect(text).toContain("about zero minus the cost of filling it");
    expect(text).toContain(FILL_BASIS_LABEL);
    expect(text).toContain(MODEL_DESCRIPTION);
    expect(text).toContain("There is no sure edge.");
  });

  it("says how much the forecast has earned and the book's rules, from the engine's constants", async () => {
    const { html } = await renderForVisitor();
    const text = html
      .replace(/<!-- -->/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&");
    const record = text.match(/data-testid="forecast-record">([^<]*)</)?.[1] ?? "";
    expect(record).toContain(`correlation of ${EDGE_CORRELATION.index.toFixed(2)} for broad indexes`);
    for (const cls of FORECAST_CLASSES) expect(record).toContain(`${Math.round(edgeCredit(cls) * 100)}%`);
    expect(record).toContain("These figures describe the simulated market, not a real one.");
    expect(text).toContain(`an equity risk premium of ${Math.round(EQUITY_RISK_PREMIUM * 100)}% a year`);
    for (const rule of BOOK_RULES_TEXT) expect(text).toContain(rule);
  });

  it("has its own title, description and canonical address", () => {
    const tags = howWeRank.meta({ matches: [] } as unknown as Parameters<typeof howWeRank.meta>[0]);
    expect(tags).toContainEqual({ title: "How We Rank Trade Ideas · Wheelhouse" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: HOW_WE_RANK_PATH });
  });
});
