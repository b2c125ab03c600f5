// The browser's call that states (or clears) the cash behind the book (PUT /api/positions/book, decision 341); the
// server checks it and its words come back as the error.
import { callApi } from "#app/lib/api-client.ts";

export const BOOK_CLIENT_TEXT = { failed: "Could not save your cash. Please try again." } as const;

export async function sendStatedCash(
  statedCash: number | null,
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  const answer = await callApi<{ statedCash: number | null; message: string }>(
    "/api/positions/book",
    { method: "PUT", body: { statedCash } },
    () => BOOK_CLIENT_TEXT.failed,
  );
  return answer.ok ? { ok: true, message: answer.body.message } : { ok: false, message: answer.message };
}
