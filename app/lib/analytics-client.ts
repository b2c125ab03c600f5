// Browser side of first-party analytics: fire-and-forget beacons that never block rendering.
import type { ClientEventName } from "#app/lib/analytics-events.ts";

const SESSION_KEY = "wh_sid";
const VIEWED_KEY = "wh_viewed_paths";
const ALIASED_KEY = "wh_aliased_user";

function sessionId(): string | undefined {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID().replace(/-/g, "");
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

export function track(
  name: ClientEventName,
  properties?: Record<string, string | number | boolean | null>,
  path?: string,
) {
  if (typeof window === "undefined") return;
  const body = JSON.stringify({
    name,
    path: path ?? window.location.pathname,
    sessionId: sessionId(),
    properties,
  });
  try {
    const sent = navigator.sendBeacon?.("/api/events", new Blob([body], { type: "application/json" }));
    if (sent) return;
  } catch {
    // fall through to fetch
  }
  void fetch("/api/events", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json" },
    keepalive: true,
  }).catch(() => {});
}

/** Page views are logged once per path per browser session (docs/product/app-shell.md#analytics). */
export function trackPageViewOnce(path: string, title = document.title) {
  try {
    const viewed = new Set<string>(JSON.parse(sessionStorage.getItem(VIEWED_KEY) ?? "[]"));
    if (viewed.has(path)) return;
    viewed.add(path);
    sessionStorage.setItem(VIEWED_KEY, JSON.stringify([...viewed].slice(-200)));
  } catch {
    // storage unavailable: still count the view
  }
  // The url without its query or hash: those can carry tokens (password reset links).
  track(
    "page_view",
    { title: title.slice(0, 200), url: (window.location.origin + path).slice(0, 200) },
    path,
  );
}

/**
 * Once per browser session and user: links this browser's anonymous id to the signed-in user (the alias at
 * sign-in, docs/product/app-shell.md#analytics). The server takes the user from the session cookie, never
 * from the body.
 */
export function aliasOnce(userId: string) {
  try {
    if (sessionStorage.getItem(ALIASED_KEY) === userId) return;
    sessionStorage.setItem(ALIASED_KEY, userId);
  } catch {
    return; // no storage: no stable anonymous id to link
  }
  track("alias");
}
