import { publicOrigin } from "../server/env.server";
import type { Route } from "./+types/api.stripe.portal";
import { BILLING_MESSAGES } from "../lib/billing";
import { billingRateLimit } from "../server/billing/api.server";
import { apiError, apiJson, methodNotAllowed, refusalResponse } from "../server/http/api.server";
import { createPortalSession } from "../server/billing/billing.server";
import { getSession } from "../server/auth/session.server";
import { cloudflareContext } from "../server/request-context.server";

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
