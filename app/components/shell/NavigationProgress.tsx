import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";

const PAGE_LOADING_MS = 500;

/**
 * A top progress bar while a navigation is pending (its fill animates over ~0.8 s), and a short
 * page-loading indicator for ~500 ms after each navigation lands (spec: app shell timings).
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const location = useLocation();
  const [landing, setLanding] = useState(false);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setLanding(true);
    const timer = setTimeout(() => setLanding(false), PAGE_LOADING_MS);
    return () => clearTimeout(timer);
  }, [location.key]);

  const pending = navigation.state !== "idle";
  return (
    <>
      {pending ? (
        <div
          className="fixed inset-x-0 top-0 z-[70] h-0.5 bg-transparent"
          role="progressbar"
          aria-label="Loading page"
        >
          <div className="wh-progress h-full bg-brand-400" />
        </div>
      ) : null}
      {landing && !pending ? (
        <div
          className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden"
          data-testid="page-loading-indicator"
          aria-hidden
        >
          <div className="wh-loading-indicator h-full w-2/5 bg-brand-400/70" />
        </div>
      ) : null}
    </>
  );
}
