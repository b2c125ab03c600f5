// The wheel campaign ledger on the server (decisions 270, 271). Events are stored append-only
// (migration 0019); every view is the engine's build of them. A write is checked by building the ledger with the
// new event: the engine's refusal is the answer (400), and a write that opens a campaign past the plan's count of
// open campaigns is refused with the entitlements' words. The insert names the user's next event number, so a
// write made from a stale read changes nothing (409) and the checks always hold for what is stored.
import { buildLedger, type Campaign, type LedgerEvent, type Valuation } from "#app/engine/wheel/ledger.ts";
import { newYorkDate } from "#app/engine/time.ts";
import { limitForJson } from "#app/lib/entitlements.ts";
import { writeCsv } from "#app/lib/csv.ts";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { isIsoDate } from "#app/engine/time.ts";
import { LEDGER_EVENT_KINDS } from "#app/engine/wheel/ledger.ts";
import { cleanSymbolInput, SYMBOL_RE } from "#app/lib/symbols.ts";
import {
  LEDGER_EVENT_LABELS,
  LEDGER_INPUT_MESSAGES,
  ledgerRefusalMessage,
  MAX_LEDGER_EVENTS,
  type CostBasisChoice,
  type LedgerPosition,
} from "#app/lib/wheel/ledger.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { changes } from "#app/server/db/sql.server.ts";
import {
  entitlementOf,
  refusalOf,
  type EntitledUser,
  type PlanRefusal,
} from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getCachedTickerInfos } from "#app/server/market/market.server.ts";

// ---------------------------------------------------------------- input
const isoDate = (message: string) => z.string({ error: message }).refine((s) => isIsoDate(s), { message });

const money = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, { message: LEDGER_INPUT_MESSAGES.notNegative(field) })
    .max(max, { message: LEDGER_INPUT_MESSAGES.tooLarge(field) });

const count = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ message: LEDGER_INPUT_MESSAGES.wholeNumber(field) })
    .min(1, { message: LEDGER_INPUT_MESSAGES.positive(field) })
    .max(max, { message: LEDGER_INPUT_MESSAGES.tooLarge(field) });

/** One event as the API and the form send it; which fields a kind needs is the engine's rule. */
export const ledgerEventInputSchema = z
  .object({
    date: isoDate(LEDGER_INPUT_MESSAGES.date),
    symbol: z
      .string({ error: LEDGER_INPUT_MESSAGES.symbolRequired })
      .max(12, { message: LEDGER_INPUT_MESSAGES.symbol })
      .transform(cleanSymbolInput)
      .refine((s) => s.length > 0, { message: LEDGER_INPUT_MESSAGES.symbolRequired })
      .refine((s) => SYMBOL_RE.test(s), { message: LEDGER_INPUT_MESSAGES.symbol }),
    kind: z.enum(LEDGER_EVENT_KINDS, { error: LEDGER_INPUT_MESSAGES.kind }),
    optionType: z.enum(["put", "call"], { error: LEDGER_INPUT_MESSAGES.optionType }).optional(),
    strike: money("Strike", 1_000_000)
      .refine((v) => v > 0, { message: LEDGER_INPUT_MESSAGES.positive("Strike") })
      .optional(),
    expiration: isoDate(LEDGER_INPUT_MESSAGES.date).optional(),
    contracts: count("Contracts", 10_000).optional(),
    price: money("Price", 1_000_000).optional(),
    shares: count("Shares", 10_000_000).optional(),
    amount: money("Amount", 1_000_000).optional(),
    exDate: isoDate(LEDGER_INPUT_MESSAGES.date).optional(),
    fee: money("Fee", 100_000).optional(),
    corrects: z.string().min(1).max(64).optional(),
    note: z.string().max(200, { message: LEDGER_INPUT_MESSAGES.note }).optional(),
  })
  .strict()
  .refine((e) => !(e.kind === "sell_to_open" && e.expiration && e.expiration < e.date), {
    message: LEDGER_INPUT_MESSAGES.expirationBeforeTrade,
  })
  .refine((e) => e.kind !== "void" || e.corrects !== undefined, {
    message: LEDGER_INPUT_MESSAGES.voidNeedsTarget,
  });
export type LedgerEventInput = z.infer<typeof ledgerEventInputSchema>;

/** The most events one write records together: a roll's buy to close and its sell to open. */
export const MAX_LEDGER_BATCH = 2;

const ledgerBatchSchema = z
  .object({
    events: z
      .array(ledgerEventInputSchema, { error: LEDGER_INPUT_MESSAGES.batch })
      .min(1, { message: LEDGER_INPUT_MESSAGES.batch })
      .max(MAX_LEDGER_BATCH, { message: LEDGER_INPUT_MESSAGES.batch }),
  })
  .strict();

/** What a write asks: its events, and whether it named them as a batch (the answer is shaped alike). */
export interface LedgerWrite {
  batch: boolean;
  events: LedgerEventInput[];
}

const isBatchBody = (body: unknown) => typeof body === "object" && body !== null && "events" in body;

/**
 * POST /api/wheel/ledger's body: one event's fields, or `{ events: [...] }` to record together (a roll). Either
 * way its events in order; an event of a batch that does not parse is named by its place.
 */
export const ledgerWriteSchema = z.unknown().transform((body, ctx): LedgerWrite => {
  if (!isBatchBody(body)) {
    const one = ledgerEventInputSchema.safeParse(body);
    if (one.success) return { batch: false, events: [one.data] };
    for (const issue of one.error.issues)
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  }
  const batch = ledgerBatchSchema.safeParse(body);
  if (batch.success) return { batch: true, events: batch.data.events };
  for (const issue of batch.error.issues) {
    const [, at] = issue.path;
    const message = typeof at === "number" ? `Event ${at + 1}: ${issue.message}` : issue.message;
    ctx.addIssue({ code: "custom", message, path: issue.path });
  }
  return z.NEVER;
});

// ---------------------------------------------------------------- storage
export interface LedgerSnapshot {
  events: LedgerEvent[];
  /** The number of events stored: the next write is number version + 1. */
  version: number;
}

export interface LedgerView {
  events: LedgerEvent[];
  campaigns: Campaign[];
  openCampaigns: number;
  /** The plan's open-campaign limit (null: no cap). */
  limit: number | null;
  asOf: string;
}

export async function readLedger(env: { DB: D1Database }, userId: string): Promise<LedgerSnapshot> {
  const e = schema.wheelLedgerEvents;
  const rows = await getDb(env)
    .select({ event: e.event, userSeq: e.userSeq })
    .from(e)
    .where(eq(e.userId, userId))
    .orderBy(asc(e.userSeq));
  return { events: rows.map((r) => r.event), version: rows.at(-1)?.userSeq ?? 0 };
}

/**
 * The positions the ledger owns (decision 271): one per open campaign holding shares, at the basis the user
 * chose. Bases do not depend on prices, so no market read. Keyed by symbol (one open campaign per symbol).
 */
export async function ledgerPositions(
  env: { DB: D1Database },
  userId: string,
  basis: CostBasisChoice,
  nowMs = Date.now(),
): Promise<Map<string, LedgerPosition>> {
  const { events } = await readLedger(env, userId);
  const owned = new Map<string, LedgerPosition>();
  if (!events.length) return owned;
  const built = buildLedger(events, newYorkDate(nowMs));
  if (!built.ok) throw new Error(`stored wheel ledger does not build: ${built.refusal.code}`);
  for (const c of built.campaigns) {
    if (c.status !== "open" || c.sharesHeld <= 0) continue;
    const costBasis = basis === "adjusted" ? c.adjustedBasis : c.brokerBasis;
    if (costBasis === null) continue;
    owned.set(c.symbol, {
      symbol: c.symbol,
      shares: c.sharesHeld,
      // Per share, to the cent: the guardrail compares it with strikes.
      costBasis: Math.round(costBasis * 100) / 100,
      campaignId: c.id,
    });
  }
  return owned;
}

const openCount = (campaigns: readonly Campaign[]) => campaigns.filter((c) => c.status === "open").length;

/** Current prices of the symbols with open campaigns, from the market caches only (no provider call). */
async function marksFor(env: WorkerEnv, campaigns: readonly Campaign[], nowMs: number) {
  const symbols = [...new Set(campaigns.filter((c) => c.status === "open").map((c) => c.symbol))];
  const marks: Record<string, Valuation> = {};
  if (!symbols.length) return marks;
  try {
    const { infos } = await getCachedTickerInfos(env, symbols, nowMs);
    for (const info of infos) marks[info.symbol] = { price: info.current_price };
  } catch (error) {
    // Without prices the campaigns are still shown, valued at their basis (decision 270).
    console.error("wheel ledger: prices unavailable", error);
  }
  return marks;
}

/** The user's ledger, valued at today's cached prices. */
export async function ledgerView(
  env: WorkerEnv,
  user: EntitledUser,
  nowMs = Date.now(),
): Promise<LedgerView> {
  const { events } = await readLedger(env, user.id);
  const asOf = newYorkDate(nowMs);
  const unpriced = buildLedger(events, asOf);
  // What is stored was checked on the way in; a build failure here is a bug, not the user's input.
  if (!unpriced.ok) throw new Error(`stored wheel ledger does not build: ${unpriced.refusal.code}`);
  const built = buildLedger(events, asOf, await marksFor(env, unpriced.campaigns, nowMs));
  const campaigns = built.ok ? built.campaigns : unpriced.campaigns;
  return {
    events,
    campaigns,
    openCampaigns: openCount(campaigns),
    limit: limitForJson(entitlementOf(user, "wheelCampaigns").limit),
    asOf,
  };
}

/** A refused write: nothing of it was stored. */
export type RecordRefusal =
  { ok: false; status: 400 | 404 | 409; message: string } | { ok: false; status: 403; refusal: PlanRefusal };
export type RecordResult = { ok: true; event: LedgerEvent } | RecordRefusal;
export type RecordManyResult = { ok: true; events: LedgerEvent[] } | RecordRefusal;

/**
 * Records one event for the session user. Refused: a plan without the ledger (403 with the upgrade words), an
 * event the rules refuse (400 with the rule's message), one that opens a campaign past the plan's open campaigns
 * (403), a correction of an unknown event (404), a write from a stale read (409).
 */
export async function recordLedgerEvent(
  env: { DB: D1Database },
  user: EntitledUser,
  input: LedgerEventInput,
  nowMs = Date.now(),
): Promise<RecordResult> {
  const result = await recordLedgerEvents(env, user, [input], nowMs);
  return result.ok ? { ok: true, event: result.events[0]! } : result;
}

const refused = (status: 400 | 404 | 409, message: string): RecordRefusal => ({ ok: false, status, message });

// raw SQL: a conditional INSERT ... SELECT ... WHERE: the version read is checked where the event is written,
// and an event after the first lands only beside the one before it (?10), so a batch is all or nothing even if
// another write took the first number.
const INSERT_EVENT = `INSERT INTO wheel_ledger_events (id, user_id, user_seq, symbol, kind, trade_date, corrects, event, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
      WHERE (SELECT COALESCE(MAX(user_seq), 0) FROM wheel_ledger_events WHERE user_id = ?2) = ?3 - 1
        AND (?10 IS NULL OR EXISTS (SELECT 1 FROM wheel_ledger_events WHERE id = ?10 AND user_id = ?2))
     ON CONFLICT DO NOTHING`;

/**
 * Records events that belong together (a roll's buy to close and sell to open) in one transaction: each is
 * checked as `recordLedgerEvent` checks one, against the ledger with the ones before it applied, the plan's open
 * campaigns counted after all of them; then all are written with consecutive numbers, or none is.
 */
export async function recordLedgerEvents(
  env: { DB: D1Database },
  user: EntitledUser,
  inputs: readonly LedgerEventInput[],
  nowMs = Date.now(),
): Promise<RecordManyResult> {
  const { limit, allowed } = entitlementOf(user, "wheelCampaigns");
  if (!allowed) return { ok: false, status: 403, refusal: refusalOf(user, "wheelCampaigns") };
  if (inputs.length < 1 || inputs.length > MAX_LEDGER_BATCH) return refused(400, LEDGER_INPUT_MESSAGES.batch);
  const today = newYorkDate(nowMs);
  const { events: stored, version } = await readLedger(env, user.id);
  const before = buildLedger(stored, today);
  let events = stored;
  let campaigns: Campaign[] = [];
  for (const input of inputs) {
    if (input.date > today) return refused(400, LEDGER_INPUT_MESSAGES.futureDate);
    if (events.length >= MAX_LEDGER_EVENTS) return refused(400, LEDGER_INPUT_MESSAGES.full);
    if (input.corrects !== undefined && !events.some((e) => e.id === input.corrects))
      return refused(404, LEDGER_INPUT_MESSAGES.notFound);
    const event: LedgerEvent = { id: crypto.randomUUID(), ...input };
    const after = buildLedger([...events, event], today);
    if (!after.ok) return refused(400, ledgerRefusalMessage(after.refusal));
    events = [...events, event];
    campaigns = after.campaigns;
  }
  const openBefore = before.ok ? openCount(before.campaigns) : 0;
  const openAfter = openCount(campaigns);
  // Counted on open campaigns: events that close or continue one are never refused by the plan.
  if (openAfter > openBefore && openAfter > limit)
    return { ok: false, status: 403, refusal: refusalOf(user, "wheelCampaigns") };
  const added = events.slice(stored.length);
  const results = await env.DB.batch(
    added.map((event, i) =>
      env.DB.prepare(INSERT_EVENT).bind(
        event.id,
        user.id,
        version + 1 + i,
        event.symbol,
        event.kind,
        event.date,
        event.corrects ?? null,
        JSON.stringify(event),
        nowMs,
        i === 0 ? null : added[i - 1]!.id,
      ),
    ),
  );
  if (results.some((r) => changes(r) !== 1)) return refused(409, LEDGER_INPUT_MESSAGES.stale);
  return { ok: true, events: added };
}

/** The whole ledger as CSV: every event recorded, with its campaign (the campaign's first event id). */
export async function ledgerCsvOf(
  env: { DB: D1Database },
  userId: string,
  nowMs = Date.now(),
): Promise<string> {
  const { events } = await readLedger(env, userId);
  const built = buildLedger(events, newYorkDate(nowMs));
  const campaignOf = new Map<string, string>();
  if (built.ok) for (const c of built.campaigns) for (const id of c.eventIds) campaignOf.set(id, c.id);
  return ledgerCsv(events, campaignOf);
}

// ---------------------------------------------------------------- CSV export
export const LEDGER_CSV_COLUMNS = [
  "Event ID",
  "Date",
  "Symbol",
  "Event",
  "Option Type",
  "Strike",
  "Expiration",
  "Contracts",
  "Price",
  "Shares",
  "Amount",
  "Ex-Date",
  "Fee",
  "Corrects",
  "Campaign",
  "Note",
] as const;

/**
 * Every event as recorded (corrections and voids included, so the file is the whole trail), with the campaign
 * it counts in. Quoted, formula-safe (a cell starting with =, +, -, @ is shown as text), CRLF.
 */
export function ledgerCsv(events: readonly LedgerEvent[], campaignOf: ReadonlyMap<string, string>): string {
  const cell = (v: string | number | undefined) => (v === undefined ? "" : v);
  const rows = events.map((e) => [
    e.id,
    e.date,
    e.symbol,
    LEDGER_EVENT_LABELS[e.kind],
    cell(e.optionType),
    cell(e.strike),
    cell(e.expiration),
    cell(e.contracts),
    cell(e.price),
    cell(e.shares),
    cell(e.amount),
    cell(e.exDate),
    cell(e.fee),
    cell(e.corrects),
    campaignOf.get(e.id) ?? "",
    cell(e.note),
  ]);
  return writeCsv(LEDGER_CSV_COLUMNS, rows);
}
