import { z } from "zod";
import type { Route } from "./+types/dev.outbox";
import { latestOutbox } from "../server/email/mail.server";
import { cloudflareContext } from "../server/request-context.server";
import { NO_STORE } from "../server/http/cache-control.server";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Local development only (APP_ENV=development AND a loopback host): the captured emails, newest first. */
function allowed(env: { APP_ENV: string }, request: Request): boolean {
  return env.APP_ENV === "development" && LOOPBACK.has(new URL(request.url).hostname);
}

const query = z.object({
  to: z.email().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  if (!allowed(env, request)) return new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const parsed = query.safeParse({
    to: url.searchParams.get("to") ?? undefined,
    limit: url.searchParams.get("limit") ?? undefined,
  });
  if (!parsed.success) return Response.json({ error: "Invalid query" }, { status: 400 });
  const rows = await latestOutbox(env, parsed.data);
  return Response.json(rows, { headers: NO_STORE });
}
