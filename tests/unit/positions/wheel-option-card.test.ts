// What a wheel option's card on /positions renders (decision 338): marked, its cost to close, P&L with its share
// of max profit, the quote time and the rate and dividend yield; without a chain the spread cards' words and no
// number; while the marks are read, that it is marking.
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { markPosition } from "#app/engine/positions/marks.ts";
import { WheelOptionCard } from "#app/components/positions/WheelOptionCard.tsx";
import { POSITIONS_TEXT } from "#app/components/positions/text.ts";
import { wheelOptionPosition } from "#app/lib/positions/wheel-option.ts";
import type { MarkView, WheelOptionView } from "#app/lib/positions/client.ts";

const option: WheelOptionView = {
  key: "c1:put:60:2027-02-19",
  campaignId: "c1",
  symbol: "KO",
  kind: "CSP",
  strike: 60,
  expiration: "2027-02-19",
  contracts: 1,
  premium: 1.2,
  openedOn: "2027-01-04",
  stockCostPerShare: null,
};
const nowMs = Date.parse("2027-01-15T16:00:00Z");
const render = (view?: MarkView) => renderToStaticMarkup(createElement(WheelOptionCard, { option, view }));
const testId = (html: string, id: string) =>
  html.match(new RegExp(`data-testid="${id}"[^>]*>(.*?)</(dd|p|span)>`))?.[1] ?? null;

describe("the wheel option card", () => {
  it("shows the marked numbers, the quote time and the assumptions", () => {
    const mark = markPosition(
      wheelOptionPosition(option),
      [{ bid: 0.5, ask: 0.6, iv: 0.22, quoteTimeMs: nowMs }],
      {
        spot: 63,
        spotQuoteTimeMs: nowMs,
        rate: 0.04,
        dividendYield: 0.03,
        nowMs,
      },
    );
    const html = render({
      kind: "marked",
      mark,
      quoteTime: new Date(nowMs).toISOString(),
      assumptions: { rate: 0.04, rateSource: "test bills", dividendYield: 0.03 },
    });
    expect(html).toContain('data-testid="wheel-option-card"');
    expect(html).toContain("KO");
    expect(testId(html, "value-natural")).toMatch(/^\$0\.60/);
    // (1.20 - 0.60) x 100 = $60, half the $120 premium.
    expect(html).toMatch(/data-testid="pnl"[^>]*>.*\+\$60\.00.*50% of max profit/);
    expect(html).toContain('data-testid="quote-time"');
    expect(html).not.toContain('data-testid="mark-status"');
    expect(html).toMatch(/Risk-free rate 4\.00% \(test bills\), dividend yield 3\.00%/);
  });

  it("says there is no chain and shows no number", () => {
    const html = render({ kind: "no_chain" });
    expect(html).toContain('data-testid="mark-status"');
    expect(html).toContain(POSITIONS_TEXT.noChain);
    expect(testId(html, "value-natural")).toMatch(/^N\/A/);
    expect(html).not.toContain("of max profit");
    expect(html).not.toContain('data-testid="quote-time"');
  });

  it("says it is marking while the marks are read", () => {
    const html = render();
    expect(html).toContain('data-testid="mark-loading"');
    expect(html).not.toContain('data-testid="mark-status"');
  });
});
