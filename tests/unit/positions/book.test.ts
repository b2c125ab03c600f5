// The spread position book (decision 333): every action's event applied to a user's positions, the geometry and
// lifecycle refusals with their messages, the links a read derives from the closing events, and a 5,000-event
// rebuild (timed for the decision record, not asserted).
import { describe, expect, it } from "vitest";
import {
  applyEvent,
  assignmentDebit,
  buildBook,
  eventForAction,
  linksOf,
  openCountOf,
  recordOf,
  type Applied,
  type Book,
  type PositionEvent,
} from "#app/lib/positions/book.ts";
import {
  DEFAULT_POSITION_SETTINGS,
  legsGeometryIssue,
  POSITION_MESSAGES,
  positionActionSchema,
  type PositionLegInput,
} from "#app/lib/positions/input.ts";
import { MANAGEMENT_RULE } from "#app/engine/management.ts";

const EXP = "2026-12-18";
const TODAY = "2026-12-03";
const leg = (
  right: "put" | "call",
  side: "short" | "long",
  strike: number,
  expiration = EXP,
): PositionLegInput => ({
  right,
  side,
  strike,
  expiration,
});
const BULL_PUT = [leg("put", "short", 100), leg("put", "long", 95)];
const CONDOR = [
  leg("put", "short", 100),
  leg("put", "long", 95),
  leg("call", "short", 110),
  leg("call", "long", 115),
];

let n = 0;
const ids = () => ({ eventId: `e${++n}`, newPositionId: `p${n}` });

/** Parses the body as the API does (a parse failure throws), then records it into the book: the event and its outcome. */
function act(
  book: Book,
  body: Record<string, unknown>,
  today = TODAY,
): { event: PositionEvent; applied: Applied } {
  const parsed = positionActionSchema.safeParse({ version: 0, ...body });
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  const event = eventForAction(book, parsed.data, ids(), today);
  return { event, applied: applyEvent(book, event, today) };
}

function openOne(book: Book, position: Record<string, unknown> = {}) {
  const r = act(book, {
    action: "open",
    position: {
      symbol: "spy",
      strategy: "BULL_PUT_SPREAD",
      legs: BULL_PUT,
      contracts: 2,
      openCredit: 1.25,
      openedOn: "2026-12-01",
      ...position,
    },
  });
  if (!("event" in r) || !r.applied.ok) throw new Error(`open failed: ${JSON.stringify(r)}`);
  return r.event.positionId;
}

describe("the position book", () => {
  it("opens a bull put spread with the management rule's settings", () => {
    const book: Book = new Map();
    const id = openOne(book);
    const p = recordOf(book.get(id)!);
    expect(p).toMatchObject({
      symbol: "SPY",
      status: "open",
      contracts: 2,
      expiration: EXP,
      closeReason: null,
      realizedPnl: null,
      tradeId: null,
      rolledFrom: null,
      rolledTo: null,
    });
    expect(p.settings).toEqual({
      profitTargetShare: MANAGEMENT_RULE.profitTakeShare,
      lossLimitMultiple: MANAGEMENT_RULE.lossLimitMultiple,
      exitDte: MANAGEMENT_RULE.exitDte,
      testedDistancePercent: 2,
      alerts: true,
    });
    expect(openCountOf(book)).toBe(1);
  });

  it("closes with the realized P&L in dollars: (credit - debit) x 100 x contracts", () => {
    const book: Book = new Map();
    const id = openOne(book);
    const r = act(book, { action: "close", positionId: id, closedOn: "2026-12-02", closeDebit: 0.4 });
    expect("applied" in r && r.applied.ok).toBe(true);
    expect(recordOf(book.get(id)!)).toMatchObject({
      status: "closed",
      closeReason: "closed",
      closedOn: "2026-12-02",
      closeDebit: 0.4,
      realizedPnl: 170,
    });
    expect(openCountOf(book)).toBe(0);
  });

  it("refuses a close before the open, in the future, twice, and of an unknown position", () => {
    const book: Book = new Map();
    const id = openOne(book);
    const early = act(book, { action: "close", positionId: id, closedOn: "2026-11-30", closeDebit: 0 });
    expect("applied" in early && !early.applied.ok && early.applied.refusal.message).toBe(
      POSITION_MESSAGES.closedBeforeOpened,
    );
    const future = act(book, { action: "close", positionId: id, closedOn: "2026-12-04", closeDebit: 0 });
    expect("applied" in future && !future.applied.ok && future.applied.refusal.message).toBe(
      POSITION_MESSAGES.futureDate,
    );
    act(book, { action: "close", positionId: id, closedOn: "2026-12-03", closeDebit: 0 });
    const again = act(book, { action: "close", positionId: id, closedOn: "2026-12-03", closeDebit: 0 });
    expect("applied" in again && !again.applied.ok && again.applied.refusal).toEqual({
      status: 400,
      message: POSITION_MESSAGES.notOpen,
    });
    const unknown = act(book, { action: "close", positionId: "nope", closedOn: "2026-12-03", closeDebit: 0 });
    expect("applied" in unknown && !unknown.applied.ok && unknown.applied.refusal.status).toBe(404);
  });

  it("rolls: the old one closes as rolled, the new one opens linked both ways with the same settings", () => {
    const book: Book = new Map();
    const id = openOne(book, { settings: { exitDte: 14 }, tradeId: "idea-1" });
    const r = act(book, {
      action: "roll",
      positionId: id,
      closedOn: "2026-12-03",
      closeDebit: 2,
      legs: [leg("put", "short", 95, "2027-01-15"), leg("put", "long", 90, "2027-01-15")],
      openCredit: 1.1,
    });
    if (!("event" in r) || !r.applied.ok || r.event.kind !== "roll") throw new Error("roll failed");
    const old = recordOf(book.get(id)!);
    const next = recordOf(book.get(r.event.newPositionId)!);
    expect(old).toMatchObject({
      status: "closed",
      closeReason: "rolled",
      rolledTo: next.id,
      realizedPnl: -150,
    });
    expect(next).toMatchObject({
      status: "open",
      rolledFrom: id,
      contracts: 2,
      openedOn: "2026-12-03",
      expiration: "2027-01-15",
      tradeId: null,
    });
    expect(next.settings.exitDte).toBe(14);
    expect(openCountOf(book)).toBe(1);
  });

  it("checks a roll's legs against the rolled position's strategy", () => {
    const book: Book = new Map();
    const id = openOne(book);
    const r = act(book, {
      action: "roll",
      positionId: id,
      closedOn: "2026-12-03",
      closeDebit: 1,
      legs: [leg("call", "short", 110), leg("call", "long", 115)],
      openCredit: 1,
    });
    expect("applied" in r && !r.applied.ok && r.applied.refusal.message).toBe(
      POSITION_MESSAGES.pattern("BULL_PUT_SPREAD"),
    );
    expect(book.get(id)!.status).toBe("open");
  });

  it("expires only on or after the expiration, at no debit", () => {
    const book: Book = new Map();
    const id = openOne(book);
    const early = act(book, { action: "expire", positionId: id, on: "2026-12-03" });
    expect("applied" in early && !early.applied.ok && early.applied.refusal.message).toBe(
      POSITION_MESSAGES.expireTooEarly,
    );
    const r = act(book, { action: "expire", positionId: id, on: EXP }, "2026-12-19");
    expect("applied" in r && r.applied.ok).toBe(true);
    expect(recordOf(book.get(id)!)).toMatchObject({
      closeReason: "expired",
      closeDebit: 0,
      realizedPnl: 250,
    });
  });

  it("assigns a short leg only; the debit is the other legs' value at the settlement", () => {
    const book: Book = new Map();
    const id = openOne(book, { strategy: "IRON_CONDOR", legs: CONDOR, openCredit: 2 });
    const long = act(book, { action: "assign", positionId: id, on: "2026-12-03", leg: 1 });
    expect("applied" in long && !long.applied.ok && long.applied.refusal.message).toBe(
      POSITION_MESSAGES.assignLeg,
    );
    const r = act(book, { action: "assign", positionId: id, on: "2026-12-03", leg: 0, settlement: 93 });
    expect("applied" in r && r.applied.ok).toBe(true);
    // The long 95 put is worth 2 at 93 (collected), the calls nothing: debit -2, P&L (2 + 2) x 100 x 2.
    expect(recordOf(book.get(id)!)).toMatchObject({
      closeReason: "assigned",
      closeDebit: -2,
      realizedPnl: 800,
    });
    expect(assignmentDebit(BULL_PUT, 0, null)).toBe(0);
  });

  it("changes settings of an open position, merged into what it had", () => {
    const book: Book = new Map();
    const id = openOne(book);
    act(book, { action: "settings", positionId: id, settings: { profitTargetShare: 0.75, alerts: false } });
    expect(book.get(id)!.settings).toEqual({
      ...DEFAULT_POSITION_SETTINGS,
      profitTargetShare: 0.75,
      alerts: false,
    });
  });

  it("voids a position: it leaves the book; voiding a rolled-into one reopens the one it replaced", () => {
    const book: Book = new Map();
    const plain = openOne(book);
    const v = act(book, { action: "void", positionId: plain, reason: "typo" });
    expect("applied" in v && v.applied.ok && v.applied.removed).toEqual([plain]);
    expect(book.has(plain)).toBe(false);

    const first = openOne(book);
    const roll = act(book, {
      action: "roll",
      positionId: first,
      closedOn: "2026-12-03",
      closeDebit: 1,
      legs: BULL_PUT,
      openCredit: 1,
    });
    if (!("event" in roll) || roll.event.kind !== "roll") throw new Error("roll failed");
    const refused = act(book, { action: "void", positionId: first });
    expect("applied" in refused && !refused.applied.ok && refused.applied.refusal.message).toBe(
      POSITION_MESSAGES.rolledOn,
    );
    const undo = act(book, { action: "void", positionId: roll.event.newPositionId });
    expect("applied" in undo && undo.applied.ok && undo.applied.changed).toEqual([first]);
    expect(recordOf(book.get(first)!)).toMatchObject({ status: "open", closeReason: null, rolledTo: null });
  });

  it("rebuilds the same book from the stored events, and the links a read derives agree with it", () => {
    const book: Book = new Map();
    const events: PositionEvent[] = [];
    const record = (body: Record<string, unknown>, today = TODAY): PositionEvent => {
      const r = act(book, body, today);
      if (!("event" in r) || !r.applied.ok) throw new Error(JSON.stringify(r));
      events.push(r.event);
      return r.event;
    };
    const a = openOne(book);
    events.push(...[...book.values()].map((p) => eventFromOpen(p.openedBy, p.id)));
    const roll = record({
      action: "roll",
      positionId: a,
      closedOn: "2026-12-03",
      closeDebit: 1,
      legs: BULL_PUT,
      openCredit: 1,
    });
    const b = roll.kind === "roll" ? roll.newPositionId : "";
    record({ action: "close", positionId: b, closedOn: "2026-12-03", closeDebit: 0.2 });
    const rebuilt = buildBook(events);
    expect([...rebuilt.values()].map(recordOf)).toEqual([...book.values()].map(recordOf));
    const links = linksOf(events);
    expect(links.get(a)).toEqual({ closeReason: "rolled", rolledFrom: null, rolledTo: b });
    expect(links.get(b)).toEqual({ closeReason: "closed", rolledFrom: a, rolledTo: null });

    // The open event as stored: rebuilt from the book's own record (openOne does not keep it).
    function eventFromOpen(eventId: string, positionId: string): PositionEvent {
      const p = book.get(positionId)!;
      return {
        id: eventId,
        kind: "open",
        positionId,
        date: p.openedOn,
        position: {
          symbol: p.symbol,
          strategy: p.strategy,
          legs: p.legs,
          contracts: p.contracts,
          openCredit: p.openCredit,
          tradeId: p.tradeId,
          settings: p.settings,
        },
      };
    }
  });

  it("rebuilds 5,000 events (the cap) in one pass", () => {
    const events: PositionEvent[] = [];
    for (let i = 0; events.length < 5000; i++) {
      events.push({
        id: `o${i}`,
        kind: "open",
        positionId: `p${i}`,
        date: "2026-01-02",
        position: {
          symbol: "SPY",
          strategy: "IRON_CONDOR",
          legs: CONDOR,
          contracts: 1,
          openCredit: 2,
          tradeId: null,
          settings: { ...DEFAULT_POSITION_SETTINGS },
        },
      });
      events.push({ id: `c${i}`, kind: "close", positionId: `p${i}`, date: "2026-01-05", closeDebit: 0.5 });
    }
    const started = performance.now();
    const book = buildBook(events);
    const ms = performance.now() - started;
    console.info(`positions book: 5,000 events rebuilt in ${Math.round(ms * 10) / 10} ms`);
    expect(book.size).toBe(2500);
    expect(openCountOf(book)).toBe(0);
  });
});

describe("the geometry refusals", () => {
  const cases: [string, Parameters<typeof legsGeometryIssue>, string | null][] = [
    ["a bull put spread", ["BULL_PUT_SPREAD", BULL_PUT, 1], null],
    ["a condor", ["IRON_CONDOR", CONDOR, 4.5], null],
    [
      "a bear call spread",
      ["BEAR_CALL_SPREAD", [leg("call", "short", 110), leg("call", "long", 115)], 1],
      null,
    ],
    [
      "a custom two-put position",
      [
        "CUSTOM_CREDIT_SPREAD",
        [...BULL_PUT, leg("put", "short", 90, "2027-01-15"), leg("put", "long", 85, "2027-01-15")],
        9,
      ],
      null,
    ],
    [
      "a bull put upside down",
      ["BULL_PUT_SPREAD", [leg("put", "short", 95), leg("put", "long", 100)], 1],
      POSITION_MESSAGES.putOrder,
    ],
    [
      "a bear call upside down",
      ["BEAR_CALL_SPREAD", [leg("call", "short", 115), leg("call", "long", 110)], 1],
      POSITION_MESSAGES.callOrder,
    ],
    [
      "a bull put of calls",
      ["BULL_PUT_SPREAD", [leg("call", "short", 110), leg("call", "long", 115)], 1],
      POSITION_MESSAGES.pattern("BULL_PUT_SPREAD"),
    ],
    [
      "three legs",
      ["BULL_PUT_SPREAD", [...BULL_PUT, leg("put", "long", 90)], 1],
      POSITION_MESSAGES.legCount("BULL_PUT_SPREAD"),
    ],
    ["a condor of two legs", ["IRON_CONDOR", BULL_PUT, 1], POSITION_MESSAGES.legCount("IRON_CONDOR")],
    [
      "a condor crossed",
      [
        "IRON_CONDOR",
        [
          leg("put", "short", 112),
          leg("put", "long", 95),
          leg("call", "short", 110),
          leg("call", "long", 115),
        ],
        1,
      ],
      POSITION_MESSAGES.sidesOrder,
    ],
    [
      "a condor over two expirations",
      [
        "IRON_CONDOR",
        [...BULL_PUT, leg("call", "short", 110, "2027-01-15"), leg("call", "long", 115, "2027-01-15")],
        1,
      ],
      POSITION_MESSAGES.condorExpiration,
    ],
    [
      "a vertical across expirations",
      ["BULL_PUT_SPREAD", [leg("put", "short", 100), leg("put", "long", 95, "2027-01-15")], 1],
      POSITION_MESSAGES.pairExpiration,
    ],
    [
      "a custom unpaired short",
      ["CUSTOM_CREDIT_SPREAD", [leg("put", "short", 100), leg("call", "long", 115)], 1],
      POSITION_MESSAGES.pattern("CUSTOM_CREDIT_SPREAD"),
    ],
    ["a credit above the width", ["BULL_PUT_SPREAD", BULL_PUT, 5.01], POSITION_MESSAGES.creditAboveWidth(5)],
    [
      "a condor's credit is held to the wider side",
      ["IRON_CONDOR", CONDOR, 5.5],
      POSITION_MESSAGES.creditAboveWidth(5),
    ],
  ];
  it.each(cases)("%s", (_name, args, expected) => {
    expect(legsGeometryIssue(...args)).toBe(expected);
  });

  it("speaks through the API's schema: the first issue is the geometry's message", () => {
    const r = positionActionSchema.safeParse({
      version: 0,
      action: "open",
      position: {
        symbol: "SPY",
        strategy: "BULL_PUT_SPREAD",
        legs: [leg("put", "short", 95), leg("put", "long", 100)],
        contracts: 1,
        openCredit: 1,
        openedOn: "2026-12-01",
      },
    });
    expect(!r.success && r.error.issues[0]!.message).toBe(POSITION_MESSAGES.putOrder);
  });

  it("refuses legs that expired before the open", () => {
    const r = positionActionSchema.safeParse({
      version: 0,
      action: "open",
      position: {
        symbol: "SPY",
        strategy: "BULL_PUT_SPREAD",
        legs: BULL_PUT,
        contracts: 1,
        openCredit: 1,
        openedOn: "2026-12-19",
      },
    });
    expect(!r.success && r.error.issues[0]!.message).toBe(POSITION_MESSAGES.expiredAtOpen);
  });
});
