// Shared plumbing of the JSON billing and contact endpoints on the API kit: body size, JSON, zod, errors as
// { error } (the billing envelope is the kit's bare one, docs/product/api.md#error-envelopes).
import { z } from "zod";
import { BILLING_MESSAGES } from "#app/lib/billing.ts";
import { BILLING_PERIODS, PAID_TIERS, type BillingPeriod, type PaidTier } from "#app/lib/plans.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { apiError, methodNotAllowed, readApiBody, refusalResponse } from "#app/server/http/api.server.ts";
import type { SessionData } from "#app/server/auth/auth.server.ts";
import { publicOrigin, type WorkerEnv } from "#app/server/env.server.ts";
import { rateLimiter } from "#app/server/rate-limit.server.ts";

/** The size cap of a billing or contact body, read by the kit's `readApiBody` (its route checks the method first). */
export const BILLING_BODY_BYTES = 8192;

/** Per-user budget for calls that reach Stripe (a script cannot spend the account's API quota). */
export async function billingRateLimit(env: WorkerEnv, userId: string): Promise<Response | null> {
  const limit = await rateLimiter(env, "billing").limit({ key: userId });
  return limit.success
    ? null
    : apiError(429, BILLING_MESSAGES.tooManyRequests, {}, {}, { "Retry-After": "60" });
}

// The original brief's checkout call sent priceId, email, userId, successUrl and cancelUrl too: the user and
// email come from the session and the URLs from the server, so those fields are ignored (never trusted).
const planChoiceSchema = z.object({
  tier: z.enum(PAID_TIERS as [string, ...string[]]),
  period: z.enum(BILLING_PERIODS),
  couponCode: z.string().trim().max(40).nullish(),
});

export type PlanChoice = { tier: PaidTier; period: BillingPeriod; couponCode?: string | null };

/**
 * The preamble of Checkout and Change plan: a signed-in user (401), a valid plan choice (the product's
 * price message otherwise) and the per-user billing rate limit. A Response is the refusal to send back.
 */
async function readPlanChoice(
  env: WorkerEnv,
  request: Request,
): Promise<{ user: SessionData["user"]; choice: PlanChoice } | Response> {
  const session = await getSession(env, request);
  if (!session) return apiError(401, BILLING_MESSAGES.mustBeLoggedIn);
  const input = await readApiBody(request, planChoiceSchema, {
    maxBytes: BILLING_BODY_BYTES,
    invalid: () => BILLING_MESSAGES.priceUnavailable,
  });
  if (input instanceof Response) return input;
  const limited = await billingRateLimit(env, session.user.id);
  if (limited) return limited;
  return {
    user: session.user,
    choice: { tier: input.tier as PaidTier, period: input.period, couponCode: input.couponCode },
  };
}

/**
 * A plan-choice POST (checkout, change of plan): the method first (405 for any other), then the session, body and
 * limit (`readPlanChoice`), then `run`; a refusal it returns is answered in the billing envelope.
 */
export async function planChoicePost<R extends { ok: boolean }>(
  env: WorkerEnv,
  request: Request,
  run: (user: SessionData["user"], choice: PlanChoice, origin: string) => Promise<R>,
): Promise<Response | Extract<R, { ok: true }>> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const read = await readPlanChoice(env, request);
  if (read instanceof Response) return read;
  const result = await run(read.user, read.choice, publicOrigin(env, request));
  if (!result.ok) return refusalResponse(result as never);
  return result as Extract<R, { ok: true }>;
}
