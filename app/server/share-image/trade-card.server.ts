// The trade idea's social card (1200x630): what the idea was when shared, in the same words as the page.
import { formatAsOf } from "../../lib/format";
import {
  fillView,
  headlinePop,
  ideaMaxLoss,
  ideaTitle,
  legViews,
  type IdeaPayload,
} from "../../lib/idea-view";
import { h, type CardNode } from "./engine.server";

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
    credit: `$${fill.atBasis.toFixed(2)}`,
    maxLoss: maxLoss === null ? "N/A" : `$${Math.round(maxLoss).toLocaleString("en-US")}`,
    returnOnRisk: `${idea.return_on_risk.toFixed(1)}%`,
    pop: `${pop.value.toFixed(0)}%`,
    popLabel: pop.label,
    quote: `Quotes ${formatAsOf(idea.asOf ?? null)}${idea.source ? ` · ${idea.source}` : ""}`,
    simulated: idea.source === "demo",
  };
}

const stat = (label: string, value: string, color = "#f8fafc") =>
  h(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      padding: "20px 28px",
      borderRadius: 16,
      background: "#131c2e",
      flex: 1,
    },
    h("div", { fontSize: 24, color: "#94a3b8" }, label),
    h("div", { fontSize: 48, fontWeight: 700, color, marginTop: 6 }, value),
  );

export function tradeCard(c: TradeCardContent): CardNode {
  return h(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      background: "#070b14",
      color: "#f8fafc",
      padding: "48px 56px",
      fontFamily: "Inter",
    },
    h(
      "div",
      {
        display: "flex",
        justifyContent: "space-between",
        alignItems: "center",
        fontSize: 28,
        color: "#34d399",
      },
      h("div", { display: "flex", fontWeight: 700 }, "Wheelhouse"),
      h(
        "div",
        { display: "flex", color: "#94a3b8" },
        c.simulated ? "Trade idea · Simulated data" : "Trade idea",
      ),
    ),
    h("div", { display: "flex", fontSize: 64, fontWeight: 700, marginTop: 28 }, c.title),
    h(
      "div",
      { display: "flex", fontSize: 30, color: "#cbd5e1", marginTop: 12 },
      `${c.legs.join(" / ")} · ${c.expiration}`,
    ),
    h(
      "div",
      { display: "flex", gap: 20, marginTop: 40 },
      stat("Net credit", c.credit, "#34d399"),
      stat("Max loss", c.maxLoss, "#f87171"),
      stat("Return on risk", c.returnOnRisk),
      stat("Prob. of profit", c.pop),
    ),
    h(
      "div",
      { display: "flex", marginTop: "auto", justifyContent: "space-between", fontSize: 22, color: "#64748b" },
      h("div", { display: "flex" }, `${c.quote} · POP ${c.popLabel}`),
      h("div", { display: "flex" }, "Not financial advice"),
    ),
  );
}

export const FALLBACK_CARD_SIZE = { width: 600, height: 315 };

/** The small image an unknown id gets (with a 404). */
export function fallbackCard(): CardNode {
  return h(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      alignItems: "center",
      justifyContent: "center",
      background: "#070b14",
      color: "#f8fafc",
      fontFamily: "Inter",
    },
    h("div", { display: "flex", fontSize: 40, fontWeight: 700, color: "#34d399" }, "Wheelhouse"),
    h("div", { display: "flex", fontSize: 24, color: "#94a3b8", marginTop: 12 }, "Trade idea not found"),
  );
}
