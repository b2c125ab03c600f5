import type { Route } from "./+types/api.wheel.csp-batch";
import { WHEEL_MESSAGES } from "../lib/wheel";
import { cspBatchSchema, wheelBatchResponse, wheelMethodNotAllowed } from "../server/wheel/api.server";
import { cspStrategiesFor } from "../server/wheel/batches.server";
import { cloudflareContext } from "../server/request-context.server";

/** POST /api/wheel/csp-strategies/batch {tickers, riskLevel, cashAmount} (docs/product/api.md#wheel). */
export const action = ({ request, context }: Route.ActionArgs) =>
  wheelBatchResponse(context.get(cloudflareContext).env, request, {
    schema: cspBatchSchema,
    run: (env, input, user) => cspStrategiesFor(env, user, input),
    label: "cspTickersPerBatch",
    failure: WHEEL_MESSAGES.fetchCspFailed,
  });

export function loader() {
  return wheelMethodNotAllowed("POST");
}
