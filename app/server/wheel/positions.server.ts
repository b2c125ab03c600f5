// Wheel preferences and stock positions on the server (docs/product/wheel.md#positions, with the plan limits
// of docs/product/wheel.md#who-may-use-it). The screen saves its whole positions list; the server replaces
// the stored set in one D1 batch (a transaction), so a list longer than the plan allows is never stored, even
// when two saves race: each save is checked against the limit on its own and applied whole. The list has a
// version (decision 225): a save made from an older version changes nothing and is told so (409), so two
// windows saving at once cannot silently drop each other's positions.
import { and, asc, eq, sql } from "drizzle-orm";
import { limitForJson } from "#app/lib/entitlements.ts";
import { SYMBOL_RE } from "#app/lib/symbols.ts";
import {
  duplicateSymbols,
  validatePosition,
  WHEEL_DEFAULTS,
  WHEEL_MESSAGES,
  type Position,
  type PositionErrors,
  type RiskLevel,
} from "#app/lib/wheel/wheel.ts";

import type { CostBasisChoice, LedgerPosition } from "#app/lib/wheel/ledger.ts";
import { getDb, schema, type Database } from "#app/server/db/client.server.ts";
import { changes, sqlExcluded } from "#app/server/db/sql.server.ts";
import { ledgerPositions } from "#app/server/wheel/ledger.server.ts";
import {
  entitlementOf,
  refusalOf,
  type EntitledUser,
  type PlanRefusal,
} from "#app/server/entitlements.server.ts";

type Env = { DB: D1Database };

export type WheelUser = EntitledUser;

/** The positions list as stored, with the version a save from it must name. */
export interface PositionsSnapshot {
  positions: Position[];
  version: number;
}

/** The stored list's version (no row: version 0, see `snapshotOf`). */
function versionQuery(db: Database, userId: string) {
  const w = schema.wheelPreferences;
  return db.select({ version: w.positionsVersion }).from(w).where(eq(w.userId, userId));
}

function positionsQuery(db: Database, userId: string) {
  const p = schema.positions;
  return db
    .select({ symbol: p.symbol, shares: p.shares, costBasis: p.costBasis })
    .from(p)
    .where(eq(p.userId, userId))
    .orderBy(asc(p.symbol));
}

/**
 * The list and its version, read in one batch so the version is the list's own. Stored positions of symbols
 * the ledger owns (an open campaign holding shares, decision 271) are left out: the ledger's row stands there.
 */
export async function readPositions(env: Env, userId: string): Promise<PositionsSnapshot> {
  const db = getDb(env);
  const [[version, positions], owned] = await Promise.all([
    db.batch([versionQuery(db, userId), positionsQuery(db, userId)]),
    ledgerPositions(env, userId, "broker"),
  ]);
  return snapshotOf(version, positions, owned);
}

function snapshotOf(
  version: { version: number }[],
  positions: Position[],
  owned: ReadonlyMap<string, unknown>,
): PositionsSnapshot {
  return {
    positions: positions.filter((p) => !owned.has(p.symbol)),
    version: version[0]?.version ?? 0,
  };
}

export interface WheelPreferencesView {
  cashAvailable: number;
  cspRiskLevel: RiskLevel;
  ccRiskLevel: RiskLevel;
  /** The basis of the lots the ledger owns (decision 271): the guardrail and the positions panel read it. */
  ccCostBasis: CostBasisChoice;
  /** Keyed by symbol (the original brief's map did not say by what). Symbols the ledger owns are left out. */
  positions: Record<string, Position>;
  /** One per open campaign holding shares, at `ccCostBasis`: read-only, edited by recording events. */
  ledgerPositions: LedgerPosition[];
  /** The positions list's version, for the screen's next save (decision 225). */
  positionsVersion: number;
  positionLimit: number;
}

export async function getPreferences(
  env: Env,
  user: WheelUser,
  nowMs = Date.now(),
): Promise<WheelPreferencesView> {
  // One batch: the positions and their version come from the same moment.
  const db = getDb(env);
  const w = schema.wheelPreferences;
  const [prefs, positions] = await db.batch([
    db
      .select({
        cashAvailable: w.cashAvailable,
        cspRiskLevel: w.cspRiskLevel,
        ccRiskLevel: w.ccRiskLevel,
        positionsVersion: w.positionsVersion,
        ccCostBasis: w.ccCostBasis,
      })
      .from(w)
      .where(eq(w.userId, user.id)),
    positionsQuery(db, user.id),
  ]);
  const row = prefs[0];
  const ccCostBasis = row?.ccCostBasis ?? "broker";
  const owned = await ledgerPositions(env, user.id, ccCostBasis, nowMs);
  const list = positions.filter((p) => !owned.has(p.symbol));
  return {
    cashAvailable: row?.cashAvailable ?? WHEEL_DEFAULTS.cash,
    cspRiskLevel: row?.cspRiskLevel ?? WHEEL_DEFAULTS.riskLevel,
    ccRiskLevel: row?.ccRiskLevel ?? WHEEL_DEFAULTS.riskLevel,
    ccCostBasis,
    positions: Object.fromEntries(list.map((p) => [p.symbol, p])),
    ledgerPositions: [...owned.values()],
    positionsVersion: row?.positionsVersion ?? 0,
    positionLimit: positionLimitOf(user),
  };
}

export async function savePreferences(
  env: Env,
  userId: string,
  prefs: {
    cashAvailable?: number;
    cspRiskLevel?: RiskLevel;
    ccRiskLevel?: RiskLevel;
    ccCostBasis?: CostBasisChoice;
  },
  now = Date.now(),
): Promise<void> {
  // COALESCE keeps the stored value of a field the call did not send.
  // raw SQL: an upsert whose DO UPDATE is computed from the stored row (COALESCE per field).
  await env.DB.prepare(
    `INSERT INTO wheel_preferences (user_id, cash_available, csp_risk_level, cc_risk_level, updated_at, cc_cost_basis)
     VALUES (?1, COALESCE(?2, ${WHEEL_DEFAULTS.cash}), COALESCE(?3, 'balanced'), COALESCE(?4, 'balanced'), ?5,
             COALESCE(?6, 'broker'))
     ON CONFLICT(user_id) DO UPDATE SET
       cash_available = COALESCE(?2, wheel_preferences.cash_available),
       csp_risk_level = COALESCE(?3, wheel_preferences.csp_risk_level),
       cc_risk_level = COALESCE(?4, wheel_preferences.cc_risk_level),
       cc_cost_basis = COALESCE(?6, wheel_preferences.cc_cost_basis),
       updated_at = ?5`,
  )
    .bind(
      userId,
      prefs.cashAvailable ?? null,
      prefs.cspRiskLevel ?? null,
      prefs.ccRiskLevel ?? null,
      now,
      prefs.ccCostBasis ?? null,
    )
    .run();
}

/** The basis the user chose for the lots the ledger owns (decision 271); the broker's until chosen. */
async function costBasisChoiceOf(env: Env, userId: string): Promise<CostBasisChoice> {
  const w = schema.wheelPreferences;
  const row = await getDb(env).select({ basis: w.ccCostBasis }).from(w).where(eq(w.userId, userId)).get();
  return row?.basis ?? "broker";
}

/**
 * The covered-call screen's positions as the server decides them (decision 271): a requested symbol the ledger
 * owns is screened with the ledger's shares and the basis the user chose, whatever the request said, so one
 * lot never carries two bases; every other requested position is screened as sent (the product's API).
 */
export async function screenPositionsFor(
  env: Env,
  userId: string,
  requested: readonly Position[],
  nowMs = Date.now(),
): Promise<Position[]> {
  const owned = await ledgerPositions(env, userId, await costBasisChoiceOf(env, userId), nowMs);
  return screenPositionsWith(owned.values(), requested);
}

/** The same rule on ledger lots already read (the /wheels loader has them from `getPreferences`). */
export function screenPositionsWith(lots: Iterable<Position>, requested: readonly Position[]): Position[] {
  const owned = new Map([...lots].map((lot) => [lot.symbol, lot]));
  return requested.map((p) => {
    const lot = owned.get(p.symbol);
    return lot ? { symbol: lot.symbol, shares: lot.shares, costBasis: lot.costBasis } : p;
  });
}

/** How many positions the user's plan holds (Free 0, Pro 10, Elite 50). */
export function positionLimitOf(user: WheelUser): number {
  return limitForJson(entitlementOf(user, "ccPositions").limit) ?? Number.MAX_SAFE_INTEGER;
}

export type SavePositionsResult =
  | ({ ok: true } & PositionsSnapshot)
  | { ok: false; reason: "duplicate"; message: string; limit: number }
  | { ok: false; reason: "limit"; refusal: PlanRefusal }
  | ({ ok: false; reason: "stale"; message: string } & PositionsSnapshot);

/**
 * Replaces the user's positions with `list` (already validated by the route's schema) if the stored list is
 * still at `expectedVersion` (decisions 225, 300: every save names the version it was made from).
 *
 * One batch, no read before the write: every write carries the same guard (the stored version equals the
 * expected one), and the version is bumped last, so either all of them apply or none does. The batch then
 * reads the list and its version back, which is what a stale save is answered with.
 */
export async function savePositions(
  env: Env,
  user: WheelUser,
  submitted: readonly Position[],
  expectedVersion: number,
  now = Date.now(),
): Promise<SavePositionsResult> {
  let list = submitted;
  const limit = positionLimitOf(user);
  const dups = duplicateSymbols(list);
  if (dups.length)
    return { ok: false, reason: "duplicate", message: WHEEL_MESSAGES.duplicateSymbols(dups), limit };
  // The ledger owns the symbols of open campaigns holding shares (decision 271): a row of one is not the list's
  // to change (editing it is recording an event), its stored row is kept as it is, and it does not count.
  const owned = await ledgerPositions(env, user.id, "broker", now);
  const ownedSymbols = JSON.stringify([...owned.keys()]);
  list = list.filter((p) => !owned.has(p.symbol));
  if (list.length > limit) return { ok: false, reason: "limit", refusal: refusalOf(user, "ccPositions") };

  // The list goes as one JSON parameter (D1 allows 100 bound parameters per statement; 50 rows need more).
  const rows = JSON.stringify(
    list.map((p) => ({
      id: crypto.randomUUID(),
      symbol: p.symbol,
      shares: p.shares,
      costBasis: p.costBasis,
    })),
  );
  // Every write carries this guard: the stored version (0 without a row) is the expected one.
  const w = schema.wheelPreferences;
  const p = schema.positions;
  const guard = sql`(COALESCE((SELECT ${w.positionsVersion} FROM ${w} WHERE ${w.userId} = ${user.id}), 0) = ${expectedVersion})`;
  const db = getDb(env);
  const [, , bumped, version, positions] = await db.batch([
    // Symbols no longer in the list go (the user sold or was assigned away).
    db
      .delete(p)
      .where(
        and(
          eq(p.userId, user.id),
          guard,
          sql`${p.symbol} NOT IN (SELECT json_extract(value, '$.symbol') FROM json_each(${rows}))`,
          sql`${p.symbol} NOT IN (SELECT value FROM json_each(${ownedSymbols}))`,
        ),
      ),
    // The SELECT names every column of positions, in the schema's order (drizzle's INSERT ... SELECT lists them all).
    db
      .insert(p)
      .select(
        sql`SELECT json_extract(value, '$.id'), ${user.id}, json_extract(value, '$.symbol'),
                   json_extract(value, '$.shares'), json_extract(value, '$.costBasis'), ${now}, ${now}
              FROM json_each(${rows}) WHERE ${guard}`,
      )
      .onConflictDoUpdate({
        target: [p.userId, p.symbol],
        set: {
          shares: sqlExcluded("shares"),
          costBasis: sqlExcluded("cost_basis"),
          updatedAt: sqlExcluded("updated_at"),
        },
      }),
    // Last of the writes: the guard above saw the version before this bump. Every column of wheel_preferences, in
    // the schema's order, with savePreferences' defaults for a user who has no row yet.
    db
      .insert(w)
      .select(
        sql`SELECT ${user.id}, ${WHEEL_DEFAULTS.cash}, 'balanced', 'balanced', ${now}, 1, 'broker' WHERE ${guard}`,
      )
      .onConflictDoUpdate({ target: w.userId, set: { positionsVersion: sql`${w.positionsVersion} + 1` } }),
    versionQuery(db, user.id),
    positionsQuery(db, user.id),
  ]);
  const snapshot = snapshotOf(version, positions, owned);
  if (changes(bumped) === 0)
    return { ok: false, reason: "stale", message: WHEEL_MESSAGES.positionsChanged, ...snapshot };
  return { ok: true, ...snapshot };
}

/** One imported row as the server reads it (decision 257). */
export interface ImportRowCheck {
  symbol: string;
  /** The product's bulk validation messages; empty when the row may be saved. */
  errors: PositionErrors;
  /** False: no market data for the symbol (no price, no strategies); null when the symbol is not readable. */
  marketData: boolean | null;
  /** The stored position of the same symbol: the page offers "replace" or "skip" for it. */
  held: Position | null;
}

export type ImportCheckResult =
  { ok: true; rows: ImportRowCheck[] } | { ok: false; reason: "duplicate"; message: string };

/**
 * Reads a positions import before it is added to the list: duplicates among the submitted rows block it
 * (the product's 'Duplicate symbols found'), and each row is told apart as invalid, without market data, or
 * already held. Nothing is written; the save stays `savePositions`.
 */
export async function checkPositionsImport(
  env: Env,
  userId: string,
  rows: readonly { symbol: string; shares: number | string; costBasis: number | string }[],
  isKnownSymbol: (symbol: string) => Promise<boolean>,
): Promise<ImportCheckResult> {
  const symbols = rows.map((r) => r.symbol.trim().toUpperCase());
  const dups = duplicateSymbols(symbols.map((symbol) => ({ symbol })));
  if (dups.length) return { ok: false, reason: "duplicate", message: WHEEL_MESSAGES.duplicateSymbols(dups) };
  const [{ positions }, known] = await Promise.all([
    readPositions(env, userId),
    Promise.all(
      [...new Set(symbols)].map(async (s) => [s, SYMBOL_RE.test(s) ? await isKnownSymbol(s) : null] as const),
    ),
  ]);
  const stored = new Map(positions.map((p) => [p.symbol, p]));
  const knownBySymbol = new Map(known);
  return {
    ok: true,
    rows: rows.map((r, i) => {
      const symbol = symbols[i]!;
      return {
        symbol,
        errors: validatePosition({ ...r, symbol }, "bulk"),
        marketData: knownBySymbol.get(symbol) ?? null,
        held: stored.get(symbol) ?? null,
      };
    }),
  };
}
