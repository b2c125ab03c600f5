import type { Route } from "./+types/dev.track-backfill";
import { backfillOnRequest, readBackfillRequest } from "../server/track/backfill.server";
import { serverConfig } from "../server/env.server";
import { cloudflareContext } from "../server/request-context.server";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Local development only (APP_ENV=development AND a loopback host, else it does not exist): the track record's
 * backfill over the simulated market (`npm run track:backfill`, and the dev start's small one).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (env.APP_ENV !== "development" || !LOOPBACK.has(new URL(request.url).hostname))
    return new Response("Not Found", { status: 404 });
  if (serverConfig(env).MARKET_DATA_PROVIDER !== "demo")
    return Response.json({ error: "The backfill runs on the simulated market only." }, { status: 409 });
  const body = await readBackfillRequest(request);
  if (!body.ok) return Response.json({ error: body.message }, { status: body.status });
  return Response.json(await backfillOnRequest(env, body.value, Date.now()));
}

export function loader() {
  return new Response("Not Found", { status: 404 });
}
