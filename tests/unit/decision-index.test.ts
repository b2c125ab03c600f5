// The decision index (docs/decisions/README.md) lists every record with its current Status line.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decisionIndex } from "../../scripts/decision-index.mjs";

describe("docs/decisions/README.md", () => {
  it("is the generated index of every record (run `npm run decisions:index` when this fails)", () => {
    expect(readFileSync("docs/decisions/README.md", "utf8")).toBe(decisionIndex());
  });

  it("gives every record a Date and a Status line", () => {
    const index = decisionIndex() as string;
    expect(index).not.toContain("(no status line)");
    expect(index.split("\n").filter((l) => l.startsWith("| [")).length).toBeGreaterThan(100);
  });
});
