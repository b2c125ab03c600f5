import type { Route } from "./+types/api.wheel.ledger.export";
import { newYorkDate } from "../engine/time";
import { wheelSession, wheelMethodNotAllowed } from "../server/wheel/api.server";
import { ledgerCsvOf } from "../server/wheel/ledger.server";
import { cloudflareContext } from "../server/request-context.server";

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
