/**
 * One risk bucket per symbol: the list builder caps each bucket in the first ideas of a list (ranking.ts), and
 * position risk reuses it. A sector ETF, an index ETF and a leveraged index ETF are all one bet on the US equity
 * market, so they share "US equity beta"; single names go to their sector. Pure; imports nothing.
 *
 * The betas are a stated nominal table (to SPY, per bucket with per-symbol overrides), not estimated from closes:
 * they weight deltas for the book's net-delta band and the figure /spreads shows.
 */
export const BUCKETS = [
  "us-equity-beta",
  "technology",
  "semiconductors",
  "financials",
  "energy",
  "health",
  "consumer",
  "staples",
  "industrials",
  "communications",
  "rates",
  "commodities",
  "crypto-linked",
  "international",
  "other",
] as const;
export type Bucket = (typeof BUCKETS)[number];

const MEMBERS: Readonly<Record<Exclude<Bucket, "other">, readonly string[]>> = {
  "us-equity-beta": [
    // Broad index ETFs
    ...["SPY", "QQQ", "IWM", "DIA", "VOO", "IVV", "VTI", "RSP", "MDY", "IJH", "IJR", "ARKK"],
    // Leveraged and inverse index ETFs
    ...["TQQQ", "SQQQ", "UPRO", "SPXL", "SPXU", "SSO", "QLD", "TNA", "TZA", "SOXL", "SOXS", "UDOW"],
    // Sector ETFs: each rides the market first
    ...[
      "XLK",
      "XLI",
      "XLF",
      "XLE",
      "XLV",
      "XLU",
      "XLY",
      "XLP",
      "XLB",
      "XLC",
      "XLRE",
      "XBI",
      "IBB",
      "SMH",
      "SOXX",
    ],
    ...["KRE", "KBE", "XOP", "XRT", "XHB", "ITB", "IYR", "VNQ", "IGV"],
  ],
  technology: [
    ...[
      "AAPL",
      "MSFT",
      "AMZN",
      "GOOGL",
      "GOOG",
      "META",
      "NFLX",
      "PLTR",
      "ORCL",
      "CRM",
      "ADBE",
      "UBER",
      "SHOP",
    ],
    ...["SNOW", "CRWD", "PANW", "NET", "DDOG", "CSCO", "IBM", "DELL", "RBLX", "NOW", "INTU"],
  ],
  semiconductors: [
    "NVDA",
    "AMD",
    "AVGO",
    "INTC",
    "MU",
    "SMCI",
    "ARM",
    "QCOM",
    "TSM",
    "TXN",
    "AMAT",
    "LRCX",
    "ASML",
  ],
  financials: ["JPM", "BAC", "WFC", "C", "GS", "MS", "V", "MA", "AXP", "SOFI", "PYPL", "XYZ", "AFRM", "SCHW"],
  energy: ["XOM", "CVX", "OXY", "COP", "SLB"],
  health: ["JNJ", "PFE", "MRK", "ABBV", "LLY", "UNH", "MRNA", "AMGN"],
  consumer: [
    ...[
      "TSLA",
      "RIVN",
      "DIS",
      "NKE",
      "SBUX",
      "TGT",
      "HD",
      "F",
      "GM",
      "DKNG",
      "ROKU",
      "ABNB",
      "GME",
      "LULU",
      "LOW",
    ],
  ],
  staples: ["MCD", "KO", "PEP", "WMT", "COST", "CLX", "PG"],
  industrials: ["BA", "CAT", "GE", "DAL", "UPS", "DE"],
  communications: ["T", "VZ", "TMUS"],
  rates: ["TLT", "IEF", "SHY", "TLH", "HYG", "LQD", "JNK", "AGG", "BND", "TMF"],
  commodities: ["GLD", "SLV", "USO", "GDX", "GDXJ", "UNG", "IAU", "DBC"],
  "crypto-linked": ["COIN", "MSTR", "MARA", "RIOT", "HOOD", "IBIT", "BITO", "ETHA"],
  international: ["EEM", "FXI", "EWZ", "EFA", "KWEB", "EWJ", "INDA", "BABA", "PDD", "JD", "NIO"],
};

/** Nominal beta to SPY of a bucket's members; an override below replaces it for one symbol. */
const BUCKET_BETA: Readonly<Record<Bucket, number>> = {
  "us-equity-beta": 1,
  technology: 1.2,
  semiconductors: 1.4,
  financials: 1.1,
  energy: 0.8,
  health: 0.65,
  consumer: 1.1,
  staples: 0.55,
  industrials: 1.1,
  communications: 0.5,
  rates: 0,
  commodities: 0.2,
  "crypto-linked": 1.5,
  international: 0.65,
  other: 1,
};

const BETA_OVERRIDES: Readonly<Record<string, number>> = {
  QQQ: 1.1,
  IWM: 1.1,
  DIA: 0.92,
  ARKK: 1.5,
  TQQQ: 3.3,
  SQQQ: -3.3,
  UPRO: 3,
  SPXL: 3,
  SPXU: -3,
  SSO: 2,
  QLD: 2.2,
  TNA: 3.3,
  TZA: -3.3,
  SOXL: 3.75,
  SOXS: -3.75,
  UDOW: 2.8,
  XLK: 1.1,
  SMH: 1.25,
  SOXX: 1.25,
  XLE: 0.75,
  XLV: 0.7,
  XLU: 0.45,
  XLP: 0.55,
  TSLA: 1.6,
  PLTR: 1.6,
  SHOP: 1.6,
  AFRM: 2,
  SOFI: 1.6,
  HOOD: 1.6,
  TLT: -0.1,
  TMF: -0.3,
  HYG: 0.25,
  JNK: 0.25,
  GLD: 0.05,
  IAU: 0.05,
  GDX: 0.4,
  USO: 0.5,
};

const BUCKET_OF = new Map<string, Bucket>(
  (Object.entries(MEMBERS) as [Bucket, readonly string[]][]).flatMap(([b, symbols]) =>
    symbols.map((s) => [s, b] as const),
  ),
);

/** The symbol's bucket; a symbol the table does not know is "other" (one bucket, capped like the rest). */
export function bucketOf(symbol: string): Bucket {
  return BUCKET_OF.get(symbol.toUpperCase()) ?? "other";
}

/** True when the table names the symbol (a test holds every universe symbol to it). */
export function hasBucket(symbol: string): boolean {
  return BUCKET_OF.has(symbol.toUpperCase());
}

/** Nominal beta to SPY (see the header). */
export function betaOf(symbol: string): number {
  const s = symbol.toUpperCase();
  return BETA_OVERRIDES[s] ?? BUCKET_BETA[bucketOf(s)];
}
