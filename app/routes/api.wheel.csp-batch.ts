import type { Route } from "./+types/api.wheel.csp-batch";
import { WHEEL_MESSAGES } from "../lib/wheel";
import { checkEntitlement, refusalResponse } from "../server/entitlements.server";
import {
  cspBatchSchema,
  firstIssue,
  jsonError,
  NO_STORE,
  readJsonBody,
  wheelSession,
} from "../server/wheel/api.server";
import { cspBatch } from "../server/wheel/strategies.server";

/** POST /api/wheel/csp-strategies/batch {tickers, riskLevel, cashAmount} (spec 001 "Wheel strategies"). */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.cloudflare.env;
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const parsed = cspBatchSchema.safeParse(await readJsonBody(request, 16_384));
  if (!parsed.success) return jsonError(400, firstIssue(parsed.error));
  const tickers = [...new Set(parsed.data.tickers)];
  // One more than the batch holds is refused: checking `length - 1` used against the per-request limit.
  const refusal = checkEntitlement(session.user, "cspTickersPerBatch", tickers.length - 1);
  if (refusal) return refusalResponse(refusal, { status: "error" });
  try {
    const started = performance.now();
    const body = await cspBatch(env, { ...parsed.data, tickers });
    return Response.json(body, {
      headers: { ...NO_STORE, "Server-Timing": `wheel;dur=${(performance.now() - started).toFixed(1)}` },
    });
  } catch (error) {
    console.error("csp batch failed", error);
    return jsonError(503, WHEEL_MESSAGES.fetchCspFailed);
  }
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
