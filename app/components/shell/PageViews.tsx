import { useEffect } from "react";
import { useLocation } from "react-router";
import { aliasOnce, trackPageViewOnce } from "../../lib/analytics-client";

/**
 * Logs a page view once per path per session, after the page has painted, and links the anonymous id
 * to the user once someone is signed in.
 */
export function PageViews({ userId }: { userId: string | null }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (userId) aliasOnce(userId);
  }, [userId]);
  useEffect(() => {
    // After paint, and only if the user is still on this page (a quick click-through is not a view).
    const timer = setTimeout(() => trackPageViewOnce(pathname), 300);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}
