// What the market cards render for awkward data: missing sentiment counts (issue 10 defect 6) and two
// same-titled events on one day (defect 12).
import { describe, expect, it } from "vitest";
import { createElement, isValidElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { EconomicCalendarCard } from "#app/components/market/EconomicCalendarCard.tsx";
import { TickerCard } from "#app/components/market/TickerCard.tsx";
import { eventKeys, upcomingEventGroups } from "#app/lib/economic-calendar.ts";
import { formatCount } from "#app/lib/format.ts";
import type { TickerCardData } from "#app/lib/ticker-card.ts";

const card: TickerCardData = {
  symbol: "AAPL",
  current_price: 270.12,
  change_percentage: 1.2,
  ex_dividend_date: null,
  next_earnings_date: null,
  positive_5days: null,
  neutral_5days: null,
  negative_5days: null,
  last_rsi_value: 55,
  rsi_value_trend: "up",
  source: "cboe",
  asOf: "2026-11-20T21:00:00.000Z",
};

function sentimentCells(html: string): string[] {
  const block = html.slice(html.indexOf('data-testid="sentiment"'));
  return [...block.matchAll(/font-semibold[^"]*">([^<]*)<\/p>/g)].slice(0, 3).map((m) => m[1]!);
}

describe("ticker card sentiment", () => {
  it("shows N/A for counts the provider did not give, not 0", () => {
    const html = renderToStaticMarkup(createElement(TickerCard, { data: card }));
    expect(sentimentCells(html)).toEqual(["N/A", "N/A", "N/A"]);
  });

  it("shows real zeros and counts as numbers", () => {
    const html = renderToStaticMarkup(
      createElement(TickerCard, {
        data: { ...card, positive_5days: 3, neutral_5days: 0, negative_5days: 1 },
      }),
    );
    expect(sentimentCells(html)).toEqual(["3", "0", "1"]);
  });

  it("formatCount", () => {
    expect(formatCount(null)).toBe("N/A");
    expect(formatCount(undefined)).toBe("N/A");
    expect(formatCount(Number.NaN)).toBe("N/A");
    expect(formatCount(0)).toBe("0");
    expect(formatCount(12)).toBe("12");
  });
});

/** Every list of siblings React reconciles (arrays in the element tree) must have unique keys. */
function duplicateKeys(node: ReactNode): string[] {
  const dupes: string[] = [];
  const visit = (n: ReactNode) => {
    if (Array.isArray(n)) {
      // Static children carry no key; lists built with map carry one each.
      const keys = n.filter(isValidElement).flatMap((el) => (el.key === null ? [] : [el.key]));
      dupes.push(...keys.filter((k, i) => keys.indexOf(k) !== i));
      n.forEach(visit);
    } else if (isValidElement(n)) {
      visit((n.props as { children?: ReactNode }).children);
    }
  };
  visit(node);
  return dupes;
}

describe("economic calendar card", () => {
  const events = [
    { date: "2026-12-02", title: "Treasury auction", impact: "medium" },
    { date: "2026-12-02", title: "Treasury auction", impact: "medium" },
    { date: "2026-12-02", title: "FOMC rate decision", impact: "high" },
  ];

  it("gives two same-titled events on one day distinct keys, and renders both", () => {
    const groups = upcomingEventGroups(events, "2026-12-01");
    const tree = EconomicCalendarCard({ groups });
    expect(duplicateKeys(tree)).toEqual([]);
    const html = renderToStaticMarkup(tree);
    expect(html.match(/Treasury auction/g)).toHaveLength(2);
  });

  it("labels an estimated release 'estimate' and says how its date was set (decision 258)", () => {
    const groups = upcomingEventGroups(
      [
        {
          date: "2027-01-08",
          title: "Jobs Report (Nonfarm Payrolls)",
          impact: "high",
          estimated: true,
          estimateBasis: "BLS practice: third Friday after the reference week (usually the first Friday)",
        },
      ],
      "2027-01-01",
    );
    const html = renderToStaticMarkup(EconomicCalendarCard({ groups }));
    expect(html).toContain("(estimate)");
    expect(html).toContain(
      'title="Release date not yet confirmed by the agency. BLS practice: third Friday after the reference week (usually the first Friday)"',
    );
  });

  it("eventKeys numbers repeats and keeps first titles as they are", () => {
    expect(eventKeys([{ title: "A" }, { title: "B" }, { title: "A" }, { title: "A" }])).toEqual([
      "A",
      "B",
      "A#2",
      "A#3",
    ]);
  });
});
