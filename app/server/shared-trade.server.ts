// The public shared-trade page's data: the idea as it was when shared (the current list, else the D1 history)
// and its status now, from caches only (a visitor's request never reaches a market-data provider).
import { and, eq } from "drizzle-orm";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { payoffAt, legsFromStrikes } from "#app/lib/payoff.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS, kvGetJson } from "#app/server/market/cache.server.ts";
import type { IdeaPayload } from "#app/lib/idea-view.ts";
import { getTradeById } from "#app/server/market/market.server.ts";
import type { TickerInfo } from "#app/server/market/ticker-info.server.ts";

export type SharedTradeStatus =
  | {
      state: "open";
      /** In today's idea list; null when no fresh list can tell (the page then says nothing about it). */
      inLiveList: boolean | null;
      underlyingPrice: number | null;
      priceAsOf: string | null;
    }
  | {
      state: "expired";
      /** The underlying's close on the expiration day, when the history has it. */
      closeAtExpiry: number | null;
      /** Profit or loss per contract at that close (at the shared credit). */
      pnlAtExpiry: number | null;
    };

export interface SharedTrade {
  idea: IdeaPayload;
  status: SharedTradeStatus;
}

export async function loadSharedTrade(
  env: WorkerEnv,
  tradeId: string,
  nowMs = Date.now(),
): Promise<SharedTrade | null> {
  const found = await getTradeById(env, tradeId, nowMs);
  if (!found) return null;
  const idea = found.idea;
  const today = newYorkDateOf(nowMs);
  if (idea.expiration_date < today) {
    const row = await getDb(env)
      .select({ close: schema.dailyCloses.close })
      .from(schema.dailyCloses)
      .where(
        and(
          eq(schema.dailyCloses.symbol, idea.stock_symbol),
          eq(schema.dailyCloses.date, idea.expiration_date),
        ),
      )
      .get()
      .catch(() => undefined);
    const close = row?.close ?? null;
    return {
      idea,
      status: {
        state: "expired",
        closeAtExpiry: close,
        pnlAtExpiry: close === null ? null : payoffAt(legsFromStrikes(idea), idea.net_credit, close),
      },
    };
  }
  const info = await kvGetJson<TickerInfo>(env, KV_KEYS.tickerInfo(idea.stock_symbol));
  return {
    idea,
    status: {
      state: "open",
      inLiveList: found.current,
      underlyingPrice: info?.current_price ?? null,
      priceAsOf: info?.asOf ?? null,
    },
  };
}
