import type { Route } from "./+types/api.wheel.ledger";
import { BASIS_CONVENTIONS, RETURN_CONVENTIONS } from "#app/lib/wheel/ledger.ts";
import { apiJson } from "#app/server/http/api.server.ts";
import {
  jsonError,
  readWheelInput,
  wheelRefusal,
  wheelSession,
  wheelMethodNotAllowed,
} from "#app/server/wheel/api.server.ts";
import { ledgerView, ledgerWriteSchema, recordLedgerEvents } from "#app/server/wheel/ledger.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** GET /api/wheel/ledger -> { events, campaigns, openCampaigns, limit, asOf, conventions } (decision 270). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const view = await ledgerView(env, session.user);
  return apiJson({ ...view, conventions: { basis: BASIS_CONVENTIONS, returns: RETURN_CONVENTIONS } });
}

/**
 * POST /api/wheel/ledger {event fields}: records one event, 201 {event}; or {events: [one or two]}: records them
 * together or not at all (a roll's buy to close and sell to open), 201 {events}. 400 with the rule's message; 403 with
 * the plan's words (Free, or past the plan's open campaigns); 404 correcting an unknown event; 409 stale.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return wheelMethodNotAllowed("GET, POST");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const body = await readWheelInput(request, ledgerWriteSchema, 4096);
  if (body instanceof Response) return body;
  const result = await recordLedgerEvents(env, session.user, body.events);
  if (result.ok) {
    const answer = body.batch ? { events: result.events } : { event: result.events[0] };
    return apiJson({ status: "success", ...answer }, 201);
  }
  if (result.status === 403) return wheelRefusal(result.refusal);
  return jsonError(result.status, result.message);
}
