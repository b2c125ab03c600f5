// The how-to pages' content: the two strategy videos (each with a written walkthrough, so the page is useful
// before or without the video) and the install steps per mobile browser.

export type HowtoVideoKey = "bull-put-spread" | "cash-secured-put";

export interface HowtoVideo {
  key: HowtoVideoKey;
  title: string;
  summary: string;
  steps: readonly string[];
  /** Where the same screen lives in the app. */
  appPath: string;
}

export const HOWTO_VIDEOS: readonly HowtoVideo[] = [
  {
    key: "bull-put-spread",
    title: "How to find and place a bull put spread",
    summary:
      "Use Trade Ideas to pick a bull put spread, read its numbers, and enter it at your broker as one order.",
    steps: [
      "Open Trade Ideas and set the strategy filter to Bull Put Spread.",
      "Compare ideas by return on risk at the fill price, market-implied probability of profit and liquidity.",
      "Check the event badges: an earnings date before expiration can move the stock past both strikes.",
      "At your broker, sell the higher-strike put and buy the lower-strike put in one spread order, same expiration.",
      "Use a limit price near the fill price shown, never the mid, and set a profit target (for example 50% of the credit).",
    ],
    appPath: "/spreads",
  },
  {
    key: "cash-secured-put",
    title: "How to sell a cash-secured put",
    summary:
      "Use Wheels to size a cash-secured put to your cash, check the break-even and cushion, and decide on a strike.",
    steps: [
      "Open Wheels on the CSP tab and enter the cash you are willing to commit.",
      "Pick a risk level: conservative strikes sit further below the price, with less premium.",
      "Open View Analysis to see the premium, collateral, break-even and the chance of assignment.",
      "Only sell a put on a stock you would be glad to own at the strike price minus the premium.",
      "At your broker, sell the put with a limit order and keep strike x 100 in cash per contract until it closes.",
    ],
    appPath: "/wheels",
  },
];

/** YouTube ids are 11 characters of letters, digits, '-' and '_'. */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The privacy-friendly player URL, loaded only after the visitor clicks play. */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
}

export interface InstallGuide {
  id: string;
  browser: string;
  steps: readonly string[];
}

export const INSTALL_GUIDES: readonly InstallGuide[] = [
  {
    id: "ios-safari",
    browser: "iPhone and iPad (Safari)",
    steps: [
      "Open Wheelhouse in Safari.",
      "Tap the Share button (the square with an arrow pointing up) in the toolbar.",
      "Scroll down and tap Add to Home Screen.",
      "Keep the name Wheelhouse, then tap Add in the top-right corner.",
      "Open Wheelhouse from the new icon on your Home Screen; it opens full screen without the browser bar.",
    ],
  },
  {
    id: "android-chrome",
    browser: "Android (Chrome)",
    steps: [
      "Open Wheelhouse in Chrome.",
      "Tap the menu (three dots) in the top-right corner.",
      "Tap Add to Home screen (or Install app when Chrome offers it).",
      "Confirm with Add or Install.",
      "Open Wheelhouse from the icon on your home screen or app drawer.",
    ],
  },
  {
    id: "samsung-internet",
    browser: "Samsung Internet",
    steps: [
      "Open Wheelhouse in Samsung Internet.",
      "Tap the menu (three lines) at the bottom of the screen.",
      "Tap Add page to, then Home screen.",
      "Confirm with Add.",
      "Open Wheelhouse from the new icon on your home screen.",
    ],
  },
];

/** Article structured data (schema.org) for a how-to page. */
export function articleJsonLd(opts: {
  headline: string;
  description: string;
  url: string;
  image: string;
  dateModified: string;
}): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: opts.headline,
    description: opts.description,
    mainEntityOfPage: opts.url,
    url: opts.url,
    image: opts.image,
    dateModified: opts.dateModified,
    datePublished: opts.dateModified,
    author: { "@type": "Organization", name: "Wheelhouse" },
    publisher: { "@type": "Organization", name: "Wheelhouse" },
  };
  // "<" is escaped so the JSON can never close the <script> element it sits in.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export const HOWTOS_LAST_UPDATED = "2026-11-23";
