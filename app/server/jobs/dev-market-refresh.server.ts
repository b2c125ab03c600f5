// The local-development market refresh (/__dev/market-refresh): one run of the cron's refresh now, for the symbols
// a browser journey names (marks only, as the market queue's). The built worker cannot run `scheduled()` locally (STACK-NOTES), so this is how a journey
// moves the open positions' marks and fires their alerts. The route checks it is local development first.
import { z } from "zod";
import { SYMBOL_RE } from "#app/lib/symbols.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { readApiBody } from "#app/server/http/api.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { runHeldMarks } from "#app/server/jobs/market-queue.server.ts";

const bodySchema = z.object({ symbols: z.array(z.string().regex(SYMBOL_RE)).min(1).max(10).optional() });

export async function devMarketRefresh(env: WorkerEnv, request: Request): Promise<Response> {
  const body = await readApiBody(request, bodySchema, {
    maxBytes: 2048,
    empty: {},
    invalid: () => "symbols: up to 10 ticker symbols",
  });
  if (body instanceof Response) return body;
  // Named symbols are refreshed as the market queue refreshes held ones: marks only, so the published idea list
  // (and every page that reads it) stays the whole universe's; without symbols, the cron's whole run.
  const now = new Date();
  return Response.json(
    body.symbols
      ? await runHeldMarks(env, now, body.symbols)
      : await runMarketRefresh(env, now, { force: true }),
  );
}
