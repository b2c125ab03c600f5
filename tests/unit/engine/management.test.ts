import { describe, expect, it } from "vitest";
import { MANAGEMENT_RULE } from "#app/engine/management.ts";
import { MANAGE_EXIT_DTE, MANAGE_PROFIT_SHARE } from "#app/engine/grading.ts";
import { MANAGEMENT_RULE as EXPORTED_RULE } from "#app/engine/index.ts";
import { readFileSync } from "node:fs";

describe("the one management rule", () => {
  it("is half the credit, 21 days and twice the credit", () => {
    expect(MANAGEMENT_RULE).toEqual({ profitTakeShare: 0.5, exitDte: 21, lossLimitMultiple: 2 });
    expect(EXPORTED_RULE).toBe(MANAGEMENT_RULE);
  });

  it("is what the track record's grading reads", () => {
    expect(MANAGE_PROFIT_SHARE).toBe(MANAGEMENT_RULE.profitTakeShare);
    expect(MANAGE_EXIT_DTE).toBe(MANAGEMENT_RULE.exitDte);
  });

  it("has no second copy of its numbers in the grading or the screen", () => {
    const grading = readFileSync("app/engine/grading.ts", "utf8");
    const spreads = readFileSync("app/engine/spreads.ts", "utf8");
    expect(grading).toMatch(/MANAGE_PROFIT_SHARE = MANAGEMENT_RULE\.profitTakeShare;/);
    expect(grading).toMatch(/MANAGE_EXIT_DTE = MANAGEMENT_RULE\.exitDte;/);
    expect(spreads).toMatch(/profitTargetPercent \?\? 100 \* MANAGEMENT_RULE\.profitTakeShare/);
  });
});
