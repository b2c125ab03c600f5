// The spread position ledger on the server (decision 333). Events are stored append-only (option_position_events,
// migration 0026) and every write is checked by applying it to the book built from them (app/lib/positions/book.ts);
// the positions it changed are written to the projection (option_positions) in the same D1 batch, so a read is the
// projection and never a rebuild. The insert names the user's next event number, which the unique index
// (user_id, user_seq) makes the guard: a write from a stale read lands nothing (409).
import { and, asc, eq, inArray, max } from "drizzle-orm";
import { newYorkDate } from "#app/engine/time.ts";
import { limitForJson } from "#app/lib/entitlements.ts";
import {
  applyEvent,
  assignmentOf,
  buildBook,
  eventForAction,
  linksOf,
  openCountOf,
  realizedPnlOf,
  recordOf,
  type BookPosition,
  type PositionEvent,
} from "#app/lib/positions/book.ts";
import {
  MAX_POSITION_EVENTS,
  POSITION_MESSAGES,
  settingsOf,
  type Assignment,
  type PositionAction,
  type PositionLegInput,
  type PositionRecord,
  type PositionsView,
  type SpreadStrategy,
} from "#app/lib/positions/input.ts";
import type { KeyedSpreadEvent, SpreadEventDraft } from "#app/lib/broker-legs.ts";
import type { PlanRefusal } from "#app/lib/entitlements.ts";
import { refused, type Refused } from "#app/lib/refusal.ts";
import { getDb, schema, type Database } from "#app/server/db/client.server.ts";
import type { OptionPositionEventKind } from "#app/server/db/schema.server.ts";
import { runBatch, type BatchStatement } from "#app/server/db/sql.server.ts";
import { entitlementOf, refusalOf, type EntitledUser } from "#app/server/entitlements.server.ts";

type Env = { DB: D1Database };
const events = schema.optionPositionEvents;
const positions = schema.optionPositions;

// ---------------------------------------------------------------- reads
/** The kinds whose events say how a position closed or that it was voided: what the projection row lacks. */
const LINK_KINDS: OptionPositionEventKind[] = ["close", "roll", "expire", "assign", "void"];

type ProjectionRow = typeof positions.$inferSelect;

/** Open positions first, then the latest opened. */
const byStatusThenOpened = (a: PositionRecord, b: PositionRecord) =>
  (a.status === b.status ? 0 : a.status === "open" ? -1 : 1) ||
  b.openedOn.localeCompare(a.openedOn) ||
  a.id.localeCompare(b.id);

function recordFromRow(row: ProjectionRow, links: ReturnType<typeof linksOf>): PositionRecord {
  const link = links.get(row.id);
  return {
    id: row.id,
    symbol: row.symbol,
    strategy: row.strategy as SpreadStrategy,
    status: row.status,
    contracts: row.contracts,
    legs: row.legs as PositionLegInput[],
    openCredit: row.openCredit,
    openedOn: row.openedOn,
    expiration: row.expiration,
    closedOn: row.closedOn,
    closeDebit: row.closeDebit,
    closeReason: row.status === "closed" ? (link?.closeReason ?? null) : null,
    tradeId: row.tradeId,
    settings: settingsOf(row.settings),
    rolledFrom: link?.rolledFrom ?? null,
    rolledTo: row.status === "closed" ? (link?.rolledTo ?? null) : null,
    realizedPnl: realizedPnlOf(row.openCredit, row.closeDebit, row.contracts),
  };
}

/**
 * The user's positions as GET /api/positions and the /positions loader answer them: the projection, the closing
 * reasons and roll links from the closing events (one indexed read each, in one round trip), the version.
 */
export async function positionsOf(env: Env, user: EntitledUser): Promise<PositionsView> {
  const db = getDb(env);
  const [rows, linkRows, [last]] = await db.batch([
    db.select().from(positions).where(eq(positions.userId, user.id)),
    db
      .select({
        id: events.id,
        kind: events.kind,
        positionId: events.positionId,
        corrects: events.corrects,
        event: events.event,
      })
      .from(events)
      .where(and(eq(events.userId, user.id), inArray(events.kind, LINK_KINDS)))
      .orderBy(asc(events.userSeq)),
    db
      .select({ version: max(events.userSeq) })
      .from(events)
      .where(eq(events.userId, user.id)),
  ]);
  const links = linksOf(
    linkRows.map((r) => ({
      id: r.id,
      kind: r.kind,
      positionId: r.positionId,
      corrects: r.corrects,
      newPositionId: typeof r.event.newPositionId === "string" ? r.event.newPositionId : undefined,
    })),
  );
  const list = rows.map((r) => recordFromRow(r, links)).sort(byStatusThenOpened);
  return {
    positions: list,
    version: last?.version ?? 0,
    openCount: list.filter((p) => p.status === "open").length,
    limit: limitForJson(entitlementOf(user, "openPositions").limit),
    alertsAllowed: entitlementOf(user, "positionAlerts").allowed,
  };
}

async function readEvents(db: Database, userId: string) {
  const rows = await db
    .select({ event: events.event, userSeq: events.userSeq })
    .from(events)
    .where(eq(events.userId, userId))
    .orderBy(asc(events.userSeq));
  return {
    // Written by recordPositionAction only, from a PositionEvent.
    events: rows.map((r) => r.event as unknown as PositionEvent),
    version: rows.at(-1)?.userSeq ?? 0,
  };
}

// ---------------------------------------------------------------- writes
export type PositionWriteBody =
  | { position: PositionRecord; version: number }
  | { position: PositionRecord; closed: PositionRecord; version: number }
  | { position: PositionRecord; assignment: Assignment; version: number }
  | { voided: string; reopened: PositionRecord | null; version: number };

export type PositionWriteResult = { ok: true; status: 200 | 201; body: PositionWriteBody } | Refused;

/** The projection row of a position as the book leaves it. */
function projectionWrite(db: Database, userId: string, p: BookPosition, nowMs: number) {
  const row = {
    userId,
    symbol: p.symbol,
    strategy: p.strategy,
    status: p.status,
    contracts: p.contracts,
    legs: p.legs,
    openCredit: p.openCredit,
    openedOn: p.openedOn,
    expiration: p.expiration,
    closedOn: p.closedOn,
    closeDebit: p.closeDebit,
    tradeId: p.tradeId,
    settings: { ...p.settings },
    updatedAt: new Date(nowMs),
  };
  return db
    .insert(positions)
    .values({ id: p.id, ...row })
    .onConflictDoUpdate({ target: positions.id, set: row, where: eq(positions.userId, userId) });
}

/** D1's refusal of a second event with the same (user_id, user_seq): another write landed first. */
function isSeqCollision(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if (/UNIQUE constraint failed: option_position_events/.test(String((e as Error).message ?? e)))
      return true;
  return false;
}

/** 409 with what is stored now, to which the page re-applies the user's change. */
async function stale(env: Env, user: EntitledUser): Promise<Refused> {
  const view = await positionsOf(env, user);
  return refused(409, POSITION_MESSAGES.stale, {
    fields: { positions: view.positions, version: view.version },
  });
}

/**
 * Records one action for the session user. Refused: input the book refuses (400 with its message), an unknown
 * position or another user's (404), an open past the plan's open positions or alerts the plan lacks (403 with the
 * entitlements' refusal), a full log (400), a stale version (409 with the stored list).
 */
export async function recordPositionAction(
  env: Env,
  user: EntitledUser,
  action: PositionAction,
  nowMs = Date.now(),
): Promise<PositionWriteResult> {
  const open = entitlementOf(user, "openPositions");
  if (action.action === "open" && !open.allowed) return { ok: false, ...refusalOf(user, "openPositions") };
  const alertsAllowed = entitlementOf(user, "positionAlerts").allowed;
  const asksAlerts =
    action.action === "open"
      ? action.position.settings?.alerts
      : action.action === "settings"
        ? action.settings.alerts
        : undefined;
  if (asksAlerts === true && !alertsAllowed) return { ok: false, ...refusalOf(user, "positionAlerts") };
  // A plan without alerts opens with them off unless it asked (refused above).
  const input: PositionAction =
    action.action === "open" && !alertsAllowed
      ? {
          ...action,
          position: { ...action.position, settings: { ...action.position.settings, alerts: false } },
        }
      : action;

  const db = getDb(env);
  const stored = await readEvents(db, user.id);
  if (stored.events.length >= MAX_POSITION_EVENTS) return refused(400, POSITION_MESSAGES.full);
  if (input.version !== stored.version) return stale(env, user);

  const today = newYorkDate(nowMs);
  const book = buildBook(stored.events);
  const openBefore = openCountOf(book);
  const event = eventForAction(
    book,
    input,
    { eventId: crypto.randomUUID(), newPositionId: crypto.randomUUID() },
    today,
  );
  const applied = applyEvent(book, event, today);
  if (!applied.ok) return refused(applied.refusal.status, applied.refusal.message);
  const openAfter = openCountOf(book);
  // Counted on open positions: a roll replaces one and a close frees one, so only a net new one is refused.
  if (openAfter > openBefore && openAfter > open.limit)
    return { ok: false, ...refusalOf(user, "openPositions") };

  const version = stored.version + 1;
  const statements: BatchStatement[] = [
    db.insert(events).values({
      id: event.id,
      userId: user.id,
      userSeq: version,
      positionId: event.positionId,
      // The schema's kind type predates the settings event; the column is text and takes it.
      kind: event.kind as OptionPositionEventKind,
      tradeDate: event.date,
      corrects: event.kind === "void" ? event.corrects : null,
      event: event as unknown as Record<string, unknown>,
      createdAt: new Date(nowMs),
    }),
    ...applied.changed.map((id) => projectionWrite(db, user.id, book.get(id)!, nowMs)),
    ...applied.removed.map((id) =>
      db.delete(positions).where(and(eq(positions.id, id), eq(positions.userId, user.id))),
    ),
  ];
  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isSeqCollision(error)) return stale(env, user);
    throw error;
  }
  return { ok: true, ...answerOf(book, event, applied.changed, version) };
}

/** The answer's body for the action just recorded. */
function answerOf(
  book: Map<string, BookPosition>,
  event: PositionEvent,
  changed: readonly string[],
  version: number,
): { status: 200 | 201; body: PositionWriteBody } {
  const record = (id: string) => recordOf(book.get(id)!);
  switch (event.kind) {
    case "open":
      return { status: 201, body: { position: record(event.positionId), version } };
    case "roll":
      return {
        status: 201,
        body: { position: record(event.newPositionId), closed: record(event.positionId), version },
      };
    case "assign": {
      const position = record(event.positionId);
      return {
        status: 200,
        body: { position, assignment: assignmentOf(position, event.leg, event.date), version },
      };
    }
    case "void": {
      // A voided roll's new position: the one it replaced is open again.
      const reopened = changed[0];
      return {
        status: 200,
        body: { voided: event.positionId, reopened: reopened ? record(reopened) : null, version },
      };
    }
    default:
      return { status: 200, body: { position: record(event.positionId), version } };
  }
}

// ---------------------------------------------------------------- a broker file's spreads

export interface ImportedSpreadOutcome {
  key: string;
  kind: SpreadEventDraft["kind"];
  symbol: string;
  date: string;
  lines: number[];
  /** Recorded (or, in a preview, would be); else why not. */
  reason: string | null;
}

export type SpreadImportResult =
  | {
      ok: true;
      outcomes: ImportedSpreadOutcome[];
      recorded: number;
      openPositions: { before: number; after: number; limit: number | null };
    }
  | { ok: false; refusal: PlanRefusal }
  | { ok: false; stale: true };

/** The reason an imported event is not recorded: the file's words for the ledger's. */
export const SPREAD_IMPORT_MESSAGES = {
  duplicate: "Already imported",
  noPosition: "The spread this closes was not recorded",
} as const;

function importedEventOf(
  draft: KeyedSpreadEvent,
  eventId: string,
  positionId: string,
  alerts: boolean,
): PositionEvent {
  const base = { id: eventId, positionId, date: draft.date, importKey: draft.key };
  switch (draft.kind) {
    case "open":
      return {
        ...base,
        kind: "open",
        position: {
          symbol: draft.symbol,
          strategy: draft.strategy,
          legs: draft.legs,
          contracts: draft.contracts,
          openCredit: draft.openCredit,
          tradeId: null,
          settings: settingsOf({ alerts }),
        },
      };
    case "close":
      return { ...base, kind: "close", closeDebit: draft.closeDebit };
    case "expire":
      return { ...base, kind: "expire" };
    case "assign":
      return { ...base, kind: "assign", leg: draft.leg, settlement: null };
    case "roll":
      return {
        ...base,
        kind: "roll",
        closeDebit: draft.closeDebit,
        newPositionId: crypto.randomUUID(),
        legs: draft.legs,
        openCredit: draft.openCredit,
        contracts: draft.contracts,
      };
  }
}

/**
 * The spreads of a broker file as position events, checked as one action each is (the book applies them in the
 * file's order) and, with `commit`, written in one batch after the user's last event. An event whose key is
 * stored already is skipped, so a file imported again adds nothing; its key also finds the position a later
 * event of the file closes. Only a net new open position past the plan's `openPositions` is refused, with the
 * entitlements' words; a close, an expiry or a roll never is.
 */
export async function recordImportedSpreads(
  env: Env,
  user: EntitledUser,
  drafts: readonly KeyedSpreadEvent[],
  options: { commit: boolean; nowMs?: number },
): Promise<SpreadImportResult> {
  const nowMs = options.nowMs ?? Date.now();
  const open = entitlementOf(user, "openPositions");
  const limit = limitForJson(open.limit);
  if (!drafts.length)
    return { ok: true, outcomes: [], recorded: 0, openPositions: { before: 0, after: 0, limit } };
  const db = getDb(env);
  const stored = await readEvents(db, user.id);
  const book = buildBook(stored.events);
  const openBefore = openCountOf(book);
  // Each stored import key -> the position its event opened (an open's, or the one a roll opened).
  const positionOfKey = new Map<string, string>();
  for (const e of stored.events)
    if (e.importKey) positionOfKey.set(e.importKey, e.kind === "roll" ? e.newPositionId : e.positionId);
  const alerts = entitlementOf(user, "positionAlerts").allowed;
  const today = newYorkDate(nowMs);
  const outcomes: ImportedSpreadOutcome[] = [];
  const written: PositionEvent[] = [];
  const changed = new Set<string>();
  for (const draft of drafts) {
    const outcome = (reason: string | null) =>
      outcomes.push({
        key: draft.key,
        kind: draft.kind,
        symbol: draft.symbol,
        date: draft.date,
        lines: draft.lines,
        reason,
      });
    if (positionOfKey.has(draft.key)) {
      outcome(SPREAD_IMPORT_MESSAGES.duplicate);
      continue;
    }
    const positionId = draft.onKey === null ? crypto.randomUUID() : positionOfKey.get(draft.onKey);
    if (positionId === undefined) {
      outcome(SPREAD_IMPORT_MESSAGES.noPosition);
      continue;
    }
    if (stored.events.length + written.length >= MAX_POSITION_EVENTS) {
      outcome(POSITION_MESSAGES.full);
      continue;
    }
    const event = importedEventOf(draft, crypto.randomUUID(), positionId, alerts);
    const applied = applyEvent(book, event, today);
    if (!applied.ok) {
      outcome(applied.refusal.message);
      continue;
    }
    positionOfKey.set(draft.key, event.kind === "roll" ? event.newPositionId : event.positionId);
    for (const id of applied.changed) changed.add(id);
    written.push(event);
    outcome(null);
  }
  const openAfter = openCountOf(book);
  if (openAfter > openBefore && openAfter > open.limit)
    return { ok: false, refusal: refusalOf(user, "openPositions") };
  const result = {
    ok: true as const,
    outcomes,
    recorded: written.length,
    openPositions: { before: openBefore, after: openAfter, limit },
  };
  if (!options.commit || !written.length) return result;
  const statements: BatchStatement[] = [
    ...written.map((event, i) =>
      db.insert(events).values({
        id: event.id,
        userId: user.id,
        userSeq: stored.version + 1 + i,
        positionId: event.positionId,
        kind: event.kind as OptionPositionEventKind,
        tradeDate: event.date,
        corrects: null,
        event: event as unknown as Record<string, unknown>,
        createdAt: new Date(nowMs),
      }),
    ),
    ...[...changed].map((id) => projectionWrite(db, user.id, book.get(id)!, nowMs)),
  ];
  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isSeqCollision(error)) return { ok: false, stale: true };
    throw error;
  }
  return result;
}
