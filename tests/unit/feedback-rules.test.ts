import { describe, expect, it } from "vitest";
import { applyVote, parseChips, statusLabel, toggleChip, FEATURE_STATUSES } from "#app/lib/feedback.ts";
import { parseAdminTab, trialLength } from "#app/lib/admin.ts";

describe("voting table (docs/product/feedback-board.md#voting)", () => {
  it.each([
    [0, 1, 1, 1], // upvote with no prior vote: +1
    [-1, 1, 1, 2], // upvote after a downvote: +2, moves to upvoters
    [1, 1, 0, -1], // upvote again: removes the vote, -1
    [0, -1, -1, -1], // downvote symmetric: -1
    [1, -1, -1, -2], // downvote after an upvote: -2
    [-1, -1, 0, 1], // downvote again: removes, +1
  ] as const)("from %i casting %i -> %i (delta %i)", (current, cast, next, delta) => {
    expect(applyVote(current, cast)).toEqual({ next, delta });
  });
});

describe("admin filter chips", () => {
  it("'All' is exclusive and clears the selection", () => {
    expect(toggleChip(["bug", "other"], "all")).toEqual([]);
  });
  it("choosing a specific chip while on All selects only it", () => {
    expect(toggleChip([], "bug")).toEqual(["bug"]);
  });
  it("multi-select adds and removes", () => {
    expect(toggleChip(["bug"], "other")).toEqual(["bug", "other"]);
    expect(toggleChip(["bug", "other"], "bug")).toEqual(["other"]);
  });
  it("deselecting the last chip returns to All", () => {
    expect(toggleChip(["bug"], "bug")).toEqual([]);
  });
  it("parses URL chip lists, dropping unknown and repeated values", () => {
    expect(parseChips("planned,,bogus,planned, completed", FEATURE_STATUSES)).toEqual([
      "planned",
      "completed",
    ]);
    expect(parseChips(null, FEATURE_STATUSES)).toEqual([]);
  });
});

describe("texts and inputs", () => {
  it("shows statuses with the hyphen replaced by a space", () => {
    expect(FEATURE_STATUSES.map(statusLabel)).toEqual([
      "under review",
      "planned",
      "in progress",
      "completed",
      "rejected",
    ]);
  });
  it("trial length: an integer of at least 1; anything else becomes 1", () => {
    expect(trialLength("10")).toBe(10);
    expect(trialLength(" 3 ")).toBe(3);
    for (const bad of ["0", "-2", "1.5", "abc", "", null, undefined, "1e9"]) expect(trialLength(bad)).toBe(1);
  });
  it("admin tabs default to Pending Features", () => {
    expect(parseAdminTab(null)).toBe("pending");
    expect(parseAdminTab("trials")).toBe("trials");
    expect(parseAdminTab("nope")).toBe("pending");
  });
});
