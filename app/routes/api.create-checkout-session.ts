import type { Route } from "./+types/api.create-checkout-session";
import { planChoicePost } from "#app/server/billing/api.server.ts";
import { apiJson, methodNotAllowed } from "#app/server/http/api.server.ts";
import { createCheckout } from "#app/server/billing/billing.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const result = await planChoicePost(env, request, (user, choice, origin) =>
    createCheckout(env, user, choice, origin),
  );
  if (result instanceof Response) return result;
  return apiJson({ sessionId: result.sessionId, url: result.url, promoApplied: result.promoApplied });
}

export function loader() {
  return methodNotAllowed("POST");
}
