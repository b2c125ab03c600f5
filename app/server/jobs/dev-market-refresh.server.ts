// The local-development market refresh (/__dev/market-refresh): one run of the cron's refresh now, for the symbols
// a browser journey names (marks only, as the market queue's). The built worker cannot run `scheduled()` locally
// (STACK-NOTES), so this is how a journey moves the open positions' marks and fires their alerts. The route checks it
// is local development first.
//
// `source: "polygon"` (decision 339): the named symbols are read from this env's Polygon endpoint by the real client
// instead of the env's provider, so a journey can move a chain (the tests' loopback Polygon fake) and watch marks,
// alerts, emails and pushes follow the production path. Only with a key and a loopback POLYGON_API_BASE: this route
// never calls a vendor.
import { z } from "zod";
import { SYMBOL_RE } from "#app/lib/symbols.ts";
import { serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { apiError, readApiBody } from "#app/server/http/api.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { runHeldMarks } from "#app/server/jobs/market-queue.server.ts";
import { createPolygonProvider } from "#app/server/market/provider.server.ts";

const bodySchema = z.object({
  symbols: z.array(z.string().regex(SYMBOL_RE)).min(1).max(10).optional(),
  source: z.literal("polygon").optional(),
});

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why this env cannot refresh from its Polygon endpoint here, or null when it can. */
export function loopbackPolygonRefusal(env: WorkerEnv): string | null {
  const config = serverConfig(env);
  if (!config.POLYGON_API_KEY) return "source polygon: POLYGON_API_KEY is not set";
  const base = config.POLYGON_API_BASE;
  let host: string | null = null;
  try {
    host = base ? new URL(base).hostname : null;
  } catch {
    host = null;
  }
  if (host === null || !LOOPBACK_HOSTS.has(host))
    return `source polygon: POLYGON_API_BASE must be a loopback URL (http://127.0.0.1:<port>/...), not ${base ?? "unset"}`;
  return null;
}

export async function devMarketRefresh(env: WorkerEnv, request: Request): Promise<Response> {
  const body = await readApiBody(request, bodySchema, {
    maxBytes: 2048,
    empty: {},
    invalid: () => 'symbols: up to 10 ticker symbols; source: "polygon" or absent',
  });
  if (body instanceof Response) return body;
  const now = new Date();
  if (body.source === "polygon") {
    if (!body.symbols) return apiError(400, "source polygon: name the symbols to refresh");
    const refusal = loopbackPolygonRefusal(env);
    if (refusal) return apiError(400, refusal);
    const provider = createPolygonProvider(env, () => now.getTime());
    return Response.json(await runHeldMarks(env, now, body.symbols, provider));
  }
  // Named symbols are refreshed as the market queue refreshes held ones: marks only, so the published idea list
  // (and every page that reads it) stays the whole universe's; without symbols, the cron's whole run.
  return Response.json(
    body.symbols
      ? await runHeldMarks(env, now, body.symbols)
      : await runMarketRefresh(env, now, { force: true }),
  );
}
