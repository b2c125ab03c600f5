// The wheel's two screens as the user's plan allows them. The batch APIs and the /wheels loader both call these,
// so a plan's batch limit (cspTickersPerBatch, ccPositionsPerBatch) is checked in one place (decision 287).
import { checkEntitlement, entitlementOf, type PlanRefusal } from "#app/server/entitlements.server.ts";
import type { SessionUser } from "#app/server/auth/auth.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import {
  DEFAULT_FILTERS,
  WHEEL_DEFAULTS,
  WHEEL_MESSAGES,
  type Position,
  type RiskLevel,
  type WheelStrategy,
  type WheelType,
} from "#app/lib/wheel.ts";
import { strategiesResultOf, type BatchResponse, type ServedStrategies } from "#app/lib/wheel-results.ts";
import type { CcCandidate, CspCandidate } from "#app/engine/index.ts";
import {
  ccBatch,
  cspBatch,
  type CcBatchInput,
  type CspBatchInput,
  type TickerResult,
} from "#app/server/wheel/strategies.server.ts";
import { screenPositionsFor, screenPositionsWith } from "#app/server/wheel/positions.server.ts";

export type BatchOutcome<T> = { ok: true; body: T } | { ok: false; refusal: PlanRefusal };

/** One more than the batch holds is refused: `items - 1` is checked against the per-request limit. */
function batchRefusal(
  user: SessionUser,
  capability: "cspTickersPerBatch" | "ccPositionsPerBatch",
  items: number,
): PlanRefusal | null {
  return checkEntitlement(user, capability, Math.max(items - 1, 0));
}

/** The cash-secured puts for `input.tickers` (each once), or the plan's refusal past its batch size. */
export async function cspStrategiesFor(
  env: WorkerEnv,
  user: SessionUser,
  input: CspBatchInput,
): Promise<BatchOutcome<Awaited<ReturnType<typeof cspBatch>>>> {
  const tickers = [...new Set(input.tickers)];
  const refusal = batchRefusal(user, "cspTickersPerBatch", tickers.length);
  if (refusal) return { ok: false, refusal };
  return { ok: true, body: await cspBatch(env, { ...input, tickers }) };
}

/**
 * The covered calls for `input.positions` (each symbol once), or the plan's refusal (none on Free, 10 per call).
 * The ledger's lots are screened with the ledger's shares and chosen basis (decision 271): read here, unless the
 * caller already holds them (`ledgerLots`).
 */
export async function ccStrategiesFor(
  env: WorkerEnv,
  user: SessionUser,
  input: CcBatchInput,
  ledgerLots?: readonly Position[],
): Promise<BatchOutcome<Awaited<ReturnType<typeof ccBatch>>>> {
  const seen = new Set<string>();
  const requested = input.positions.filter((p) => !seen.has(p.symbol) && seen.add(p.symbol));
  const refusal = batchRefusal(user, "ccPositionsPerBatch", requested.length);
  if (refusal) return { ok: false, refusal };
  const positions = ledgerLots
    ? screenPositionsWith(ledgerLots, requested)
    : await screenPositionsFor(env, user.id, requested);
  return { ok: true, body: await ccBatch(env, { ...input, positions }) };
}

/**
 * What /wheels shows before any script runs (decision 287): the puts for the page's tickers at the saved cash and
 * risk, and the covered calls for the positions and the ledger's lots, both at the screen's default filters, each
 * through the same plan check as its API. A failing market read is the API's 503 words, as the page shows them.
 */
export async function wheelsFirstView(
  env: WorkerEnv,
  user: SessionUser,
  view: {
    tickers: string[];
    cashAvailable: number;
    cspRiskLevel: RiskLevel;
    ccRiskLevel: RiskLevel;
    positions: readonly Position[];
    ledgerLots: readonly Position[];
  },
): Promise<Record<WheelType, ServedStrategies>> {
  const { maxDaysToExpiration, minReturn } = DEFAULT_FILTERS;
  const served = async (
    failure: string,
    run: () => Promise<BatchOutcome<ScreenAnswer>[]>,
  ): Promise<ServedStrategies> => {
    try {
      const outcomes = await run();
      const refused = outcomes.find((o) => !o.ok);
      if (refused && !refused.ok) return { result: null, error: refused.refusal.message };
      const bodies = outcomes.flatMap((o) => (o.ok ? [asPageAnswer(o.body)] : []));
      return { result: strategiesResultOf(bodies), error: null };
    } catch (error) {
      console.error("wheels first view failed", error);
      return { result: null, error: failure };
    }
  };
  // The screen's list, as the page sends it: the stored positions, then the ledger's lots.
  const screened = [
    ...view.positions,
    ...view.ledgerLots.map(({ symbol, shares, costBasis }) => ({ symbol, shares, costBasis })),
  ];
  const [CSP, CC] = await Promise.all([
    served(WHEEL_MESSAGES.fetchCspFailed, async () => [
      await cspStrategiesFor(env, user, {
        tickers: view.tickers,
        riskLevel: view.cspRiskLevel,
        cashAmount: view.cashAvailable,
        maxDaysToExpiration,
        minReturn,
      }),
    ]),
    // Free holds no positions and a list without any has nothing to screen: the page says so itself.
    screened.length === 0 || entitlementOf(user, "ccPositionsPerBatch").limit === 0
      ? { result: null, error: null }
      : served(WHEEL_MESSAGES.fetchCcFailed, () =>
          Promise.all(
            chunksOf(screened, WHEEL_DEFAULTS.ccBatchSize).map((positions) =>
              ccStrategiesFor(
                env,
                user,
                {
                  positions,
                  riskLevel: view.ccRiskLevel,
                  maxDaysToExpiration,
                  minReturn,
                  includeBelowCostBasis: false,
                },
                view.ledgerLots,
              ),
            ),
          ),
        ),
  ]);
  return { CSP, CC };
}

type ScreenAnswer = Awaited<ReturnType<typeof cspBatch>> | Awaited<ReturnType<typeof ccBatch>>;

/** A screen's answer as the page reads the API's JSON: each strategy a plain record (a copy, not a cast). */
function asPageAnswer(body: ScreenAnswer): BatchResponse<WheelStrategy> {
  const results: BatchResponse<WheelStrategy>["results"] = {};
  const entries: [string, TickerResult<CspCandidate | CcCandidate>][] = Object.entries(body.results);
  for (const [ticker, r] of entries)
    results[ticker] = { ...r, strategies: r.strategies.map((s) => ({ ...s })) };
  return { ...body, results };
}

function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
