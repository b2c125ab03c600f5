import type { Route } from "./+types/api.wheel.cc-batch";
import { effectivePlan } from "../lib/plans";
import { ccPositionsPerBatch, WHEEL_MESSAGES } from "../lib/wheel";
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
  const plan = effectivePlan(session.user);
  const cap = ccPositionsPerBatch(plan);
  if (cap === 0)
    return jsonError(403, WHEEL_MESSAGES.freePositions, {
      requiresUpgrade: true,
      currentTier: plan,
      limit: 0,
    });
  const seen = new Set<string>();
  const positions = parsed.data.positions.filter((p) => !seen.has(p.symbol) && seen.add(p.symbol));
  if (positions.length > cap)
    return jsonError(400, `At most ${cap} positions per request`, { currentTier: plan, limit: cap });
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
