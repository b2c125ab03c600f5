// A user's spread positions as their events leave them (decision 333): pure event-sourcing shared by the server
// (which checks every write by applying it to the book built from the stored events, and writes the positions it
// changed to the projection in the same batch) and the tests. Events are append-only: a correction is a void
// event naming the event that opened the position.
import {
  legsGeometryIssue,
  POSITION_MESSAGES,
  positionExpiration,
  settingsOf,
  type Assignment,
  type CloseReason,
  type PositionAction,
  type PositionLegInput,
  type PositionRecord,
  type PositionSettings,
  type SettingsPatch,
  type SpreadStrategy,
} from "#app/lib/positions/input.ts";

// ---------------------------------------------------------------- events
interface EventBase {
  id: string;
  positionId: string;
  /** The trade date the event records ('YYYY-MM-DD'; a settings change or a void: the day it was made). */
  date: string;
  /** A broker import's key of the file lines the event was read from, so the same file adds nothing again. */
  importKey?: string;
}

export type PositionEvent =
  | (EventBase & {
      kind: "open";
      position: {
        symbol: string;
        strategy: SpreadStrategy;
        legs: PositionLegInput[];
        contracts: number;
        openCredit: number;
        tradeId: string | null;
        settings: PositionSettings;
      };
    })
  | (EventBase & { kind: "close"; closeDebit: number })
  | (EventBase & {
      kind: "roll";
      closeDebit: number;
      newPositionId: string;
      legs: PositionLegInput[];
      openCredit: number;
      contracts: number;
    })
  | (EventBase & { kind: "expire" })
  | (EventBase & { kind: "assign"; leg: number; settlement: number | null })
  | (EventBase & { kind: "settings"; settings: SettingsPatch })
  | (EventBase & { kind: "void"; corrects: string; reason: string | null });

export type PositionEventKind = PositionEvent["kind"];

/** What closes a position, by the event that closes it. */
const CLOSE_REASON: Partial<Record<PositionEventKind, CloseReason>> = {
  close: "closed",
  roll: "rolled",
  expire: "expired",
  assign: "assigned",
};

// ---------------------------------------------------------------- the book
export interface BookPosition extends PositionRecord {
  /** The event that opened it (an open, or the roll that replaced another): a void names it. */
  openedBy: string;
}

/** Positions by id, in the order they were opened. */
export type Book = Map<string, BookPosition>;

export interface BookRefusal {
  status: 400 | 404;
  message: string;
}

export type Applied =
  { ok: true; changed: string[]; removed: string[] } | { ok: false; refusal: BookRefusal };

const refuse = (message: string, status: 400 | 404 = 400): Applied => ({
  ok: false,
  refusal: { status, message },
});

/** Dollars to the cent, per position: (credit - debit) x 100 shares x contracts. */
export function realizedPnlOf(
  openCredit: number,
  closeDebit: number | null,
  contracts: number,
): number | null {
  if (closeDebit === null) return null;
  return Math.round((openCredit - closeDebit) * 100 * contracts * 100) / 100;
}

const intrinsic = (leg: PositionLegInput, spot: number) =>
  leg.right === "put" ? Math.max(leg.strike - spot, 0) : Math.max(spot - leg.strike, 0);

/**
 * The debit an assignment closes the position at, per share: the other legs' value at the settlement (the assigned
 * leg's in-the-money amount is carried by the shares, taken at its strike), shorts owed and longs collected, so a
 * long leg in the money makes it negative. The settlement defaults to the assigned strike (the other legs of a
 * vertical are then worthless).
 */
export function assignmentDebit(
  legs: readonly PositionLegInput[],
  leg: number,
  settlement: number | null,
): number {
  const spot = settlement ?? legs[leg]!.strike;
  let debit = 0;
  legs.forEach((l, i) => {
    if (i !== leg) debit += (l.side === "short" ? 1 : -1) * intrinsic(l, spot);
  });
  return Math.round(debit * 10_000) / 10_000;
}

function closePosition(p: BookPosition, date: string, closeDebit: number, reason: CloseReason) {
  p.status = "closed";
  p.closedOn = date;
  p.closeDebit = closeDebit;
  p.closeReason = reason;
  p.realizedPnl = realizedPnlOf(p.openCredit, closeDebit, p.contracts);
}

function reopen(p: BookPosition) {
  p.status = "open";
  p.closedOn = p.closeDebit = p.closeReason = p.rolledTo = p.realizedPnl = null;
}

/** The open position `id`, or the refusal: unknown (404) or closed (400). */
function openOne(book: Book, id: string): BookPosition | BookRefusal {
  const p = book.get(id);
  if (!p) return { status: 404, message: POSITION_MESSAGES.notFound };
  if (p.status !== "open") return { status: 400, message: POSITION_MESSAGES.notOpen };
  return p;
}

const isRefusal = (x: BookPosition | BookRefusal): x is BookRefusal => "message" in x;

/** A closing date: not before the open, not after today (when today is given: a new event). */
function closingDateIssue(p: BookPosition, date: string, today: string | null): string | null {
  if (today !== null && date > today) return POSITION_MESSAGES.futureDate;
  if (date < p.openedOn) return POSITION_MESSAGES.closedBeforeOpened;
  return null;
}

/**
 * Applies one event to the book (mutating it): what it changed and removed, or why it does not apply. `today` is
 * the New York date for a new event (no trade date after it); null when replaying stored events, checked on the way in.
 */
export function applyEvent(book: Book, event: PositionEvent, today: string | null): Applied {
  if (event.kind === "open") {
    if (today !== null && event.date > today) return refuse(POSITION_MESSAGES.futureDate);
    const { position } = event;
    book.set(event.positionId, {
      id: event.positionId,
      symbol: position.symbol,
      strategy: position.strategy,
      status: "open",
      contracts: position.contracts,
      legs: position.legs,
      openCredit: position.openCredit,
      openedOn: event.date,
      expiration: positionExpiration(position.legs),
      closedOn: null,
      closeDebit: null,
      closeReason: null,
      tradeId: position.tradeId,
      settings: settingsOf(position.settings),
      rolledFrom: null,
      rolledTo: null,
      realizedPnl: null,
      openedBy: event.id,
    });
    return { ok: true, changed: [event.positionId], removed: [] };
  }
  if (event.kind === "void") {
    const p = book.get(event.positionId);
    if (!p || p.openedBy !== event.corrects) return refuse(POSITION_MESSAGES.notFound, 404);
    if (p.rolledTo !== null) return refuse(POSITION_MESSAGES.rolledOn);
    book.delete(p.id);
    // Voiding a position a roll opened undoes the roll: the one it replaced is open again.
    const before = p.rolledFrom === null ? undefined : book.get(p.rolledFrom);
    if (before) reopen(before);
    return { ok: true, changed: before ? [before.id] : [], removed: [p.id] };
  }
  const found = openOne(book, event.positionId);
  if (isRefusal(found)) return { ok: false, refusal: found };
  const p = found;
  switch (event.kind) {
    case "settings":
      p.settings = { ...p.settings, ...event.settings };
      return { ok: true, changed: [p.id], removed: [] };
    case "close": {
      const issue = closingDateIssue(p, event.date, today);
      if (issue) return refuse(issue);
      closePosition(p, event.date, event.closeDebit, "closed");
      return { ok: true, changed: [p.id], removed: [] };
    }
    case "expire":
      if (today !== null && event.date > today) return refuse(POSITION_MESSAGES.futureDate);
      if (event.date < p.expiration) return refuse(POSITION_MESSAGES.expireTooEarly);
      closePosition(p, event.date, 0, "expired");
      return { ok: true, changed: [p.id], removed: [] };
    case "assign": {
      const issue = closingDateIssue(p, event.date, today);
      if (issue) return refuse(issue);
      if (p.legs[event.leg]?.side !== "short") return refuse(POSITION_MESSAGES.assignLeg);
      closePosition(p, event.date, assignmentDebit(p.legs, event.leg, event.settlement), "assigned");
      return { ok: true, changed: [p.id], removed: [] };
    }
    case "roll": {
      const issue =
        closingDateIssue(p, event.date, today) ??
        legsGeometryIssue(p.strategy, event.legs, event.openCredit) ??
        (event.legs.some((l) => l.expiration < event.date) ? POSITION_MESSAGES.expiredAtOpen : null);
      if (issue) return refuse(issue);
      if (book.has(event.newPositionId)) return refuse(POSITION_MESSAGES.notFound, 404);
      closePosition(p, event.date, event.closeDebit, "rolled");
      p.rolledTo = event.newPositionId;
      book.set(event.newPositionId, {
        ...p,
        id: event.newPositionId,
        status: "open",
        contracts: event.contracts,
        legs: event.legs,
        openCredit: event.openCredit,
        openedOn: event.date,
        expiration: positionExpiration(event.legs),
        closedOn: null,
        closeDebit: null,
        closeReason: null,
        // The new position is the user's own adjustment, not the published idea.
        tradeId: null,
        rolledFrom: p.id,
        rolledTo: null,
        realizedPnl: null,
        openedBy: event.id,
      });
      return { ok: true, changed: [p.id, event.newPositionId], removed: [] };
    }
  }
}

/** The book of stored events. They were checked on the way in: one that does not apply is a bug, so it throws. */
export function buildBook(events: readonly PositionEvent[]): Book {
  const book: Book = new Map();
  for (const event of events) {
    const applied = applyEvent(book, event, null);
    if (!applied.ok)
      throw new Error(`stored position event ${event.id} does not apply: ${applied.refusal.message}`);
  }
  return book;
}

export const openCountOf = (book: Book): number =>
  [...book.values()].filter((p) => p.status === "open").length;

/** Ids the server draws for a new event (and the position a roll opens). */
export interface NewIds {
  eventId: string;
  newPositionId: string;
}

/**
 * The event an action records, from the book it is applied to (a void names the event that opened the position,
 * a roll keeps the contracts unless told). Settings the plan allows are the server's check, not the book's.
 */
export function eventForAction(
  book: Book,
  action: PositionAction,
  ids: NewIds,
  today: string,
): PositionEvent {
  const base = { id: ids.eventId };
  switch (action.action) {
    case "open": {
      const { openedOn, settings, tradeId, ...rest } = action.position;
      return {
        ...base,
        kind: "open",
        positionId: ids.newPositionId,
        date: openedOn,
        position: { ...rest, tradeId: tradeId ?? null, settings: settingsOf(settings ?? {}) },
      };
    }
    case "close":
      return {
        ...base,
        kind: "close",
        positionId: action.positionId,
        date: action.closedOn,
        closeDebit: action.closeDebit,
      };
    case "roll":
      return {
        ...base,
        kind: "roll",
        positionId: action.positionId,
        date: action.closedOn,
        closeDebit: action.closeDebit,
        newPositionId: ids.newPositionId,
        legs: action.legs,
        openCredit: action.openCredit,
        contracts: action.contracts ?? book.get(action.positionId)?.contracts ?? 1,
      };
    case "expire":
      return { ...base, kind: "expire", positionId: action.positionId, date: action.on };
    case "assign":
      return {
        ...base,
        kind: "assign",
        positionId: action.positionId,
        date: action.on,
        leg: action.leg,
        settlement: action.settlement ?? null,
      };
    case "settings":
      return {
        ...base,
        kind: "settings",
        positionId: action.positionId,
        date: today,
        settings: action.settings,
      };
    case "void":
      return {
        ...base,
        kind: "void",
        positionId: action.positionId,
        date: today,
        // An unknown position names nothing: applyEvent answers 404.
        corrects: book.get(action.positionId)?.openedBy ?? "",
        reason: action.reason ?? null,
      };
  }
}

/** What an assign event hands on: the assigned leg's shares, for the wheel's ledger. */
export function assignmentOf(p: PositionRecord, leg: number, date: string): Assignment {
  const l = p.legs[leg]!;
  return { symbol: p.symbol, right: l.right, strike: l.strike, contracts: p.contracts, date };
}

/** The record without the book's bookkeeping. */
export function recordOf(p: BookPosition): PositionRecord {
  const { openedBy: _openedBy, ...record } = p;
  return record;
}

// ---------------------------------------------------------------- reads from the projection
/** What the projection row lacks: how a position closed and its roll links, from the closing and void events. */
export interface PositionLinks {
  closeReason: CloseReason | null;
  rolledFrom: string | null;
  rolledTo: string | null;
}

/** The fields of a stored event the links read. */
export interface LinkEvent {
  id: string;
  kind: PositionEventKind;
  positionId: string;
  corrects?: string | null;
  newPositionId?: string;
}

/**
 * The links of every position from a user's closing (close, roll, expire, assign) and void events, in order. A
 * voided roll (its new position voided) counts for nothing: the position it closed is open again.
 */
export function linksOf(events: readonly LinkEvent[]): Map<string, PositionLinks> {
  const voided = new Set(events.filter((e) => e.kind === "void").map((e) => e.corrects ?? ""));
  const links = new Map<string, PositionLinks>();
  const of = (id: string) => {
    const link = links.get(id) ?? { closeReason: null, rolledFrom: null, rolledTo: null };
    links.set(id, link);
    return link;
  };
  for (const e of events) {
    const reason = CLOSE_REASON[e.kind];
    if (!reason || voided.has(e.id)) continue;
    of(e.positionId).closeReason = reason;
    if (e.kind === "roll" && e.newPositionId) {
      of(e.positionId).rolledTo = e.newPositionId;
      of(e.newPositionId).rolledFrom = e.positionId;
    }
  }
  return links;
}
