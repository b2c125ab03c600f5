// What the market banner says (docs/product/app-shell.md#market-banner): open/closed from the market
// calendar, the closed-market note, "Trades updated:" with a time or range, the tip's three times, and
// whether the data is stale. Pure; the server computes the calendar status, the browser only renders this.
import { MISSING } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { latestStartedSession } from "#app/lib/market-calendar/index.ts";

export const MARKET_BANNER_TEXT = {
  open: "Market Open",
  closed: "Market Closed",
  closedNote: "Prices are from market close and may change when market opens",
  updated: "Trades updated:",
  optionsData: "Options data:",
  stockData: "Stock data:",
  lastAttempt: "Last update attempt:",
  simulated: "Simulated data",
  stale: "Data is delayed: the last refresh did not complete.",
} as const;

/**
 * While the market is open the cron job refreshes every 5 minutes: data older than this is stale.
 * Three missed runs, so one slow or failed run does not raise the alarm.
 */
export const OPEN_MARKET_STALE_MS = 20 * 60_000;

export interface MarketBannerInput {
  /** 'open' | 'closed', compared case-insensitively (docs/product/app-shell.md#market-banner). */
  marketStatus: string;
  dataFreshness: {
    optionsDataUpdated: string | null;
    stockDataUpdated: string | null;
    dataUpdateAttempted: string | null;
  };
  simulated?: boolean;
}

export interface MarketBannerView {
  open: boolean;
  statusText: string;
  closedNote: string | null;
  /** 'Nov 20, 3:55 PM ET' or 'Nov 20, 3:50 PM – 3:55 PM ET'; null when nothing was ever loaded. */
  updatedText: string | null;
  tip: { label: string; value: string }[];
  stale: boolean;
  simulated: boolean;
}

const ms = (iso: string | null | undefined) => {
  if (!iso) return null;
  const t = new Date(iso).getTime();
  return Number.isFinite(t) ? t : null;
};

/** One time, or a range from the older to the newer when the two feeds were updated apart. */
export function updatedRange(a: string | null, b: string | null): string | null {
  const ta = ms(a);
  const tb = ms(b);
  if (ta === null && tb === null) return null;
  if (ta === null || tb === null || Math.abs(ta - tb) < 60_000)
    return formatAsOf(new Date(Math.max(ta ?? 0, tb ?? 0)).toISOString());
  const [lo, hi] = ta < tb ? [ta, tb] : [tb, ta];
  const loText = formatAsOf(new Date(lo).toISOString()).replace(/ ET$/, "");
  const hiText = formatAsOf(new Date(hi).toISOString());
  const sameDay = loText.split(",")[0] === hiText.split(",")[0];
  return `${loText} – ${sameDay ? hiText.split(", ").slice(1).join(", ") : hiText}`;
}

/**
 * Stale means "older than it should be right now": while open, older than OPEN_MARKET_STALE_MS; while
 * closed, older than the latest session's open (data from the last session, including its close, is the
 * freshest there is, so it is not stale). Never loaded is stale.
 */
export function isDataStale(open: boolean, optionsDataUpdated: string | null, nowMs: number): boolean {
  const t = ms(optionsDataUpdated);
  if (t === null) return true;
  if (open) return nowMs - t > OPEN_MARKET_STALE_MS;
  return t < latestStartedSession(nowMs).openMs;
}

export function describeMarketBanner(input: MarketBannerInput, nowMs: number): MarketBannerView {
  const open = input.marketStatus.toLowerCase() === "open";
  const f = input.dataFreshness;
  return {
    open,
    statusText: open ? MARKET_BANNER_TEXT.open : MARKET_BANNER_TEXT.closed,
    closedNote: open ? null : MARKET_BANNER_TEXT.closedNote,
    updatedText: updatedRange(f.optionsDataUpdated, f.stockDataUpdated),
    tip: [
      {
        label: MARKET_BANNER_TEXT.optionsData,
        value: f.optionsDataUpdated ? formatAsOf(f.optionsDataUpdated) : MISSING,
      },
      {
        label: MARKET_BANNER_TEXT.stockData,
        value: f.stockDataUpdated ? formatAsOf(f.stockDataUpdated) : MISSING,
      },
      {
        label: MARKET_BANNER_TEXT.lastAttempt,
        value: f.dataUpdateAttempted ? formatAsOf(f.dataUpdateAttempted) : MISSING,
      },
    ],
    stale: isDataStale(open, f.optionsDataUpdated, nowMs),
    simulated: input.simulated ?? false,
  };
}
