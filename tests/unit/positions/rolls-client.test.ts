// The roll the finder records: the positions API's roll action with the finder's fill-basis close and credit
// rounded to the cent (a broker's fill), the candidate's legs without their quantities, the position's contracts.
import { describe, expect, it } from "vitest";
import { closeChangeOf, rollChangeOf } from "#app/lib/positions/rolls-client.ts";
import type { PositionRecord } from "#app/lib/positions/client.ts";
import type { RollCandidate, RollsView } from "#app/lib/positions/rolls.ts";

const position = { id: "p1", contracts: 3 } as PositionRecord;
const view = { closeDebit: 1.19592664 } as RollsView;
const candidate = {
  newCredit: 1.397458789,
  legs: [
    { right: "put", side: "short", strike: 99, expiration: "2026-05-15", quantity: 3 },
    { right: "put", side: "long", strike: 95, expiration: "2026-05-15", quantity: 3 },
  ],
} as RollCandidate;

describe("rollChangeOf", () => {
  it("is the roll action at the finder's prices to the cent", () => {
    expect(rollChangeOf(position, view, candidate, "2026-03-02")).toEqual({
      action: "roll",
      positionId: "p1",
      closedOn: "2026-03-02",
      closeDebit: 1.2,
      legs: [
        { right: "put", side: "short", strike: 99, expiration: "2026-05-15" },
        { right: "put", side: "long", strike: 95, expiration: "2026-05-15" },
      ],
      openCredit: 1.4,
      contracts: 3,
    });
  });

  it("never sends a negative debit, and closes instead at the same price", () => {
    const cheap = { closeDebit: -0.004 } as RollsView;
    expect(
      (rollChangeOf(position, cheap, candidate, "2026-03-02") as { closeDebit: number }).closeDebit,
    ).toBe(0);
    expect(closeChangeOf(position, view, "2026-03-02")).toEqual({
      action: "close",
      positionId: "p1",
      closedOn: "2026-03-02",
      closeDebit: 1.2,
    });
  });
});
