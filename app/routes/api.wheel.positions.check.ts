import { z } from "zod";
import type { Route } from "./+types/api.wheel.positions.check";
import { WHEEL_MESSAGES } from "#app/lib/wheel/wheel.ts";
import { refusalOf } from "#app/server/entitlements.server.ts";
import { jsonError, wheelPost, wheelRefusal, wheelMethodNotAllowed } from "#app/server/wheel/api.server.ts";
import { checkPositionsImport, positionLimitOf } from "#app/server/wheel/positions.server.ts";
import { isKnownSymbol } from "#app/server/market/market.server.ts";
import { apiJson } from "#app/server/http/api.server.ts";

// Rows as a CSV gave them: the symbol as written (a share-class dot kept), numbers possibly still text.
const importRow = z.object({
  symbol: z.string().max(16),
  shares: z.union([z.number(), z.string().max(32)]),
  costBasis: z.union([z.number(), z.string().max(32)]),
});
const importCheckSchema = z.object({ positions: z.array(importRow).min(1).max(100) });

/**
 * POST /api/wheel/positions/check {positions}: how an import's rows stand before they join the list (decision
 * 257): 409 'Duplicate symbols found: ...' for duplicates among them, else per row the product's validation
 * messages, whether we have market data for the symbol, and the stored position it would replace. Writes
 * nothing.
 */
export const action = (args: Route.ActionArgs) =>
  wheelPost(args, importCheckSchema, 32_768, async ({ env, user, input }) => {
    if (positionLimitOf(user) === 0) return wheelRefusal(refusalOf(user, "ccPositions"), { reason: "limit" });
    try {
      const result = await checkPositionsImport(env, user.id, input.positions, (s) => isKnownSymbol(env, s));
      if (!result.ok) return jsonError(409, result.message, { reason: result.reason });
      return apiJson({ status: "success", rows: result.rows });
    } catch (error) {
      console.error("positions import check failed", error);
      return jsonError(503, WHEEL_MESSAGES.updatePositionsFailed);
    }
  });

/** GET and HEAD: the API's 405 with `Allow: POST`, never the framework's text (decision 300). */
export function loader() {
  return wheelMethodNotAllowed("POST");
}
