/**
 * A position's legs checked against its kind: every credit structure here is short the leg nearer the money and
 * long the one further out on the same right, one lot per leg, one expiration, a credit below the wider width.
 */
import { isIsoDate } from "#app/engine/time.ts";
import type {
  GeometryRefusal,
  Position,
  PositionLeg,
  PositionShape,
  PositionStrategy,
} from "#app/engine/positions/types.ts";

const LEG_COUNT: Record<PositionStrategy, readonly number[]> = {
  BULL_PUT_SPREAD: [2],
  BEAR_CALL_SPREAD: [2],
  IRON_CONDOR: [4],
  CUSTOM_CREDIT_SPREAD: [2, 4],
  CASH_SECURED_PUT: [1],
  COVERED_CALL: [1],
};

const refuse = (code: GeometryRefusal["code"], legIndex: number | null = null): GeometryRefusal => ({
  code,
  legIndex,
});

const positive = (x: number) => typeof x === "number" && Number.isFinite(x) && x > 0;

/** The index of the one leg of this right and side, -1 when none, -2 when more than one. */
function legOf(legs: readonly PositionLeg[], right: PositionLeg["right"], side: PositionLeg["side"]): number {
  let found = -1;
  for (let i = 0; i < legs.length; i++) {
    if (legs[i].right !== right || legs[i].side !== side) continue;
    if (found !== -1) return -2;
    found = i;
  }
  return found;
}

/** The position's shape, or why its legs are not its kind's credit structure. */
export function positionShape(position: Position): PositionShape | GeometryRefusal {
  const legs = position.legs;
  if (!positive(position.contracts) || !Number.isInteger(position.contracts)) return refuse("bad_number");
  if (typeof position.openCredit !== "number" || !Number.isFinite(position.openCredit))
    return refuse("bad_number");
  if (!isIsoDate(position.openedDate)) return refuse("bad_date");
  if (!LEG_COUNT[position.strategy]?.includes(legs.length)) return refuse("leg_count");
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i];
    if (!positive(leg.strike) || !positive(leg.quantity)) return refuse("bad_number", i);
    if (!isIsoDate(leg.expiration)) return refuse("bad_date", i);
    if (leg.expiration !== legs[0].expiration) return refuse("mixed_expirations", i);
    if (leg.quantity !== position.contracts) return refuse("quantity_mismatch", i);
  }
  const expiration = legs[0].expiration;
  if (position.openedDate > expiration) return refuse("opened_after_expiration");

  const putShort = legOf(legs, "put", "short");
  const putLong = legOf(legs, "put", "long");
  const callShort = legOf(legs, "call", "short");
  const callLong = legOf(legs, "call", "long");
  if (putShort === -2 || putLong === -2 || callShort === -2 || callLong === -2) return refuse("leg_pattern");
  const hasPut = putShort >= 0 && putLong >= 0;
  const hasCall = callShort >= 0 && callLong >= 0;
  let pattern: boolean;
  switch (position.strategy) {
    case "BULL_PUT_SPREAD":
      pattern = hasPut;
      break;
    case "BEAR_CALL_SPREAD":
      pattern = hasCall;
      break;
    case "IRON_CONDOR":
      pattern = hasPut && hasCall;
      break;
    case "CUSTOM_CREDIT_SPREAD":
      pattern = legs.length === 2 ? hasPut || hasCall : hasPut && hasCall;
      break;
    case "CASH_SECURED_PUT":
      pattern = putShort >= 0;
      break;
    case "COVERED_CALL":
      pattern = callShort >= 0;
      break;
  }
  if (!pattern) return refuse("leg_pattern");

  // The long leg is further out of the money than the short one: a credit, with a loss capped at the width.
  if (hasPut && !(legs[putLong].strike < legs[putShort].strike)) return refuse("strike_order", putLong);
  if (hasCall && !(legs[callLong].strike > legs[callShort].strike)) return refuse("strike_order", callLong);
  if (hasPut && hasCall && !(legs[putShort].strike <= legs[callShort].strike))
    return refuse("strike_order", callShort);

  const putWidth = hasPut ? legs[putShort].strike - legs[putLong].strike : 0;
  const callWidth = hasCall ? legs[callLong].strike - legs[callShort].strike : 0;
  const credit = position.openCredit;
  if (!(credit > 0)) return refuse("not_a_credit");
  // A credit at or above what the position can lose at worst is not a quote anyone fills: a mistyped fill.
  const cap =
    hasPut || hasCall
      ? Math.max(putWidth, callWidth)
      : position.strategy === "CASH_SECURED_PUT"
        ? legs[putShort].strike
        : Infinity;
  if (!(credit < cap)) return refuse("credit_not_below_width");
  return { putShort, putLong, callShort, callLong, expiration, putWidth, callWidth };
}

export function isGeometryRefusal(x: PositionShape | GeometryRefusal): x is GeometryRefusal {
  return "code" in x;
}
