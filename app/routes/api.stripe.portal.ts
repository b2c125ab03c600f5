import { publicOrigin } from "#app/server/env.server.ts";
import type { Route } from "./+types/api.stripe.portal";
import { BILLING_MESSAGES } from "#app/lib/billing.ts";
import { billingRateLimit } from "#app/server/billing/api.server.ts";
import { apiError, apiJson, methodNotAllowed, refusalResponse } from "#app/server/http/api.server.ts";
import { createPortalSession } from "#app/server/billing/billing.server.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** 'Manage Subscription' and 'Click to Resume Subscription': a Stripe Billing Portal session. */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (!(request.headers.get("content-type") ?? "").toLowerCase().includes("application/json"))
    return apiError(415, "Expected application/json");
  const session = await getSession(env, request);
  if (!session) return apiError(401, BILLING_MESSAGES.mustBeLoggedIn);
  const limited = await billingRateLimit(env, session.user.id);
  if (limited) return limited;
  const result = await createPortalSession(env, session.user, publicOrigin(env, request));
  if (!result.ok) return refusalResponse(result);
  return apiJson({ url: result.url });
}

export function loader() {
  return methodNotAllowed("POST");
}
