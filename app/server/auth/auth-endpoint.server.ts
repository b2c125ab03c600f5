// The screens' actions call better-auth THROUGH its HTTP handler (not auth.api directly) so that every
// form submission passes the same origin check and D1 rate limits as a direct API call.
import { getAuth } from "#app/server/auth/auth.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";

/** Request headers that matter to better-auth: session cookie, CSRF checks, client IP, user agent. */
const FORWARDED_HEADERS = [
  "cookie",
  "origin",
  "referer",
  "sec-fetch-site",
  "sec-fetch-mode",
  "sec-fetch-dest",
  "cf-connecting-ip",
  "user-agent",
];

export interface AuthEndpointResult<T = unknown> {
  ok: boolean;
  status: number;
  data: T | null;
  /** better-auth's error code (e.g. INVALID_EMAIL_OR_PASSWORD), when it failed. */
  code: string | null;
  /** Set-Cookie headers to pass on to the browser. */
  cookies: string[];
}

export async function callAuthEndpoint<T = unknown>(
  env: WorkerEnv,
  request: Request,
  path: string,
  body: Record<string, unknown>,
  opts: { cookieOverride?: string } = {},
): Promise<AuthEndpointResult<T>> {
  const auth = getAuth(env, request);
  const headers = new Headers({ "content-type": "application/json" });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (opts.cookieOverride !== undefined) headers.set("cookie", opts.cookieOverride);
  const url = new URL(`/api/auth${path}`, auth.options.baseURL as string);
  const res = await auth.handler(new Request(url, { method: "POST", headers, body: JSON.stringify(body) }));
  let data: unknown = null;
  try {
    data = await res.clone().json();
  } catch {
    data = null;
  }
  const code = res.ok
    ? null
    : res.status === 429
      ? "TOO_MANY_REQUESTS"
      : ((data as { code?: string } | null)?.code ?? null);
  return {
    ok: res.ok,
    status: res.status,
    data: res.ok ? (data as T) : null,
    code,
    cookies: res.headers.getSetCookie(),
  };
}

export function withCookies(cookies: string[], headers = new Headers()): Headers {
  for (const c of cookies) headers.append("Set-Cookie", c);
  return headers;
}

/** "name=value; name2=value2" for a follow-up call made with cookies just issued. */
export function cookieHeaderOf(cookies: string[]): string {
  return cookies
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
