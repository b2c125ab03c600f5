import type { Route } from "./+types/api.wheel.cc-batch";
import { WHEEL_MESSAGES } from "#app/lib/wheel/wheel.ts";
import { ccBatchSchema, wheelBatchResponse, wheelMethodNotAllowed } from "#app/server/wheel/api.server.ts";
import { ccStrategiesFor } from "#app/server/wheel/batches.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** POST /api/wheel/cc-strategies/batch {positions, riskLevel}: at most 10 positions per call; none on Free. */
export const action = ({ request, context }: Route.ActionArgs) =>
  wheelBatchResponse(context.get(cloudflareContext).env, request, {
    schema: ccBatchSchema,
    run: (env, input, user) => ccStrategiesFor(env, user, input),
    label: "ccPositionsPerBatch",
    failure: WHEEL_MESSAGES.fetchCcFailed,
  });

export function loader() {
  return wheelMethodNotAllowed("POST");
}
