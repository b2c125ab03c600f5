// "I took this" (decision 334): an idea card's spread as the ledger's open action, prefilled at the fill the card
// shows, and the dialog's form read back. The form sends what was typed; the server checks it (400 with its words).
import { formatDecimal } from "#app/lib/format.ts";
import type { IdeaPayload } from "#app/lib/idea-view.ts";
import type { PositionChange, PositionLegInput, SpreadStrategy } from "#app/lib/positions/client.ts";

/** The words of the button and its dialog (on every spread idea card: kept apart from the page's). */
export const TOOK_TEXT = {
  button: "I took this",
  title: "I took this trade",
  note: "Prefilled at the credit this card shows (its fill basis); change anything to match your broker's fill.",
  submit: "Track this position",
  saved: "Tracking it on Positions.",
  view: "View positions",
  signIn: "Sign in to track the trades you take.",
  upgrade: "Upgrade",
} as const;

/** The same dialog opened from /positions with nothing prefilled: a spread entered by hand. */
export const HAND_TEXT = {
  button: "Record a spread by hand",
  title: "Record a spread",
  note: "Enter the legs and the credit as your broker filled them.",
} as const;

export interface TookThisPrefill {
  symbol: string;
  strategy: SpreadStrategy;
  legs: PositionLegInput[];
  contracts: number;
  /** Per share, at the card's fill basis as it shows it (two decimals). */
  openCredit: string;
  openedOn: string;
  tradeId: string;
}

const STRATEGIES: readonly SpreadStrategy[] = [
  "BULL_PUT_SPREAD",
  "BEAR_CALL_SPREAD",
  "IRON_CONDOR",
  "CUSTOM_CREDIT_SPREAD",
];

const asStrategy = (s: string): SpreadStrategy => {
  const upper = s.toUpperCase();
  return (STRATEGIES as readonly string[]).includes(upper)
    ? (upper as SpreadStrategy)
    : "CUSTOM_CREDIT_SPREAD";
};

/** The card's spread: its legs from the strikes, one contract, the credit at the card's basis and tick. */
export function tookThisPrefill(idea: IdeaPayload, today: string): TookThisPrefill {
  const expiration = idea.expiration_date;
  const legs: PositionLegInput[] = [];
  const add = (right: "put" | "call", side: "short" | "long", strike: number | null | undefined) => {
    if (typeof strike === "number") legs.push({ right, side, strike, expiration });
  };
  add("put", "short", idea.put_short_strike);
  add("put", "long", idea.put_long_strike);
  add("call", "short", idea.call_short_strike);
  add("call", "long", idea.call_long_strike);
  return {
    symbol: idea.stock_symbol,
    strategy: asStrategy(idea.strategy_type),
    legs,
    contracts: 1,
    openCredit: formatDecimal(idea.net_credit, 2),
    openedOn: today,
    tradeId: idea.trade_unique_identifier,
  };
}

/** The legs a strategy has, strikes left blank (NaN): a condor and a custom spread four, a vertical two. */
export function blankLegsOf(strategy: SpreadStrategy, expiration: string): PositionLegInput[] {
  const leg = (right: "put" | "call", side: "short" | "long"): PositionLegInput => ({
    right,
    side,
    strike: Number.NaN,
    expiration,
  });
  if (strategy === "BULL_PUT_SPREAD") return [leg("put", "short"), leg("put", "long")];
  if (strategy === "BEAR_CALL_SPREAD") return [leg("call", "short"), leg("call", "long")];
  return [leg("put", "long"), leg("put", "short"), leg("call", "short"), leg("call", "long")];
}

/** A spread entered by hand: a bull put spread's two blank legs, one contract, opened today, no idea linked. */
export function handEntryPrefill(today: string): TookThisPrefill {
  return {
    symbol: "",
    strategy: "BULL_PUT_SPREAD",
    legs: blankLegsOf("BULL_PUT_SPREAD", ""),
    contracts: 1,
    openCredit: "",
    openedOn: today,
    tradeId: "",
  };
}

const numberOf = (v: FormDataEntryValue | null): number => {
  const text = typeof v === "string" ? v.trim().replace(/^\$/, "") : "";
  return text === "" ? Number.NaN : Number(text);
};

/** The legs of a form whose leg fields are named leg<i>.<field>, i from 0 to count - 1. */
export function legsFromForm(form: FormData, count: number): PositionLegInput[] {
  return Array.from({ length: count }, (_, i) => ({
    right: form.get(`leg${i}.right`) === "call" ? "call" : "put",
    side: form.get(`leg${i}.side`) === "long" ? "long" : "short",
    strike: numberOf(form.get(`leg${i}.strike`)),
    expiration: String(form.get(`leg${i}.expiration`) ?? ""),
  }));
}

/** The open action from the dialog's form; a number that does not read is NaN, sent as null (JSON) for the server's words. */
export function openChangeFromForm(form: FormData, legCount: number): PositionChange {
  const tradeId = String(form.get("tradeId") ?? "");
  return {
    action: "open",
    position: {
      symbol: String(form.get("symbol") ?? ""),
      strategy: asStrategy(String(form.get("strategy") ?? "")),
      legs: legsFromForm(form, legCount),
      contracts: numberOf(form.get("contracts")),
      openCredit: numberOf(form.get("openCredit")),
      openedOn: String(form.get("openedOn") ?? ""),
      ...(tradeId ? { tradeId } : {}),
    },
  };
}

export { numberOf, STRATEGIES };
