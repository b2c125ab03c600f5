import { z } from "zod";
import type { Route } from "./+types/api.events";
import {
  CLIENT_EVENT_NAMES,
  MAX_EVENT_BODY_BYTES,
  WEB_VITAL_MAX,
  WEB_VITAL_NAMES,
  WEB_VITAL_RATINGS,
} from "#app/lib/analytics-events.ts";
import { recordClientEvent } from "#app/server/analytics.server.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { readJsonBody } from "#app/server/http/json-body.server.ts";
import { clientAddress, rateLimiter } from "#app/server/rate-limit.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { NO_STORE } from "#app/server/http/cache-control.server.ts";
import { apiError, methodNotAllowed } from "#app/server/http/api.server.ts";

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

/** A speed metric's properties, exactly: which metric, a value in its range, the library's rating. */
const webVitalSchema = z
  .object({
    metric: z.enum(WEB_VITAL_NAMES),
    value: z.number().finite().nonnegative(),
    rating: z.enum(WEB_VITAL_RATINGS),
  })
  .strict()
  .refine((p) => p.value <= WEB_VITAL_MAX[p.metric], { message: "Value out of range", path: ["value"] });

function problem(status: number, error: string) {
  return apiError(status, error);
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonBody(request, { maxBytes: MAX_EVENT_BODY_BYTES });
  if (!body.ok) return problem(body.status, body.status === 413 ? "Event too large" : body.message);
  const parsed = eventSchema.safeParse(body.value);
  if (!parsed.success)
    return problem(
      400,
      `Invalid event: ${parsed.error.issues[0]?.path.join(".") || "body"} ${parsed.error.issues[0]?.message ?? ""}`.trim(),
    );

  if (parsed.data.name === "web_vital") {
    const vital = webVitalSchema.safeParse(parsed.data.properties ?? {});
    if (!vital.success)
      return problem(
        400,
        `Invalid event: properties.${vital.error.issues[0]?.path.join(".") || "body"} ${vital.error.issues[0]?.message ?? ""}`.trim(),
      );
  }

  const limit = await rateLimiter(env, "events").limit({ key: clientAddress(request) });
  if (!limit.success) return problem(429, "Too many events");

  // The user comes from the session, never from the body.
  const session = await getSession(env, request);
  // An alias says "this anonymous id is this user": only a signed-in browser, about its own id. One whose session
  // has just ended (an alias sent as the account is deleted or signed out) has nothing to link: accepted, not stored.
  if (parsed.data.name === "alias" && !session) return new Response(null, { status: 204, headers: NO_STORE });
  if (parsed.data.name === "alias" && !parsed.data.sessionId)
    return problem(401, "Sign in to link analytics");
  // One Analytics Engine data point; no D1 write (decision 284).
  await recordClientEvent(env, {
    name: parsed.data.name,
    path: parsed.data.path ?? null,
    sessionId: parsed.data.sessionId ?? null,
    userId: session?.user.id ?? null,
    properties:
      parsed.data.name === "alias"
        ? { anonymous_id: parsed.data.sessionId ?? null }
        : (parsed.data.properties ?? null),
  });
  return new Response(null, { status: 204, headers: NO_STORE });
}

export function loader() {
  return methodNotAllowed("POST");
}
