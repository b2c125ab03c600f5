import type { Route } from "./+types/api.wheel.csp-batch";
import { effectivePlan } from "../lib/plans";
import { cspTickersPerBatch, WHEEL_MESSAGES } from "../lib/wheel";
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
  const plan = effectivePlan(session.user);
  const cap = cspTickersPerBatch(plan);
  const tickers = [...new Set(parsed.data.tickers)];
  if (tickers.length > cap)
    return jsonError(403, `Your ${plan} allows up to ${cap} tickers per request`, {
      requiresUpgrade: plan !== "Elite Plan",
      currentTier: plan,
      limit: cap,
    });
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
