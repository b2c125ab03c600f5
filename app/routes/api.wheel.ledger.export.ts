import type { Route } from "./+types/api.wheel.ledger.export";
import { newYorkDate } from "#app/engine/time.ts";
import { wheelSession, wheelMethodNotAllowed } from "#app/server/wheel/api.server.ts";
import { ledgerCsvOf } from "#app/server/wheel/ledger.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** GET /api/wheel/ledger/export -> the user's whole ledger as CSV (any plan: the data is theirs). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const now = Date.now();
  return new Response(`${await ledgerCsvOf(env, session.user.id, now)}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="wheel-ledger-${newYorkDate(now)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return wheelMethodNotAllowed("GET");
}
