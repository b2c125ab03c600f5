// The /positions page composes three features (decision 334): the spread position ledger (its list), the market's
// cached chains (each open position marked now by the engine, computed and never stored, with the same quotes and
// smile the refresh's closing marks use) with the stored daily closing marks for the chart, and the wheel ledger's
// open short puts and calls, each marked as a one-leg position by the same engine at the same chains (decision
// 338), so a put or call recorded with "I sold this" is valued here too. Features meet only on this floor
// (decision 326).
import { inArray } from "drizzle-orm";
import type { PositionMark } from "#app/engine/positions/types.ts";
import { newYorkDate } from "#app/engine/time.ts";
import type { RiskFreeRate } from "#app/lib/risk-free-rate.ts";
import { wheelOptionPosition, wheelOptionsOfCampaigns } from "#app/lib/positions/wheel-option.ts";
import {
  CLOSED_PAGE_SIZE,
  type DailyMarkPoint,
  type MarkView,
  type OpenPositionView,
  type PositionRecord,
  type PositionsPageData,
  type WheelOptionView,
} from "#app/lib/positions/client.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { EntitledUser } from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getOptionChain } from "#app/server/market/market.server.ts";
import { readRiskFreeRate } from "#app/server/market/rates.server.ts";
import type { HeldChain } from "#app/server/market/refresh/run.server.ts";
import { markHeldPositions, markOnChain } from "#app/server/positions/marks.server.ts";
import { positionsOf } from "#app/server/positions/positions.server.ts";
import { ledgerView } from "#app/server/wheel/ledger.server.ts";

/** Positions per IN list (one bound parameter each; D1 allows 100). */
const IDS_PER_QUERY = 90;

const finiteOrNull = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Each position's stored closing marks, oldest first; a mark written without P&L is left out. */
async function dailyMarksOf(env: WorkerEnv, ids: readonly string[]): Promise<Map<string, DailyMarkPoint[]>> {
  const t = schema.optionPositionMarks;
  const out = new Map<string, DailyMarkPoint[]>();
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = await getDb(env)
      .select()
      .from(t)
      .where(inArray(t.positionId, ids.slice(i, i + IDS_PER_QUERY) as string[]))
      .orderBy(t.date);
    for (const row of rows) {
      const pnlMid = finiteOrNull(row.mark.pnlMid);
      const pnlNatural = finiteOrNull(row.mark.pnlNatural);
      if (pnlMid === null && pnlNatural === null) continue;
      out.set(row.positionId, [...(out.get(row.positionId) ?? []), { date: row.date, pnlMid, pnlNatural }]);
    }
  }
  return out;
}

/** The cached chain of each symbol (KV; none cached: no mark, never a provider call from a page). */
async function heldChainsOf(env: WorkerEnv, symbols: readonly string[]): Promise<Map<string, HeldChain>> {
  const chains = await Promise.all(
    symbols.map((s) =>
      getOptionChain(env, s).catch((error: unknown) => {
        console.error(`positions page: chain read failed (${s})`, error);
        return null;
      }),
    ),
  );
  const held = new Map<string, HeldChain>();
  symbols.forEach((s, i) => {
    const chain = chains[i];
    if (chain) held.set(s, { chain, dividendYield: chain.dividendYield ?? null, nextEarningsDate: null });
  });
  return held;
}

/** The wheel ledger's open short options; a ledger that cannot be read leaves the spreads on the page. */
async function wheelOptionsOf(env: WorkerEnv, user: EntitledUser, nowMs: number) {
  try {
    const view = await ledgerView(env, user, nowMs);
    return { options: wheelOptionsOfCampaigns(view.campaigns, view.events), error: false };
  } catch (error) {
    console.error("positions page: wheel ledger read failed", error);
    return { options: [] as WheelOptionView[], error: true };
  }
}

/** The chains and the rate every mark of this read uses, read once for the spreads and the wheel together. */
interface MarketRead {
  held: Map<string, HeldChain>;
  rate: RiskFreeRate;
}

function markViewOf(
  mark: PositionMark | undefined,
  held: HeldChain | undefined,
  rate: RiskFreeRate,
): MarkView {
  if (!mark) return { kind: "no_chain" };
  return {
    kind: "marked",
    mark,
    quoteTime: mark.oldestQuoteTimeMs === null ? null : new Date(mark.oldestQuoteTimeMs).toISOString(),
    assumptions: { rate: rate.rate, rateSource: rate.source, dividendYield: held?.dividendYield ?? null },
  };
}

/** Each open position with its mark now and its stored closes. */
async function markedOpen(
  env: WorkerEnv,
  user: EntitledUser,
  open: readonly PositionRecord[],
  market: Promise<MarketRead>,
  nowMs: number,
): Promise<OpenPositionView[]> {
  const [{ held, rate }, daily] = await Promise.all([
    market,
    dailyMarksOf(
      env,
      open.map((p) => p.id),
    ),
  ]);
  // The refresh's own marking (same quotes, same smile), at this instant, of this user's positions only.
  const marked = new Map(
    (await markHeldPositions(env, held, rate.rate, nowMs, user.id)).map((m) => [m.id, m.mark]),
  );
  return open.map((position) => ({
    position,
    mark: markViewOf(marked.get(position.id), held.get(position.symbol), rate),
    daily: daily.get(position.id) ?? [],
  }));
}

/** Each wheel option marked by the same engine at the same chain (a one-leg position), by its key. */
async function markedWheel(
  options: readonly WheelOptionView[],
  market: Promise<MarketRead>,
  nowMs: number,
): Promise<Record<string, MarkView>> {
  if (options.length === 0) return {};
  const { held, rate } = await market;
  const out: Record<string, MarkView> = {};
  for (const option of options) {
    const chain = held.get(option.symbol);
    const mark = chain ? markOnChain(wheelOptionPosition(option), chain, rate.rate, nowMs) : undefined;
    out[option.key] = markViewOf(mark, chain, rate);
  }
  return out;
}

/**
 * The /positions loader's data for the session user: the lists at once (one D1 round trip each), the marks
 * streamed after them (the page shows the positions while their chains are read).
 */
export async function positionsPage(
  env: WorkerEnv,
  user: EntitledUser,
  closedShown: number,
  nowMs = Date.now(),
): Promise<PositionsPageData> {
  const [view, wheel] = await Promise.all([positionsOf(env, user), wheelOptionsOf(env, user, nowMs)]);
  const open = view.positions.filter((p) => p.status === "open");
  const symbols = [...new Set([...open.map((p) => p.symbol), ...wheel.options.map((o) => o.symbol)])];
  const market: Promise<MarketRead> = Promise.all([
    heldChainsOf(env, symbols),
    readRiskFreeRate(env, nowMs),
  ]).then(([held, rate]) => ({ held, rate }));
  const closed = view.positions
    .filter((p) => p.status === "closed")
    .sort(
      (a, b) => (b.closedOn ?? "").localeCompare(a.closedOn ?? "") || b.openedOn.localeCompare(a.openedOn),
    );
  return {
    today: newYorkDate(nowMs),
    version: view.version,
    openCount: view.openCount,
    limit: view.limit,
    canOpen: view.limit === null || view.limit > 0,
    alertsAllowed: view.alertsAllowed,
    open: markedOpen(env, user, open, market, nowMs),
    closed: closed.slice(0, closedShown),
    closedRemaining: Math.max(0, closed.length - closedShown),
    nextClosed: Math.min(closed.length, closedShown) + CLOSED_PAGE_SIZE,
    wheel: wheel.options,
    wheelMarks: markedWheel(wheel.options, market, nowMs),
    wheelError: wheel.error,
  };
}
