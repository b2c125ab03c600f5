import type { Route } from "./+types/api.wheel.ledger";
import { BASIS_CONVENTIONS, RETURN_CONVENTIONS } from "../engine/wheel-ledger";
import { refusalResponse } from "../server/entitlements.server";
import { jsonError, readWheelInput, wheelSession } from "../server/wheel/api.server";
import { ledgerEventInputSchema, ledgerView, recordLedgerEvent } from "../server/wheel/ledger.server";
import { cloudflareContext } from "../server/request-context.server";
import { NO_STORE } from "../server/http/cache-control.server";

/** GET /api/wheel/ledger -> { events, campaigns, openCampaigns, limit, asOf, conventions } (decision 270). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const view = await ledgerView(env, session.user);
  return Response.json(
    { ...view, conventions: { basis: BASIS_CONVENTIONS, returns: RETURN_CONVENTIONS } },
    { headers: NO_STORE },
  );
}

/**
 * POST /api/wheel/ledger {event fields}: records one event. 201 {event}; 400 with the rule's message; 403 with
 * the plan's words (Free, or past the plan's open campaigns); 404 correcting an unknown event; 409 stale.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const input = await readWheelInput(request, ledgerEventInputSchema, 4096);
  if (input instanceof Response) return input;
  const result = await recordLedgerEvent(env, session.user, input);
  if (result.ok)
    return Response.json({ status: "success", event: result.event }, { status: 201, headers: NO_STORE });
  if (result.status === 403) return refusalResponse(result.refusal);
  return jsonError(result.status, result.message);
}
