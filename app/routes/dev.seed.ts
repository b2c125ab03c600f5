import type { Route } from "./+types/dev.seed";
import { seedDemoData } from "../server/seed.server";
import { cloudflareContext } from "../server/request-context.server";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Local development only: APP_ENV=development AND a loopback host, else it does not exist. */
function allowed(env: { APP_ENV: string }, request: Request): boolean {
  return env.APP_ENV === "development" && LOOPBACK.has(new URL(request.url).hostname);
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (!allowed(env, request)) return new Response("Not Found", { status: 404 });
  const result = await seedDemoData(env, request);
  return Response.json(result);
}

export function loader() {
  return new Response("Not Found", { status: 404 });
}
