// The default universe: about 100 liquid, optionable US stocks and ETFs. Reference prices, volatilities
// and dividend yields are round, plausible late-2025 levels used by the simulated market (they are not
// quotes); `tier` is option liquidity (1 = deepest books), `earningsCycle` the first month of the
// symbol's quarterly reporting cycle (1 = Jan/Apr/Jul/Oct, 2 = Feb/May/Aug/Nov, 3 = Mar/Jun/Sep/Dec).
import type { CspCandidate } from "#app/engine/index.ts";
import type { LabelledWheelCandidate } from "#app/lib/model-labels.ts";
import type { RiskLevel } from "#app/lib/wheel/wheel.ts";
import type { MarketSource } from "#app/server/market/types.server.ts";

export interface UniverseEntry {
  symbol: string;
  name: string;
  kind: "stock" | "etf";
  refPrice: number;
  /** Annualised volatility, decimal. */
  vol: number;
  /** Dividend yield, decimal. */
  divYield: number;
  tier: 1 | 2 | 3;
  /** Stocks only; ETFs have no earnings. */
  earningsCycle: 1 | 2 | 3 | null;
  /** Dividends per year (4 quarterly, 12 monthly). */
  divFrequency: 4 | 12;
}

type Row = [
  symbol: string,
  name: string,
  refPrice: number,
  vol: number,
  divYieldPct: number,
  tier: 1 | 2 | 3,
  cycle: 1 | 2 | 3 | 0,
];

// ETFs (cycle 0 = no earnings).
const ETFS: Row[] = [
  ["SPY", "SPDR S&P 500 ETF", 670, 0.18, 1.1, 1, 0],
  ["QQQ", "Invesco QQQ Trust", 600, 0.22, 0.5, 1, 0],
  ["IWM", "iShares Russell 2000 ETF", 240, 0.25, 1.1, 1, 0],
  ["DIA", "SPDR Dow Jones Industrial Average ETF", 470, 0.16, 1.5, 2, 0],
  ["GLD", "SPDR Gold Shares", 380, 0.18, 0, 1, 0],
  ["SLV", "iShares Silver Trust", 45, 0.3, 0, 1, 0],
  ["TLT", "iShares 20+ Year Treasury Bond ETF", 90, 0.14, 4.2, 1, 0],
  ["HYG", "iShares iBoxx High Yield Corporate Bond ETF", 80, 0.06, 5.8, 2, 0],
  ["XLF", "Financial Select Sector SPDR", 53, 0.17, 1.4, 1, 0],
  ["XLE", "Energy Select Sector SPDR", 90, 0.22, 3.3, 2, 0],
  ["XLK", "Technology Select Sector SPDR", 280, 0.22, 0.6, 2, 0],
  ["XLV", "Health Care Select Sector SPDR", 140, 0.15, 1.6, 2, 0],
  ["XLI", "Industrial Select Sector SPDR", 150, 0.17, 1.3, 2, 0],
  ["XLU", "Utilities Select Sector SPDR", 85, 0.15, 2.8, 2, 0],
  ["XBI", "SPDR S&P Biotech ETF", 110, 0.3, 0, 2, 0],
  ["SMH", "VanEck Semiconductor ETF", 330, 0.32, 0.4, 2, 0],
  ["ARKK", "ARK Innovation ETF", 80, 0.42, 0, 2, 0],
  ["EEM", "iShares MSCI Emerging Markets ETF", 52, 0.17, 2.2, 1, 0],
  ["FXI", "iShares China Large-Cap ETF", 38, 0.28, 2.3, 2, 0],
  ["KRE", "SPDR S&P Regional Banking ETF", 62, 0.27, 2.6, 2, 0],
  ["GDX", "VanEck Gold Miners ETF", 75, 0.36, 0.7, 2, 0],
  ["USO", "United States Oil Fund", 72, 0.3, 0, 2, 0],
  ["TQQQ", "ProShares UltraPro QQQ", 105, 0.55, 1, 1, 0],
];

const STOCKS: Row[] = [
  ["AAPL", "Apple Inc.", 270, 0.25, 0.4, 1, 1],
  ["MSFT", "Microsoft Corporation", 510, 0.22, 0.7, 1, 1],
  ["NVDA", "NVIDIA Corporation", 185, 0.45, 0.02, 1, 2],
  ["AMZN", "Amazon.com, Inc.", 230, 0.32, 0, 1, 1],
  ["GOOGL", "Alphabet Inc. Class A", 290, 0.3, 0.3, 1, 1],
  ["META", "Meta Platforms, Inc.", 650, 0.35, 0.3, 1, 1],
  ["TSLA", "Tesla, Inc.", 430, 0.55, 0, 1, 1],
  ["AMD", "Advanced Micro Devices, Inc.", 240, 0.52, 0, 1, 1],
  ["NFLX", "Netflix, Inc.", 110, 0.35, 0, 1, 1],
  ["COIN", "Coinbase Global, Inc.", 300, 0.65, 0, 1, 2],
  ["PLTR", "Palantir Technologies Inc.", 180, 0.6, 0, 1, 2],
  ["AVGO", "Broadcom Inc.", 350, 0.42, 0.7, 1, 3],
  ["INTC", "Intel Corporation", 37, 0.5, 0, 1, 1],
  ["MU", "Micron Technology, Inc.", 210, 0.55, 0.2, 1, 3],
  ["SMCI", "Super Micro Computer, Inc.", 45, 0.75, 0, 2, 2],
  ["ARM", "Arm Holdings plc", 150, 0.6, 0, 2, 2],
  ["QCOM", "QUALCOMM Incorporated", 170, 0.32, 2, 2, 2],
  ["TSM", "Taiwan Semiconductor Manufacturing", 290, 0.35, 1.2, 1, 1],
  ["ORCL", "Oracle Corporation", 220, 0.5, 0.9, 1, 3],
  ["CRM", "Salesforce, Inc.", 240, 0.35, 0.7, 2, 3],
  ["ADBE", "Adobe Inc.", 340, 0.33, 0, 2, 3],
  ["UBER", "Uber Technologies, Inc.", 95, 0.4, 0, 1, 2],
  ["SHOP", "Shopify Inc.", 160, 0.55, 0, 2, 2],
  ["SNOW", "Snowflake Inc.", 230, 0.5, 0, 2, 3],
  ["CRWD", "CrowdStrike Holdings, Inc.", 500, 0.45, 0, 2, 3],
  ["PANW", "Palo Alto Networks, Inc.", 200, 0.35, 0, 2, 2],
  ["NET", "Cloudflare, Inc.", 210, 0.55, 0, 2, 2],
  ["DDOG", "Datadog, Inc.", 150, 0.5, 0, 2, 2],
  ["MSTR", "Strategy Inc", 240, 0.8, 0, 1, 2],
  ["HOOD", "Robinhood Markets, Inc.", 130, 0.7, 0, 1, 2],
  ["SOFI", "SoFi Technologies, Inc.", 28, 0.6, 0, 1, 1],
  ["PYPL", "PayPal Holdings, Inc.", 65, 0.35, 0.9, 2, 1],
  ["XYZ", "Block, Inc.", 70, 0.45, 0, 2, 2],
  ["RIVN", "Rivian Automotive, Inc.", 14, 0.65, 0, 2, 2],
  ["BABA", "Alibaba Group Holding Limited", 160, 0.45, 1, 1, 2],
  ["DIS", "The Walt Disney Company", 112, 0.28, 0.9, 2, 2],
  ["NKE", "NIKE, Inc.", 65, 0.35, 2.5, 2, 3],
  ["SBUX", "Starbucks Corporation", 85, 0.3, 2.9, 2, 1],
  ["MCD", "McDonald's Corporation", 300, 0.16, 2.4, 2, 1],
  ["KO", "The Coca-Cola Company", 70, 0.14, 2.9, 2, 1],
  ["PEP", "PepsiCo, Inc.", 145, 0.17, 3.9, 2, 1],
  ["WMT", "Walmart Inc.", 105, 0.2, 0.9, 1, 2],
  ["COST", "Costco Wholesale Corporation", 920, 0.2, 0.6, 2, 3],
  ["TGT", "Target Corporation", 95, 0.33, 4.8, 2, 2],
  ["HD", "The Home Depot, Inc.", 360, 0.22, 2.5, 2, 2],
  ["JPM", "JPMorgan Chase & Co.", 310, 0.22, 1.9, 1, 1],
  ["BAC", "Bank of America Corporation", 52, 0.25, 2.1, 1, 1],
  ["WFC", "Wells Fargo & Company", 85, 0.25, 2.1, 1, 1],
  ["C", "Citigroup Inc.", 100, 0.28, 2.4, 1, 1],
  ["GS", "The Goldman Sachs Group, Inc.", 800, 0.27, 2, 2, 1],
  ["MS", "Morgan Stanley", 160, 0.27, 2.5, 2, 1],
  ["V", "Visa Inc.", 340, 0.19, 0.7, 2, 1],
  ["MA", "Mastercard Incorporated", 560, 0.19, 0.5, 2, 1],
  ["AXP", "American Express Company", 360, 0.26, 0.9, 2, 1],
  ["XOM", "Exxon Mobil Corporation", 115, 0.22, 3.5, 1, 1],
  ["CVX", "Chevron Corporation", 155, 0.22, 4.4, 2, 1],
  ["OXY", "Occidental Petroleum Corporation", 42, 0.32, 2.2, 2, 2],
  ["JNJ", "Johnson & Johnson", 195, 0.16, 2.6, 2, 1],
  ["PFE", "Pfizer Inc.", 25, 0.24, 6.8, 1, 1],
  ["MRK", "Merck & Co., Inc.", 85, 0.24, 3.8, 2, 1],
  ["ABBV", "AbbVie Inc.", 225, 0.24, 2.9, 2, 1],
  ["LLY", "Eli Lilly and Company", 1000, 0.32, 0.6, 2, 2],
  ["UNH", "UnitedHealth Group Incorporated", 330, 0.38, 2.6, 1, 1],
  ["BA", "The Boeing Company", 200, 0.35, 0, 1, 1],
  ["CAT", "Caterpillar Inc.", 560, 0.3, 1, 2, 1],
  ["GE", "GE Aerospace", 300, 0.3, 0.5, 2, 1],
  ["F", "Ford Motor Company", 13, 0.3, 4.6, 1, 1],
  ["GM", "General Motors Company", 70, 0.32, 0.9, 2, 1],
  ["DAL", "Delta Air Lines, Inc.", 60, 0.38, 1.1, 2, 1],
  ["T", "AT&T Inc.", 26, 0.2, 4.3, 1, 1],
  ["VZ", "Verizon Communications Inc.", 40, 0.18, 6.8, 2, 1],
  ["CSCO", "Cisco Systems, Inc.", 72, 0.24, 2.3, 2, 2],
  ["IBM", "International Business Machines", 300, 0.28, 2.3, 2, 1],
  ["DKNG", "DraftKings Inc.", 35, 0.5, 0, 2, 2],
  ["ROKU", "Roku, Inc.", 100, 0.55, 0, 2, 1],
  ["ABNB", "Airbnb, Inc.", 125, 0.38, 0, 2, 2],
  ["RBLX", "Roblox Corporation", 110, 0.55, 0, 2, 1],
  ["MARA", "MARA Holdings, Inc.", 13, 0.85, 0, 2, 2],
  ["AFRM", "Affirm Holdings, Inc.", 70, 0.7, 0, 2, 2],
  ["GME", "GameStop Corp.", 22, 0.6, 0, 2, 3],
  ["LULU", "lululemon athletica inc.", 170, 0.4, 0, 2, 3],
  ["PDD", "PDD Holdings Inc.", 120, 0.45, 0, 2, 2],
  ["DELL", "Dell Technologies Inc.", 130, 0.45, 1.5, 2, 2],
  ["CLX", "The Clorox Company", 110, 0.22, 4.3, 3, 2],
];

const MONTHLY_PAYERS = new Set(["TLT", "HYG"]);

function toEntry(kind: "stock" | "etf") {
  return ([symbol, name, refPrice, vol, divYieldPct, tier, cycle]: Row): UniverseEntry => ({
    symbol,
    name,
    kind,
    refPrice,
    vol,
    divYield: divYieldPct / 100,
    tier,
    earningsCycle: cycle === 0 ? null : cycle,
    divFrequency: MONTHLY_PAYERS.has(symbol) ? 12 : 4,
  });
}

/** Ordered by priority: the most liquid first (they are refreshed first when the cap bites). */
export const DEFAULT_UNIVERSE: readonly UniverseEntry[] = [
  ...ETFS.map(toEntry("etf")),
  ...STOCKS.map(toEntry("stock")),
].sort((a, b) => a.tier - b.tier);

const BY_SYMBOL = new Map(DEFAULT_UNIVERSE.map((e) => [e.symbol, e]));

export function universeEntry(symbol: string): UniverseEntry | undefined {
  return BY_SYMBOL.get(symbol);
}

export const DEFAULT_UNIVERSE_SYMBOLS: readonly string[] = DEFAULT_UNIVERSE.map((e) => e.symbol);

/**
 * A cash-secured put of the fixed wheel universe (decision 267), with its place in its risk level's list: what the
 * wheel screens (app/server/wheel/universe-ideas.server.ts) and the track record logs, so it lives below both.
 */
export interface PublishedWheelIdea {
  candidate: LabelledWheelCandidate<CspCandidate>;
  /** Where its chain came from ('demo' = the simulated market). */
  source: MarketSource;
  riskLevel: RiskLevel;
  /** 1-based position in the risk level's list (the /wheels table's order: annualized return, best first). */
  rank: number;
}
