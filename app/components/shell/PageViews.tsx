import { useEffect } from "react";
import { useLocation } from "react-router";
import { trackPageViewOnce } from "../../lib/analytics-client";

/** Logs a page view once per path per session, after the page has painted. */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    const idle = (window as unknown as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
    if (idle) idle(() => trackPageViewOnce(pathname));
    else setTimeout(() => trackPageViewOnce(pathname), 200);
  }, [pathname]);
  return null;
}
