import { z } from "zod";
import type { Route } from "./+types/dev.market-refresh";
import { SYMBOL_RE } from "#app/lib/symbols.ts";
import { readApiBody } from "#app/server/http/api.server.ts";
import { isLocalDevelopment, notFound } from "#app/server/http/dev-only.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

const bodySchema = z.object({ symbols: z.array(z.string().regex(SYMBOL_RE)).min(1).max(10).optional() });

/**
 * Local development only (APP_ENV=development AND a loopback host, else it does not exist): one market refresh now,
 * as the cron's, for these symbols (marks, alerts and all). The built worker cannot run `scheduled()` locally, so
 * this is how a browser journey moves the open positions' marks.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (!isLocalDevelopment(env, request)) return notFound();
  const body = await readApiBody(request, bodySchema, {
    maxBytes: 2048,
    empty: {},
    invalid: () => "symbols: up to 10 ticker symbols",
  });
  if (body instanceof Response) return body;
  const outcome = await runMarketRefresh(env, new Date(), { symbols: body.symbols, force: true });
  return Response.json(outcome);
}

export function loader() {
  return notFound();
}
