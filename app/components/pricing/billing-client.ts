// Browser side of the billing endpoints: POST JSON, read { error } on failure (spec 000 §7 calls).
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; error: string };

export async function postJson<T>(path: string, body: unknown, fallbackError: string): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // The spec's 'Server error: ' plus the first 200 characters of a body that is not ours.
      return { ok: false, error: res.ok ? fallbackError : `Server error: ${text.slice(0, 200)}` };
    }
    const error = (json as { error?: unknown })?.error;
    if (!res.ok || typeof error === "string")
      return { ok: false, error: typeof error === "string" ? error : fallbackError };
    return { ok: true, data: json as T };
  } catch {
    return { ok: false, error: fallbackError };
  }
}
