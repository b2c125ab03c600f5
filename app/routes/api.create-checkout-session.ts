import { z } from "zod";
import type { Route } from "./+types/api.create-checkout-session";
import { BILLING_MESSAGES } from "../lib/billing";
import { BILLING_PERIODS, PAID_TIERS } from "../lib/plans";
import { appOrigin, billingRateLimit, jsonError, jsonOk, readJson } from "../server/billing/api.server";
import { createCheckout } from "../server/billing/billing.server";
import { getSession } from "../server/auth/session.server";

// The spec's call sends priceId, email, userId, successUrl and cancelUrl too: the user and email come from
// the session and the URLs from the server, so those fields are ignored (never trusted).
const checkoutSchema = z.object({
  tier: z.enum(PAID_TIERS as [string, ...string[]]),
  period: z.enum(BILLING_PERIODS),
  couponCode: z.string().trim().max(40).nullish(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.cloudflare.env;
  const session = await getSession(env, request);
  if (!session) return jsonError(401, BILLING_MESSAGES.mustBeLoggedIn);
  const input = await readJson(request, checkoutSchema, () => BILLING_MESSAGES.priceUnavailable);
  if (input instanceof Response) return input;
  const limited = await billingRateLimit(env, session.user.id);
  if (limited) return limited;
  const result = await createCheckout(
    env,
    session.user,
    { tier: input.tier as (typeof PAID_TIERS)[number], period: input.period, couponCode: input.couponCode },
    appOrigin(env, request),
  );
  if (!result.ok) return jsonError(result.status, result.error);
  return jsonOk({ sessionId: result.sessionId, url: result.url, promoApplied: result.promoApplied });
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
