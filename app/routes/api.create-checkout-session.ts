import { publicOrigin } from "../server/env.server";
import type { Route } from "./+types/api.create-checkout-session";
import { jsonError, jsonOk, readPlanChoice } from "../server/billing/api.server";
import { createCheckout } from "../server/billing/billing.server";
import { cloudflareContext } from "../server/request-context.server";

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const read = await readPlanChoice(env, request);
  if (read instanceof Response) return read;
  const result = await createCheckout(env, read.user, read.choice, publicOrigin(env, request));
  if (!result.ok) return jsonError(result.status, result.error);
  return jsonOk({ sessionId: result.sessionId, url: result.url, promoApplied: result.promoApplied });
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
