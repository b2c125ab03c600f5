// What pages call to record a click or a scroll mark. The beacon code (analytics-client.ts) loads on the first
// event instead of with the page (decision 185): nothing of analytics stands between a visitor and first paint.
import type { ClientEventName } from "#app/lib/analytics-events.ts";

export function track(
  name: ClientEventName,
  properties?: Record<string, string | number | boolean | null>,
  path?: string,
) {
  if (typeof window === "undefined") return;
  // The page the event happened on, taken now: a click may navigate before the module arrives.
  const at = path ?? window.location.pathname;
  import("#app/lib/analytics-client.ts").then(
    (m) => m.track(name, properties, at),
    () => {}, // offline: an event is not worth an error
  );
}
