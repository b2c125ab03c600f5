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
} from "#app/lib/wheel/wheel.ts";
import { strategiesResultOf, type BatchResponse, type ServedStrategies } from "#app/lib/wheel/results.ts";
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
 * What /wheels shows (decision 287, and its address since decision 317): the puts for the page's tickers at the
 * cash and risk in force, and the covered calls for the positions and the ledger's lots, at the address's days to
 * expiration and below-basis choice, each through the same plan check as its API. A failing market read is the
 * API's 503 words, as the page shows them. `cashLimited` names the tickers that came back empty at this cash but
 * have puts with more of it (the page says that cash limits the list).
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
    maxDaysToExpiration?: number;
    includeBelowCostBasis?: boolean;
  },
): Promise<Record<WheelType, ServedStrategies> & { cashLimited: string[] }> {
  const { minReturn } = DEFAULT_FILTERS;
  const maxDaysToExpiration = view.maxDaysToExpiration ?? DEFAULT_FILTERS.maxDaysToExpiration;
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
  const cspInput = {
    tickers: view.tickers,
    riskLevel: view.cspRiskLevel,
    cashAmount: view.cashAvailable,
    maxDaysToExpiration,
    minReturn,
  };
  let cspAnswer: BatchOutcome<Awaited<ReturnType<typeof cspBatch>>> | null = null;
  const [CSP, CC] = await Promise.all([
    served(WHEEL_MESSAGES.fetchCspFailed, async () => {
      cspAnswer = await cspStrategiesFor(env, user, cspInput);
      return [cspAnswer];
    }),
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
                  includeBelowCostBasis: view.includeBelowCostBasis ?? false,
                },
                view.ledgerLots,
              ),
            ),
          ),
        ),
  ]);
  return { CSP, CC, cashLimited: await cashLimitedTickers(env, cspInput, cspAnswer) };
}

/** Cash enough for any put of this market: the tickers empty at the user's cash are screened again with it. */
const AMPLE_CASH = 1e9;

async function cashLimitedTickers(
  env: WorkerEnv,
  input: CspBatchInput,
  answer: BatchOutcome<Awaited<ReturnType<typeof cspBatch>>> | null,
): Promise<string[]> {
  if (!answer?.ok || input.cashAmount >= AMPLE_CASH) return [];
  const unmatched = Object.entries(answer.body.results)
    .filter(([, r]) => r.note === "no_match")
    .map(([ticker]) => ticker);
  if (unmatched.length === 0) return [];
  try {
    const again = await cspBatch(env, { ...input, tickers: unmatched, cashAmount: AMPLE_CASH });
    return unmatched.filter((t) => (again.results[t]?.strategies.length ?? 0) > 0);
  } catch (error) {
    console.error("wheels cash check failed", error);
    return [];
  }
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
