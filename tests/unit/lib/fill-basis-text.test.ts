// A caption names the basis its number was priced at: the payload's label, else the product's one basis, never
// "the mid" (no premium is priced at the mid).
import { describe, expect, it } from "vitest";
import { FILL_BASIS_LABEL, fillBasisText } from "#app/lib/model-labels.ts";

describe("fillBasisText", () => {
  it("uses the payload's label", () => {
    expect(fillBasisText("the natural price")).toBe("the natural price");
  });
  it("falls back to the product's fill basis, not the mid", () => {
    for (const missing of [undefined, null, "", 3]) {
      expect(fillBasisText(missing)).toBe(FILL_BASIS_LABEL);
      expect(fillBasisText(missing)).not.toMatch(/^the mid/);
    }
  });
});
