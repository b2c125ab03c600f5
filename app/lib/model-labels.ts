/**
 * The words the payloads ship as fields of their public contract (`fill_basis_label`, `probability_label`,
 * `assumptions.model`, the wheel's probability methods, the title of an event the engine finds in a chain). They
 * are product text, so they live here with the other words; the engine returns codes and numbers only, and the
 * server attaches these where it turns the engine's results into payloads
 * (`app/server/market/payload-labels.server.ts`, decision 323).
 */
import type { Assumptions } from "#app/engine/types.ts";
import type { CcCandidate, CspCandidate } from "#app/engine/wheel/wheel.ts";
import type { SpreadIdea } from "#app/engine/spreads.ts";

/** How every credit and premium is priced (the engine's code for it is `FILL_BASIS`, "halfway_mid_natural"). */
export const FILL_BASIS_LABEL =
  "halfway between mid and natural per leg (mid less a quarter of its bid/ask spread)";

/**
 * The fill basis a premium was priced at, for its caption: the payload's own label, else the product's one basis
 * (every credit and premium is priced at it; a caption never falls back to a basis the number was not priced at).
 */
export function fillBasisText(label: unknown): string {
  return typeof label === "string" && label !== "" ? label : FILL_BASIS_LABEL;
}

/** Shipped with every market-implied probability. */
export const PROBABILITY_LABEL = "risk-neutral, at expiry";

/** The pricing model behind every probability and greek (`assumptions.model`). */
export const MODEL_DESCRIPTION =
  "Black-Scholes-Merton (European) on the expiration's smile: IV linear in strike with its slope, risk-neutral, at expiry";

/** Where a wheel strategy's win probability comes from. */
export const WIN_PROBABILITY_METHOD = `market-implied (${PROBABILITY_LABEL})`;

/** Where a covered call's in-the-money probability comes from: the |delta| x 100 approximation (docs/product). */
export const CC_ITM_METHOD = "delta approx. (|delta| x 100)";

/** Titles of the events the engine finds in a chain itself (the calendar's events carry their own). */
export const EVENT_TITLES = { EARNINGS: "Earnings", EX_DIVIDEND: "Ex-dividend" } as const;

/** The assumptions as a payload ships them: the engine's numbers and sources, and the model's words. */
export type ModelAssumptions = Assumptions & { model: string };

/** A spread idea with the words the server attaches to it. */
export type LabelledSpreadIdea = SpreadIdea & {
  fill_basis_label: string;
  probability_label: string;
  assumptions: ModelAssumptions;
};

/** A wheel candidate with the words the server attaches to it. */
export type LabelledWheelCandidate<C extends CspCandidate | CcCandidate = CspCandidate | CcCandidate> = C & {
  fill_basis_label: string;
  winProbabilityMethod: string;
  probabilityITMMethod: string;
  assumptions: ModelAssumptions;
};
