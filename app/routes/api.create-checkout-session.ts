import { publicOrigin } from "../server/env.server";
import type { Route } from "./+types/api.create-checkout-session";
import { readPlanChoice } from "../server/billing/api.server";
import { apiJson, methodNotAllowed, refusalResponse } from "../server/http/api.server";
import { createCheckout } from "../server/billing/billing.server";
import { cloudflareContext } from "../server/request-context.server";

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const read = await readPlanChoice(env, request);
  if (read instanceof Response) return read;
  const result = await createCheckout(env, read.user, read.choice, publicOrigin(env, request));
  if (!result.ok) return refusalResponse(result);
  return apiJson({ sessionId: result.sessionId, url: result.url, promoApplied: result.promoApplied });
}

export function loader() {
  return methodNotAllowed("POST");
}
