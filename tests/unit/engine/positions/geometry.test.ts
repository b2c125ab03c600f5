import { describe, expect, it } from "vitest";
import { positionShape } from "#app/engine/positions/geometry.ts";
import { markPosition } from "#app/engine/positions/marks.ts";
import type { Position } from "#app/engine/positions/types.ts";
import { bullPut, context, ironCondor, leg, quoteOf } from "./fixture";

const custom = (legs: Position["legs"], openCredit = 1): Position => ({
  ...bullPut(),
  strategy: "CUSTOM_CREDIT_SPREAD",
  legs,
  openCredit,
});

describe("a position's geometry", () => {
  it("accepts the credit structures, by leg role whatever their order", () => {
    expect(positionShape(bullPut())).toMatchObject({ putShort: 0, putLong: 1, callShort: -1, putWidth: 5 });
    expect(positionShape(ironCondor())).toMatchObject({
      putLong: 0,
      putShort: 1,
      callShort: 2,
      callLong: 3,
      putWidth: 5,
      callWidth: 10,
    });
    expect(positionShape(custom([leg("call", "long", 110), leg("call", "short", 105)]))).toMatchObject({
      callShort: 1,
      callLong: 0,
    });
    expect(positionShape(custom(ironCondor(1.5, 1).legs))).toMatchObject({ putShort: 1, callShort: 2 });
  });

  it.each<[string, Position, string, number | null]>([
    [
      "a long put above the short put",
      { ...bullPut(), legs: [leg("put", "short", 90), leg("put", "long", 95)] },
      "strike_order",
      1,
    ],
    [
      "a long call below the short call",
      {
        ...bullPut(),
        strategy: "BEAR_CALL_SPREAD",
        legs: [leg("call", "short", 110), leg("call", "long", 105)],
      },
      "strike_order",
      1,
    ],
    [
      "a condor whose put short is above its call short",
      {
        ...ironCondor(1.5, 1),
        legs: [
          leg("put", "long", 105),
          leg("put", "short", 112),
          leg("call", "short", 110),
          leg("call", "long", 120),
        ],
      },
      "strike_order",
      2,
    ],
    ["a credit at the width", bullPut(5), "credit_not_below_width", null],
    ["a debit", bullPut(-0.5), "not_a_credit", null],
    ["no credit", bullPut(0), "not_a_credit", null],
    [
      "two short puts",
      { ...bullPut(), legs: [leg("put", "short", 95), leg("put", "short", 90)] },
      "leg_pattern",
      null,
    ],
    [
      "a bull put of calls",
      { ...bullPut(), legs: [leg("call", "short", 95), leg("call", "long", 90)] },
      "leg_pattern",
      null,
    ],
    [
      "a custom spread of a put and a call",
      custom([leg("put", "short", 95), leg("call", "long", 105)]),
      "leg_pattern",
      null,
    ],
    [
      "a custom spread of three legs",
      custom([leg("put", "short", 95), leg("put", "long", 90), leg("call", "short", 105)]),
      "leg_count",
      null,
    ],
    ["a condor of two legs", { ...ironCondor(), legs: bullPut().legs }, "leg_count", null],
    [
      "legs of two expirations",
      { ...bullPut(), legs: [leg("put", "short", 95), leg("put", "long", 90, 1, "2026-05-15")] },
      "mixed_expirations",
      1,
    ],
    [
      "a leg's quantity not the position's",
      { ...bullPut(), legs: [leg("put", "short", 95), leg("put", "long", 90, 2)] },
      "quantity_mismatch",
      1,
    ],
    ["no contracts", { ...bullPut(), contracts: 0 }, "bad_number", null],
    [
      "a negative strike",
      { ...bullPut(), legs: [leg("put", "short", 95), leg("put", "long", -1)] },
      "bad_number",
      1,
    ],
    ["an impossible date", { ...bullPut(), openedDate: "2026-02-30" }, "bad_date", null],
    [
      "opened after its expiration",
      { ...bullPut(), openedDate: "2026-05-01" },
      "opened_after_expiration",
      null,
    ],
    [
      "a cash-secured put credited its strike",
      { ...bullPut(95), strategy: "CASH_SECURED_PUT", legs: [leg("put", "short", 95)] },
      "credit_not_below_width",
      null,
    ],
    [
      "a covered call that is long",
      { ...bullPut(), strategy: "COVERED_CALL", legs: [leg("call", "long", 105)] },
      "leg_pattern",
      null,
    ],
  ])("refuses %s", (_, position, code, legIndex) => {
    expect(positionShape(position)).toEqual({ code, legIndex });
    const mark = markPosition(
      position,
      position.legs.map((l) => quoteOf(l)),
      context(),
    );
    expect(mark.status).toBe("invalid");
    expect(mark.geometry).toEqual({ code, legIndex });
    expect(mark.valueNatural).toBeNull();
    expect(mark.maxProfit).toBeNull();
  });
});
