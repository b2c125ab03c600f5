// The one layout every social card uses (trade ideas, wheel strategies).
// Flat on purpose: solid fills and rounded boxes only, no shadows, gradients or filters (decision 190).
import { h, type CardNode } from "#app/server/share-image/engine.server.ts";

export const CARD_COLORS = {
  background: "#070b14",
  panel: "#131c2e",
  text: "#f8fafc",
  brand: "#34d399",
  loss: "#f87171",
  subtitle: "#cbd5e1",
  label: "#94a3b8",
  footer: "#64748b",
} as const;

export interface CardStat {
  label: string;
  value: string;
  color?: string;
}

export interface SocialCardLayout {
  /** What the card is ("Trade idea", "Wheel strategy"), shown top right. */
  kind: string;
  simulated: boolean;
  title: string;
  subtitle: string;
  stats: CardStat[];
  /** Font size of the stat values (longer values get a smaller size). */
  statValueSize: number;
  /** Bottom left: quote time and source, and anything the numbers depend on. */
  footnote: string;
}

const statBox = ({ label, value, color = CARD_COLORS.text }: CardStat, valueSize: number) =>
  h(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      padding: "20px 28px",
      borderRadius: 16,
      background: CARD_COLORS.panel,
      flex: 1,
    },
    h("div", { fontSize: 24, color: CARD_COLORS.label }, label),
    h("div", { fontSize: valueSize, fontWeight: 700, color, marginTop: 6 }, value),
  );

/** 1200x630: brand and kind, title, subtitle, a row of stats, footnote and the not-advice notice. */
export function socialCard(c: SocialCardLayout): CardNode {
  return h(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      background: CARD_COLORS.background,
      color: CARD_COLORS.text,
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
        color: CARD_COLORS.brand,
      },
      h("div", { display: "flex", fontWeight: 700 }, "Wheelhouse"),
      h(
        "div",
        { display: "flex", color: CARD_COLORS.label },
        c.simulated ? `${c.kind} · Simulated data` : c.kind,
      ),
    ),
    h("div", { display: "flex", fontSize: 64, fontWeight: 700, marginTop: 28 }, c.title),
    h("div", { display: "flex", fontSize: 30, color: CARD_COLORS.subtitle, marginTop: 12 }, c.subtitle),
    h("div", { display: "flex", gap: 20, marginTop: 40 }, ...c.stats.map((s) => statBox(s, c.statValueSize))),
    h(
      "div",
      {
        display: "flex",
        marginTop: "auto",
        justifyContent: "space-between",
        fontSize: 22,
        color: CARD_COLORS.footer,
      },
      h("div", { display: "flex" }, c.footnote),
      h("div", { display: "flex" }, "Not financial advice"),
    ),
  );
}
