// The book rules of the idea lists (decision 327): buckets, the first 30's caps and bands, and what stays as before.
import { describe, expect, it } from "vitest";
import { betaOf, bucketOf, BUCKETS, hasBucket } from "#app/engine/buckets.ts";
import {
  betaWeightedDelta,
  BOOK_SIZE,
  bookDelta,
  BUCKET_CAP,
  BUCKET_CAP_EQUITY_BETA,
  listInRuleOrder,
  NET_DELTA_BAND,
  passesCreditRules,
  positionDelta,
  takeBook,
} from "#app/engine/ranking.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";

interface Idea {
  id: number;
  stock_symbol: string;
  strategy_type: string;
  expiration_date: string;
  net_credit: number;
  underlyingPrice: number;
  call_short_strike: number | null;
  put_short_strike: number | null;
  legs: { side: "sell" | "buy"; delta: number }[];
  watched?: boolean;
}

let nextId = 0;
/** A bear call (delta -d per leg pair) or a bull put (+d), $1 credit at $100: passes the credit rules. */
function idea(symbol: string, over: Partial<Idea> = {}, side: "call" | "put" = "call", d = 0.1): Idea {
  const call = side === "call";
  const strike = 100 + nextId;
  return {
    id: nextId++,
    stock_symbol: symbol,
    strategy_type: call ? "BEAR_CALL_SPREAD" : "BULL_PUT_SPREAD",
    expiration_date: "2027-01-15",
    net_credit: 1,
    underlyingPrice: 100,
    call_short_strike: call ? strike : null,
    put_short_strike: call ? null : strike,
    // Short leg minus long leg: a call spread's delta is negative, a put spread's positive.
    legs: call
      ? [
          { side: "sell", delta: 0.3 },
          { side: "buy", delta: 0.3 - d },
        ]
      : [
          { side: "sell", delta: -0.3 },
          { side: "buy", delta: -0.3 + d },
        ],
    ...over,
  };
}

const SECTOR_NAMES = [
  "AAPL",
  "MSFT",
  "JPM",
  "XOM",
  "JNJ",
  "KO",
  "BA",
  "TSLA",
  "NVDA",
  "T",
  "GLD",
  "TLT",
  "COIN",
  "EEM",
];
/** Alternating call and put ideas on distinct symbols: a balanced pool the band never binds on. */
function balancedPool(symbols: readonly string[]): Idea[] {
  return symbols.map((s, k) => idea(s, {}, k % 2 === 0 ? "call" : "put"));
}

describe("buckets", () => {
  it("every universe symbol has a bucket of its own table entry", () => {
    const missing = DEFAULT_UNIVERSE_SYMBOLS.filter((s) => !hasBucket(s));
    expect(missing).toEqual([]);
    for (const s of DEFAULT_UNIVERSE_SYMBOLS) expect(BUCKETS).toContain(bucketOf(s));
  });
  it("index, leveraged index and sector ETFs are all US equity beta; single names go to their sector", () => {
    for (const s of ["SPY", "QQQ", "IWM", "DIA", "TQQQ", "XLK", "XLI", "XLF", "XBI", "SMH", "VOO", "RSP"])
      expect(bucketOf(s)).toBe("us-equity-beta");
    expect(bucketOf("NVDA")).toBe("semiconductors");
    expect(bucketOf("JPM")).toBe("financials");
    expect(bucketOf("TLT")).toBe("rates");
    expect(bucketOf("GLD")).toBe("commodities");
    expect(bucketOf("MSTR")).toBe("crypto-linked");
    expect(bucketOf("FXI")).toBe("international");
    expect(bucketOf("ZZZZ")).toBe("other");
    expect(betaOf("TQQQ")).toBeGreaterThan(3);
    expect(betaOf("SPY")).toBe(1);
  });
});

describe("book arithmetic", () => {
  it("position delta, beta weighting to SPY and the credit rules", () => {
    const i = idea("TQQQ", { underlyingPrice: 50 });
    expect(positionDelta(i)).toBeCloseTo(-10, 9);
    expect(betaWeightedDelta(i, 500)).toBeCloseTo((-10 * 50 * betaOf("TQQQ")) / 500, 9);
    const b = bookDelta([i, idea("SPY", {}, "put")], 100);
    expect(b.gross).toBeCloseTo(Math.abs(-10 * 50 * betaOf("TQQQ")) / 100 + 10, 9);
    expect(passesCreditRules(idea("KO", { net_credit: 0.09 }))).toBe(false);
    // 2 legs x $0.65 = $1.30 <= 5% of $26 at a $0.26 credit; $0.25 fails.
    expect(passesCreditRules(idea("KO", { net_credit: 0.26 }))).toBe(true);
    expect(passesCreditRules(idea("KO", { net_credit: 0.25 }))).toBe(false);
    const condor = { ...idea("KO", { net_credit: 0.4 }), strategy_type: "IRON_CONDOR" };
    condor.legs = [...condor.legs, ...condor.legs];
    expect(passesCreditRules(condor)).toBe(false);
    expect(passesCreditRules({ ...condor, net_credit: 0.52 })).toBe(true);
  });
});

describe("listInRuleOrder: the book of the first 30", () => {
  it("caps US equity beta and every other bucket at 6; over-cap ideas move after the book", () => {
    const etfs = ["SPY", "QQQ", "IWM", "DIA", "TQQQ", "XLK", "XLI", "XLF", "XBI", "SMH"];
    const tech = ["AAPL", "MSFT", "AMZN", "GOOGL", "META", "NFLX", "ORCL", "CRM"];
    const pool = [...balancedPool(etfs), ...balancedPool(tech), ...balancedPool(SECTOR_NAMES.slice(2))];
    const out = listInRuleOrder(pool, Infinity, () => false);
    expect(out).toHaveLength(pool.length);
    const { book, skipped } = takeBook(pool);
    expect(out).toEqual([...book, ...skipped]);
    const count = (b: string) => book.filter((i) => bucketOf(i.stock_symbol) === b).length;
    expect(count("us-equity-beta")).toBe(BUCKET_CAP_EQUITY_BETA);
    expect(count("technology")).toBe(BUCKET_CAP);
    expect(skipped.map((i) => i.stock_symbol)).toEqual(["XLI", "XLF", "XBI", "SMH", "ORCL", "CRM"]);
  });
  it("fills 30 and keeps every bucket within its cap on a large pool", () => {
    const names = [
      ...SECTOR_NAMES,
      "AMD",
      "AVGO",
      "BAC",
      "WFC",
      "CVX",
      "OXY",
      "PFE",
      "MRK",
      "PEP",
      "WMT",
      "CAT",
    ];
    const pool = balancedPool([
      "SPY",
      "QQQ",
      "IWM",
      "DIA",
      "TQQQ",
      "XLK",
      "XLI",
      ...names,
      "GE",
      "DAL",
      "MU",
    ]);
    const { book } = takeBook(pool);
    expect(book).toHaveLength(BOOK_SIZE);
    const per = new Map<string, number>();
    for (const i of book) per.set(bucketOf(i.stock_symbol), (per.get(bucketOf(i.stock_symbol)) ?? 0) + 1);
    for (const n of per.values()) expect(n).toBeLessThanOrEqual(BUCKET_CAP);
    const { net, gross } = bookDelta(book);
    expect(Math.abs(net)).toBeLessThanOrEqual(NET_DELTA_BAND * gross + 1e-9);
  });
  it("one idea per (symbol, strategy) and no shared short strike at one expiration", () => {
    const a = idea("AAPL");
    const again = idea("AAPL", { expiration_date: "2027-02-19" }); // same strategy, another expiration
    const condor = {
      ...idea("AAPL", { call_short_strike: a.call_short_strike }, "put"),
      strategy_type: "IRON_CONDOR",
    };
    condor.legs = [];
    const other = idea("KO", {}, "put");
    const out = listInRuleOrder([a, again, condor, other], Infinity, () => false);
    expect(out.map((i) => i.id)).toEqual([a.id, other.id, again.id, condor.id]);
    // The same short strike at another expiration is not shared.
    const later = { ...condor, id: 999, expiration_date: "2027-02-19" };
    expect(listInRuleOrder([a, later], Infinity, () => false).map((i) => i.id)).toEqual([a.id, 999]);
  });
  it("keeps the net beta-weighted delta within one third of the gross when opposite ideas remain", () => {
    // Ten bear calls rank above six bull puts: a pile would list them in that order, short the market.
    const calls = ["AAPL", "MSFT", "JPM", "BAC", "XOM", "CVX", "JNJ", "PFE", "KO", "PEP"].map((s) => idea(s));
    const puts = ["TSLA", "NKE", "BA", "CAT", "NVDA", "AMD"].map((s) => idea(s, {}, "put"));
    const pile = bookDelta(calls.slice(0, 10));
    expect(Math.abs(pile.net)).toBeGreaterThan(NET_DELTA_BAND * pile.gross);
    const { book, skipped } = takeBook([...calls, ...puts]);
    const { net, gross } = bookDelta(book);
    expect(Math.abs(net)).toBeLessThanOrEqual(NET_DELTA_BAND * gross + 1e-9);
    expect(book.filter((i) => i.strategy_type === "BULL_PUT_SPREAD")).toHaveLength(6);
    expect(book.length).toBeGreaterThanOrEqual(12);
    // Nothing dropped: the skipped calls follow the book.
    expect(listInRuleOrder([...calls, ...puts], Infinity, () => false)).toEqual([...book, ...skipped]);
  });
  it("skips a credit under $0.10 or one commissions eat over 5% of; they follow the book", () => {
    const thin = idea("KO", { net_credit: 0.07 });
    const eaten = idea("PEP", { net_credit: 0.2 }, "put");
    const fine = idea("XOM", {}, "call");
    const fine2 = idea("CVX", {}, "put");
    const out = listInRuleOrder([thin, eaten, fine, fine2], Infinity, () => false);
    expect(out.map((i) => i.stock_symbol)).toEqual(["XOM", "CVX", "KO", "PEP"]);
  });
  it("keeps the watchlist block first and as it ranks, outside the book's rules", () => {
    const w1 = idea("NVDA", { watched: true, net_credit: 0.05 });
    const w2 = idea("NVDA", { watched: true, expiration_date: "2027-02-19" });
    const pool = [idea("AAPL"), w1, idea("KO", {}, "put"), w2];
    const out = listInRuleOrder(pool, Infinity, (i) => i.watched === true);
    expect(out.slice(0, 2)).toEqual([w1, w2]);
    expect(listInRuleOrder(pool, 1, (i) => i.watched === true)).toEqual([w1]);
  });
  it("beyond the first 30 keeps today's breadth order", () => {
    // 40 names in 40 buckets' worth of room: "other" holds 6, so use balanced calls/puts over many buckets.
    const names = [
      ...SECTOR_NAMES,
      "AMD",
      "AVGO",
      "BAC",
      "WFC",
      "CVX",
      "OXY",
      "PFE",
      "MRK",
      "PEP",
      "WMT",
      "CAT",
    ];
    const firsts = balancedPool(names);
    const seconds = names.map((s, k) =>
      idea(s, {
        expiration_date: "2027-02-19",
        strategy_type: k % 2 === 0 ? "IRON_CONDOR" : "BEAR_CALL_SPREAD",
        legs: [],
      }),
    );
    const out = listInRuleOrder([...firsts, ...seconds], Infinity, () => false);
    expect(out).toHaveLength(firsts.length + seconds.length);
    const beyond = out.slice(BOOK_SIZE);
    const order = [...firsts, ...seconds].filter((i) => beyond.includes(i));
    expect(beyond).toEqual(order);
  });
});
