/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// An assignment from /positions into the wheel ledger in workerd (decision 338): the positions API closes the
// position and answers the assignment, and the event the page builds from it is one the wheel's API takes (the
// shares in a campaign at the strike), or refuses in its own words (a call's shares not held).
import { describe, expect, it } from "vitest";
import { postJson, testEnv, userOnPlan } from "./helpers";
import { daysFromToday } from "./fixtures/trade-ideas";
import * as positions from "#app/routes/api.positions.ts";
import * as ledger from "#app/routes/api.wheel.ledger.ts";
import { wheelEventOfAssignment } from "#app/lib/positions/assignment.ts";
import { LEDGER_MESSAGES } from "#app/lib/wheel/ledger.ts";
import { ledgerView } from "#app/server/wheel/ledger.server.ts";

const EXP = daysFromToday(20);
const leg = (right: string, side: string, strike: number) => ({ right, side, strike, expiration: EXP });

describe("assign on /positions, then the wheel ledger", () => {
  it("records the put's shares in a wheel campaign at the strike; a call's shares not held are refused", async () => {
    const user = await userOnPlan("positions-assign@example.com", "Pro Plan");
    const post = (body: unknown) => postJson(positions.action, "/api/positions", user.cookie, body);
    const opened = await post({
      version: 0,
      action: "open",
      position: {
        symbol: "KO",
        strategy: "IRON_CONDOR",
        legs: [
          leg("put", "short", 60),
          leg("put", "long", 55),
          leg("call", "short", 70),
          leg("call", "long", 75),
        ],
        contracts: 1,
        openCredit: 1.1,
        openedOn: daysFromToday(-5),
      },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const assigned = await post({
      version: opened.body.version,
      action: "assign",
      positionId: opened.body.position.id,
      on: daysFromToday(0),
      leg: 0,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const event = wheelEventOfAssignment(assigned.body.assignment);
    const recorded = await postJson(ledger.action, "/api/wheel/ledger", user.cookie, event);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    const view = await ledgerView(testEnv, {
      id: user.id,
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "active",
    } as any);
    const campaign = view.campaigns.find((c) => c.symbol === "KO" && c.status === "open")!;
    expect(campaign).toMatchObject({ sharesHeld: 100, brokerBasis: 60 });

    // A short call assigned with no shares held: the wheel's own words.
    const call = wheelEventOfAssignment({
      ...assigned.body.assignment,
      symbol: "PEP",
      right: "call",
      strike: 150,
    });
    const refused = await postJson(ledger.action, "/api/wheel/ledger", user.cookie, call);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(LEDGER_MESSAGES.campaignStart);
  });
});
