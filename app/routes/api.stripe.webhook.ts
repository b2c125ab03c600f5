import type { Route } from "./+types/api.stripe.webhook";
import { BILLING_MESSAGES } from "#app/lib/billing.ts";
import { apiError, apiJson, methodNotAllowed } from "#app/server/http/api.server.ts";
import { handleStripeWebhook } from "#app/server/billing/webhooks.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** Stripe's webhook endpoint: signed by Stripe, no session. Body read raw for the signature check. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  // Stripe's events are far below this; anything bigger is not from Stripe.
  if (Number(request.headers.get("content-length") ?? "0") > 512 * 1024) return apiError(413, "Too large");
  const raw = await request.text();
  const outcome = await handleStripeWebhook(
    context.get(cloudflareContext).env,
    raw,
    request.headers.get("stripe-signature"),
  );
  if (outcome.status === 503) return apiError(503, BILLING_MESSAGES.notConfigured);
  if (outcome.status === 400) return apiError(400, "Invalid signature");
  if (outcome.status === 500) return apiError(500, "Webhook processing failed; Stripe will retry");
  return apiJson({ received: true, result: outcome.result });
}

export function loader() {
  return methodNotAllowed("POST");
}
