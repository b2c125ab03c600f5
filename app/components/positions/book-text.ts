// The words of the book's risk section on /positions (decision 341): every figure with the basis it was taken on.
import { formatDecimal, formatPercent, formatUsd } from "#app/lib/format.ts";

const signedUsd = (v: number, digits = 0) =>
  `${v > 0 ? "+" : v < 0 ? "-" : ""}${formatUsd(Math.abs(v), digits)}`;

export const BOOK_TEXT = {
  heading: "The book's risk",
  intro:
    "Your open spreads and the wheel's puts and calls together, at the marks above. Greeks are Black-Scholes at each leg's smile IV.",
  loading: "Summing the book's risk",
  failed: "Could not sum the book's risk. Reload the page to try again.",
  buyingPower: "Buying power in use",
  buyingPowerBasis:
    "Max loss of each: a spread's width less its credit, a cash-secured put's strike less its premium, x 100 x contracts. A covered call holds shares, not cash.",
  ofCash: (percent: number, cash: number, free: number) =>
    `${formatPercent(percent)} of your ${formatUsd(cash, 0)} stated cash · ${free >= 0 ? `${formatUsd(free, 0)} free` : `${formatUsd(-free, 0)} over`}`,
  noCash: "State your cash below to see it as a share of your account.",
  unsized: (n: number) => `${n} position${n === 1 ? "" : "s"} whose legs do not read: not counted.`,
  delta: "Net delta, beta-weighted to SPY",
  deltaValue: (spyShares: number | null, dollars: number) =>
    spyShares === null
      ? `${signedUsd(dollars)} SPY-dollars`
      : `${spyShares > 0 ? "+" : ""}${formatDecimal(spyShares, 1)} SPY shares · ${signedUsd(dollars)}`,
  deltaBasis: (spySpot: number | null, raw: number, shares: number) =>
    `Each position's delta dollars x its beta, over SPY ${spySpot === null ? "(no SPY price cached)" : `at ${formatUsd(spySpot)}`}. Unweighted: ${signedUsd(raw)}, ${formatDecimal(shares, 1)} share-equivalents.`,
  coveredShares: (shares: number, unpriced: number) =>
    `Includes the ${shares} shares under covered calls at delta 1${unpriced > 0 ? ` (${unpriced} without a price left out)` : ""}.`,
  none: "N/A",
  theta: "Theta",
  thetaValue: (v: number) => `${signedUsd(v, 2)} a day`,
  vega: "Vega",
  vegaValue: (v: number) => `${signedUsd(v, 2)} per vol point`,
  greeksBasis: (rate: number, source: string) =>
    `Per calendar day and per 1 point of IV; rate ${formatPercent(rate * 100, 2)} (${source}).`,
  quoteTime: (iso: string) =>
    `Quotes from ${new Date(iso).toLocaleString("en-US", { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" })} New York.`,
  unmarked: (n: number, total: number) =>
    `${n} of ${total} position${total === 1 ? "" : "s"} not marked now: left out of delta, theta and vega, counted in buying power.`,
  betas: (source: string) => `Betas: ${source}.`,
  bySymbol: "By symbol",
  byBucket: "By bucket",
  concentrationCaption: "Share of buying power in use",
  share: (percent: number | null, dollars: number) =>
    `${percent === null ? "N/A" : formatPercent(percent)} · ${formatUsd(dollars, 0)}`,
  events: "Earnings and ex-dividend dates before expiration",
  noEvents: "No earnings or ex-dividend date before any position's expiration.",
  eventsUnknown: "Earnings and ex-dividend dates could not be read from the cache.",
  eventKind: { earnings: "Earnings", exDividend: "Ex-dividend" } as const,
  estimated: "estimated",
  expires: (date: string) => `expires ${date}`,
  cashLabel: "Your cash (dollars)",
  cashHint: "What your account holds for these positions; stored only for this page.",
  save: "Save cash",
  clear: "Clear",
  chartLabel: "The book's open P&L at each day's close",
  chartEmpty: "No daily closing marks yet: the book's first is stored after the next market close.",
  chartBasis:
    "Sum of the open positions' stored closes; a position counts from its first close, and a day it has none carries its last.",
} as const;
