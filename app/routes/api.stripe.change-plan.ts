import { z } from "zod";
import type { Route } from "./+types/api.stripe.change-plan";
import { BILLING_MESSAGES } from "../lib/billing";
import { BILLING_PERIODS, PAID_TIERS, type PaidTier } from "../lib/plans";
import { appOrigin, billingRateLimit, jsonError, jsonOk, readJson } from "../server/billing/api.server";
import { changePlan } from "../server/billing/billing.server";
import { getSession } from "../server/auth/session.server";

const changeSchema = z.object({
  tier: z.enum(PAID_TIERS as [string, ...string[]]),
  period: z.enum(BILLING_PERIODS),
  couponCode: z.string().trim().max(40).nullish(),
});

/** Upgrade / Downgrade (our path; the spec's client cancelled and re-subscribed, see decision 081). */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.cloudflare.env;
  const session = await getSession(env, request);
  if (!session) return jsonError(401, BILLING_MESSAGES.mustBeLoggedIn);
  const input = await readJson(request, changeSchema, () => BILLING_MESSAGES.priceUnavailable);
  if (input instanceof Response) return input;
  const limited = await billingRateLimit(env, session.user.id);
  if (limited) return limited;
  const result = await changePlan(
    env,
    session.user,
    { tier: input.tier as PaidTier, period: input.period, couponCode: input.couponCode },
    appOrigin(env, request),
  );
  if (!result.ok) return jsonError(result.status, result.error);
  return jsonOk(
    result.mode === "checkout"
      ? { mode: "checkout", sessionId: result.sessionId, url: result.url }
      : { mode: "updated", tier: result.tier, message: BILLING_MESSAGES.changedToast(result.tier) },
  );
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
