// Fake Turnstile siteverify (POST /turnstile/siteverify) with Cloudflare's documented test secrets:
// 1x0000000000000000000000000000000AA always passes, 2x0000000000000000000000000000000AA always fails.
// Tokens are single use, as on the real service ("timeout-or-duplicate" the second time).
import type { FakeHandler } from "./servers";

export const TURNSTILE_PASS_SECRET = "1x0000000000000000000000000000000AA";
export const TURNSTILE_FAIL_SECRET = "2x0000000000000000000000000000000AA";

const used = new Set<string>();

/** Reads one field from a multipart/form-data or urlencoded body. */
function field(body: string, contentType: string, name: string): string | null {
  if (contentType.includes("application/x-www-form-urlencoded")) return new URLSearchParams(body).get(name);
  const m = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body);
  return m ? m[1]! : null;
}

export const turnstileFake: FakeHandler = (req, res) => {
  res.setHeader("content-type", "application/json");
  const type = String(req.headers["content-type"] ?? "");
  const secret = field(req.body, type, "secret");
  const token = field(req.body, type, "response");
  const reply = (success: boolean, codes: string[] = []) => {
    res.end(JSON.stringify({ success, "error-codes": codes, hostname: success ? "localhost" : undefined }));
  };
  if (!token) return reply(false, ["missing-input-response"]);
  if (secret === TURNSTILE_FAIL_SECRET) return reply(false, ["invalid-input-response"]);
  if (secret !== TURNSTILE_PASS_SECRET) return reply(false, ["invalid-input-secret"]);
  if (used.has(token)) return reply(false, ["timeout-or-duplicate"]);
  used.add(token);
  reply(true);
};
