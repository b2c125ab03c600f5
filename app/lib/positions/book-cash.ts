// The cash a trader states for their book (decision 341): PUT /api/positions/book's contract and its words,
// shared with the page's form. A dollar amount from 0 to $1,000,000,000, or null to clear it.
import { z } from "zod";
import { formatUsd } from "#app/lib/format.ts";

export const MAX_STATED_CASH = 1_000_000_000;

export const BOOK_CASH_MESSAGES = {
  signedOut: "Sign in to track your positions",
  json: "Invalid JSON",
  statedCash: `Enter your cash as a dollar amount from $0 to ${formatUsd(MAX_STATED_CASH, 0)}, or clear it`,
  saved: "Cash saved",
  cleared: "Cash cleared",
} as const;

export const bookCashSchema = z.strictObject(
  {
    statedCash: z
      .number({ error: BOOK_CASH_MESSAGES.statedCash })
      .min(0, { error: BOOK_CASH_MESSAGES.statedCash })
      .max(MAX_STATED_CASH, { error: BOOK_CASH_MESSAGES.statedCash })
      .nullable(),
  },
  { error: BOOK_CASH_MESSAGES.statedCash },
);

export type BookCashInput = z.infer<typeof bookCashSchema>;
