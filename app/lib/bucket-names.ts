// The engine's risk buckets (app/engine/buckets.ts) in the words a screen shows.
import type { Bucket } from "#app/engine/buckets.ts";

export const BUCKET_NAMES: Record<Bucket, string> = {
  "us-equity-beta": "US equity beta (index and sector ETFs)",
  technology: "Technology",
  semiconductors: "Semiconductors",
  financials: "Financials",
  energy: "Energy",
  health: "Health care",
  consumer: "Consumer",
  staples: "Consumer staples",
  industrials: "Industrials",
  communications: "Communications",
  rates: "Rates",
  commodities: "Commodities",
  "crypto-linked": "Crypto-linked",
  international: "International",
  other: "Other",
};

/** A bucket's name; a key the table does not know is shown as it is. */
export const bucketName = (key: string): string => BUCKET_NAMES[key as Bucket] ?? key;
