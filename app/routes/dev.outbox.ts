import { z } from "zod";
import type { Route } from "./+types/dev.outbox";
import { latestOutbox } from "#app/server/email/mail.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { isLocalDevelopment, notFound } from "#app/server/http/dev-only.server.ts";
import { NO_STORE } from "#app/server/http/cache-control.server.ts";
import { outboxPageHtml } from "#app/server/email/outbox-page.server.ts";

const query = z.object({
  to: z.email().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  format: z.enum(["html", "json"]).optional(),
});

/** A browser (Accept: text/html) gets the page; scripts and tests (fetch, Playwright's request) get JSON. */
function wantsJson(format: "html" | "json" | undefined, request: Request): boolean {
  if (format) return format === "json";
  return !(request.headers.get("Accept") ?? "").includes("text/html");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  if (!isLocalDevelopment(env, request)) return notFound();
  const url = new URL(request.url);
  const parsed = query.safeParse({
    to: url.searchParams.get("to") ?? undefined,
    limit: url.searchParams.get("limit") ?? undefined,
    format: url.searchParams.get("format") ?? undefined,
  });
  if (!parsed.success) return Response.json({ error: "Invalid query" }, { status: 400 });
  const { format, ...filter } = parsed.data;
  const rows = await latestOutbox(env, filter);
  if (wantsJson(format, request)) return Response.json(rows, { headers: NO_STORE });
  const jsonUrl = new URL(url);
  jsonUrl.searchParams.set("format", "json");
  return new Response(outboxPageHtml(rows, `${jsonUrl.pathname}${jsonUrl.search}`), {
    headers: { ...NO_STORE, "Content-Type": "text/html; charset=utf-8" },
  });
}
