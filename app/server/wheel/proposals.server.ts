// The wheel ledger's expiry proposals (decision 281). The morning after an expiration the daily
// job reads each user's short options still open past it and proposes what the official close says happened: a put
// closing below its strike was assigned, a call closing above its strike was called away, anything else expired
// (a close within $0.05 of the strike is flagged as a pin: the outcome is the user's to confirm). The cron is the
// only writer of proposals; confirming one records its event through the ledger's own checks (plan, rules, stale
// reads), dismissing it records nothing. Proposals are advice; the ledger stays the user's record.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { buildLedger, optionKey, type LedgerEvent } from "#app/engine/wheel/ledger.ts";
import { formatDecimal } from "#app/lib/format.ts";
import { addDays, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { runBatch } from "#app/server/db/sql.server.ts";
import type { EntitledUser } from "#app/server/entitlements.server.ts";
import type { JobOutcome } from "#app/server/db/job-runs.server.ts";
import { readCloses, settlementOf } from "#app/server/market/closes.server.ts";
import {
  ledgerEventInputSchema,
  readLedger,
  recordLedgerEvent,
  type RecordResult,
} from "#app/server/wheel/ledger.server.ts";

/** Expirations looked back on: a close that arrives late (or a job that missed a day) is still proposed. */
export const PROPOSAL_LOOKBACK_DAYS = 10;
/** Users handled per run (each is one ledger read); the rest follow on the next run. */
const USERS_PER_RUN = 500;
/** Within this of the strike the close is flagged as a pin. */
export const PIN_DISTANCE = 0.05;

export interface LedgerProposal {
  id: string;
  event: Omit<LedgerEvent, "id">;
  settlement: number;
  pin: boolean;
}

/** What the close says happened to a short option (the event to propose), for settlement `price`. */
export function proposedEvent(
  symbol: string,
  option: { optionType: "put" | "call"; strike: number; expiration: string; contracts: number },
  price: number,
): { event: Omit<LedgerEvent, "id">; pin: boolean } {
  const inTheMoney = option.optionType === "put" ? price < option.strike : price > option.strike;
  const kind = !inTheMoney ? "expire" : option.optionType === "put" ? "assign" : "called_away";
  return {
    event: {
      date: option.expiration,
      symbol,
      kind,
      optionType: option.optionType,
      strike: option.strike,
      expiration: option.expiration,
      contracts: option.contracts,
      note: `Proposed from the official close of ${formatDecimal(price, 2)} on ${option.expiration}`,
    },
    pin: Math.abs(price - option.strike) <= PIN_DISTANCE + 1e-9,
  };
}

/** The daily job: proposals for every user's short options that expired in the look-back window and are still open. */
export async function proposeLedgerExpiries(env: { DB: D1Database }, now: Date): Promise<JobOutcome> {
  const db = getDb(env);
  const today = newYorkDateOf(now.getTime());
  const from = addDays(today, -PROPOSAL_LOOKBACK_DAYS);
  // Users who sold an option expiring in the window (bounded by the window; the index is on the user).
  const e = schema.wheelLedgerEvents;
  const expiration = sql`json_extract(${e.event}, '$.expiration')`;
  const users = await db
    .selectDistinct({ userId: e.userId })
    .from(e)
    .where(and(eq(e.kind, "sell_to_open"), gte(expiration, from), lt(expiration, today)))
    .limit(USERS_PER_RUN);
  const candidates: { userId: string; symbol: string; key: string; option: LedgerProposalOption }[] = [];
  for (const { userId } of users) {
    const { events } = await readLedger(env, userId);
    const built = buildLedger(events, today);
    if (!built.ok) continue;
    for (const campaign of built.campaigns)
      for (const option of campaign.openOptions)
        if (option.expiration >= from && option.expiration < today)
          candidates.push({
            userId,
            symbol: campaign.symbol,
            key: `${campaign.symbol}|${optionKey(option.optionType, option.strike, option.expiration)}`,
            option,
          });
  }
  if (!candidates.length)
    return { itemsProcessed: 0, failures: 0, detail: { users: users.length, proposed: 0 } };

  const { closes } = await readCloses(env, [...new Set(candidates.map((c) => c.symbol))], from, today);
  const rows: (typeof schema.wheelLedgerProposals.$inferInsert)[] = [];
  let waiting = 0;
  for (const c of candidates) {
    const bar = closes.get(`${c.symbol}|${c.option.expiration}`);
    if (!bar) {
      waiting++;
      continue;
    }
    const settlement = settlementOf(c.symbol, bar).price;
    const { event, pin } = proposedEvent(c.symbol, c.option, settlement);
    rows.push({
      id: crypto.randomUUID(),
      userId: c.userId,
      optionKey: c.key,
      event: JSON.stringify(event),
      settlement,
      pin,
      status: "pending",
      createdAt: now,
    });
  }
  // 8 bound parameters a row: 12 rows a statement. One per user and option: a later run adds nothing twice.
  const statements = [];
  for (let i = 0; i < rows.length; i += 12)
    statements.push(
      db
        .insert(schema.wheelLedgerProposals)
        .values(rows.slice(i, i + 12))
        .onConflictDoNothing(),
    );
  await runBatch(db, statements);
  return {
    itemsProcessed: rows.length,
    failures: 0,
    detail: { users: users.length, proposed: rows.length, waitingForClose: waiting },
  };
}

type LedgerProposalOption = {
  optionType: "put" | "call";
  strike: number;
  expiration: string;
  contracts: number;
};

/** The user's pending proposals whose option is still open (one the user recorded meanwhile is not shown). */
export async function pendingProposals(env: { DB: D1Database }, userId: string): Promise<LedgerProposal[]> {
  const rows = await getDb(env)
    .select()
    .from(schema.wheelLedgerProposals)
    .where(
      and(eq(schema.wheelLedgerProposals.userId, userId), eq(schema.wheelLedgerProposals.status, "pending")),
    );
  if (!rows.length) return [];
  const { events } = await readLedger(env, userId);
  const built = buildLedger(events, newYorkDateOf(Date.now()));
  const open = new Set(
    built.ok
      ? built.campaigns.flatMap((c) =>
          c.openOptions.map((o) => `${c.symbol}|${optionKey(o.optionType, o.strike, o.expiration)}`),
        )
      : [],
  );
  return rows
    .filter((r) => open.has(r.optionKey))
    .map((r) => ({
      id: r.id,
      event: JSON.parse(r.event) as Omit<LedgerEvent, "id">,
      settlement: r.settlement,
      pin: r.pin,
    }));
}

export type ProposalResult = RecordResult | { ok: true; dismissed: true };

/**
 * Confirms (records the proposed event through the ledger's checks, then marks the proposal confirmed) or
 * dismisses the session user's pending proposal. Another user's or an unknown id is a 404.
 */
export async function resolveProposal(
  env: { DB: D1Database },
  user: EntitledUser,
  id: string,
  action: "confirm" | "dismiss",
  nowMs = Date.now(),
): Promise<ProposalResult> {
  const db = getDb(env);
  const [row] = await db
    .select()
    .from(schema.wheelLedgerProposals)
    .where(
      and(
        eq(schema.wheelLedgerProposals.id, id),
        eq(schema.wheelLedgerProposals.userId, user.id),
        eq(schema.wheelLedgerProposals.status, "pending"),
      ),
    );
  if (!row) return { ok: false, status: 404, message: "That proposal is not pending any more." };
  const mark = (status: "confirmed" | "dismissed") =>
    db
      .update(schema.wheelLedgerProposals)
      .set({ status })
      .where(and(eq(schema.wheelLedgerProposals.id, id), eq(schema.wheelLedgerProposals.status, "pending")));
  if (action === "dismiss") {
    await mark("dismissed");
    return { ok: true, dismissed: true };
  }
  const parsed = ledgerEventInputSchema.safeParse(JSON.parse(row.event));
  if (!parsed.success) return { ok: false, status: 400, message: "That proposal can no longer be recorded." };
  const recorded = await recordLedgerEvent(env, user, parsed.data, nowMs);
  if (recorded.ok) await mark("confirmed");
  return recorded;
}
