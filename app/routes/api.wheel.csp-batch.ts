import type { Route } from "./+types/api.wheel.csp-batch";
import { WHEEL_MESSAGES } from "#app/lib/wheel/wheel.ts";
import { cspBatchSchema, wheelBatchResponse, wheelMethodNotAllowed } from "#app/server/wheel/api.server.ts";
import { cspStrategiesFor } from "#app/server/wheel/batches.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

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
