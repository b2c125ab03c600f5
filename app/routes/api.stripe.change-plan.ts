import type { Route } from "./+types/api.stripe.change-plan";
import { BILLING_MESSAGES } from "#app/lib/billing.ts";
import { planChoicePost } from "#app/server/billing/api.server.ts";
import { apiJson, methodNotAllowed } from "#app/server/http/api.server.ts";
import { changePlan } from "#app/server/billing/billing.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/**
 * Upgrade / Downgrade (our path; the original brief's client cancelled and re-subscribed, see decision 081).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const result = await planChoicePost(env, request, (user, choice, origin) =>
    changePlan(env, user, choice, origin),
  );
  if (result instanceof Response) return result;
  return apiJson(
    result.mode === "checkout"
      ? { mode: "checkout", sessionId: result.sessionId, url: result.url }
      : { mode: "updated", tier: result.tier, message: BILLING_MESSAGES.changedToast(result.tier) },
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
