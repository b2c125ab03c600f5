import type { Route } from "./+types/api.positions.book";
import { BOOK_CASH_MESSAGES, bookCashSchema } from "#app/lib/positions/book-cash.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import {
  apiError,
  apiJson,
  methodNotAllowed,
  readApiBody,
  refusalResponse,
} from "#app/server/http/api.server.ts";
import { setStatedCash } from "#app/server/positions/book.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

const MAX_BODY_BYTES = 1024;

export function loader() {
  return methodNotAllowed("PUT");
}

/** PUT /api/positions/book { statedCash: dollars | null } -> { statedCash, message } (decision 341). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const env = context.get(cloudflareContext).env;
  const session = await getSession(env, request);
  if (!session) return apiError(401, BOOK_CASH_MESSAGES.signedOut);
  const input = await readApiBody(request, bookCashSchema, {
    maxBytes: MAX_BODY_BYTES,
    invalid: (issue) => issue?.message ?? BOOK_CASH_MESSAGES.json,
  });
  if (input instanceof Response) return input;
  const result = await setStatedCash(env, session.user, input);
  if (!result.ok) return refusalResponse(result);
  return apiJson({
    statedCash: result.statedCash,
    message: result.statedCash === null ? BOOK_CASH_MESSAGES.cleared : BOOK_CASH_MESSAGES.saved,
  });
}
