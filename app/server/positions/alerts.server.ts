// Open positions' alerts on each refresh of their symbol (decision 333): the engine evaluates each marked position
// against its stored state with crossing semantics (evaluatePositionAlerts: a condition fires once when it turns true,
// then stays quiet until it clears past its band), the state is written only when it changes, and each firing is its
// own email at once (not the market-event digest), through the email outbox, on a plan with positionAlerts and for a
// position whose alerts are on. The first evaluation of a position takes the earnings date it sees as known at the
// open (decision 338), so only a date announced or moved later fires.
import { inArray, sql } from "drizzle-orm";
import {
  alertStateChanged,
  evaluatePositionAlerts,
  INITIAL_ALERT_STATE,
  type AlertCode,
  type AlertFiring,
  type AlertState,
} from "#app/engine/positions/alerts.ts";
import { hasCapability } from "#app/lib/entitlements.ts";
import { addDays, isTradingDay } from "#app/lib/market-calendar/index.ts";
import { effectivePlan } from "#app/lib/plans.ts";
import { formatPrice } from "#app/lib/format.ts";
import {
  POSITION_ALERT_EMAIL,
  positionAlertWords,
  type AlertedPosition,
  type PositionAlertWords,
} from "#app/lib/positions/alert-messages.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { runBatch, type BatchStatement } from "#app/server/db/sql.server.ts";
import { deliverOutboxRow, enqueueEmail, type EmailMessage } from "#app/server/email/mail.server.ts";
import { escapeHtml } from "#app/server/email/templates.server.ts";
import { publicOrigin, type WorkerEnv } from "#app/server/env.server.ts";
import type { MarkedPosition } from "#app/server/positions/marks.server.ts";

export interface PositionAlertsOutcome {
  /** Positions whose alerts were evaluated (paid plan, alerts on). */
  evaluated: number;
  /** Positions left out because their mark was not "ok" (stale quotes, a leg missing). */
  notOk: number;
  fired: number;
  statesWritten: number;
}

const CODES = new Set<string>([
  "PROFIT_TARGET",
  "LOSS_LIMIT",
  "DTE_REACHED",
  "STRIKE_TESTED",
  "ASSIGNMENT_RISK",
  "EARNINGS_INSIDE",
]);

/** A stored state read back; anything that does not read is the initial state (the alerts re-arm, never crash). */
function stateOf(stored: unknown): AlertState {
  const s = stored as Partial<AlertState> | null;
  if (!s || s.version !== 1 || !Array.isArray(s.latched)) return INITIAL_ALERT_STATE;
  const date = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    version: 1,
    latched: s.latched.filter((c): c is AlertCode => CODES.has(c)),
    earningsAlertedFor: date(s.earningsAlertedFor),
    // A state stored before the baseline existed reads as not yet seen: its next evaluation takes one (a late
    // one, so the date then listed counts as known; see withEarningsBaseline).
    earningsSeenOn: date(s.earningsSeenOn),
    earningsKnownAtOpen: date(s.earningsKnownAtOpen),
  };
}

/** Trading days from `from` through `to`, both counted, on the exchange calendar. */
function tradingDaysThrough(from: string, to: string): number {
  let n = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) if (isTradingDay(d)) n++;
  return n;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "bull put spread 95/90 put, Jan 16" */
function describe(m: MarkedPosition): AlertedPosition {
  const legs = m.position.legs;
  const kind = m.position.strategy.toLowerCase().replaceAll("_", " ");
  const strikes = legs
    .filter((l) => l.side === "short")
    .map((s) => {
      const long = legs.find((l) => l.side === "long" && l.right === s.right);
      return `${formatPrice(s.strike)}/${long ? formatPrice(long.strike) : "-"} ${s.right}`;
    })
    .join(", ");
  const exp = legs[0]!.expiration;
  return {
    symbol: m.symbol,
    description: `${kind} ${strikes}, ${MONTHS[Number(exp.slice(5, 7)) - 1]} ${Number(exp.slice(8, 10))}`,
  };
}

function alertEmailOf(
  to: string,
  m: MarkedPosition,
  firing: AlertFiring,
  positionsUrl: string,
): EmailMessage {
  const words = positionAlertWords(describe(m), firing);
  const text = [
    POSITION_ALERT_EMAIL.heading,
    "",
    POSITION_ALERT_EMAIL.intro,
    "",
    words.message,
    words.why,
    "",
    `${POSITION_ALERT_EMAIL.link}: ${positionsUrl}`,
    "",
    POSITION_ALERT_EMAIL.footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif">
<h1 style="font-size:20px">${escapeHtml(POSITION_ALERT_EMAIL.heading)}</h1>
<p>${escapeHtml(POSITION_ALERT_EMAIL.intro)}</p>
<p><strong>${escapeHtml(words.message)}</strong></p>
<p style="font-size:13px;color:#555">${escapeHtml(words.why)}</p>
<p><a href="${escapeHtml(positionsUrl)}">${escapeHtml(POSITION_ALERT_EMAIL.link)}</a></p>
<p style="font-size:12px;color:#777">${escapeHtml(POSITION_ALERT_EMAIL.footer)}</p>
</body></html>`;
  return { to, kind: "position-alert", subject: words.subject, text, html };
}

/** Ids per IN list (D1 allows 100 bound parameters). */
const IDS_PER_QUERY = 90;
/** State rows per upsert: 3 bound parameters each. */
const STATE_ROWS_PER_STATEMENT = 30;

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY)
    out.push(...(await read(ids.slice(i, i + IDS_PER_QUERY))));
  return out;
}

/** One firing, ready to send: its email and the words a history row or a push carries. */
export interface FiredPositionAlert {
  userId: string;
  positionId: string;
  symbol: string;
  code: AlertCode;
  quoteTimeMs: number;
  words: PositionAlertWords;
  email: EmailMessage;
}

/**
 * Evaluates the marked positions' alerts, sends what fired and stores the states that changed. `send` is how the
 * firings leave (the jobs layer routes them by each user's channel, decision 337); without it each is an email.
 */
export async function alertPositions(
  env: WorkerEnv,
  marked: readonly MarkedPosition[],
  nowMs: number,
  send?: (fired: FiredPositionAlert[]) => Promise<void>,
): Promise<PositionAlertsOutcome> {
  const outcome: PositionAlertsOutcome = { evaluated: 0, notOk: 0, fired: 0, statesWritten: 0 };
  const withAlerts = marked.filter((m) => m.settings.alerts);
  if (withAlerts.length === 0) return outcome;
  const db = getDb(env);
  const u = schema.user;
  const users = await inChunks([...new Set(withAlerts.map((m) => m.userId))], (ids) =>
    db
      .select({
        id: u.id,
        email: u.email,
        subscriptionTier: u.subscriptionTier,
        subscriptionStatus: u.subscriptionStatus,
        banned: u.banned,
      })
      .from(u)
      .where(inArray(u.id, ids))
      .all(),
  );
  // Paid plans only (entitlements' positionAlerts); a banned user gets no email.
  const allowed = new Map(
    users
      .filter((x) => !x.banned && hasCapability(effectivePlan(x), "positionAlerts"))
      .map((x) => [x.id, x.email]),
  );
  const due = withAlerts.filter((m) => allowed.has(m.userId));
  const s = schema.optionPositionAlertState;
  const stored = new Map(
    (
      await inChunks(
        due.map((m) => m.id),
        (ids) => db.select().from(s).where(inArray(s.positionId, ids)).all(),
      )
    ).map((r) => [r.positionId, stateOf(r.state)]),
  );
  const positionsUrl = `${publicOrigin(env)}/positions`;
  const fired: FiredPositionAlert[] = [];
  const states: { positionId: string; state: Record<string, unknown>; updatedAt: Date }[] = [];
  for (const m of due) {
    const previous = stored.get(m.id) ?? INITIAL_ALERT_STATE;
    const run = evaluatePositionAlerts(m.position, m.mark, m.settings, previous, {
      nextEarningsDate: m.nextEarningsDate,
      nextDividend: m.nextDividend,
      tradingDaysLeft: tradingDaysThrough,
    });
    if (alertStateChanged(previous, run.state))
      states.push({ positionId: m.id, state: { ...run.state }, updatedAt: new Date(nowMs) });
    if (run.skipped) {
      // Nothing fired; the state changes only by the earnings baseline a first evaluation takes.
      outcome.notOk++;
      continue;
    }
    outcome.evaluated++;
    for (const firing of run.fired) {
      const described = describe(m);
      fired.push({
        userId: m.userId,
        positionId: m.id,
        symbol: m.symbol,
        code: firing.code,
        quoteTimeMs: firing.quoteTimeMs,
        words: positionAlertWords(described, firing),
        email: alertEmailOf(allowed.get(m.userId)!, m, firing, positionsUrl),
      });
      outcome.fired++;
    }
  }
  // Sent before the states that latch them: if the states' write fails, the next refresh sends again (a repeated
  // alert) rather than never.
  const emails: string[] = [];
  if (send) await send(fired);
  else for (const f of fired) emails.push((await enqueueEmail(env, f.email, nowMs)).id);
  const statements: BatchStatement[] = [];
  for (let i = 0; i < states.length; i += STATE_ROWS_PER_STATEMENT)
    statements.push(
      db
        .insert(s)
        .values(states.slice(i, i + STATE_ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: s.positionId,
          set: { state: sql`excluded.state`, updatedAt: sql`excluded.updated_at` },
        }),
    );
  await runBatch(db, statements);
  outcome.statesWritten = states.length;
  // One claimed attempt each now; a failure stays in the outbox, whose cron drain retries it (decision 289).
  for (const id of emails)
    await deliverOutboxRow(env, id, nowMs).catch((error: unknown) =>
      console.error(`positions: delivery of alert ${id} threw`, error),
    );
  return outcome;
}
