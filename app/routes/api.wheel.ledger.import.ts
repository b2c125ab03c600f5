import type { Route } from "./+types/api.wheel.ledger.import";
import { BILLING_MESSAGES } from "#app/lib/billing.ts";
import { apiError, apiJson } from "#app/server/http/api.server.ts";
import { rateLimiter } from "#app/server/rate-limit.server.ts";
import { jsonError, wheelPost, wheelRefusal, wheelMethodNotAllowed } from "#app/server/wheel/api.server.ts";
import { importBrokerCsv } from "#app/server/jobs/broker-import.server.ts";
import { ledgerImportInputSchema, MAX_IMPORT_CHARS } from "#app/server/wheel/ledger-import.server.ts";

/**
 * POST /api/wheel/ledger/import {csv, mapping?, commit?} (decisions 272, 273, 342). Without `commit`: the preview,
 * 200 {needsMapping: true, header, suggested, problems} when the header is no preset and has no saved mapping,
 * else 200 {format, mappingSource, header, mapping, events, skipped, openCampaigns, legs, spreads} (the legs paired,
 * the rolls and spreads found, the spreads' position events, decision 342); nothing is written. With
 * `commit: true`: the same reading, written in one batch, 201. 400 no header or rows; 403 the plan's words
 * (Free, or more campaigns left open than the plan allows); 409 stale; 429 past 10 previews and imports a minute
 * per account (`RATE_LIMITS.ledgerImport`).
 */
export const action = (args: Route.ActionArgs) =>
  // JSON escapes can make the body several times the file's text: room for a file at its cap.
  wheelPost(args, ledgerImportInputSchema, MAX_IMPORT_CHARS * 2 + 16_384, async ({ env, user, input }) => {
    const { success } = await rateLimiter(env, "ledgerImport").limit({ key: user.id });
    if (!success)
      return apiError(
        429,
        BILLING_MESSAGES.tooManyRequests,
        { status: "error" },
        {},
        { "Retry-After": "60" },
      );
    const result = await importBrokerCsv(env, user, input);
    if (!result.ok) {
      if (result.status === 403) return wheelRefusal(result.refusal, { skipped: result.skipped ?? [] });
      return jsonError(result.status, result.message);
    }
    const { ok: _ok, ...body } = result;
    const committed = !body.needsMapping && body.committed;
    return apiJson({ status: "success", ...body }, committed ? 201 : 200);
  });

/** GET and HEAD: the API's 405 with `Allow: POST`, never the framework's text (decision 300). */
export function loader() {
  return wheelMethodNotAllowed("POST");
}
