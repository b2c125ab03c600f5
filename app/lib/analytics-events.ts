// First-party analytics events the browser may send (POST /api/events). Anything else is refused.
export const CLIENT_EVENT_NAMES = [
  "page_view",
  "scroll_depth",
  "signup_click",
  "spreads_click",
  "wheels_click",
  "learn_more_click",
  "track_symbols_click",
  "economic_calendar_click",
  "create_account_click",
  // Core Web Vitals from real visits (decision 262), loaded by the deferred extras.
  "web_vital",
  // Links the browser's anonymous id (the body's sessionId) to the signed-in user; needs a session.
  "alias",
] as const;

export type ClientEventName = (typeof CLIENT_EVENT_NAMES)[number];

export const SCROLL_DEPTH_MARKS = [25, 50, 75, 100] as const;

/** Body size accepted by /api/events, bytes. */
export const MAX_EVENT_BODY_BYTES = 2048;

/** The Core Web Vitals the browser reports (web-vitals 6: CLS, FCP, INP, LCP, TTFB). */
export const WEB_VITAL_NAMES = ["CLS", "FCP", "INP", "LCP", "TTFB"] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export const WEB_VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;
/**
 * Largest value stored per metric: CLS is unitless (a score; 1 is already a page that jumps badly), the
 * others are milliseconds (a minute is past any real measure). Beyond these a report is refused as junk.
 */
export const WEB_VITAL_MAX: Record<WebVitalName, number> = {
  CLS: 10,
  FCP: 60_000,
  INP: 60_000,
  LCP: 60_000,
  TTFB: 60_000,
};
