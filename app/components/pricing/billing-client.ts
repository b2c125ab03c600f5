// Browser side of the billing endpoints through the app's one API client: POST JSON, read { error } on
// failure (docs/product/api.md#billing-and-contact).
import { callApi } from "#app/lib/api-client.ts";

export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; error: string };

export async function postJson<T>(path: string, body: unknown, fallbackError: string): Promise<ApiAnswer<T>> {
  const answer = await callApi<T>(path, { method: "POST", body }, () => fallbackError);
  if (answer.ok) {
    const error = (answer.body as { error?: unknown } | null)?.error;
    return typeof error === "string" ? { ok: false, error } : { ok: true, data: answer.body };
  }
  // The product's 'Server error: ' plus the first 200 characters of a failing body that is not ours.
  if (answer.status >= 300 && answer.body === null && answer.text !== "")
    return { ok: false, error: `Server error: ${answer.text.slice(0, 200)}` };
  return { ok: false, error: answer.message };
}
