// Reading a JSON request body in actions and API routes: the one reader every JSON endpoint uses. It takes
// only `application/json` (415 otherwise): a cross-site page can send text/plain, form or multipart bodies
// without a CORS preflight, but not JSON. The size cap is checked before and after reading. Nothing throws.

export const JSON_CONTENT_TYPE_MESSAGE = "Expected application/json";
export const JSON_TOO_LARGE_MESSAGE = "Request too large";
export const INVALID_JSON_MESSAGE = "Invalid JSON";

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; message: string };

/**
 * True when the Content-Type's media type is exactly application/json (parameters such as charset allowed).
 * A substring test is not enough: "text/plain; application/json" is a CORS-safelisted type a foreign page
 * can send without a preflight.
 */
export function isJsonContentType(header: string | null): boolean {
  const essence = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return essence === "application/json";
}

export async function readJsonBody(
  request: Request,
  options: {
    maxBytes: number;
    /** The value of an empty body; without it an empty body is invalid. */ empty?: unknown;
  },
): Promise<JsonBody> {
  if (!isJsonContentType(request.headers.get("content-type")))
    return { ok: false, status: 415, message: JSON_CONTENT_TYPE_MESSAGE };
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > options.maxBytes) return { ok: false, status: 413, message: JSON_TOO_LARGE_MESSAGE };
  let text: string;
  try {
    text = await request.text();
  } catch {
    return { ok: false, status: 400, message: INVALID_JSON_MESSAGE };
  }
  if (text.length > options.maxBytes) return { ok: false, status: 413, message: JSON_TOO_LARGE_MESSAGE };
  if (text.trim() === "" && "empty" in options) return { ok: true, value: options.empty };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, message: INVALID_JSON_MESSAGE };
  }
}
