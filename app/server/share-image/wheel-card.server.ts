// The shared wheel strategy's social card (1200x630) for /api/csp-image/:id and /api/cc-image/:id:
// the share record's numbers, in the same words as the shared page.
import { formatAsOf, formatCalendarDate } from "../../lib/format";
import { shareFigures, type SharePayload } from "../../lib/wheel-share";
import { h, type CardNode } from "./engine.server";

/** Only what the card shows: its hash decides whether a cached PNG is still right. */
export interface WheelCardContent {
  title: string;
  subtitle: string;
  stats: [string, string][];
  quote: string;
  simulated: boolean;
}

const usd = (v: number) =>
  `$${v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function wheelCardContent(p: SharePayload): WheelCardContent {
  const f = shareFigures(p);
  const stats: [string, string][] = [
    ["Premium", `$${f.totalPremium.toLocaleString("en-US")}`],
    ["Return", p.returnOnCapital !== undefined ? `${p.returnOnCapital.toFixed(2)}%` : "N/A"],
    ["Annualized", p.annualizedReturn !== undefined ? `${p.annualizedReturn.toFixed(1)}%` : "N/A"],
  ];
  if (p.type === "CSP") stats.push(["Cash required", `$${(f.cashRequired ?? 0).toLocaleString("en-US")}`]);
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
        c.simulated ? "Wheel strategy · Simulated data" : "Wheel strategy",
      ),
    ),
    h("div", { display: "flex", fontSize: 64, fontWeight: 700, marginTop: 28 }, c.title),
    h("div", { display: "flex", fontSize: 30, color: "#cbd5e1", marginTop: 12 }, c.subtitle),
    h(
      "div",
      { display: "flex", gap: 20, marginTop: 40 },
      ...c.stats.map(([label, value], i) =>
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
          h(
            "div",
            { fontSize: 44, fontWeight: 700, color: i === 0 ? "#34d399" : "#f8fafc", marginTop: 6 },
            value,
          ),
        ),
      ),
    ),
    h(
      "div",
      { display: "flex", marginTop: "auto", justifyContent: "space-between", fontSize: 22, color: "#64748b" },
      h("div", { display: "flex" }, c.quote),
      h("div", { display: "flex" }, "Not financial advice"),
    ),
  );
}

export function wheelFallbackCard(): CardNode {
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
    h(
      "div",
      { display: "flex", fontSize: 24, color: "#94a3b8", marginTop: 12 },
      "Strategy not found or expired",
    ),
  );
}
