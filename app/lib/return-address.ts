// The return address after sign-in: a same-origin path with its query, never an absolute URL.

const RETURN_PARAM = "returnTo";
export const DEFAULT_AFTER_SIGN_IN = "/suggested-trades";

/** The product's alias paths and the screen each one shows (their routes redirect there). */
export const PATH_ALIASES: Readonly<Record<string, string>> = {
  "/suggested-trades": "/spreads",
  "/dashboard": "/spreads",
};

/** Where `path` finally lands: an alias becomes its screen (query and hash kept), so a redirect is one hop. */
export function landingPath(path: string): string {
  const at = path.search(/[?#]/);
  const pathname = at < 0 ? path : path.slice(0, at);
  const target = PATH_ALIASES[pathname];
  return target ? target + (at < 0 ? "" : path.slice(at)) : path;
}

/** Accepts only app-relative paths ("/x?y"); anything else (//evil, https://, \\, javascript:) is dropped. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\") || v.includes("\\")) return null;
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) < 0x20) return null; // control characters
  try {
    const parsed = new URL(v, "http://return.invalid");
    if (parsed.origin !== "http://return.invalid") return null;
    if (parsed.pathname === "/signin" || parsed.pathname === "/signup") return null;
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return null;
  }
}

/**
 * The one builder of links that carry a return address: `path` with `params` and, when it is safe,
 * `returnTo` ("/signin?returnTo=%2Ftickers"). An unsafe or missing return address is left out.
 */
export function withReturnTo(
  path: string,
  returnTo: string | null | undefined,
  params: Record<string, string> = {},
): string {
  const query = Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  const safe = safeReturnPath(returnTo);
  if (safe) query.push(`${RETURN_PARAM}=${encodeURIComponent(safe)}`);
  return query.length ? `${path}?${query.join("&")}` : path;
}

export function returnPathFrom(url: URL): string | null {
  return safeReturnPath(url.searchParams.get(RETURN_PARAM));
}

export { RETURN_PARAM };
