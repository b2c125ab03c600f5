// The book's risk as /positions shows it (decision 341): the engine's sums with the basis each number was taken on,
// shared by the jobs layer that builds it and the page's section. Types and the betas' statement only.
import type { BookRisk } from "#app/engine/positions/book-risk.ts";

/** Where the betas come from: a stated table, not an estimate (app/engine/buckets.ts). */
export const BETA_SOURCE =
  "nominal betas to SPY from a stated table by sector bucket (not estimated from closes, so no window)";

export interface BookRiskView extends BookRisk {
  /** The trader's stated cash as stored, null when not stated. */
  statedCash: number | null;
  /** The greeks' model inputs: the rate the marks used and its source. */
  rate: number;
  rateSource: string;
  betaSource: string;
  /** Each symbol's beta and bucket as used. */
  betas: { symbol: string; beta: number; bucket: string }[];
  /** The oldest quote time among the marks summed (ISO), null without one. */
  quoteTime: string | null;
  /** The events' source: the cached ticker info's next earnings and ex-dividend dates. */
  eventsKnown: boolean;
}

/** What the /positions loader adds for the section: streamed with the marks. */
export interface BookRiskData {
  book: Promise<BookRiskView | null>;
  /** The plan may state cash (open positions are paid). */
  canOpen: boolean;
}
