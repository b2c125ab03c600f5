import type { Route } from "./+types/api.wheel.cc-batch";
import { WHEEL_MESSAGES } from "../lib/wheel";
import { ccBatchSchema, jsonError, wheelBatchResponse } from "../server/wheel/api.server";
import { ccBatch } from "../server/wheel/strategies.server";
import { screenPositionsFor } from "../server/wheel/positions.server";
import { cloudflareContext } from "../server/request-context.server";

/** POST /api/wheel/cc-strategies/batch {positions, riskLevel}: at most 10 positions per call; none on Free. */
export const action = ({ request, context }: Route.ActionArgs) =>
  wheelBatchResponse(context.get(cloudflareContext).env, request, {
    schema: ccBatchSchema,
    capability: "ccPositionsPerBatch",
    prepare: (input) => {
      const seen = new Set<string>();
      const positions = input.positions.filter((p) => !seen.has(p.symbol) && seen.add(p.symbol));
      return { input: { ...input, positions }, items: positions.length };
    },
    // The ledger's lots are screened with the ledger's shares and chosen basis (decision 271).
    run: async (env, input, user) =>
      ccBatch(env, { ...input, positions: await screenPositionsFor(env, user.id, input.positions) }),
    failure: WHEEL_MESSAGES.fetchCcFailed,
  });

export function loader() {
  return jsonError(405, "Method not allowed");
}
