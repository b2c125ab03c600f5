// Everything an idea card says, read from an idea payload. The honest-number fields of the ideas contract
// (fill basis, four POP methods, probability of touch, expected value, assumptions) are used when present;
// before they exist the engine's older fields are shown under their true labels (the credit at mid, three
// POP methods), and a missing number is shown as missing, never estimated here.
import { formatGrouped, formatPercent, formatPrice } from "./format";
import { breakevens, legsFromStrikes, type PayoffLeg } from "./payoff";
import { strategyDisplayName } from "./trade-ideas";

export interface IdeaLeg {
  occSymbol?: string;
  type: "call" | "put";
  side: "sell" | "buy";
  strike: number;
  bid?: number;
  ask?: number;
  mid?: number;
  volume?: number | null;
  openInterest?: number | null;
}

export interface IdeaEvent {
  date: string;
  kind: string;
  title?: string;
  /** Earnings timing when known: 'BMO' (before market open) or 'AMC' (after market close). */
  timing?: string | null;
  /** Ex-dividend: cash amount per share, when known. */
  amount?: number | null;
}

export interface IdeaAssumptions {
  r?: number | null;
  r_source?: string | null;
  r_as_of?: string | null;
  q?: number | null;
  q_source?: string | null;
  model?: string | null;
}

/** The idea payload of /api/get_trades and /api/trade/:id (API fields, engine fields, contract fields). */
export interface IdeaPayload {
  stock_symbol: string;
  strategy_type: string;
  trade_unique_identifier: string;
  expiration_date: string;
  profit_target_perc?: number | null;
  return_on_capital?: number | null;
  return_on_risk: number;
  net_credit: number;
  probability_of_profit: number;
  liquidity_point: number;
  call_long_strike?: number | null;
  call_short_strike?: number | null;
  put_long_strike?: number | null;
  put_short_strike?: number | null;
  ex_dividend_date?: string | null;
  earnings_date?: string | null;
  underlyingPrice?: number | null;
  daysToExpiration?: number | null;
  width?: number | null;
  creditMid?: number | null;
  creditNatural?: number | null;
  maxProfit?: number | null;
  maxLoss?: number | null;
  breakevenLow?: number | null;
  breakevenHigh?: number | null;
  pop?: { lognormal?: number; shortDelta?: number; creditToWidth?: number } | null;
  expectedValue?: number | null;
  /** The score's parts (numbers; app/lib/idea-why.ts writes the words); absent on ideas stored before them. */
  score_parts?: unknown;
  events?: { list?: IdeaEvent[] } | IdeaEvent[] | null;
  legs?: IdeaLeg[] | null;
  asOf?: string | null;
  source?: string | null;
  // Contract fields (issue 11).
  net_credit_mid?: number | null;
  net_credit_natural?: number | null;
  fill_basis?: string | null;
  fill_basis_label?: string | null;
  pop_methods?: {
    market_implied?: number | null;
    lognormal_atm?: number | null;
    delta?: number | null;
    credit_width?: number | null;
  } | null;
  prob_touch?: number | null;
  expected_value?: number | null;
  assumptions?: IdeaAssumptions | null;
  /** Liquidity detail when the payload has it. */
  volume?: number | null;
  openInterest?: number | null;
}

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
    mid: num(idea.net_credit_mid) ?? num(idea.creditMid),
    natural: num(idea.net_credit_natural) ?? num(idea.creditNatural),
  };
}

/** The POP methods, market-implied first; a method the payload lacks is shown as missing. */
export function popMethods(idea: IdeaPayload): PopMethodView[] {
  const m = idea.pop_methods;
  const old = idea.pop;
  const values: Record<PopMethodView["key"], number | null> = m
    ? {
        market_implied: num(m.market_implied),
        lognormal_atm: num(m.lognormal_atm),
        delta: num(m.delta),
        credit_width: num(m.credit_width),
      }
    : {
        market_implied: null,
        lognormal_atm: num(old?.lognormal),
        delta: num(old?.shortDelta),
        credit_width: num(old?.creditToWidth),
      };
  return (Object.keys(POP_EXPLANATIONS) as PopMethodView["key"][]).map((key) => ({
    key,
    ...POP_EXPLANATIONS[key],
    value: values[key],
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
  return num(idea.expected_value) ?? num(idea.expectedValue);
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

function eventList(idea: IdeaPayload): IdeaEvent[] {
  const e = idea.events;
  if (!e) return [];
  if (Array.isArray(e)) return e;
  return e.list ?? [];
}

/**
 * Badges for the events before expiry. Ex-dividend on a short call: early assignment is a real risk when
 * the dividend exceeds the call's remaining extrinsic value (when both are known, the warning says so).
 */
export function eventBadges(idea: IdeaPayload): EventBadge[] {
  const shortCall = idea.call_short_strike != null;
  const callLeg = idea.legs?.find((l) => l.type === "call" && l.side === "sell");
  const spot = num(idea.underlyingPrice);
  return eventList(idea).map((ev) => {
    const kind = ev.kind.toUpperCase();
    if (kind === "EARNINGS")
      return {
        kind: "earnings",
        date: ev.date,
        text: `Earnings ${ev.date}${ev.timing ? ` ${ev.timing.toUpperCase()}` : ""}`,
      };
    if (kind === "EX_DIVIDEND") {
      let warning: string | undefined;
      if (shortCall) {
        const mid = num(callLeg?.mid);
        const strike = num(idea.call_short_strike);
        const amount = num(ev.amount);
        if (mid !== null && strike !== null && spot !== null && amount !== null) {
          const extrinsic = mid - Math.max(0, spot - strike);
          if (amount > extrinsic)
            warning = `Early assignment risk: the $${formatPrice(amount)} dividend exceeds the short call's $${formatPrice(Math.max(0, extrinsic))} extrinsic value.`;
        } else {
          warning =
            "Short call before ex-dividend: early assignment is likely if the dividend exceeds the call's remaining extrinsic value.";
        }
      }
      return { kind: "ex-dividend", date: ev.date, text: `Ex-dividend ${ev.date}`, warning };
    }
    if (kind === "FOMC") return { kind: "fomc", date: ev.date, text: `FOMC ${ev.date}` };
    if (kind === "CPI") return { kind: "cpi", date: ev.date, text: `CPI ${ev.date}` };
    if (kind === "NFP") return { kind: "jobs", date: ev.date, text: `Jobs report ${ev.date}` };
    return { kind: "other", date: ev.date, text: `${ev.title ?? ev.kind} ${ev.date}` };
  });
}

/** Liquidity detail for the tooltip: the payload's totals, else the legs' smallest (the binding leg). */
export function liquidityDetail(idea: IdeaPayload): { volume: number | null; openInterest: number | null } {
  const v = num(idea.volume);
  const oi = num(idea.openInterest);
  if (v !== null || oi !== null) return { volume: v, openInterest: oi };
  const legs = idea.legs ?? [];
  const vols = legs.map((l) => num(l.volume)).filter((x): x is number => x !== null);
  const ois = legs.map((l) => num(l.openInterest)).filter((x): x is number => x !== null);
  return {
    volume: vols.length ? Math.min(...vols) : null,
    openInterest: ois.length ? Math.min(...ois) : null,
  };
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
