import { formatCalendarDate, formatChange, formatCount, formatPrice, formatRsi } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import type { TickerCardData } from "#app/lib/ticker-card.ts";

export type { TickerCardData };

const toneClass = {
  positive: "text-emerald-400",
  negative: "text-red-400",
  neutral: "text-slate-300",
} as const;

export function TickerCard({
  data,
  onDelete,
  deleting,
  footer,
}: {
  data: TickerCardData;
  onDelete?: React.ReactNode;
  deleting?: boolean;
  footer?: React.ReactNode;
}) {
  const change = formatChange(data.change_percentage);
  const rsi = formatRsi(data.last_rsi_value);
  return (
    <article
      className={`relative flex min-w-0 flex-col rounded-xl border border-ink-700 bg-ink-900 p-3 shadow-sm transition-opacity sm:p-4 ${deleting ? "opacity-50" : ""}`}
      aria-label={`${data.symbol} card`}
      data-testid={`ticker-card-${data.symbol}`}
    >
      {onDelete ? <div className="absolute right-2 top-2">{onDelete}</div> : null}
      <header
        className={`flex flex-wrap items-start justify-between gap-x-2 gap-y-1 ${onDelete ? "pr-6" : ""}`}
      >
        <div className="min-w-0">
          <h3 className="text-base font-semibold tracking-wide text-white sm:text-lg">{data.symbol}</h3>
          <p className="text-xl font-semibold tabular-nums text-white sm:text-2xl" data-testid="price">
            {data.current_price == null ? "N/A" : `$${formatPrice(data.current_price)}`}
          </p>
        </div>
        {change ? (
          <span
            className={`rounded-md bg-ink-800 px-2 py-1 text-xs font-semibold tabular-nums sm:text-sm ${toneClass[change.tone]}`}
            data-testid="change"
          >
            <span aria-hidden>{change.arrow}</span> {change.text}
            <span className="sr-only">{change.direction === "up" ? " up" : " down"}</span>
          </span>
        ) : (
          <span className="text-sm text-slate-500">N/A</span>
        )}
      </header>

      <dl className="mt-3 space-y-1.5 text-xs sm:mt-4 sm:text-sm">
        <div className="flex flex-wrap justify-between gap-x-2">
          <dt className="text-slate-400">Ex-dividend</dt>
          <dd className="tabular-nums text-slate-200" data-testid="ex-dividend">
            {formatCalendarDate(data.ex_dividend_date)}
            {data.ex_dividend_date && data.ex_dividend_estimated ? (
              <span
                className="ml-1 text-amber-300"
                title="Projected from the dividend schedule; not yet declared"
              >
                (est.)
              </span>
            ) : null}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-2">
          <dt className="text-slate-400">Next earnings</dt>
          <dd className="tabular-nums text-slate-200" data-testid="earnings">
            {formatCalendarDate(data.next_earnings_date)}
            {data.next_earnings_date && data.next_earnings_estimated ? (
              <span
                className="ml-1 text-amber-300"
                title="Projected from the company's reporting cadence; not yet announced"
              >
                (est.)
              </span>
            ) : null}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-2">
          <dt className="text-slate-400">RSI (14)</dt>
          <dd data-testid="rsi">
            {rsi ? (
              <span className="tabular-nums">
                <span className="text-slate-200">{rsi.text}</span>{" "}
                {data.rsi_value_trend ? (
                  <span
                    className={data.rsi_value_trend === "up" ? "text-emerald-400" : "text-red-400"}
                    aria-label={`trend ${data.rsi_value_trend}`}
                  >
                    {data.rsi_value_trend === "up" ? "↑" : "↓"}
                  </span>
                ) : null}{" "}
                <span className={`font-medium ${toneClass[rsi.tone]}`}>{rsi.label}</span>
              </span>
            ) : (
              <span className="text-slate-500">N/A</span>
            )}
          </dd>
        </div>
      </dl>

      <div className="mt-3 sm:mt-4">
        <p className="text-[11px] uppercase tracking-wide text-slate-500">News sentiment · 5 days</p>
        <div className="mt-1 grid grid-cols-3 gap-1 text-center tabular-nums" data-testid="sentiment">
          <div className="rounded bg-emerald-500/10 py-1" title="Positive headlines">
            <p className="text-sm font-semibold text-emerald-300">{formatCount(data.positive_5days)}</p>
            <p className="text-[10px] text-emerald-300/80">Positive</p>
          </div>
          <div className="rounded bg-slate-500/10 py-1" title="Neutral headlines">
            <p className="text-sm font-semibold text-slate-200">{formatCount(data.neutral_5days)}</p>
            <p className="text-[10px] text-slate-400">Neutral</p>
          </div>
          <div className="rounded bg-red-500/10 py-1" title="Negative headlines">
            <p className="text-sm font-semibold text-red-300">{formatCount(data.negative_5days)}</p>
            <p className="text-[10px] text-red-300/80">Negative</p>
          </div>
        </div>
      </div>

      {footer ?? (
        <p className="mt-auto pt-3 text-[11px] leading-relaxed text-slate-500" data-testid="as-of">
          {data.source === "demo" ? (
            <span className="mr-1 whitespace-nowrap rounded bg-amber-500/15 px-1.5 py-0.5 font-medium text-amber-300">
              Simulated data
            </span>
          ) : null}
          {data.stale ? (
            <span className="mr-1 rounded bg-red-500/15 px-1.5 py-0.5 font-medium text-red-300">Stale</span>
          ) : null}
          <span>As of {formatAsOf(data.asOf)}</span>
        </p>
      )}
    </article>
  );
}
