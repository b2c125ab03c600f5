import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * The progress bar shows for about 0.8 s, the page-loading indicator 500 ms
 * (docs/product/app-shell.md#toasts-and-progress).
 */
export const PROGRESS_BAR_MS = 800;
const PAGE_LOADING_MS = 500;

/**
 * A top progress bar for each navigation: from its start for at least ~0.8 s (its fill animates over that
 * time), longer while the navigation is still pending; and a short page-loading indicator for ~500 ms
 * after each navigation lands. A fast navigation no longer makes the bar flash and vanish.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.state !== "idle";
  const [landing, setLanding] = useState(false);
  const [bar, setBar] = useState<{ startedAt: number; run: number } | null>(null);
  const first = useRef(true);

  // A navigation starts: the bar starts (again) from empty.
  useEffect(() => {
    if (pending) setBar((b) => ({ startedAt: Date.now(), run: (b?.run ?? 0) + 1 }));
  }, [pending]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A navigation that landed without a pending phase (nothing to load) still gets its bar.
    setBar((b) => b ?? { startedAt: Date.now(), run: 1 });
    setLanding(true);
    const timer = setTimeout(() => setLanding(false), PAGE_LOADING_MS);
    return () => clearTimeout(timer);
  }, [location.key]);

  // The bar's 0.8 s count from when it is on screen (its render can trail the navigation's start on a
  // busy main thread), so the fill animation always completes.
  const shownAt = useRef(0);
  useLayoutEffect(() => {
    if (bar) shownAt.current = Math.max(bar.startedAt, Date.now());
  }, [bar?.run]); // eslint-disable-line react-hooks/exhaustive-deps

  // Once nothing is pending, the bar stays until ~0.8 s after it appeared.
  useEffect(() => {
    if (!bar || pending) return;
    const remaining = Math.max(0, shownAt.current + PROGRESS_BAR_MS - Date.now());
    const timer = setTimeout(() => setBar(null), remaining);
    return () => clearTimeout(timer);
  }, [bar, pending]);

  return (
    <>
      {bar ? (
        <div
          className="fixed inset-x-0 top-0 z-[70] h-0.5 bg-transparent"
          role="progressbar"
          aria-label="Loading page"
          data-testid="navigation-progress"
        >
          <div key={bar.run} className="wh-progress h-full bg-brand-400" />
        </div>
      ) : null}
      {landing && !pending ? (
        <div
          className="fixed inset-x-0 top-0.5 z-[70] h-0.5 overflow-hidden"
          data-testid="page-loading-indicator"
          aria-hidden
        >
          <div className="wh-loading-indicator h-full w-2/5 bg-brand-400/70" />
        </div>
      ) : null}
    </>
  );
}
