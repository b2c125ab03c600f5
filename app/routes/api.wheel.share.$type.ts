import type { Route } from "./+types/api.wheel.share.$type";
import { WHEEL_MESSAGES, type WheelType } from "#app/lib/wheel/wheel.ts";
import { sharePath } from "#app/lib/wheel/share.ts";
import {
  jsonError,
  readWheelInput,
  shareSchema,
  wheelMethodNotAllowed,
} from "#app/server/wheel/api.server.ts";
import { clientAddress, rateLimiter } from "#app/server/rate-limit.server.ts";
import { createShare, readShareInput } from "#app/server/wheel/shares.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { apiJson } from "#app/server/http/api.server.ts";

/**
 * POST /api/wheel/share/csp|cc {strategy, position?} -> { shareUrl, shareId }. Public; rate limited per
 * client; stores only the share payload's fields, and only plausible ones on a known symbol (400 with the
 * first problem otherwise). The URL carries the payload too (decoded locally first).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return wheelMethodNotAllowed("POST");
  const type = params.type === "csp" ? "CSP" : params.type === "cc" ? "CC" : null;
  if (!type) return jsonError(404, "Not found");
  const limit = await rateLimiter(env, "wheelShare").limit({ key: clientAddress(request) });
  if (!limit.success) return jsonError(429, "Too many share links. Please try again later.");
  const body = await readWheelInput(request, shareSchema, 8192);
  if (body instanceof Response) return body;
  try {
    const input = await readShareInput(env, type as WheelType, body.strategy, body.position);
    if (!input.ok) return jsonError(400, input.error);
    const { payload } = input;
    const { id } = await createShare(env, payload);
    const origin = new URL(request.url).origin;
    return apiJson({ shareId: id, shareUrl: `${origin}${sharePath(type, id, payload)}` }, 201);
  } catch (error) {
    console.error("share create failed", error);
    return jsonError(503, WHEEL_MESSAGES.shareFailed);
  }
}

export function loader() {
  return wheelMethodNotAllowed("POST");
}
