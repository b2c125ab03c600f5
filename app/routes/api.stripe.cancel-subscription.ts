import { z } from "zod";
import type { Route } from "./+types/api.stripe.cancel-subscription";
import { BILLING_MESSAGES, CANCELLATION_COMMENT_MAX, CANCELLATION_REASONS } from "#app/lib/billing.ts";
import { billingRateLimit, BILLING_BODY_BYTES } from "#app/server/billing/api.server.ts";
import {
  apiError,
  apiJson,
  methodNotAllowed,
  readApiBody,
  refusalResponse,
} from "#app/server/http/api.server.ts";
import { cancelSubscription } from "#app/server/billing/billing.server.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

// userId in the original brief's call is ignored: the session says who is cancelling.
const cancelSchema = z.object({
  feedback: z
    .object({
      reason: z.array(z.enum(CANCELLATION_REASONS)).max(CANCELLATION_REASONS.length).default([]),
      comment: z.string().trim().max(CANCELLATION_COMMENT_MAX).default(""),
    })
    .nullish(),
  cancelImmediately: z.boolean().default(false),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const env = context.get(cloudflareContext).env;
  const session = await getSession(env, request);
  if (!session) return apiError(401, BILLING_MESSAGES.mustBeLoggedIn);
  const input = await readApiBody(request, cancelSchema, {
    maxBytes: BILLING_BODY_BYTES,
    invalid: () => BILLING_MESSAGES.cancelFailed,
  });
  if (input instanceof Response) return input;
  const limited = await billingRateLimit(env, session.user.id);
  if (limited) return limited;
  const result = await cancelSubscription(env, session.user, {
    feedback: input.feedback
      ? { reason: [...new Set(input.feedback.reason)], comment: input.feedback.comment }
      : null,
    cancelImmediately: input.cancelImmediately,
  });
  if (!result.ok) return refusalResponse(result);
  return apiJson({
    message: BILLING_MESSAGES.cancelSuccessToast,
    cancelAtPeriodEnd: result.cancelAtPeriodEnd,
    currentPeriodEnd: result.currentPeriodEnd,
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
