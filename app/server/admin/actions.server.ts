// The back office's writes. Each /admin tab's action names the intents it takes and hands the request here: the
// admin check (role AND admins row), one zod schema for every intent, the audited server call, one answer shape.
import { z } from "zod";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { ADMIN_MESSAGES, trialLength, TRIAL_UNITS } from "#app/lib/admin.ts";
import { FEATURE_STATUSES, statusLabel } from "#app/lib/feedback.ts";
import { getAdminSession, requireAdmin } from "#app/server/auth/admin.server.ts";
import { publicOrigin } from "#app/server/env.server.ts";
import { readForm } from "#app/server/http/form.server.ts";
import type { AdminActor } from "#app/server/admin/audit.server.ts";
import { setFeatureStatus } from "#app/server/admin/board.server.ts";
import { cancelTrial, enablePromoTrial, inviteUser, resetProfile } from "#app/server/admin/users.server.ts";
import type { AdminActionData, AdminIntent } from "#app/lib/admin.ts";

/** An email as the back office reads one (search fields and action targets). */
export const adminEmailParam = z.email().max(254);

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    requestId: z.string().trim().min(1).max(64),
    status: z.enum(FEATURE_STATUSES),
  }),
  z.object({ intent: z.literal("invite"), email: z.string().trim().max(254) }),
  z.object({
    intent: z.literal("trial-enable"),
    email: z.string().trim().max(254),
    // Invalid input becomes 1 (0, 2.5, empty, too long...), never a refusal
    // (docs/product/admin.md#trial-tool).
    length: z
      .unknown()
      .optional()
      .transform((raw) => trialLength(raw)),
    unit: z.enum(TRIAL_UNITS).catch("days"),
  }),
  z.object({ intent: z.literal("trial-cancel"), email: z.string().trim().max(254) }),
  z.object({ intent: z.literal("profile-reset"), email: z.string().trim().max(254) }),
]);

const FAILED: Record<AdminIntent, string> = {
  status: ADMIN_MESSAGES.updateStatusFailed,
  invite: ADMIN_MESSAGES.sendInvitationFailed,
  "trial-enable": ADMIN_MESSAGES.enableError,
  "trial-cancel": ADMIN_MESSAGES.cancelError,
  "profile-reset": ADMIN_MESSAGES.profileResetFailed,
};

function answer(intent: AdminIntent | null, ok: boolean, message: string, status = ok ? 200 : 400) {
  return Response.json({ ok, intent, message } satisfies AdminActionData, { status });
}

/**
 * Runs one admin write. `accepted`: the intents of the calling tab; any other is refused like an unknown one
 * (400), so each tab's route answers only for its own forms.
 */
export async function runAdminAction(
  env: WorkerEnv,
  request: Request,
  accepted: readonly AdminIntent[],
): Promise<Response> {
  // Every admin action checks the role AND the admins row on the server (getAdminSession).
  const session = await getAdminSession(env, request);
  if (!session) return answer(null, false, ADMIN_MESSAGES.notAuthorized, 403);
  const actor: AdminActor = { id: session.user.id, email: session.user.email };
  const fields: Record<string, FormDataEntryValue> = {};
  (await readForm(request)).forEach((value, key) => {
    fields[key] = value;
  });
  const parsed = actionSchema.safeParse(fields);
  if (!parsed.success || !accepted.includes(parsed.data.intent))
    return answer(null, false, "Invalid request", 400);
  const input = parsed.data;
  const appUrl = publicOrigin(env, request);
  try {
    switch (input.intent) {
      case "status": {
        const changed = await setFeatureStatus(env, actor, input.requestId, input.status);
        return changed
          ? answer("status", true, `Status changed to ${statusLabel(input.status)}`)
          : answer("status", false, ADMIN_MESSAGES.updateStatusFailed, 404);
      }
      case "invite": {
        if (!input.email) return answer("invite", false, ADMIN_MESSAGES.inviteEmailRequired);
        const email = adminEmailParam.safeParse(input.email);
        if (!email.success) return answer("invite", false, ADMIN_MESSAGES.inviteEmailInvalid);
        const result = await inviteUser(env, actor, email.data, appUrl);
        return result.ok
          ? answer("invite", true, result.message)
          : answer("invite", false, result.message, result.status);
      }
      case "trial-enable": {
        const email = adminEmailParam.safeParse(input.email);
        if (!email.success) return answer("trial-enable", false, ADMIN_MESSAGES.noUser, 404);
        const result = await enablePromoTrial(
          env,
          actor,
          { email: email.data, length: input.length, unit: input.unit },
          appUrl,
        );
        return result.ok
          ? answer("trial-enable", true, result.message)
          : answer("trial-enable", false, result.message, result.status);
      }
      case "trial-cancel": {
        const email = adminEmailParam.safeParse(input.email);
        if (!email.success) return answer("trial-cancel", false, ADMIN_MESSAGES.noUser, 404);
        const result = await cancelTrial(env, actor, email.data);
        return result.ok
          ? answer("trial-cancel", true, result.message)
          : answer("trial-cancel", false, result.message, result.status);
      }
      case "profile-reset": {
        const email = adminEmailParam.safeParse(input.email);
        if (!email.success) return answer("profile-reset", false, ADMIN_MESSAGES.noUser, 404);
        const result = await resetProfile(env, actor, email.data);
        return result.ok
          ? answer("profile-reset", true, result.message)
          : answer("profile-reset", false, result.message, result.status);
      }
    }
  } catch (error) {
    console.error(`admin action ${input.intent} failed`, error);
    return answer(input.intent, false, FAILED[input.intent], 500);
  }
}

/** An admin page's loader guard: the session (else a redirect to /admin/login) and the actor audits name. */
export async function requireAdminActor(env: WorkerEnv, request: Request) {
  const session = await requireAdmin(env, request);
  const actor: AdminActor = { id: session.user.id, email: session.user.email };
  return { session, actor };
}
