import { useEffect } from "react";
import { useLocation } from "react-router";
import type * as AnalyticsClient from "../../lib/analytics-client";
import { startDeferredExtras } from "../../lib/deferred-extras";

// The beacon code loads after the page has painted (decision 185), with the first view or alias it sends.
// Offline, the module may not load: analytics never surfaces an error.
const analytics = (send: (m: typeof AnalyticsClient) => void) =>
  import("../../lib/analytics-client").then(send, () => {});

/**
 * Logs a page view once per path per session, after the page has painted, links the anonymous id to the
 * user once someone is signed in, and starts the deferred extras (speed metrics).
 */
export function PageViews({ userId }: { userId: string | null }) {
  const { pathname } = useLocation();
  // Speed metrics after 2 s or the first input (app/lib/deferred-extras.ts).
  useEffect(() => startDeferredExtras(), []);
  useEffect(() => {
    if (userId) void analytics((m) => m.aliasOnce(userId));
  }, [userId]);
  useEffect(() => {
    // After paint, and only if the user is still on this page (a quick click-through is not a view).
    const timer = setTimeout(() => {
      const title = document.title;
      void analytics((m) => m.trackPageViewOnce(pathname, title));
    }, 300);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}
