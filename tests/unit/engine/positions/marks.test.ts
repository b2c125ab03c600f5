import { describe, expect, it } from "vitest";
import { MARK_MAX_QUOTE_AGE_MINUTES, markPosition } from "#app/engine/positions/marks.ts";
import type { Position } from "#app/engine/positions/types.ts";
import {
  NOW_MS,
  SPOT,
  T,
  blackScholes,
  bullPut,
  context,
  ironCondor,
  leg,
  probAboveAt,
  quoteOf,
  smileIv,
  touchAt,
} from "./fixture";

const quotesOf = (p: Position, s = SPOT) => p.legs.map((l) => quoteOf(l, s));

describe("markPosition: a bull put spread on a fixed chain and clock", () => {
  const position = bullPut(1, 3);
  const quotes = quotesOf(position);
  const mark = markPosition(position, quotes, context());
  const [short, long] = quotes;

  it("values the close at the mid and at the natural price (shorts at the ask, longs at the bid)", () => {
    expect(mark.status).toBe("ok");
    const mid = (q: { bid: number; ask: number }) => (q.bid + q.ask) / 2;
    expect(mark.valueMid).toBeCloseTo(mid(short) - mid(long), 12);
    expect(mark.valueNatural).toBeCloseTo(short.ask - long.bid, 12);
    expect(mark.pnlMid).toBeCloseTo((1 - (mid(short) - mid(long))) * 300, 9);
    expect(mark.pnlNatural).toBeCloseTo((1 - (short.ask - long.bid)) * 300, 9);
    expect(mark.pnlNaturalPercentOfMaxProfit).toBeCloseTo(
      (((1 - (short.ask - long.bid)) * 300) / 300) * 100,
      9,
    );
    expect(mark.pnlNatural!).toBeLessThan(mark.pnlMid!);
  });

  it("gives max profit, max loss and the breakeven per position", () => {
    expect(mark.maxProfit).toBeCloseTo(300, 9);
    expect(mark.maxLoss).toBeCloseTo(1200, 9);
    expect(mark.breakevens).toEqual([94]);
  });

  it("counts calendar days on New York dates", () => {
    expect(mark.today).toBe("2026-03-02");
    expect(mark.daysHeld).toBe(10);
    expect(mark.daysLeft).toBe(46);
    expect(mark.openedDaysToExpiration).toBe(56);
    // 23:30 New York is still the 2nd (04:30 UTC on the 3rd).
    const late = markPosition(position, quotes, context({ nowMs: Date.UTC(2026, 2, 3, 4, 30) }));
    expect(late.today).toBe("2026-03-02");
    expect(late.daysLeft).toBe(46);
  });

  it("POP is the lognormal probability of finishing above the breakeven at the smile's IV there", () => {
    // The smile is linear in strike, so interpolating the legs' IVs at 94 gives the smile's own IV at 94.
    expect(mark.popPercent! / 100).toBeCloseTo(probAboveAt(SPOT, 94, T, smileIv(94)), 6);
    expect(mark.touchPercent! / 100).toBeCloseTo(touchAt(SPOT, 95, T, smileIv(95)), 6);
    expect(mark.touchPercent!).toBeGreaterThan(100 - mark.popPercent!);
  });

  it("greeks are BSM per leg, short legs negative, in dollars per position", () => {
    const s = blackScholes(false, SPOT, 95, T, smileIv(95));
    const l = blackScholes(false, SPOT, 90, T, smileIv(90));
    expect(mark.deltaShares).toBeCloseTo((l.delta - s.delta) * 300, 4);
    expect(mark.deltaDollars).toBeCloseTo((l.delta - s.delta) * 300 * SPOT, 2);
    expect(mark.thetaDollarsPerDay).toBeCloseTo(((l.theta - s.theta) / 365) * 300, 4);
    expect(mark.vegaDollarsPerVolPoint).toBeCloseTo(((l.vega - s.vega) / 100) * 300, 4);
    // A bull put is long delta, short vega, earns theta.
    expect(mark.deltaShares!).toBeGreaterThan(0);
    expect(mark.vegaDollarsPerVolPoint!).toBeLessThan(0);
    expect(mark.thetaDollarsPerDay!).toBeGreaterThan(0);
  });

  it("reports each leg's mid, intrinsic and extrinsic value and the oldest quote time", () => {
    expect(mark.legs[0]!.mid).toBeCloseTo(blackScholes(false, SPOT, 95, T, smileIv(95)).price, 12);
    expect(mark.legs[0]!.intrinsic).toBe(0);
    expect(mark.legs[0]!.extrinsic).toBeCloseTo(mark.legs[0]!.mid, 12);
    expect(mark.legs[0]!.delta).toBeCloseTo(blackScholes(false, SPOT, 95, T, smileIv(95)).delta, 6);
    const older = [{ ...quotes[0], quoteTimeMs: NOW_MS - 10 * 60_000 }, quotes[1]];
    expect(markPosition(position, older, context()).oldestQuoteTimeMs).toBe(NOW_MS - 10 * 60_000);
    expect(mark.oldestQuoteTimeMs).toBe(NOW_MS - 60_000);
  });

  it("takes the provider's delta for a leg when given, and solves the IV from the mid when not", () => {
    const exact = position.legs.map((l) => {
      const p = blackScholes(false, SPOT, l.strike, T, smileIv(l.strike)).price;
      return { bid: p, ask: p, quoteTimeMs: NOW_MS, delta: l.side === "short" ? -0.3 : null };
    });
    const m = markPosition(position, exact, context());
    expect(m.legs[0]!.iv).toBeCloseTo(smileIv(95), 6);
    expect(m.legs[1]!.iv).toBeCloseTo(smileIv(90), 6);
    expect(m.legs[0]!.delta).toBe(-0.3);
    expect(m.popPercent).toBeCloseTo(mark.popPercent!, 4);
  });
});

describe("markPosition: the other strategies", () => {
  it("a bear call: below the breakeven, touch from below", () => {
    const p: Position = {
      underlying: "XYZ",
      strategy: "BEAR_CALL_SPREAD",
      legs: [leg("call", "short", 105), leg("call", "long", 110)],
      openCredit: 1,
      openedDate: "2026-02-20",
      contracts: 1,
    };
    const m = markPosition(p, quotesOf(p), context());
    expect(m.breakevens).toEqual([106]);
    expect(m.maxLoss).toBeCloseTo(400, 9);
    expect(m.popPercent! / 100).toBeCloseTo(1 - probAboveAt(SPOT, 106, T, smileIv(106)), 6);
    expect(m.touchPercent! / 100).toBeCloseTo(touchAt(SPOT, 105, T, smileIv(105)), 6);
    expect(m.deltaShares!).toBeLessThan(0);
  });

  it("a cash-secured put: loss to zero, IV flat at its one strike", () => {
    const p: Position = {
      underlying: "XYZ",
      strategy: "CASH_SECURED_PUT",
      legs: [leg("put", "short", 95)],
      openCredit: 1.5,
      openedDate: "2026-02-20",
      contracts: 1,
    };
    const m = markPosition(p, quotesOf(p), context());
    expect(m.maxProfit).toBeCloseTo(150, 9);
    expect(m.maxLoss).toBeCloseTo(9350, 9);
    expect(m.breakevens).toEqual([93.5]);
    expect(m.popPercent! / 100).toBeCloseTo(probAboveAt(SPOT, 93.5, T, smileIv(95)), 6);
  });

  it("a covered call: the option alone is unbounded; the breakeven is the shares' cost less the credit", () => {
    const p: Position = {
      underlying: "XYZ",
      strategy: "COVERED_CALL",
      legs: [leg("call", "short", 105)],
      openCredit: 1,
      openedDate: "2026-02-20",
      contracts: 1,
      stockCostPerShare: 98,
    };
    const m = markPosition(p, quotesOf(p), context());
    expect(m.maxLoss).toBeNull();
    expect(m.breakevens).toEqual([97]);
    expect(m.popPercent! / 100).toBeCloseTo(probAboveAt(SPOT, 97, T, smileIv(105)), 6);
    const noCost = markPosition({ ...p, stockCostPerShare: null }, quotesOf(p), context());
    expect(noCost.breakevens).toEqual([]);
    expect(noCost.popPercent).toBeNull();
  });

  it("an iron condor is one position with two short strikes and two breakevens", () => {
    const p = ironCondor(1.5, 2);
    const q = quotesOf(p);
    const m = markPosition(p, q, context());
    expect(m.status).toBe("ok");
    expect(m.maxProfit).toBeCloseTo(300, 9);
    // Only one wing can lose: the wider (10) less the whole credit.
    expect(m.maxLoss).toBeCloseTo(1700, 9);
    expect(m.breakevens).toEqual([88.5, 111.5]);
    const expected = probAboveAt(SPOT, 88.5, T, smileIv(88.5)) - probAboveAt(SPOT, 111.5, T, smileIv(111.5));
    expect(m.popPercent! / 100).toBeCloseTo(expected, 6);
    expect(m.valueNatural).toBeCloseTo(q[1].ask + q[2].ask - q[0].bid - q[3].bid, 12);
    // Touching either short strike: at least the likelier one alone, at most both added.
    const tPut = touchAt(SPOT, 90, T, smileIv(90));
    const tCall = touchAt(SPOT, 110, T, smileIv(110));
    const sigma = 0.5 * (smileIv(90) + smileIv(110));
    expect(m.touchPercent! / 100).toBeGreaterThanOrEqual(
      Math.max(touchAt(SPOT, 90, T, sigma), touchAt(SPOT, 110, T, sigma)) - 1e-6,
    );
    expect(m.touchPercent! / 100).toBeLessThanOrEqual(tPut + tCall);
    // Past a short strike it has touched.
    expect(markPosition(p, quotesOf(p, 89), context({ spot: 89 })).touchPercent).toBe(100);
  });
});

describe("markPosition: stale and missing quotes", () => {
  const position = bullPut();
  const quotes = quotesOf(position);

  it("a quote older than the limit gives values marked stale, naming the leg", () => {
    const old = NOW_MS - (MARK_MAX_QUOTE_AGE_MINUTES + 1) * 60_000;
    const m = markPosition(position, [quotes[0], { ...quotes[1], quoteTimeMs: old }], context());
    expect(m.status).toBe("stale");
    expect(m.staleLegIndexes).toEqual([1]);
    expect(m.spotStale).toBe(false);
    expect(m.valueNatural).not.toBeNull();
    expect(m.oldestQuoteTimeMs).toBe(old);
    // The limit is the caller's to widen.
    expect(
      markPosition(
        position,
        [quotes[0], { ...quotes[1], quoteTimeMs: old }],
        context({ maxQuoteAgeMinutes: 60 }),
      ).status,
    ).toBe("ok");
    // Exactly at the limit is still fresh.
    const edge = NOW_MS - MARK_MAX_QUOTE_AGE_MINUTES * 60_000;
    expect(markPosition(position, [quotes[0], { ...quotes[1], quoteTimeMs: edge }], context()).status).toBe(
      "ok",
    );
  });

  it("an old spot makes the mark stale too", () => {
    const m = markPosition(position, quotes, context({ spotQuoteTimeMs: NOW_MS - 45 * 60_000 }));
    expect(m.status).toBe("stale");
    expect(m.spotStale).toBe(true);
    expect(m.staleLegIndexes).toEqual([]);
  });

  it("a leg without a quote gives no value at all, and says which leg", () => {
    for (const missing of [
      null,
      undefined,
      { ...quotes[1], ask: quotes[1].bid - 0.1 },
      { ...quotes[1], bid: NaN },
    ]) {
      const m = markPosition(position, [quotes[0], missing], context());
      expect(m.status).toBe("missing_leg");
      expect(m.missingLegIndexes).toEqual([1]);
      expect(m.valueMid).toBeNull();
      expect(m.valueNatural).toBeNull();
      expect(m.pnlMid).toBeNull();
      expect(m.pnlNatural).toBeNull();
      expect(m.popPercent).toBeNull();
      expect(m.deltaShares).toBeNull();
      expect(m.legs).toEqual([null, null]);
      // What needs no quote is still known.
      expect(m.maxProfit).toBeCloseTo(100, 9);
    }
    expect(markPosition(position, [quotes[0]], context()).missingLegIndexes).toEqual([1]);
  });

  it("no spot: no value", () => {
    const m = markPosition(position, quotes, context({ spot: NaN }));
    expect(m.status).toBe("missing_spot");
    expect(m.valueNatural).toBeNull();
  });
});
