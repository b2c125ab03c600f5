import type { Route } from "./+types/dev.track-backfill";
import { backfillOnRequest, readBackfillRequest } from "#app/server/track/backfill.server.ts";
import { serverConfig } from "#app/server/env.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { isLocalDevelopment, notFound } from "#app/server/http/dev-only.server.ts";

/**
 * Local development only (APP_ENV=development AND a loopback host, else it does not exist): the track record's
 * backfill over the simulated market (`npm run track:backfill`, and the dev start's small one).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (!isLocalDevelopment(env, request)) return notFound();
  if (serverConfig(env).MARKET_DATA_PROVIDER !== "demo")
    return Response.json({ error: "The backfill runs on the simulated market only." }, { status: 409 });
  const body = await readBackfillRequest(request);
  if (!body.ok) return Response.json({ error: body.message }, { status: body.status });
  return Response.json(await backfillOnRequest(env, body.value, Date.now()));
}

export function loader() {
  return notFound();
}
