import type { Route } from "./+types/api.create-checkout-session";
import { planChoicePost } from "../server/billing/api.server";
import { apiJson, methodNotAllowed } from "../server/http/api.server";
import { createCheckout } from "../server/billing/billing.server";
import { cloudflareContext } from "../server/request-context.server";

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
