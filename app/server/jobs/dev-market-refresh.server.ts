// The local-development market refresh (/__dev/market-refresh): one run of the cron's refresh now, for the symbols
// a browser journey names. The built worker cannot run `scheduled()` locally (STACK-NOTES), so this is how a journey
// moves the open positions' marks and fires their alerts. The route checks it is local development first.
import { z } from "zod";
import { SYMBOL_RE } from "#app/lib/symbols.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { readApiBody } from "#app/server/http/api.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";

const bodySchema = z.object({ symbols: z.array(z.string().regex(SYMBOL_RE)).min(1).max(10).optional() });

export async function devMarketRefresh(env: WorkerEnv, request: Request): Promise<Response> {
  const body = await readApiBody(request, bodySchema, {
    maxBytes: 2048,
    empty: {},
    invalid: () => "symbols: up to 10 ticker symbols",
  });
  if (body instanceof Response) return body;
  return Response.json(await runMarketRefresh(env, new Date(), { symbols: body.symbols, force: true }));
}
