// The notifications screen's calls to its JSON API (the product's `success` envelope), through the one
// client.
import { callApi, type ApiCallInit } from "#app/lib/api-client.ts";
import { NOTIFICATION_MESSAGES } from "#app/lib/notifications.ts";

export type ApiBody<T> = { success: boolean; data?: T; error?: string; requiresUpgrade?: boolean };

export async function notificationsApi<T>(
  what: "preferences" | "update" | "history" | "toggle" | "test" | "push devices",
  path: string,
  init: ApiCallInit = {},
): Promise<
  | { ok: true; data: T }
  /** `serverError`: the error text the server sent, when it sent one. */
  | { ok: false; message: string; serverError: string | null; requiresUpgrade: boolean }
> {
  const answer = await callApi<ApiBody<T>>(path, init, (_status, statusText) =>
    NOTIFICATION_MESSAGES.fetchFailed(what, statusText),
  );
  if (answer.ok && answer.body.success) return { ok: true, data: answer.body.data as T };
  const body = answer.ok ? answer.body : (answer.body as ApiBody<T> | null);
  const serverError = typeof body?.error === "string" ? body.error : null;
  return {
    ok: false,
    message: answer.ok
      ? (serverError ?? NOTIFICATION_MESSAGES.fetchFailed(what, String(answer.status)))
      : answer.message,
    serverError,
    requiresUpgrade: Boolean(body?.requiresUpgrade),
  };
}

export type PreferencesPatch = Record<string, unknown>;
