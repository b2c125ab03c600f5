// The shared wheel strategy's social card (1200x630) for /api/csp-image/:id and /api/cc-image/:id:
// the share record's numbers, in the same words as the shared page.
import { formatCalendarDate, formatGrouped, formatPercent, formatPrice } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { shareFigures, type SharePayload } from "#app/lib/wheel/share.ts";
import { CARD_COLORS, socialCard } from "#app/server/share-image/card-layout.server.ts";
import type { CardNode } from "#app/server/share-image/engine.server.ts";

/** Only what the card shows: its hash decides whether a cached PNG is still right. */
export interface WheelCardContent {
  title: string;
  subtitle: string;
  stats: [string, string][];
  quote: string;
  simulated: boolean;
}

const usd = (v: number) => `$${formatPrice(v)}`;

export function wheelCardContent(p: SharePayload): WheelCardContent {
  const f = shareFigures(p);
  const stats: [string, string][] = [
    ["Premium", `$${formatGrouped(f.totalPremium, 0, 3)}`],
    ["Return", formatPercent(p.returnOnCapital, 2)],
    ["Annualized", formatPercent(p.annualizedReturn, 1)],
  ];
  if (p.type === "CSP") stats.push(["Cash required", `$${formatGrouped(f.cashRequired ?? 0, 0, 3)}`]);
  else stats.push(["Shares", p.shares !== undefined ? String(p.shares) : "N/A"]);
  return {
    title: `${p.symbol} ${p.type === "CSP" ? "Cash Secured Put" : "Covered Call"}`,
    subtitle: `${usd(p.strike)} strike · expires ${formatCalendarDate(p.expirationDate)} · ${usd(p.premium)}/share`,
    stats,
    quote: p.asOf ? `Quote ${formatAsOf(p.asOf)}` : "Quote time not given",
    simulated: p.source === "demo",
  };
}

export function wheelCard(c: WheelCardContent): CardNode {
  return socialCard({
    kind: "Wheel strategy",
    simulated: c.simulated,
    title: c.title,
    subtitle: c.subtitle,
    stats: c.stats.map(([label, value], i) => ({
      label,
      value,
      color: i === 0 ? CARD_COLORS.brand : undefined,
    })),
    statValueSize: 44,
    footnote: c.quote,
  });
}
