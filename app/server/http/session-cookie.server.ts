// better-auth's session cookie as it arrives on a request: the one reader of it (decision 302). Nothing else in the
// app looks for the session cookie in a Cookie header or a Set-Cookie line; a caller asks one of the questions below.
//
// Two questions, one reader:
// - `sessionCookieValue`: the value better-auth itself reads, parsed as better-auth parses it (its request
//   context's cookie parser, better-call's `parseCookies`: the header split on ";", each name and value trimmed of
//   whitespace, a value's surrounding double quotes dropped and its %-escapes decoded, the first cookie of a name
//   winning). The signed-in guard looks this token up to say which session ended.
// - `carriesSessionCookie`: whether the request may be signed in, for every purpose that must err towards "yes"
//   (the cache policy above all, decision 282): true whenever better-auth could find the cookie AND whenever the
//   header holds the cookie's name in any other spelling (any case, %-escaped, quoted, with a `__Secure-` or
//   `__Host-` prefix, a "-" or "." for the "_", in a second Cookie header joined with ","). A visitor with such a
//   cookie only loses the shared copy; a signed-in page answered as shareable would reach every visitor.

/** better-auth's default cookie prefix and the session cookie's own name (auth.server.ts changes neither). */
const SESSION_COOKIE_NAME = "better-auth.session_token";
/** The name with the `__Secure-` prefix better-auth adds over HTTPS (`useSecureCookies` in production). */
const SECURE_SESSION_COOKIE_NAME = `__Secure-${SESSION_COOKIE_NAME}`;

/**
 * A Cookie header parsed as better-auth's request context parses it (better-call 1.4 `parseCookies`, read from
 * node_modules/better-call/dist/cookies.mjs): pairs end at ";", a chunk before an "=" that holds no "=" is
 * skipped, names and values are trimmed (String.prototype.trim: spaces, tabs, NBSP, ...), a value that starts
 * with a double quote loses its first and last character, a value with "%" is decoded when it decodes, and the
 * first pair of a name wins. Names are not decoded and are compared case-sensitively.
 */
function parseCookiesAsBetterAuth(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  let index = 0;
  while (index < header.length) {
    const eqIdx = header.indexOf("=", index);
    if (eqIdx === -1) break;
    let endIdx = header.indexOf(";", index);
    if (endIdx === -1) endIdx = header.length;
    else if (endIdx < eqIdx) {
      index = header.lastIndexOf(";", eqIdx - 1) + 1;
      continue;
    }
    const key = header.slice(index, eqIdx).trim();
    if (!cookies.has(key)) {
      let value = header.slice(eqIdx + 1, endIdx).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      cookies.set(key, tryDecode(value));
    }
    index = endIdx + 1;
  }
  return cookies;
}

function tryDecode(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function cookieHeaderOf(source: Request | Headers | string | null | undefined): string {
  if (source == null) return "";
  if (typeof source === "string") return source;
  const headers = source instanceof Headers ? source : source.headers;
  return headers.get("cookie") ?? "";
}

/**
 * The session cookie's value as better-auth reads it ("token.signature", unquoted and %-decoded), under the
 * `__Secure-` name or the plain one, or null when the request carries none (or an empty one).
 */
export function sessionCookieValue(request: Request | Headers | string | null | undefined): string | null {
  const cookies = parseCookiesAsBetterAuth(cookieHeaderOf(request));
  return cookies.get(SECURE_SESSION_COOKIE_NAME) || cookies.get(SESSION_COOKIE_NAME) || null;
}

/**
 * The session cookie's name in any spelling, looked for anywhere in a header after `looseForm`: "session",
 * any run of separators (or none), "token". Broader than better-auth on purpose.
 */
const SESSION_COOKIE_NAME_ANY_SPELLING = /session[^a-z0-9]*token/;

/** The header lower-cased with its %-escapes decoded (a few rounds, for an escape written as an escape). */
function looseForm(header: string): string {
  let out = header.toLowerCase();
  for (let round = 0; round < 4 && /%[0-9a-f]{2}/.test(out); round++)
    out = out.replace(/%([0-9a-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out;
}

/**
 * May this request be signed in? True when better-auth would find a session cookie in it (whatever its value)
 * and when its Cookie header holds the session cookie's name in any other spelling. The answer the cache policy
 * and the D1 bookmark go by: a "yes" for a visitor costs a shared copy, a "no" for a signed-in user leaks a page.
 */
export function carriesSessionCookie(request: Request | Headers | string | null | undefined): boolean {
  const header = cookieHeaderOf(request);
  if (header === "") return false;
  const cookies = parseCookiesAsBetterAuth(header);
  if (cookies.has(SESSION_COOKIE_NAME) || cookies.has(SECURE_SESSION_COOKIE_NAME)) return true;
  return SESSION_COOKIE_NAME_ANY_SPELLING.test(looseForm(header));
}

/** Does this response sign the browser in (a Set-Cookie giving the session cookie a value)? */
export function setsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((line) => {
    const pair = line.split(";", 1)[0] ?? "";
    const eq = pair.indexOf("=");
    if (eq === -1) return false;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    return (name === SESSION_COOKIE_NAME || name === SECURE_SESSION_COOKIE_NAME) && value !== "";
  });
}
