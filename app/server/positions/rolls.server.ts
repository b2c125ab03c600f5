// The roll finder of one open spread (GET /api/positions/:id/rolls): the session user's own open position from the
// projection, the symbol's cached chain (KV; never a provider call) and the rate, handed to the engine's
// rollCandidates. The close is priced at the raw chain's quotes of the legs (a tested leg the hygiene would drop
// still has one); the new legs come from the cleaned later expirations and their smile.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { cleanChain } from "#app/engine/chain.ts";
import { ROLL_MAX_DAYS_LATER, rollCandidates, type CloseQuote } from "#app/engine/positions/rolls.ts";
import type { Position, PositionStrategy } from "#app/engine/positions/types.ts";
import { addDays } from "#app/lib/market-calendar/index.ts";
import { FILL_BASIS_LABEL, MODEL_DESCRIPTION, PROBABILITY_LABEL } from "#app/lib/model-labels.ts";
import { legSchema } from "#app/lib/positions/input.ts";
import { ROLL_MESSAGES, type RollsView } from "#app/lib/positions/rolls.ts";
import { refused, type Refused } from "#app/lib/refusal.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { EntitledUser } from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getOptionChain } from "#app/server/market/market.server.ts";
import { readRiskFreeRate } from "#app/server/market/rates.server.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";

const storedLegs = z.array(legSchema).min(1).max(4);

/** The route's params and query. */
export const rollParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const rollQuerySchema = z.object({
  allowBelowBasis: z.enum(["0", "1"], { error: ROLL_MESSAGES.query }).optional(),
});

/** The raw chain's bid and ask of each leg, in the position's order; null for a leg it does not list. */
function closeQuotesOf(position: Position, chain: ChainSnapshot): (CloseQuote | null)[] {
  return position.legs.map((leg) => {
    const listed = chain.expirations
      .find((e) => e.expirationDate === leg.expiration)
      ?.legs.find((l) => l.type === leg.right && Math.abs(l.strike - leg.strike) < 1e-6);
    return listed ? { bid: listed.bid, ask: listed.ask } : null;
  });
}

/** The rolls of the user's open position `id`, or 404 (unknown, another user's, closed, or unreadable legs). */
export async function positionRolls(
  env: WorkerEnv,
  user: EntitledUser,
  id: string,
  options: { allowBelowBasis: boolean },
  nowMs = Date.now(),
): Promise<{ ok: true; body: RollsView } | Refused> {
  const p = schema.optionPositions;
  const row = await getDb(env)
    .select()
    .from(p)
    .where(and(eq(p.id, id), eq(p.userId, user.id), eq(p.status, "open")))
    .get();
  const legs = row ? storedLegs.safeParse(row.legs) : null;
  if (!row || !legs?.success) return refused(404, ROLL_MESSAGES.notFound);
  const position: Position = {
    underlying: row.symbol,
    strategy: row.strategy as PositionStrategy,
    legs: legs.data.map((l) => ({ ...l, quantity: row.contracts })),
    openCredit: row.openCredit,
    openedDate: row.openedOn,
    contracts: row.contracts,
  };
  const body = await rollsOnCachedChain(
    env,
    row.id,
    position,
    { allowBelowBasis: options.allowBelowBasis },
    nowMs,
  );
  return { ok: true, body };
}

/**
 * The rolls of one open short option or spread at the symbol's cached chain (KV; never a provider call) and the
 * stored rate, shaped as the finder's answer with its assumptions. `id` names it in the answer; the wheel's options
 * (app/server/jobs/) pass the campaign's adjusted basis. No chain cached: "no_chain", no numbers.
 */
export async function rollsOnCachedChain(
  env: WorkerEnv,
  id: string,
  position: Position,
  options: { allowBelowBasis: boolean; adjustedBasisPerShare?: number | null },
  nowMs = Date.now(),
): Promise<RollsView> {
  const symbol = position.underlying;
  const expiration = position.legs.reduce(
    (min, l) => (l.expiration < min ? l.expiration : min),
    position.legs[0].expiration,
  );
  const empty: RollsView = {
    positionId: id,
    symbol,
    status: "no_chain",
    quoteTime: null,
    spot: null,
    assumptions: null,
    closeDebit: null,
    closeDebitNatural: null,
    closeDollars: null,
    closeInstead: false,
    testedSide: null,
    candidates: [],
  };
  const [chain, rate] = await Promise.all([
    getOptionChain(env, symbol).catch((error: unknown) => {
      console.error(`rolls: chain read failed (${symbol})`, error);
      return null;
    }),
    readRiskFreeRate(env, nowMs),
  ]);
  if (!chain) return empty;

  // Only the expirations a roll can go to are cleaned: after the position's, within the finder's horizon.
  const last = addDays(expiration, ROLL_MAX_DAYS_LATER);
  const clean = cleanChain(
    {
      ...chain,
      expirations: chain.expirations.filter((e) => e.expirationDate > expiration && e.expirationDate <= last),
    },
    { riskFreeRate: rate.rate, dividendYield: chain.dividendYield ?? null },
  );
  const forecastVol = chain.forecastVol ?? null;
  const result = rollCandidates(
    position,
    clean,
    closeQuotesOf(position, chain),
    {
      spot: chain.spot,
      spotQuoteTimeMs: Date.parse(chain.asOf),
      rate: rate.rate,
      dividendYield: chain.dividendYield ?? 0,
      nowMs,
    },
    {
      allowBelowBasis: options.allowBelowBasis,
      adjustedBasisPerShare: options.adjustedBasisPerShare ?? null,
      forecastVol,
    },
  );
  return {
    ...empty,
    status: result.status,
    quoteTime: chain.asOf,
    spot: chain.spot,
    assumptions: {
      fillBasis: result.fillBasis,
      fillBasisLabel: FILL_BASIS_LABEL,
      rate: rate.rate,
      rateSource: rate.source,
      dividendYield: chain.dividendYield ?? null,
      model: MODEL_DESCRIPTION,
      probabilityLabel: PROBABILITY_LABEL,
      forecastVol,
    },
    closeDebit: result.closeDebit,
    closeDebitNatural: result.closeDebitNatural,
    closeDollars: result.closeDollars,
    closeInstead: result.closeInstead,
    testedSide: result.testedSide,
    candidates: result.candidates,
  };
}
