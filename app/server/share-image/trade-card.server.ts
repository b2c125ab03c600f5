// The trade idea's social card (1200x630): what the idea was when shared, in the same words as the page.
import { formatGrouped, formatPercent, formatPrice } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import {
  fillView,
  headlinePop,
  ideaMaxLoss,
  ideaTitle,
  legViews,
  type IdeaPayload,
} from "#app/lib/idea-view.ts";
import { CARD_COLORS, socialCard } from "#app/server/share-image/card-layout.server.ts";
import type { CardNode } from "#app/server/share-image/engine.server.ts";

/** Only what the card shows: the hash of this decides whether a cached PNG is still right. */
export interface TradeCardContent {
  title: string;
  legs: string[];
  expiration: string;
  credit: string;
  maxLoss: string;
  returnOnRisk: string;
  pop: string;
  popLabel: string;
  quote: string;
  simulated: boolean;
}

export function tradeCardContent(idea: IdeaPayload): TradeCardContent {
  const fill = fillView(idea);
  const maxLoss = ideaMaxLoss(idea);
  const pop = headlinePop(idea);
  return {
    title: ideaTitle(idea),
    legs: legViews(idea).map((l) => l.label),
    expiration: `Expires ${idea.expiration_date}`,
    credit: `$${formatPrice(fill.atBasis)}`,
    maxLoss: maxLoss === null ? "N/A" : `$${formatGrouped(maxLoss, 0)}`,
    returnOnRisk: formatPercent(idea.return_on_risk, 1),
    pop: formatPercent(pop.value, 0),
    popLabel: pop.label,
    quote: `Quotes ${formatAsOf(idea.asOf ?? null)}${idea.source ? ` · ${idea.source}` : ""}`,
    simulated: idea.source === "demo",
  };
}

export function tradeCard(c: TradeCardContent): CardNode {
  return socialCard({
    kind: "Trade idea",
    simulated: c.simulated,
    title: c.title,
    subtitle: `${c.legs.join(" / ")} · ${c.expiration}`,
    stats: [
      { label: "Net credit", value: c.credit, color: CARD_COLORS.brand },
      { label: "Max loss", value: c.maxLoss, color: CARD_COLORS.loss },
      { label: "Return on risk", value: c.returnOnRisk },
      { label: "Prob. of profit", value: c.pop },
    ],
    statValueSize: 48,
    footnote: `${c.quote} · POP ${c.popLabel}`,
  });
}
