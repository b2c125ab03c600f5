// The market queue (wrangler.toml MARKET_QUEUE, "wheelhouse-market-refresh"): held symbols past a cron run's share
// (REFRESH_LIMITS.liveHeldMaxSymbols, the provider's call budget) are refreshed by their own invocations, a run's
// worth of symbols per message, so every open position's chain is fetched on each 5-minute cycle up to the stated
// cap. A message is marks only: the symbols' caches, their positions' marks, alerts and closing marks; the idea list
// stays the cron run's.
//
// Cloudflare Queues (https://developers.cloudflare.com/queues/configuration/batching-retries/): a message that is
// neither acked nor retried is redelivered when the handler throws, with the whole batch; an explicit ack() or
// retry() settles that one message; after max_retries a message goes to the dead-letter queue, or is deleted when
// none is set. A delivery is at least once, so a message may come twice: a repeated run refreshes the same quotes
// and the alerts' stored state keeps a firing from being sent twice.
import { z } from "zod";
import { SYMBOL_RE } from "#app/lib/symbols.ts";
import type { JobOutcome } from "#app/server/db/job-runs.server.ts";
import { recordJobRun } from "#app/server/db/job-runs.server.ts";
import { serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { heldSymbolsPerRun, REFRESH_LIMITS } from "#app/server/market/refresh/limits.server.ts";
import { refreshMarketData } from "#app/server/market/refresh/run.server.ts";
import type { MarketDataProvider } from "#app/server/market/types.server.ts";
import { managePositions, NO_POSITIONS } from "#app/server/jobs/positions-refresh.server.ts";

export const MARKET_QUEUE_NAME = "wheelhouse-market-refresh";

/** Each message after the first waits this much longer, so each spends its own minute of the call budget. */
export const MESSAGE_SPACING_SECONDS = 60;
/** A message delivered this long after its cron run is dropped: a newer run has queued the symbols again. */
export const MESSAGE_MAX_AGE_MS = 10 * 60_000;

export const marketMessageSchema = z.object({
  v: z.literal(1),
  /** The cron run that queued it (epoch ms). */
  runAt: z.number().int().positive(),
  symbols: z.array(z.string().regex(SYMBOL_RE)).min(1).max(REFRESH_LIMITS.liveMaxSymbols),
});
export type MarketMessage = z.infer<typeof marketMessageSchema>;

/** Producer half of the binding (tests pass a recording fake). */
export interface MarketQueueEnv {
  MARKET_QUEUE?: Pick<Queue<MarketMessage>, "sendBatch">;
}

/** The messages for held symbols past a run: `perMessage` symbols each, in the held order, spaced a minute apart. */
export function heldSymbolMessages(
  symbols: readonly string[],
  perMessage: number,
  runAt: number,
): { body: MarketMessage; delaySeconds: number }[] {
  const out: { body: MarketMessage; delaySeconds: number }[] = [];
  for (let i = 0; i < symbols.length; i += perMessage)
    out.push({
      body: { v: 1, runAt, symbols: symbols.slice(i, i + perMessage) },
      delaySeconds: MESSAGE_SPACING_SECONDS * (out.length + 1),
    });
  return out;
}

/** Queues the held symbols a cron run left out; the number of messages sent. */
export async function enqueueHeldSymbols(
  env: WorkerEnv & MarketQueueEnv,
  symbols: readonly string[],
  runAt: number,
): Promise<number> {
  if (symbols.length === 0) return 0;
  if (!env.MARKET_QUEUE) {
    console.warn(
      `market refresh: ${symbols.length} held symbol(s) past this run and no MARKET_QUEUE binding`,
    );
    return 0;
  }
  const messages = heldSymbolMessages(
    symbols,
    heldSymbolsPerRun(serverConfig(env).POLYGON_CALLS_PER_MINUTE),
    runAt,
  );
  // At most heldFanOutMessages follow a run (selectUniverse's heldMax), well under sendBatch's 100.
  await env.MARKET_QUEUE.sendBatch(messages);
  return messages.length;
}

/**
 * One message's run: these held symbols' caches and chains, then their open positions. `provider` replaces the
 * env's (local development's loopback Polygon); a message's run takes the env's.
 */
export async function runHeldMarks(
  env: WorkerEnv,
  now: Date,
  symbols: string[],
  provider?: MarketDataProvider,
): Promise<JobOutcome> {
  const { outcome, stored } = await refreshMarketData(env, now, {
    symbols,
    marksOnly: true,
    force: true,
    provider,
  });
  if (outcome.detail && "refused" in outcome.detail) return outcome;
  const positions = stored ? await managePositions(env, now.getTime(), stored) : NO_POSITIONS;
  return { ...outcome, detail: { ...outcome.detail, ...positions } };
}

/**
 * The queue() handler for MARKET_QUEUE: each message is a recorded job run ("marketHeldMarks"), acked when it ran
 * (its symbols' own failures are in the run's detail, as the cron run's are), retried once a minute later when the
 * run threw; a malformed or outdated message is acked with a log line, never retried.
 */
export async function handleMarketBatch(
  batch: MessageBatch<unknown>,
  env: WorkerEnv,
  nowMs = Date.now(),
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = marketMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(
        `market queue: dropping malformed message ${message.id}`,
        parsed.error.issues[0]?.message,
      );
      message.ack();
      continue;
    }
    if (nowMs - parsed.data.runAt > MESSAGE_MAX_AGE_MS) {
      console.warn(`market queue: dropping message ${message.id} of an earlier run (${parsed.data.runAt})`);
      message.ack();
      continue;
    }
    const run = await recordJobRun(env, "marketHeldMarks", () =>
      runHeldMarks(env, new Date(nowMs), parsed.data.symbols),
    ).catch((error: unknown) => {
      console.error(`market queue: message ${message.id} was not recorded`, error);
      return { ok: false };
    });
    if (run.ok) message.ack();
    else message.retry({ delaySeconds: MESSAGE_SPACING_SECONDS });
  }
}
