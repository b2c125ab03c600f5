import { useEffect } from "react";
import { useLocation } from "react-router";
import { trackPageViewOnce } from "../../lib/analytics-client";

/** Logs a page view once per path per session, after the page has painted. */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    // After paint, and only if the user is still on this page (a quick click-through is not a view).
    const timer = setTimeout(() => trackPageViewOnce(pathname), 300);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}
