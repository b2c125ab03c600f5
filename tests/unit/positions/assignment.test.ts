// An assigned short leg handed on to the wheel ledger (decision 338): a put's shares bought at the strike, a call's
// delivered at it, 100 a contract on the assignment day; the page's words for each outcome.
import { describe, expect, it } from "vitest";
import { assignmentOf } from "#app/lib/positions/book.ts";
import type { PositionRecord } from "#app/lib/positions/input.ts";
import { assignOutcomeText, wheelEventOfAssignment } from "#app/lib/positions/assignment.ts";

const condor = {
  id: "p1",
  symbol: "MSFT",
  strategy: "IRON_CONDOR",
  contracts: 2,
  legs: [
    { right: "put", side: "long", strike: 390, expiration: "2027-01-15" },
    { right: "put", side: "short", strike: 400, expiration: "2027-01-15" },
    { right: "call", side: "short", strike: 450, expiration: "2027-01-15" },
    { right: "call", side: "long", strike: 460, expiration: "2027-01-15" },
  ],
} as unknown as PositionRecord;

describe("an assignment into the wheel ledger", () => {
  it("a short put's shares are bought at its strike, 100 a contract, on the assignment day", () => {
    const a = assignmentOf(condor, 1, "2027-01-15");
    expect(wheelEventOfAssignment(a)).toEqual({
      date: "2027-01-15",
      symbol: "MSFT",
      kind: "buy_shares",
      shares: 200,
      price: 400,
      note: "Assigned: short 400.00 put of a position",
    });
  });

  it("a short call's shares are delivered (sold) at its strike", () => {
    expect(wheelEventOfAssignment(assignmentOf(condor, 2, "2027-01-14"))).toMatchObject({
      kind: "sell_shares",
      shares: 200,
      price: 450,
      date: "2027-01-14",
    });
  });

  it("says the shares and whether the wheel took them, in the wheel's words when it refused", () => {
    const assignment = assignmentOf(condor, 1, "2027-01-15");
    expect(assignOutcomeText({ assignment, added: true, refusal: null })).toBe(
      "Assigned: 200 shares of MSFT bought at $400.00 on Jan 15, 2027. Added to your MSFT wheel campaign.",
    );
    expect(
      assignOutcomeText({ assignment, added: false, refusal: "Your plan allows 10 open campaigns." }),
    ).toBe(
      "Assigned: 200 shares of MSFT bought at $400.00 on Jan 15, 2027. Not added to a wheel campaign: Your plan allows 10 open campaigns.",
    );
    expect(assignOutcomeText({ assignment: null, added: false, refusal: null })).toMatch(
      /record them on Campaigns/,
    );
  });
});
