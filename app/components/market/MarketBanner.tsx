import { useId } from "react";
import { describeMarketBanner, MARKET_BANNER_TEXT, type MarketBannerInput } from "#app/lib/market-banner.ts";

export interface MarketBannerProps {
  banner: MarketBannerInput;
  /** The server's clock when it computed the status (keeps the server and browser render equal). */
  nowMs: number;
  className?: string;
}

/**
 * docs/product/app-shell.md#market-banner: Market Open / Market Closed, the closed-market note, "Trades
 * updated:" and a tip (hover or keyboard focus) with the options data time, the stock data time and the last
 * attempt. Used by /spreads and /wheels.
 */
export function MarketBanner({ banner, nowMs, className = "" }: MarketBannerProps) {
  const view = describeMarketBanner(banner, nowMs);
  const tipId = useId();
  return (
    <section
      aria-label="Market status"
      data-testid="market-banner"
      className={`flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-ink-700 bg-ink-850 px-4 py-2.5 text-sm ${className}`}
    >
      <span className="flex items-center gap-2 font-semibold text-white">
        <span
          aria-hidden="true"
          className={`inline-block h-2.5 w-2.5 rounded-full ${view.open ? "bg-emerald-400" : "bg-slate-500"}`}
        />
        <span data-testid="market-status">{view.statusText}</span>
      </span>
      {view.closedNote ? <span className="text-slate-400">{view.closedNote}</span> : null}
      <span className="group relative ml-auto inline-flex items-center gap-1 text-slate-300">
        <button
          type="button"
          aria-describedby={tipId}
          className="rounded underline decoration-dotted underline-offset-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {MARKET_BANNER_TEXT.updated} <span data-testid="trades-updated">{view.updatedText ?? "N/A"}</span>
        </button>
        {view.stale ? (
          <span className="rounded bg-amber-900/60 px-1.5 py-0.5 text-xs text-amber-200">Delayed</span>
        ) : null}
        {view.simulated ? (
          <span className="rounded bg-sky-900/60 px-1.5 py-0.5 text-xs text-sky-200">
            {MARKET_BANNER_TEXT.simulated}
          </span>
        ) : null}
        <span
          id={tipId}
          role="tooltip"
          className="invisible absolute right-0 top-full z-30 mt-2 w-72 rounded-lg border border-ink-600 bg-ink-800 p-3 text-xs text-slate-200 opacity-0 shadow-xl transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
        >
          {view.tip.map((t) => (
            <span key={t.label} className="flex justify-between gap-3">
              <span className="text-slate-400">{t.label}</span>
              <span>{t.value}</span>
            </span>
          ))}
          {view.stale ? <span className="mt-2 block text-amber-200">{MARKET_BANNER_TEXT.stale}</span> : null}
        </span>
      </span>
    </section>
  );
}
