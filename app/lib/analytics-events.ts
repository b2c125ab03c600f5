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
  // Links the browser's anonymous id (the body's sessionId) to the signed-in user; needs a session.
  "alias",
] as const;

export type ClientEventName = (typeof CLIENT_EVENT_NAMES)[number];

export const SCROLL_DEPTH_MARKS = [25, 50, 75, 100] as const;

/** Body size accepted by /api/events, bytes. */
export const MAX_EVENT_BODY_BYTES = 2048;
