// Everything an idea card says, read from an idea. The honest-number fields of the ideas contract (fill basis,
// four POP methods, probability of touch, expected value, assumptions) are shown when the idea has them; an idea
// recorded before them is shown under the true labels of what it has (the credit at mid, three POP methods).
import type { EventFlags } from "#app/engine/events.ts";
import type { SpreadLeg } from "#app/engine/spreads.ts";
import { formatGrouped, formatPercent, formatPrice } from "#app/lib/format.ts";
import type { LabelledSpreadIdea } from "#app/lib/model-labels.ts";
import { breakevens, legsFromStrikes, type PayoffLeg } from "#app/lib/payoff.ts";
import { strategyDisplayName } from "#app/lib/trade-ideas.ts";

/** The product's idea fields (docs/product/trade-ideas.md): every idea has them, however old its record. */
type IdeaCoreField =
  | "stock_symbol"
  | "trade_unique_identifier"
  | "expiration_date"
  | "return_on_risk"
  | "net_credit"
  | "probability_of_profit"
  | "liquidity_point";

/** A leg as a card reads it: a list card's legs are slimmed to side, type, strike and mid. */
export type IdeaLeg = Pick<SpreadLeg, "type" | "side" | "strike"> & Partial<SpreadLeg>;

/**
 * An idea as the screens read it, derived from the one idea type (the engine's `SpreadIdea` with the words the
 * server attaches, decisions 292 and 323): the
 * product's fields required, the rest optional, since an idea kept in the D1 history from before a field existed
 * lacks it (the server parses those records once, app/server/market/idea-record.server.ts). A missing number is
 * shown as missing, never estimated here.
 */
export type IdeaPayload = Pick<LabelledSpreadIdea, IdeaCoreField> &
  Partial<Omit<LabelledSpreadIdea, IdeaCoreField | "strategy_type" | "legs" | "pop_methods" | "events">> & {
    /** The product's strategy names; an unknown one is shown as given. */
    strategy_type: string;
    legs?: IdeaLeg[];
    /** A record from before the market-implied method has the other three. */
    pop_methods?: Partial<LabelledSpreadIdea["pop_methods"]>;
    events?: Partial<EventFlags>;
    source?: string;
    /** ISO instant of the quotes. */
    asOf?: string;
  };

export interface PopMethodView {
  key: "market_implied" | "lognormal_atm" | "delta" | "credit_width";
  label: string;
  explanation: string;
  value: number | null;
}

export const POP_EXPLANATIONS: Record<PopMethodView["key"], { label: string; explanation: string }> = {
  market_implied: {
    label: "Market-implied",
    explanation:
      "Risk-neutral chance of finishing beyond the breakeven at expiry, from the whole volatility smile of this expiration.",
  },
  lognormal_atm: {
    label: "Lognormal (ATM IV)",
    explanation:
      "The same question with one volatility for every strike (the at-the-money implied volatility).",
  },
  delta: {
    label: "Delta",
    explanation: "One minus the short strike's delta: the quick rule of thumb traders use.",
  },
  credit_width: {
    label: "Credit / width",
    explanation: "One minus credit over width: the odds at which this credit would be a fair bet.",
  },
};

export interface FillView {
  /** Per share. */
  atBasis: number;
  basisLabel: string;
  mid: number | null;
  natural: number | null;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function fillView(idea: IdeaPayload): FillView {
  const hasBasis = idea.fill_basis != null || idea.fill_basis_label != null;
  return {
    atBasis: idea.net_credit,
    // Before the fill basis exists the engine's net_credit is the credit at mid (app/engine/spreads.ts).
    basisLabel: hasBasis
      ? (idea.fill_basis_label ?? idea.fill_basis ?? "")
      : "at mid (the midpoint of each leg's bid and ask)",
    mid: num(idea.net_credit_mid),
    natural: num(idea.net_credit_natural),
  };
}

/** The POP methods, market-implied first; a method the payload lacks is shown as missing. */
export function popMethods(idea: IdeaPayload): PopMethodView[] {
  const m = idea.pop_methods;
  return (Object.keys(POP_EXPLANATIONS) as PopMethodView["key"][]).map((key) => ({
    key,
    ...POP_EXPLANATIONS[key],
    value: num(m?.[key]),
  }));
}

/** Which POP the headline shows, and its label. */
export function headlinePop(idea: IdeaPayload): { value: number; label: string } {
  const implied = num(idea.pop_methods?.market_implied);
  if (implied !== null) return { value: implied, label: "market-implied, risk-neutral, at expiry" };
  return { value: idea.probability_of_profit, label: "lognormal at the ATM volatility, at expiry" };
}

/** Expected value per contract in dollars, or null when the payload has none. */
export function expectedValue(idea: IdeaPayload): number | null {
  return num(idea.expected_value);
}

export function expectedValueSentence(ev: number | null): string {
  if (ev === null) return "Expected value: not available for this idea.";
  const dollars = `$${formatGrouped(Math.abs(ev), 0)}`;
  if (Math.abs(ev) < 5)
    return `Expected value about ${ev < 0 ? "-" : "+"}${dollars} per contract: close to zero, which is what a fairly priced spread looks like.`;
  return ev > 0
    ? `Expected value +${dollars} per contract under the model: the quotes sit above the chain's own fair value, which usually means a price that will not fill. Not a forecast of profit.`
    : `Expected value -${dollars} per contract: on average the fill costs more than the premium is worth.`;
}

export interface LegView {
  label: string;
  strike: number;
  side: "sell" | "buy";
  type: "call" | "put";
}

export function legViews(idea: IdeaPayload): LegView[] {
  return legsFromStrikes(idea).map((l) => ({
    label: `${l.side === "sell" ? "Sell" : "Buy"} ${l.strike} ${l.type === "put" ? "Put" : "Call"}`,
    strike: l.strike,
    side: l.side,
    type: l.type,
  }));
}

export function payoffLegs(idea: IdeaPayload): PayoffLeg[] {
  return legsFromStrikes(idea);
}

/** Breakevens: the payload's when given, else from the legs and the credit (exact). */
export function ideaBreakevens(idea: IdeaPayload): number[] {
  const given = [num(idea.breakevenLow), num(idea.breakevenHigh)].filter((v): v is number => v !== null);
  if (given.length) return given;
  return breakevens(legsFromStrikes(idea), idea.net_credit);
}

/** Max loss per contract (dollars): the payload's, else width minus credit. */
export function ideaMaxLoss(idea: IdeaPayload): number | null {
  const given = num(idea.maxLoss);
  if (given !== null) return given;
  const w = num(idea.width);
  return w !== null ? (w - idea.net_credit) * 100 : null;
}

export interface EventBadge {
  kind: "earnings" | "ex-dividend" | "fomc" | "cpi" | "jobs" | "other";
  date: string;
  text: string;
  warning?: string;
}

/**
 * Badges for the events before expiry. Ex-dividend on a short call: early assignment is a real risk when the
 * dividend exceeds the call's remaining extrinsic value (the idea's events carry no dividend amount, so the
 * warning states the rule).
 */
export function eventBadges(idea: IdeaPayload): EventBadge[] {
  const shortCall = idea.call_short_strike != null;
  return (idea.events?.list ?? []).map((ev) => {
    const kind = ev.kind.toUpperCase();
    if (kind === "EARNINGS") return { kind: "earnings", date: ev.date, text: `Earnings ${ev.date}` };
    if (kind === "EX_DIVIDEND") {
      const warning = shortCall
        ? "Short call before ex-dividend: early assignment is likely if the dividend exceeds the call's remaining extrinsic value."
        : undefined;
      return { kind: "ex-dividend", date: ev.date, text: `Ex-dividend ${ev.date}`, warning };
    }
    if (kind === "FOMC") return { kind: "fomc", date: ev.date, text: `FOMC ${ev.date}` };
    if (kind === "CPI") return { kind: "cpi", date: ev.date, text: `CPI ${ev.date}` };
    if (kind === "NFP") return { kind: "jobs", date: ev.date, text: `Jobs report ${ev.date}` };
    return { kind: "other", date: ev.date, text: `${ev.title ?? ev.kind} ${ev.date}` };
  });
}

/**
 * Liquidity detail for the tooltip: the legs' smallest open interest (the binding leg). An idea carries no
 * current-session volume (only the prior session's, which the score reads), so volume is shown as missing.
 */
export function liquidityDetail(idea: IdeaPayload): { volume: number | null; openInterest: number | null } {
  const ois = (idea.legs ?? []).map((l) => num(l.openInterest)).filter((x): x is number => x !== null);
  return { volume: null, openInterest: ois.length ? Math.min(...ois) : null };
}

export function ideaTitle(idea: IdeaPayload): string {
  return `${idea.stock_symbol} ${strategyDisplayName(idea.strategy_type)}`;
}

/** A one-line summary for share texts and page descriptions. */
export function ideaSummary(idea: IdeaPayload): string {
  const legs = legViews(idea)
    .filter((l) => l.side === "sell")
    .map((l) => `${l.strike}${l.type === "put" ? "P" : "C"}`)
    .join("/");
  const pop = headlinePop(idea);
  return (
    `${ideaTitle(idea)} ${legs} exp ${idea.expiration_date}: $${formatPrice(idea.net_credit)} credit, ` +
    `${formatPercent(idea.return_on_risk, 1)} return on risk, ${formatPercent(pop.value, 0)} probability of profit.`
  );
}
