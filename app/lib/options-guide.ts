// The options guide's numbers: every premium, break-even and outcome on the page is computed here (from the
// engine's Black-Scholes-Merton price) so the text and the charts can't disagree.
import { bsmGreeks, bsmPrice, type OptionType } from "#app/engine/bsm.ts";

/** Assumptions the explorer states on screen. */
export const GUIDE_RATE = 0.04;
export const GUIDE_DIVIDEND_YIELD = 0;
export const DAYS_PER_YEAR = 365;

/** Educational figures (docs/product/public-pages.md#options-guide). */
export const RECOMMENDED_DTE = { min: 30, max: 45 } as const;
export const POSITION_SIZE_PERCENT = { min: 1, max: 5 } as const;

export interface ExplorerInput {
  type: OptionType;
  spot: number;
  strike: number;
  /** Percent, e.g. 25 for 25%. */
  volPercent: number;
  days: number;
}

export interface ExplorerResult {
  premium: number;
  intrinsic: number;
  timeValue: number;
  /** Dollars per share lost per calendar day, all else equal (negative = decay). */
  thetaPerDay: number;
  delta: number;
  moneyness: Moneyness;
}

export type Moneyness = "ITM" | "ATM" | "OTM";

/** At the money within half a percent of the stock price, as traders use the word. */
export function moneyness(type: OptionType, spot: number, strike: number): Moneyness {
  if (Math.abs(strike - spot) <= spot * 0.005) return "ATM";
  const inTheMoney = type === "call" ? spot > strike : spot < strike;
  return inTheMoney ? "ITM" : "OTM";
}

export function intrinsicValue(type: OptionType, spot: number, strike: number): number {
  return type === "call" ? Math.max(0, spot - strike) : Math.max(0, strike - spot);
}

export function explore(input: ExplorerInput): ExplorerResult {
  const bsm = {
    type: input.type,
    S: input.spot,
    K: input.strike,
    T: Math.max(input.days, 0) / DAYS_PER_YEAR,
    r: GUIDE_RATE,
    q: GUIDE_DIVIDEND_YIELD,
    sigma: input.volPercent / 100,
  };
  const premium = bsmPrice(bsm);
  const greeks = bsmGreeks(bsm);
  const intrinsic = intrinsicValue(input.type, input.spot, input.strike);
  return {
    premium,
    intrinsic,
    timeValue: Math.max(0, premium - intrinsic),
    thetaPerDay: greeks.theta / DAYS_PER_YEAR,
    delta: greeks.delta,
    moneyness: moneyness(input.type, input.spot, input.strike),
  };
}

/** Break-even at expiry of a bought option: call strike + premium, put strike - premium. */
export function breakEven(type: OptionType, strike: number, premium: number): number {
  return type === "call" ? strike + premium : strike - premium;
}

/** Profit or loss at expiry of one bought contract (100 shares), in dollars. */
export function longOptionPnl(type: OptionType, strike: number, premium: number, priceAtExpiry: number) {
  return (intrinsicValue(type, priceAtExpiry, strike) - premium) * 100;
}

export interface GuideExample {
  type: OptionType;
  title: string;
  story: string;
  spot: number;
  strike: number;
  days: number;
  volPercent: number;
  /** Closing prices over the holding period, one a week, ending at expiry. */
  path: readonly number[];
  outcomes: readonly number[];
}

/** Fixed scenarios for the Real Examples tab (a fictional stock, "XYZ"). */
export const CALL_EXAMPLE: GuideExample = {
  type: "call",
  title: "Buying a call: XYZ before a product launch",
  story:
    "XYZ trades at $100. You expect it to rise over the next month, so you buy one 105-strike call expiring in 30 days instead of 100 shares.",
  spot: 100,
  strike: 105,
  days: 30,
  volPercent: 30,
  path: [100, 102.5, 101, 106, 109.5],
  outcomes: [95, 105, 110, 115],
};

export const PUT_EXAMPLE: GuideExample = {
  type: "put",
  title: "Buying a put: XYZ into a weak quarter",
  story:
    "XYZ trades at $100. You expect a drop after a weak quarter, so you buy one 95-strike put expiring in 30 days.",
  spot: 100,
  strike: 95,
  days: 30,
  volPercent: 30,
  path: [100, 98, 99, 94.5, 91],
  outcomes: [85, 90, 95, 105],
};

export interface ExampleNumbers {
  premium: number;
  cost: number;
  breakEven: number;
  maxLoss: number;
  outcomes: { price: number; pnl: number }[];
}

/** The example's premium is today's model price; everything else follows from it. */
export function exampleNumbers(ex: GuideExample): ExampleNumbers {
  const premium = round2(
    explore({ type: ex.type, spot: ex.spot, strike: ex.strike, volPercent: ex.volPercent, days: ex.days })
      .premium,
  );
  return {
    premium,
    cost: premium * 100,
    breakEven: round2(breakEven(ex.type, ex.strike, premium)),
    maxLoss: premium * 100,
    outcomes: ex.outcomes.map((price) => ({
      price,
      pnl: Math.round(longOptionPnl(ex.type, ex.strike, premium, price)),
    })),
  };
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
