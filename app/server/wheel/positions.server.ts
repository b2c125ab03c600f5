// Wheel preferences and stock positions on the server (spec 001 "Wheel preferences", "Position",
// validation "Positions", §6 limits). The screen saves its whole positions list; the server replaces the
// stored set in one D1 batch (a transaction), so a list longer than the plan allows is never stored, even
// when two saves race: each save is checked against the limit on its own and applied whole.
import { limitForJson } from "../../lib/entitlements";
import {
  duplicateSymbols,
  WHEEL_DEFAULTS,
  WHEEL_MESSAGES,
  type Position,
  type RiskLevel,
} from "../../lib/wheel";

import { entitlementOf, refusalOf, type EntitledUser, type Refusal } from "../entitlements.server";

type Env = { DB: D1Database };

export type WheelUser = EntitledUser;

export async function listPositions(env: Env, userId: string): Promise<Position[]> {
  const { results } = await env.DB.prepare(
    "SELECT symbol, shares, cost_basis AS costBasis FROM positions WHERE user_id = ?1 ORDER BY symbol",
  )
    .bind(userId)
    .all<Position>();
  return results;
}

export interface WheelPreferencesView {
  cashAvailable: number;
  cspRiskLevel: RiskLevel;
  ccRiskLevel: RiskLevel;
  /** Keyed by symbol (the spec's map; its key is not shown there). */
  positions: Record<string, Position>;
  positionLimit: number;
}

export async function getPreferences(env: Env, user: WheelUser): Promise<WheelPreferencesView> {
  const [row, positions] = await Promise.all([
    env.DB.prepare(
      "SELECT cash_available AS cashAvailable, csp_risk_level AS cspRiskLevel, cc_risk_level AS ccRiskLevel FROM wheel_preferences WHERE user_id = ?1",
    )
      .bind(user.id)
      .first<{ cashAvailable: number; cspRiskLevel: RiskLevel; ccRiskLevel: RiskLevel }>(),
    listPositions(env, user.id),
  ]);
  return {
    cashAvailable: row?.cashAvailable ?? WHEEL_DEFAULTS.cash,
    cspRiskLevel: row?.cspRiskLevel ?? WHEEL_DEFAULTS.riskLevel,
    ccRiskLevel: row?.ccRiskLevel ?? WHEEL_DEFAULTS.riskLevel,
    positions: Object.fromEntries(positions.map((p) => [p.symbol, p])),
    positionLimit: positionLimitOf(user),
  };
}

export async function savePreferences(
  env: Env,
  userId: string,
  prefs: { cashAvailable?: number; cspRiskLevel?: RiskLevel; ccRiskLevel?: RiskLevel },
  now = Date.now(),
): Promise<void> {
  // COALESCE keeps the stored value of a field the call did not send.
  await env.DB.prepare(
    `INSERT INTO wheel_preferences (user_id, cash_available, csp_risk_level, cc_risk_level, updated_at)
     VALUES (?1, COALESCE(?2, ${WHEEL_DEFAULTS.cash}), COALESCE(?3, 'balanced'), COALESCE(?4, 'balanced'), ?5)
     ON CONFLICT(user_id) DO UPDATE SET
       cash_available = COALESCE(?2, wheel_preferences.cash_available),
       csp_risk_level = COALESCE(?3, wheel_preferences.csp_risk_level),
       cc_risk_level = COALESCE(?4, wheel_preferences.cc_risk_level),
       updated_at = ?5`,
  )
    .bind(userId, prefs.cashAvailable ?? null, prefs.cspRiskLevel ?? null, prefs.ccRiskLevel ?? null, now)
    .run();
}

/** How many positions the user's plan holds (Free 0, Pro 10, Elite 50). */
export function positionLimitOf(user: WheelUser): number {
  return limitForJson(entitlementOf(user, "ccPositions").limit) ?? Number.MAX_SAFE_INTEGER;
}

export type SavePositionsResult =
  | { ok: true; positions: Position[] }
  | { ok: false; reason: "duplicate"; message: string; limit: number }
  | { ok: false; reason: "limit"; refusal: Refusal };

/** Rows per INSERT: 7 bound parameters each, under D1's 100 per statement. */
const ROWS_PER_INSERT = 14;

/** Replaces the user's positions with `list` (already validated by the route's schema). */
export async function savePositions(
  env: Env,
  user: WheelUser,
  list: readonly Position[],
  now = Date.now(),
): Promise<SavePositionsResult> {
  const limit = positionLimitOf(user);
  const dups = duplicateSymbols(list);
  if (dups.length)
    return { ok: false, reason: "duplicate", message: WHEEL_MESSAGES.duplicateSymbols(dups), limit };
  if (list.length > limit) return { ok: false, reason: "limit", refusal: refusalOf(user, "ccPositions") };

  const statements: D1PreparedStatement[] = [];
  const symbols = list.map((p) => p.symbol);
  // Symbols no longer in the list go (the user sold or was assigned away).
  statements.push(
    env.DB.prepare(
      `DELETE FROM positions WHERE user_id = ?1 AND symbol NOT IN (SELECT value FROM json_each(?2))`,
    ).bind(user.id, JSON.stringify(symbols)),
  );
  for (let i = 0; i < list.length; i += ROWS_PER_INSERT) {
    const chunk = list.slice(i, i + ROWS_PER_INSERT);
    const values = chunk.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ");
    const params = chunk.flatMap((p) => [
      crypto.randomUUID(),
      user.id,
      p.symbol,
      p.shares,
      p.costBasis,
      now,
      now,
    ]);
    statements.push(
      env.DB.prepare(
        `INSERT INTO positions (id, user_id, symbol, shares, cost_basis, created_at, updated_at) VALUES ${values}
         ON CONFLICT(user_id, symbol) DO UPDATE SET shares = excluded.shares, cost_basis = excluded.cost_basis,
           updated_at = excluded.updated_at`,
      ).bind(...params),
    );
  }
  await env.DB.batch(statements);
  return { ok: true, positions: await listPositions(env, user.id) };
}
