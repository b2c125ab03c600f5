import type { Route } from "./+types/api.wheel.cc-batch";
import { WHEEL_MESSAGES } from "../lib/wheel";
import { ccBatchSchema, wheelBatchResponse, wheelMethodNotAllowed } from "../server/wheel/api.server";
import { ccStrategiesFor } from "../server/wheel/batches.server";
import { cloudflareContext } from "../server/request-context.server";

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
