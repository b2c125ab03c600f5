import type { Route } from "./+types/api.wheel.cc-batch";
import { WHEEL_MESSAGES } from "../lib/wheel";
import { checkEntitlement, refusalResponse } from "../server/entitlements.server";
import {
  ccBatchSchema,
  firstIssue,
  jsonError,
  NO_STORE,
  readJsonBody,
  wheelSession,
} from "../server/wheel/api.server";
import { ccBatch } from "../server/wheel/strategies.server";

/** POST /api/wheel/cc-strategies/batch {positions, riskLevel}: at most 10 positions per call; none on Free. */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.cloudflare.env;
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const parsed = ccBatchSchema.safeParse(await readJsonBody(request, 16_384));
  if (!parsed.success) return jsonError(400, firstIssue(parsed.error));
  const seen = new Set<string>();
  const positions = parsed.data.positions.filter((p) => !seen.has(p.symbol) && seen.add(p.symbol));
  // Free has none (403, upgrade); past the batch size is a bad request on any plan (400).
  const refusal = checkEntitlement(session.user, "ccPositionsPerBatch", Math.max(positions.length - 1, 0));
  if (refusal) return refusalResponse(refusal, { status: "error" });
  try {
    const started = performance.now();
    const body = await ccBatch(env, { ...parsed.data, positions });
    return Response.json(body, {
      headers: { ...NO_STORE, "Server-Timing": `wheel;dur=${(performance.now() - started).toFixed(1)}` },
    });
  } catch (error) {
    console.error("cc batch failed", error);
    return jsonError(503, WHEEL_MESSAGES.fetchCcFailed);
  }
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
