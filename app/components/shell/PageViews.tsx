import { useEffect } from "react";
import { useLocation } from "react-router";
import type * as AnalyticsClient from "#app/lib/analytics-client.ts";
import { startDeferredExtras, whenExtrasStart } from "#app/lib/deferred-extras.ts";

// The beacon code loads after the page has painted (decision 185), with the first view or alias it sends.
// Offline, the module may not load: analytics never surfaces an error.
const analytics = (send: (m: typeof AnalyticsClient) => void) =>
  import("#app/lib/analytics-client.ts").then(send, () => {});

/**
 * Starts the deferred extras, and with them analytics: after 2 s or the first input nothing is sent (decision
 * 312). Then it logs a page view once per path per session, and links the anonymous id to the user once someone
 * is signed in.
 */
export function PageViews({ userId }: { userId: string | null }) {
  const { pathname } = useLocation();
  // Analytics and speed metrics after 2 s or the first input (app/lib/deferred-extras.ts).
  useEffect(() => startDeferredExtras(), []);
  useEffect(() => {
    if (!userId) return;
    return whenExtrasStart(() => void analytics((m) => m.aliasOnce(userId)));
  }, [userId]);
  useEffect(() => {
    // After paint, and only if the user is still on this page (a quick click-through is not a view).
    let cancelView = () => {};
    const timer = setTimeout(() => {
      cancelView = whenExtrasStart(() => {
        const title = document.title;
        void analytics((m) => m.trackPageViewOnce(pathname, title));
      });
    }, 300);
    return () => {
      clearTimeout(timer);
      cancelView();
    };
  }, [pathname]);
  return null;
}
