/**
 * The words the engine's payloads ship as fields of their public contract (`fill_basis_label`,
 * `probability_label`, `assumptions.model`, the wheel's probability methods, an event's title). They are product
 * text, so they live here with the other words (decision 294); the engine imports these constants and returns them
 * unchanged, so a payload's bytes do not depend on where the words are written. Pure constants: nothing here may
 * import anything.
 */

/** How every credit and premium is priced (the engine's code for it is `FILL_BASIS`, "halfway_mid_natural"). */
export const FILL_BASIS_LABEL =
  "halfway between mid and natural per leg (mid less a quarter of its bid/ask spread)";

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
