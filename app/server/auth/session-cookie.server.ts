// better-auth's session cookie as it arrives on a request: read by the signed-in guard (which session ended) and by
// the cache policy (a request carrying it is never answered from, or into, a shared cache).

/** The cookie (value "token.signature", URL-encoded), with the __Secure- prefix over HTTPS. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The raw value of the request's session cookie, or null when it carries none. */
export function sessionCookieValue(request: Request): string | null {
  return SESSION_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1] ?? null;
}
