// The risk-free rate every idea is priced with, with where it came from (decision 050).
// Pure: the simulated market's published series and the unit conversion of a Treasury bill quote.
// The market pipeline picks the source (simulated series, or a live bill rate with its last good
// value cached) and ships { r, r_source, r_as_of } in every idea's assumptions.
import { daysBetween, onOrBeforeTradingDay } from "#app/lib/market-calendar/index.ts";

export interface RiskFreeRate {
  /** Continuously compounded, decimal. */
  rate: number;
  /** Human label of the source. */
  source: string;
  /** 'YYYY-MM-DD' of the observation; null for a configured rate, which has none. */
  asOf: string | null;
}

export const SIMULATED_RATE_SOURCE = "Simulated data: 13-week T-bill series of the simulated market";

/** Days to maturity of the 13-week bill the rate is read from. */
export const BILL_DAYS = 91;

/**
 * A Treasury bill's coupon-equivalent (investment) yield, percent, simple interest on a 365-day
 * year, as continuous compounding: ln(1 + y x days / 365) x 365 / days.
 */
export function continuousFromCouponEquivalent(yieldPercent: number, days = BILL_DAYS): number {
  return (Math.log(1 + (yieldPercent / 100) * (days / 365)) * 365) / days;
}

/**
 * The simulated market's 13-week bill yield on a date (percent, two decimals as Treasury quotes
 * it): about 4% drifting down 0.15 points a year from 2026-01-01, with a slow 13-week wave of
 * +-0.05 points. Deterministic, so every run and every test sees the same series.
 */
export function simulatedBillYield(date: string): number {
  const days = daysBetween("2026-01-01", date);
  const y = 4.05 - (0.15 * days) / 365 + 0.05 * Math.sin((2 * Math.PI * days) / 91);
  return Math.round(y * 100) / 100;
}

/** The simulated series as of a New York date: the last trading day's quote, continuous. */
export function simulatedRiskFreeRate(today: string): RiskFreeRate {
  const asOf = onOrBeforeTradingDay(today);
  return {
    rate: continuousFromCouponEquivalent(simulatedBillYield(asOf)),
    source: SIMULATED_RATE_SOURCE,
    asOf,
  };
}
