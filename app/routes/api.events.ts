import { z } from "zod";
import type { Route } from "./+types/api.events";
import { CLIENT_EVENT_NAMES, MAX_EVENT_BODY_BYTES } from "../lib/analytics-events";
import { recordEvent } from "../server/analytics.server";
import { getSession } from "../server/auth/session.server";
import { clientAddress, consumeRateLimit } from "../server/rate-limit.server";
import { cloudflareContext } from "../server/request-context.server";

const primitive = z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]);

const eventSchema = z.object({
  name: z.enum(CLIENT_EVENT_NAMES),
  path: z.string().max(512).startsWith("/").optional(),
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  properties: z
    .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), primitive)
    .refine((p) => Object.keys(p).length <= 12, "Too many properties")
    .optional(),
});

/** Per client address: generous for a person, a wall for a script. */
const EVENTS_PER_MINUTE = 120;

function problem(status: number, error: string) {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return problem(405, "Method not allowed");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_EVENT_BODY_BYTES) return problem(413, "Event too large");
  const text = await request.text();
  if (text.length > MAX_EVENT_BODY_BYTES) return problem(413, "Event too large");

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return problem(400, "Invalid JSON");
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success)
    return problem(
      400,
      `Invalid event: ${parsed.error.issues[0]?.path.join(".") || "body"} ${parsed.error.issues[0]?.message ?? ""}`.trim(),
    );

  const limit = await consumeRateLimit(env, `events:${clientAddress(request)}`, EVENTS_PER_MINUTE, 60_000);
  if (!limit.allowed) return problem(429, "Too many events");

  // The user comes from the session, never from the body.
  const session = await getSession(env, request);
  // An alias says "this anonymous id is this user": only a signed-in browser, about its own id.
  if (parsed.data.name === "alias" && (!session || !parsed.data.sessionId))
    return problem(401, "Sign in to link analytics");
  await recordEvent(env, {
    name: parsed.data.name,
    path: parsed.data.path ?? null,
    sessionId: parsed.data.sessionId ?? null,
    userId: session?.user.id ?? null,
    properties:
      parsed.data.name === "alias"
        ? { anonymous_id: parsed.data.sessionId ?? null }
        : (parsed.data.properties ?? null),
  });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return problem(405, "Method not allowed");
}
