// The browser's one client of the app's JSON APIs: same-origin JSON in and out, never throws. Each caller
// keeps its own fallback words; a failure carries the status, the server's `error` when it sent one, the
// parsed body and the raw text (billing shows a body that is not ours as "Server error: ...",
// docs/product/plans-and-billing.md#checkout).

export type ApiCall<T> =
  | { ok: true; status: number; body: T }
  | {
      ok: false;
      /** 0 when the request never reached the server. */
      status: number;
      /** The server's `error` text, else `fallback(...)`. */
      message: string;
      /** The server's `error` text when it sent one. */
      serverError: string | null;
      body: Record<string, unknown> | null;
      text: string;
    };

export interface ApiCallInit {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/** `fallback(status, statusText)` words a failure whose body carries no `error` (status 0: network). */
export async function callApi<T>(
  path: string,
  init: ApiCallInit,
  fallback: (status: number, statusText: string) => string,
): Promise<ApiCall<T>> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
    text = await res.text();
  } catch {
    return {
      ok: false,
      status: 0,
      message: fallback(0, "network error"),
      serverError: null,
      body: null,
      text: "",
    };
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const record = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : null;
  const serverError = typeof record?.error === "string" ? record.error : null;
  if (res.ok && body !== null) return { ok: true, status: res.status, body: body as T };
  return {
    ok: false,
    status: res.status,
    message: serverError ?? fallback(res.status, res.statusText || String(res.status)),
    serverError,
    body: record,
    text,
  };
}
