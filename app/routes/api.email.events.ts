import type { Route } from "./+types/api.email.events";
import { apiError, apiJson, methodNotAllowed } from "#app/server/http/api.server.ts";
import { handleProviderEvent } from "#app/server/email/provider-events.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** The email provider's webhook (bounces, complaints): signed by the provider, no session, body read raw. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  // Delivery events are a few hundred bytes; anything bigger is not from the provider.
  if (Number(request.headers.get("content-length") ?? "0") > 64 * 1024) return apiError(413, "Too large");
  const body = await request.text();
  const outcome = await handleProviderEvent(context.get(cloudflareContext).env, body, {
    id: request.headers.get("svix-id"),
    timestamp: request.headers.get("svix-timestamp"),
    signature: request.headers.get("svix-signature"),
  });
  if (outcome.status === 503) return apiError(503, "Email events are not configured");
  if (outcome.status === 400) return apiError(400, outcome.error);
  return apiJson({ received: true, result: outcome.result });
}

export function loader() {
  return methodNotAllowed("POST");
}
