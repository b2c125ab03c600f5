// The wheel ledger's open short options as the positions' engine reads them (decision 338): a put is a one-leg
// cash-secured put, a call a covered call at the campaign's share cost before its own premium, each opened on
// the day it was first sold; marked, the premium is the max profit.
import { describe, expect, it } from "vitest";
import { buildLedger, type LedgerEvent } from "#app/engine/wheel/ledger.ts";
import { markPosition } from "#app/engine/positions/marks.ts";
import { wheelOptionPosition, wheelOptionsOfCampaigns } from "#app/lib/positions/wheel-option.ts";

const EXP = "2027-02-19";
let n = 0;
const ev = (e: Omit<LedgerEvent, "id"> & { id?: string }): LedgerEvent => ({ ...e, id: `e${++n}` });

function optionsOf(events: LedgerEvent[]) {
  const built = buildLedger(events, "2027-01-15");
  if (!built.ok) throw new Error(built.refusal.code);
  return wheelOptionsOfCampaigns(built.campaigns, events);
}

describe("wheel options as positions", () => {
  const put = ev({
    date: "2027-01-04",
    symbol: "KO",
    kind: "sell_to_open",
    optionType: "put",
    strike: 60,
    expiration: EXP,
    contracts: 2,
    price: 1.2,
  });

  it("a short put is a one-leg cash-secured put opened the day it was sold, credit the premium", () => {
    const [option] = optionsOf([put]);
    expect(option).toMatchObject({ kind: "CSP", openedOn: "2027-01-04", stockCostPerShare: null });
    expect(wheelOptionPosition(option!)).toEqual({
      underlying: "KO",
      strategy: "CASH_SECURED_PUT",
      legs: [{ right: "put", side: "short", strike: 60, expiration: EXP, quantity: 2 }],
      openCredit: 1.2,
      openedDate: "2027-01-04",
      contracts: 2,
    });
  });

  it("a second sale of the same put keeps the first day; a call carries the shares' cost before its premium", () => {
    const options = optionsOf([
      put,
      ev({ ...put, date: "2027-01-06", contracts: 1, price: 1.5 }),
      ev({ date: "2027-01-07", symbol: "KO", kind: "buy_shares", shares: 100, price: 62 }),
      ev({
        date: "2027-01-08",
        symbol: "KO",
        kind: "sell_to_open",
        optionType: "call",
        strike: 65,
        expiration: EXP,
        contracts: 1,
        price: 0.7,
      }),
    ]);
    const csp = options.find((o) => o.kind === "CSP")!;
    const cc = options.find((o) => o.kind === "CC")!;
    expect(csp).toMatchObject({ openedOn: "2027-01-04", contracts: 3, premium: expect.closeTo(1.3, 9) });
    // Adjusted basis 62 - (2 x 1.2 + 1.5) x 100 / 100 - 0.7 = 57.4; before the call's premium: 58.1.
    expect(cc.stockCostPerShare).toBeCloseTo(58.1, 9);
    const position = wheelOptionPosition(cc);
    expect(position).toMatchObject({
      strategy: "COVERED_CALL",
      openedDate: "2027-01-08",
      stockCostPerShare: cc.stockCostPerShare,
    });
    const nowMs = Date.parse("2027-01-15T16:00:00Z");
    const mark = markPosition(position, [{ bid: 0.3, ask: 0.4, iv: 0.2, quoteTimeMs: nowMs }], {
      spot: 61,
      spotQuoteTimeMs: nowMs,
      rate: 0.04,
      dividendYield: 0.03,
      nowMs,
    });
    // The premium is the max profit; the breakeven is the shares' cost less the call's premium.
    expect(mark.maxProfit).toBeCloseTo(70, 9);
    expect(mark.pnlNatural).toBeCloseTo(30, 9);
    expect(mark.pnlNaturalPercentOfMaxProfit).toBeCloseTo((30 / 70) * 100, 9);
    expect(mark.breakevens).toEqual([expect.closeTo(57.4, 9)]);
    expect(mark.daysHeld).toBe(7);
  });

  it("leaves out a closed campaign's options", () => {
    expect(optionsOf([put, ev({ ...put, date: "2027-01-05", kind: "buy_to_close", price: 0.5 })])).toEqual(
      [],
    );
  });
});
