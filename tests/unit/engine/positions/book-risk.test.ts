// The book's risk (decision 341), each number derived by hand in the comments: buying power as max loss (a spread's
// width less credit, a CSP's strike less premium, a CC's 0), greeks summed from the marks, delta beta-weighted to
// SPY, concentration as shares of buying power, the events before each expiration and the book's daily P&L.
import { describe, expect, it } from "vitest";
import { betaOf, bucketOf } from "#app/engine/buckets.ts";
import {
  bookDaily,
  bookRisk,
  spreadMaxLoss,
  wheelBuyingPower,
  type BookRiskInput,
} from "#app/engine/positions/book-risk.ts";
import type { Position, PositionLeg } from "#app/engine/positions/types.ts";

const leg = (
  right: "put" | "call",
  side: "short" | "long",
  strike: number,
  quantity: number,
): PositionLeg => ({ right, side, strike, expiration: "2026-12-18", quantity });

const input = (over: Partial<BookRiskInput> = {}): BookRiskInput => ({
  spreads: [
    {
      // SPY 500/495 bull put, 2 contracts at 1.50: (5 - 1.50) x 100 x 2 = 700.
      id: "a",
      symbol: "SPY",
      expiration: "2026-12-18",
      maxLoss: 700,
      greeks: { deltaShares: 20, deltaDollars: 10_000, thetaDollarsPerDay: 12, vegaDollarsPerVolPoint: -30 },
      daily: [
        { date: "2026-12-01", pnlMid: 50, pnlNatural: 20 },
        { date: "2026-12-02", pnlMid: 60, pnlNatural: 30 },
        { date: "2026-12-03", pnlMid: 80, pnlNatural: 40 },
      ],
    },
    {
      // Not marked now (no chain): in buying power, out of the greeks.
      id: "b",
      symbol: "NVDA",
      expiration: "2026-12-18",
      maxLoss: 400,
      greeks: null,
      daily: [{ date: "2026-12-02", pnlMid: -10, pnlNatural: -30 }],
    },
  ],
  wheel: [
    // AAPL 200 put sold at 3.00, 1 contract: (200 - 3) x 100 = 19,700.
    { id: "c", symbol: "AAPL", kind: "CSP", strike: 200, expiration: "2027-01-15", contracts: 1, premium: 3 },
    // MSFT 450 call over 100 shares: no cash; the shares at 440 are 44,000 delta dollars, beta 1.2.
    { id: "d", symbol: "MSFT", kind: "CC", strike: 450, expiration: "2026-12-18", contracts: 1, premium: 5 },
  ],
  statedCash: 50_000,
  spots: { SPY: 500, MSFT: 440 },
  betaOf,
  bucketOf,
  events: {
    AAPL: { earnings: "2027-01-29", earningsEstimated: false, exDividend: null, exDividendEstimated: false },
    NVDA: { earnings: "2026-12-10", earningsEstimated: true, exDividend: null, exDividendEstimated: false },
    SPY: { earnings: null, earningsEstimated: false, exDividend: "2026-12-18", exDividendEstimated: false },
    MSFT: { earnings: null, earningsEstimated: false, exDividend: "2026-11-20", exDividendEstimated: false },
  },
  today: "2026-12-03",
  ...over,
});

describe("bookRisk", () => {
  it("sums buying power as max loss and sets it against the stated cash", () => {
    const r = bookRisk(input());
    // 700 + 400 + 19,700 + 0
    expect(r.buyingPower).toBe(20_800);
    expect(r.statedCash).toBe(50_000);
    expect(r.buyingPowerPercent).toBeCloseTo(41.6, 10);
    expect(r.cashFree).toBe(29_200);
    expect(r.unsized).toBe(0);
  });

  it("sums the marked greeks, adds the covered shares at delta 1 and beta-weights to SPY", () => {
    const r = bookRisk(input());
    expect(r.deltaShares).toBe(120); // 20 + 100 shares
    expect(r.deltaDollars).toBe(54_000); // 10,000 + 100 x 440
    expect(r.betaDeltaDollars).toBeCloseTo(62_800, 8); // 10,000 x 1 + 44,000 x 1.2
    expect(r.spyShares).toBeCloseTo(125.6, 10); // 62,800 / 500
    expect(r.thetaDollarsPerDay).toBe(12);
    expect(r.vegaDollarsPerVolPoint).toBe(-30);
    expect(r.marked).toBe(1);
    expect(r.unmarked).toBe(3);
    expect(r.coveredCallShares).toBe(100);
    expect(r.unpricedShares).toBe(0);
  });

  it("leaves covered shares without a spot out of delta and SPY shares without SPY's spot", () => {
    const r = bookRisk(input({ spots: {} }));
    expect(r.deltaShares).toBe(20);
    expect(r.deltaDollars).toBe(10_000);
    expect(r.unpricedShares).toBe(100);
    expect(r.spyShares).toBeNull();
    expect(r.spySpot).toBeNull();
  });

  it("gives concentration by symbol and by bucket as shares of buying power", () => {
    const r = bookRisk(input());
    expect(r.bySymbol.map((row) => [row.key, row.buyingPower])).toEqual([
      ["AAPL", 19_700],
      ["SPY", 700],
      ["NVDA", 400],
      ["MSFT", 0],
    ]);
    expect(r.bySymbol[0]!.percent).toBeCloseTo((19_700 / 20_800) * 100, 10);
    // AAPL and MSFT are both technology.
    expect(r.byBucket.map((row) => [row.key, row.buyingPower, row.positions])).toEqual([
      ["technology", 19_700, 2],
      ["us-equity-beta", 700, 1],
      ["semiconductors", 400, 1],
    ]);
    expect(r.byBucket[1]!.percent).toBeCloseTo((700 / 20_800) * 100, 10);
  });

  it("lists earnings and ex-dividend dates from today to each expiration, on it included", () => {
    expect(bookRisk(input()).events).toEqual([
      {
        id: "b",
        symbol: "NVDA",
        kind: "earnings",
        date: "2026-12-10",
        estimated: true,
        expiration: "2026-12-18",
      },
      {
        id: "a",
        symbol: "SPY",
        kind: "exDividend",
        date: "2026-12-18",
        estimated: false,
        expiration: "2026-12-18",
      },
    ]);
  });

  it("sums the stored closes per date, carrying a position's last close over a date it has none", () => {
    expect(bookRisk(input()).daily).toEqual([
      { date: "2026-12-01", pnlMid: 50, pnlNatural: 20 },
      { date: "2026-12-02", pnlMid: 50, pnlNatural: 0 },
      { date: "2026-12-03", pnlMid: 70, pnlNatural: 10 },
    ]);
  });

  it("without stated cash gives no ratio; a spread whose legs do not read is counted as unsized", () => {
    const base = input();
    const r = bookRisk({
      ...base,
      statedCash: null,
      spreads: [...base.spreads, { ...base.spreads[1]!, id: "e", maxLoss: null }],
    });
    expect(r.buyingPower).toBe(20_800);
    expect(r.buyingPowerPercent).toBeNull();
    expect(r.cashFree).toBeNull();
    expect(r.unsized).toBe(1);
    expect(bookRisk({ ...base, statedCash: 0 }).buyingPowerPercent).toBeNull();
  });

  it("an empty book uses nothing", () => {
    const r = bookRisk(input({ spreads: [], wheel: [] }));
    expect(r.buyingPower).toBe(0);
    expect(r.bySymbol).toEqual([]);
    expect(r.daily).toEqual([]);
    expect(r.buyingPowerPercent).toBe(0);
  });
});

describe("the pieces", () => {
  const condor = (putLong: number, credit: number, contracts: number): Position => ({
    underlying: "SPY",
    strategy: "IRON_CONDOR",
    legs: [
      leg("put", "long", putLong, contracts),
      leg("put", "short", 95, contracts),
      leg("call", "short", 110, contracts),
      leg("call", "long", 115, contracts),
    ],
    openCredit: credit,
    openedDate: "2026-12-01",
    contracts,
  });

  it("a spread's max loss is the wider width less the credit", () => {
    expect(spreadMaxLoss(condor(90, 1.2, 3))).toBeCloseTo(1140, 8); // (5 - 1.2) x 300
    expect(spreadMaxLoss(condor(85, 2, 1))).toBeCloseTo(800, 8); // (10 - 2) x 100
    expect(spreadMaxLoss({ ...condor(90, 1.2, 3), legs: [] })).toBeNull();
  });

  it("a CSP holds its strike less premium, a CC nothing", () => {
    const o = { id: "x", symbol: "F", strike: 12, expiration: "2026-12-18", contracts: 3, premium: 0.4 };
    expect(wheelBuyingPower({ ...o, kind: "CSP" })).toBeCloseTo(3480, 8); // (12 - 0.40) x 300
    expect(wheelBuyingPower({ ...o, kind: "CC" })).toBe(0);
  });

  it("a position with only a natural close counts in natural and not in mid", () => {
    expect(
      bookDaily([
        [{ date: "2026-12-01", pnlMid: null, pnlNatural: -5 }],
        [{ date: "2026-12-01", pnlMid: 7, pnlNatural: 3 }],
      ]),
    ).toEqual([{ date: "2026-12-01", pnlMid: 7, pnlNatural: -2 }]);
  });
});
