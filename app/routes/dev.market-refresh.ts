import type { Route } from "./+types/dev.market-refresh";
import { isLocalDevelopment, notFound } from "#app/server/http/dev-only.server.ts";
import { devMarketRefresh } from "#app/server/jobs/dev-market-refresh.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/**
 * Local development only (APP_ENV=development AND a loopback host, else it does not exist): one market refresh now,
 * as the cron's, for the symbols the body names (marks and alerts included).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (!isLocalDevelopment(env, request)) return notFound();
  return devMarketRefresh(env, request);
}

export function loader() {
  return notFound();
}
