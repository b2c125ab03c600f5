import { describe, expect, it } from "vitest";
import { legacyRorPopScore, type LegacyScoreInputs } from "#app/engine/legacy-score.ts";

const idea: LegacyScoreInputs = {
  return_on_risk: 25,
  probability_of_profit: 70,
  liquidity_weight: 0.6,
  net_credit_mid: 1,
  net_credit_natural: 0.8,
  events: { earnings: false },
};

describe("legacyRorPopScore (the score of decision 050, bench-only)", () => {
  it("is return on risk x POP x liquidity x (1 - cost), as ratios", () => {
    // 0.25 x 0.70 x (0.25 + 0.75 x 0.6) x (1 - 0.2)
    expect(legacyRorPopScore(idea)).toBeCloseTo(0.098, 14);
  });
  it("halves the score when earnings fall before expiry", () => {
    expect(legacyRorPopScore({ ...idea, events: { earnings: true } })).toBeCloseTo(0.049, 14);
  });
  it("clamps the bid/ask cost to [0, 1]: no bonus for a natural above the mid, zero without a mid credit", () => {
    expect(legacyRorPopScore({ ...idea, net_credit_natural: 1.2 })).toBeCloseTo(0.1225, 14);
    expect(legacyRorPopScore({ ...idea, net_credit_natural: -0.5 })).toBe(0);
    expect(legacyRorPopScore({ ...idea, net_credit_mid: 0, net_credit_natural: -0.1 })).toBe(0);
  });
  it("keeps a quarter of the score for an idea nobody traded in the prior session", () => {
    const none = legacyRorPopScore({ ...idea, liquidity_weight: 0 });
    const full = legacyRorPopScore({ ...idea, liquidity_weight: 1 });
    expect(none / full).toBeCloseTo(0.25, 14);
  });
});
