// What a refresh does for the open spread positions (decision 333), composed here because the market knows no feature:
// the positions on the held symbols whose chains the run fetched are marked, their alerts evaluated
// (positions/alerts.server.ts) and sent by each user's channel into the history (notifications/direct-alerts), and the run after the close stores each one's closing mark
// for the session. Each step fails alone: the market's writes are already stored.
import { getDb } from "#app/server/db/client.server.ts";
import { runBatch } from "#app/server/db/sql.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import type { RefreshStored } from "#app/server/market/refresh/run.server.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { POSITION_ALERT_KEY_OF_CODE } from "#app/lib/notifications.ts";
import { sendDirectAlerts, type DirectAlert } from "#app/server/notifications/direct-alerts.server.ts";
import {
  alertPositions,
  type FiredPositionAlert,
  type PositionAlertsOutcome,
} from "#app/server/positions/alerts.server.ts";
import { closingPositionMarkStatements, markHeldPositions } from "#app/server/positions/marks.server.ts";

export interface PositionsOfRefresh {
  positionsMarked: number;
  positionMarksStored: number;
  positionAlerts: PositionAlertsOutcome | null;
}

export const NO_POSITIONS: PositionsOfRefresh = {
  positionsMarked: 0,
  positionMarksStored: 0,
  positionAlerts: null,
};

/** A position's firing as the notifications send it: by the user's channel for its kind, into the history. */
function directAlertOf(f: FiredPositionAlert): DirectAlert {
  return {
    userId: f.userId,
    key: POSITION_ALERT_KEY_OF_CODE[f.code],
    dedupeKey: `position:${f.positionId}:${f.code}:${f.quoteTimeMs}`,
    symbol: f.symbol,
    title: f.words.subject,
    message: `${f.words.message} ${f.words.why}`,
    email: f.email,
    push: {
      title: f.words.subject,
      body: f.words.message,
      quoteTime: formatAsOf(new Date(f.quoteTimeMs).toISOString()),
      url: `/positions#position-${f.positionId}`,
      tag: `position:${f.positionId}:${f.code}`,
    },
  };
}

export async function managePositions(
  env: WorkerEnv,
  nowMs: number,
  stored: RefreshStored,
): Promise<PositionsOfRefresh> {
  if (stored.heldChains.size === 0) return NO_POSITIONS;
  let marked;
  try {
    marked = await markHeldPositions(env, stored.heldChains, stored.rate, nowMs);
  } catch (error) {
    console.error("market refresh: the open positions were not marked", error);
    return NO_POSITIONS;
  }
  // The market is closed and these are the session's closing quotes: one mark per position and session.
  let positionMarksStored = 0;
  if (!stored.marketOpen) {
    try {
      const statements = closingPositionMarkStatements(env, marked, stored.closeDate);
      await runBatch(getDb(env), statements);
      positionMarksStored = marked.filter((m) => m.mark.valueNatural !== null).length;
    } catch (error) {
      console.error("market refresh: the positions' closing marks were not stored", error);
    }
  }
  const send = async (fired: FiredPositionAlert[]) => {
    await sendDirectAlerts(env, fired.map(directAlertOf), nowMs);
  };
  const positionAlerts = await alertPositions(env, marked, nowMs, send).catch((error: unknown) => {
    console.error("market refresh: the positions' alerts were not evaluated", error);
    return null;
  });
  return { positionsMarked: marked.length, positionMarksStored, positionAlerts };
}
