import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  buildLedger,
  CONTRACT_SIZE,
  MIN_DAYS_TO_ANNUALISE,
  optionKey,
  type Campaign,
  type LedgerEvent,
  type OptionType,
  type Valuation,
} from "#app/engine/wheel/ledger.ts";

let seq = 0;
function ev(partial: Omit<LedgerEvent, "id" | "symbol"> & { symbol?: string }): LedgerEvent {
  seq += 1;
  return { id: `e${seq}`, symbol: "KO", ...partial };
}

function campaignsOf(events: LedgerEvent[], asOf = "2026-12-31", marks: Record<string, Valuation> = {}) {
  const result = buildLedger(events, asOf, marks);
  if (!result.ok) throw new Error(`${result.eventId}: ${result.refusal.code}`);
  return result.campaigns;
}

function put(date: string, strike: number, contracts: number, price: number, expiration = "2026-02-20") {
  return ev({ date, kind: "sell_to_open", optionType: "put", strike, expiration, contracts, price });
}

describe("the wheel ledger: cases", () => {
  it("partial assignment: the assigned contracts become shares at strike minus their premium", () => {
    const events = [
      put("2026-01-05", 50, 3, 2),
      ev({
        date: "2026-02-20",
        kind: "assign",
        optionType: "put",
        strike: 50,
        expiration: "2026-02-20",
        contracts: 2,
      }),
    ];
    const [open] = campaignsOf(events, "2026-02-20", { KO: { price: 49 } });
    expect(open.status).toBe("open");
    expect(open.sharesHeld).toBe(200);
    expect(open.openOptions).toEqual([
      expect.objectContaining({ optionType: "put", contracts: 1, premium: 2 }),
    ]);
    expect(open.brokerBasis).toBe(48);
    // (10,000 paid - 600 premium of all three contracts) / 200 shares
    expect(open.adjustedBasis).toBe(47);
    expect(open.pnl.brokerUnrealised).toBe((49 - 48) * 200);
    // Shares up 1 over the broker basis; the open put is valued at its premium until it has a mark.
    expect(open.pnl.total).toBeCloseTo(200, 9);
    expect(open.pnl.difference).toBeCloseTo(0, 9);

    // The third contract expires and the shares are sold: the campaign closes.
    const closed = campaignsOf([
      ...events,
      ev({
        date: "2026-02-20",
        kind: "expire",
        optionType: "put",
        strike: 50,
        expiration: "2026-02-20",
        contracts: 1,
      }),
      ev({ date: "2026-02-23", kind: "sell_shares", shares: 200, price: 49 }),
    ])[0];
    expect(closed.status).toBe("closed");
    expect(closed.endDate).toBe("2026-02-23");
    expect(closed.pnl.brokerRealised).toBeCloseTo(200 + 200, 9);
    expect(closed.pnl.total).toBeCloseTo(400, 9);
  });

  it("refuses assigning more contracts than are open, naked calls and share sales under calls", () => {
    const start = [put("2026-01-05", 50, 1, 2)];
    const over = buildLedger(
      [
        ...start,
        ev({
          date: "2026-02-20",
          kind: "assign",
          optionType: "put",
          strike: 50,
          expiration: "2026-02-20",
          contracts: 2,
        }),
      ],
      "2026-03-01",
    );
    expect(over).toMatchObject({ ok: false, refusal: { code: "tooManyContracts", open: 1 } });
    const naked = buildLedger(
      [
        ...start,
        ev({
          date: "2026-01-06",
          kind: "sell_to_open",
          optionType: "call",
          strike: 55,
          expiration: "2026-02-20",
          contracts: 1,
          price: 1,
        }),
      ],
      "2026-03-01",
    );
    expect(naked).toMatchObject({ ok: false, refusal: { code: "uncoveredCall" } });
    const underCall = buildLedger(
      [
        ev({ date: "2026-01-05", kind: "buy_shares", shares: 100, price: 50 }),
        ev({
          date: "2026-01-05",
          kind: "sell_to_open",
          optionType: "call",
          strike: 55,
          expiration: "2026-02-20",
          contracts: 1,
          price: 1,
        }),
        ev({ date: "2026-01-06", kind: "sell_shares", shares: 100, price: 51 }),
      ],
      "2026-03-01",
    );
    expect(underCall).toMatchObject({ ok: false, refusal: { code: "sharesCoverCalls" } });
  });

  it("a roll (buy to close + sell to open, same type, same day) is one step; other days or types are not", () => {
    const base = [
      ev({ date: "2026-01-05", kind: "buy_shares", shares: 100, price: 50 }),
      ev({
        date: "2026-01-05",
        kind: "sell_to_open",
        optionType: "call",
        strike: 52,
        expiration: "2026-01-16",
        contracts: 1,
        price: 1,
      }),
      ev({
        date: "2026-01-14",
        kind: "buy_to_close",
        optionType: "call",
        strike: 52,
        expiration: "2026-01-16",
        contracts: 1,
        price: 1.5,
      }),
    ];
    const rolled = campaignsOf([
      ...base,
      ev({
        date: "2026-01-14",
        kind: "sell_to_open",
        optionType: "call",
        strike: 53,
        expiration: "2026-02-20",
        contracts: 1,
        price: 2.1,
      }),
    ])[0];
    const roll = rolled.steps.find((s) => s.kind === "roll");
    expect(roll?.eventIds).toHaveLength(2);
    expect(roll?.cash).toBeCloseTo((2.1 - 1.5) * CONTRACT_SIZE, 9);
    expect(rolled.steps.map((s) => s.kind)).toEqual(["buy_shares", "sell_to_open", "roll"]);

    const nextDay = campaignsOf([
      ...base,
      ev({
        date: "2026-01-15",
        kind: "sell_to_open",
        optionType: "call",
        strike: 53,
        expiration: "2026-02-20",
        contracts: 1,
        price: 2.1,
      }),
    ])[0];
    expect(nextDay.steps.some((s) => s.kind === "roll")).toBe(false);
    const otherType = campaignsOf([...base, put("2026-01-14", 45, 1, 1)])[0];
    expect(otherType.steps.some((s) => s.kind === "roll")).toBe(false);
  });

  it("a dividend belongs to the shares held when its ex-date opens, even if they are gone by the pay date", () => {
    const held = [
      ev({ date: "2026-03-02", kind: "buy_shares", shares: 100, price: 60 }),
      ev({
        date: "2026-03-02",
        kind: "sell_to_open",
        optionType: "call",
        strike: 60,
        expiration: "2026-03-13",
        contracts: 1,
        price: 1,
      }),
      // Called away on the ex-date itself: the shares were held when it opened.
      ev({
        date: "2026-03-13",
        kind: "called_away",
        optionType: "call",
        strike: 60,
        expiration: "2026-03-13",
        contracts: 1,
      }),
    ];
    const [campaign] = campaignsOf([
      ...held,
      ev({ date: "2026-04-01", kind: "dividend", exDate: "2026-03-13", amount: 0.51 }),
    ]);
    expect(campaign.status).toBe("closed");
    expect(campaign.endDate).toBe("2026-03-13");
    expect(campaign.dividends).toBeCloseTo(51, 9);
    expect(campaign.pnl.total).toBeCloseTo(100 + 51, 9);
    expect(campaign.pnl.difference).toBeCloseTo(0, 9);

    // Shares bought on the ex-date do not carry it.
    const late = buildLedger(
      [
        ev({ date: "2026-03-13", kind: "buy_shares", shares: 100, price: 60 }),
        ev({ date: "2026-04-01", kind: "dividend", exDate: "2026-03-13", amount: 0.51 }),
      ],
      "2026-04-02",
    );
    expect(late).toMatchObject({ ok: false, refusal: { code: "noSharesAtExDate" } });
    // A held dividend lowers the premium-adjusted basis.
    const [open] = campaignsOf(
      [
        ev({ date: "2026-03-02", kind: "buy_shares", shares: 100, price: 60 }),
        ev({ date: "2026-04-01", kind: "dividend", exDate: "2026-03-13", amount: 0.5 }),
      ],
      "2026-04-02",
    );
    expect(open.adjustedBasis).toBeCloseTo(59.5, 9);
    expect(open.brokerBasis).toBe(60);
  });

  it("idle days count in the capital-weighted return and in days in trade", () => {
    const events = [
      put("2026-01-02", 50, 1, 1, "2026-01-30"),
      ev({
        date: "2026-01-30",
        kind: "assign",
        optionType: "put",
        strike: 50,
        expiration: "2026-01-30",
        contracts: 1,
      }),
      // Thirty days holding shares with no call sold.
      ev({
        date: "2026-03-01",
        kind: "sell_to_open",
        optionType: "call",
        strike: 52,
        expiration: "2026-03-20",
        contracts: 1,
        price: 1,
      }),
      ev({
        date: "2026-03-20",
        kind: "called_away",
        optionType: "call",
        strike: 52,
        expiration: "2026-03-20",
        contracts: 1,
      }),
    ];
    const [c] = campaignsOf(events);
    expect(c.pnl.total).toBeCloseTo(100 + 100 + 200, 9);
    expect(c.returns.daysInTrade).toBe(77);
    expect(c.returns.idleDays).toBe(30);
    expect(c.returns.peakCapital).toBe(5000);
    // 28 days of put collateral + 30 idle days of shares + 19 days covered, all at 5,000.
    expect(c.returns.capitalDays).toBe(77 * 5000);
    expect(c.returns.capitalWeightedAnnualised).toBeCloseTo((400 / (77 * 5000)) * 365, 12);
    expect(c.returns.simpleAnnualised).toBeCloseTo(((400 / 5000) * 365) / 77, 12);
    expect(c.returns.pnlOverPeakCapital).toBeCloseTo(0.08, 12);
  });

  it("capital-weighted return weighs each day by the capital then tied up", () => {
    // 10 days of one put (5,000), then a second put for 10 days (10,000): peak 10,000, 150,000 dollar-days.
    const events = [
      put("2026-01-02", 50, 1, 1, "2026-01-22"),
      put("2026-01-12", 50, 1, 1, "2026-01-22"),
      ev({
        date: "2026-01-22",
        kind: "expire",
        optionType: "put",
        strike: 50,
        expiration: "2026-01-22",
        contracts: 2,
      }),
    ];
    const [c] = campaignsOf(events);
    expect(c.returns.capitalDays).toBe(150_000);
    expect(c.returns.capitalWeightedAnnualised).toBeCloseTo((200 / 150_000) * 365, 12);
    expect(c.returns.simpleAnnualised).toBeCloseTo(((200 / 10_000) * 365) / 20, 12);
    expect(c.returns.idleDays).toBe(0);
  });

  it("annualised returns are withheld below MIN_DAYS_TO_ANNUALISE days in trade, shown from it", () => {
    // A put sold and bought back the next day for a 50 profit: x 365 over one day would read ~365%.
    const oneDay = [
      put("2026-01-05", 50, 1, 1, "2026-01-16"),
      ev({
        date: "2026-01-06",
        kind: "buy_to_close",
        optionType: "put",
        strike: 50,
        expiration: "2026-01-16",
        contracts: 1,
        price: 0.5,
      }),
    ];
    const [short] = campaignsOf(oneDay);
    expect(short.returns).toMatchObject({
      daysInTrade: 1,
      annualised: false,
      simpleAnnualised: null,
      capitalWeightedAnnualised: null,
    });
    // The unannualised figure is still there.
    expect(short.returns.pnlOverPeakCapital).toBeCloseTo(50 / 5000, 12);
    // The same trade closed on day MIN_DAYS_TO_ANNUALISE is annualised.
    const closeDay = new Date(Date.UTC(2026, 0, 5 + MIN_DAYS_TO_ANNUALISE)).toISOString().slice(0, 10);
    const [week] = campaignsOf([oneDay[0], { ...oneDay[1], id: "week", date: closeDay }]);
    expect(week.returns.daysInTrade).toBe(MIN_DAYS_TO_ANNUALISE);
    expect(week.returns.annualised).toBe(true);
    expect(week.returns.simpleAnnualised).toBeCloseTo(((50 / 5000) * 365) / MIN_DAYS_TO_ANNUALISE, 12);
    expect(week.returns.capitalWeightedAnnualised).toBeCloseTo(
      (50 / (5000 * MIN_DAYS_TO_ANNUALISE)) * 365,
      12,
    );
  });

  it("a correction replaces the event it names; a void removes it", () => {
    const first = put("2026-01-05", 50, 1, 2);
    const fixed = { ...put("2026-01-05", 50, 1, 2.5), corrects: first.id };
    const [c] = campaignsOf([first, fixed]);
    expect(c.optionCash).toBe(250);
    const voided = buildLedger(
      [first, ev({ date: "2026-01-06", kind: "void", corrects: first.id })],
      "2026-01-07",
    );
    expect(voided).toEqual({ ok: true, campaigns: [] });
    const twice = buildLedger([first, fixed, { ...fixed, id: "again" }], "2026-01-07");
    expect(twice).toMatchObject({ ok: false, refusal: { code: "alreadyCorrected" } });
  });

  it("a new campaign starts after the last one closes", () => {
    const events = [
      put("2026-01-05", 50, 1, 2, "2026-01-16"),
      ev({
        date: "2026-01-16",
        kind: "expire",
        optionType: "put",
        strike: 50,
        expiration: "2026-01-16",
        contracts: 1,
      }),
      put("2026-01-20", 48, 1, 1.5),
    ];
    const campaigns = campaignsOf(events);
    expect(campaigns.map((c) => c.status)).toEqual(["closed", "open"]);
    expect(campaigns[1].startDate).toBe("2026-01-20");
    // The closed one never held shares: no bases at its close.
    expect(campaigns[0].basesAtClose).toBeNull();
  });

  it("a closed campaign keeps both bases as they stood at its close (issue 44)", () => {
    const option = (
      date: string,
      kind: LedgerEvent["kind"],
      optionType: OptionType,
      strike: number,
      expiration: string,
      price?: number,
    ) =>
      ev({
        date,
        kind,
        optionType,
        strike,
        expiration,
        contracts: 1,
        ...(price === undefined ? {} : { price }),
      });
    const held = [
      put("2026-01-05", 50, 1, 1.25, "2026-01-16"),
      option("2026-01-16", "assign", "put", 50, "2026-01-16"),
      option("2026-02-10", "sell_to_open", "call", 52, "2026-02-20", 0.8),
      // A dividend on the shares held lowers the premium-adjusted basis, not the broker's.
      ev({ date: "2026-02-15", kind: "dividend", amount: 0.5, exDate: "2026-02-12" }),
    ];
    const [open] = campaignsOf(held, "2026-02-16");
    expect(open.status).toBe("open");
    expect(open.basesAtClose).toBeNull();
    expect(open.brokerBasis).toBeCloseTo(48.75, 9);
    // (5,000 - 125 - 80 - 50) / 100
    expect(open.adjustedBasis).toBeCloseTo(47.45, 9);

    const [closed] = campaignsOf([...held, option("2026-02-20", "called_away", "call", 52, "2026-02-20")]);
    expect(closed.status).toBe("closed");
    expect(closed.sharesHeld).toBe(0);
    // No shares now, so no current basis; the card shows the bases at the close instead.
    expect(closed.brokerBasis).toBeNull();
    expect(closed.adjustedBasis).toBeNull();
    expect(closed.basesAtClose).toEqual({
      brokerBasis: expect.closeTo(48.75, 9),
      adjustedBasis: expect.closeTo(47.45, 9),
      shares: 100,
    });
  });
});

// ---------------------------------------------------------------- the invariant, over random sequences
interface Model {
  date: string;
  shares: number;
  options: { type: OptionType; strike: number; expiration: string; contracts: number }[];
}

const step = fc.record({
  action: fc.nat(10),
  pick: fc.nat(100),
  gap: fc.nat(4),
  qty: fc.integer({ min: 1, max: 3 }),
  cents: fc.integer({ min: 5, max: 900 }),
  strike: fc.integer({ min: 20, max: 80 }),
  fee: fc.constantFrom(0, 0, 0.65, 1.3),
});

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

type Step = {
  action: number;
  pick: number;
  gap: number;
  qty: number;
  cents: number;
  strike: number;
  fee: number;
};

/** Turns random choices into a valid event sequence by keeping a small model of what is held. */
function sequenceOf(steps: Step[], symbol: string): LedgerEvent[] {
  const model: Model = { date: "2026-01-02", shares: 0, options: [] };
  const events: LedgerEvent[] = [];
  let n = 0;
  const push = (e: Omit<LedgerEvent, "id" | "symbol" | "date">) =>
    events.push({ id: `${symbol}${n++}`, symbol, date: model.date, ...e });
  for (const s of steps) {
    model.date = addDays(model.date, s.gap);
    const covered = model.options.filter((o) => o.type === "call").reduce((a, o) => a + o.contracts * 100, 0);
    const open = model.options.length ? model.options[s.pick % model.options.length] : undefined;
    const price = s.cents / 100;
    const expiration = addDays(model.date, 7 + s.pick);
    const inCampaign = model.shares > 0 || model.options.length > 0;
    switch (s.action) {
      case 0:
        push({
          kind: "sell_to_open",
          optionType: "put",
          strike: s.strike,
          expiration,
          contracts: s.qty,
          price,
          fee: s.fee,
        });
        model.options.push({ type: "put", strike: s.strike, expiration, contracts: s.qty });
        break;
      case 1: {
        const free = Math.floor((model.shares - covered) / 100);
        if (free < 1) break;
        const contracts = Math.min(free, s.qty);
        push({
          kind: "sell_to_open",
          optionType: "call",
          strike: s.strike,
          expiration,
          contracts,
          price,
          fee: s.fee,
        });
        model.options.push({ type: "call", strike: s.strike, expiration, contracts });
        break;
      }
      case 2:
      case 3:
      case 4:
      case 5: {
        if (!open) break;
        const contracts = Math.min(open.contracts, s.qty);
        const base = { optionType: open.type, strike: open.strike, expiration: open.expiration, contracts };
        if (s.action === 2) push({ kind: "buy_to_close", ...base, price, fee: s.fee });
        else if (s.action === 3) push({ kind: "expire", ...base });
        else if (open.type === "put") {
          push({ kind: s.action === 4 ? "assign" : "exercise", ...base, fee: s.fee });
          model.shares += contracts * 100;
        } else {
          push({ kind: s.action === 4 ? "called_away" : "exercise", ...base });
          model.shares -= contracts * 100;
        }
        open.contracts -= contracts;
        if (open.contracts === 0) model.options.splice(model.options.indexOf(open), 1);
        break;
      }
      case 6:
        push({ kind: "buy_shares", shares: s.qty * 50, price: s.strike + price, fee: s.fee });
        model.shares += s.qty * 50;
        break;
      case 7: {
        const sellable = Math.min(model.shares - covered, s.qty * 50);
        if (sellable < 1) break;
        push({ kind: "sell_shares", shares: sellable, price: s.strike + price, fee: s.fee });
        model.shares -= sellable;
        break;
      }
      case 8:
        // Ex-date today, on a new day: the shares held now were held when it opened.
        if (s.gap === 0 || model.shares === 0) break;
        push({ kind: "dividend", exDate: model.date, amount: price / 10 });
        break;
      case 9:
        if (!inCampaign) break;
        push({ kind: "fee", amount: s.fee + 1 });
        break;
      default:
        break;
    }
  }
  return events;
}

describe("the wheel ledger: invariant", () => {
  it("a campaign's total P&L is the same under the broker's and the premium-adjusted basis", () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.array(step, { maxLength: 20 }),
        fc.integer({ min: 1000, max: 9000 }),
        fc.option(fc.integer({ min: 0, max: 900 }), { nil: undefined }),
        (a, b, priceCents, markCents) => {
          const events = [...sequenceOf(a, "KO"), ...sequenceOf(b, "T")];
          const lastDate = events.reduce((d, e) => (e.date > d ? e.date : d), "2026-01-02");
          const marks: Record<string, Valuation> = {};
          for (const symbol of ["KO", "T"]) {
            const optionMarks: Record<string, number> = {};
            if (markCents !== undefined)
              for (const e of events)
                if (e.symbol === symbol && e.optionType && e.strike && e.expiration)
                  optionMarks[optionKey(e.optionType, e.strike, e.expiration)] = markCents / 100;
            marks[symbol] = { price: priceCents / 100, optionMarks };
          }
          const result = buildLedger(events, lastDate, marks);
          if (!result.ok) throw new Error(`${result.eventId}: ${result.refusal.code}`);
          for (const c of result.campaigns as Campaign[]) {
            const broker = c.pnl.brokerRealised + c.pnl.brokerUnrealised;
            const scale = 1 + Math.abs(c.netCash) + c.returns.peakCapital;
            expect(Math.abs(broker - c.pnl.total)).toBeLessThan(1e-9 * scale);
            expect(Math.abs(c.pnl.difference)).toBeLessThan(1e-9 * scale);
            if (c.status === "closed") expect(c.pnl.total).toBeCloseTo(c.netCash, 6);
            if (c.sharesHeld > 0) expect(c.adjustedBasis! * c.sharesHeld).toBeCloseTo(-c.netCash, 6);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
