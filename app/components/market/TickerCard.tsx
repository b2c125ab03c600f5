import { formatAsOf, formatCalendarDate, formatChange, formatPrice, formatRsi } from "../../lib/format";
import type { TickerCardData } from "../../lib/ticker-card";

export type { TickerCardData };


const toneClass = { positive: "text-emerald-400", negative: "text-red-400", neutral: "text-slate-300" } as const;

export function TickerCard({ data, onDelete, deleting, footer }: { data: TickerCardData; onDelete?: React.ReactNode; deleting?: boolean; footer?: React.ReactNode }) {
  const change = formatChange(data.change_percentage);
  const rsi = formatRsi(data.last_rsi_value);
  return (
    <article
      className={`flex flex-col rounded-xl border border-ink-700 bg-ink-900 p-4 shadow-sm transition-opacity ${deleting ? "opacity-50" : ""}`}
      aria-label={`${data.symbol} card`}
      data-testid={`ticker-card-${data.symbol}`}
    >
      <header className="flex items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold tracking-wide text-white">{data.symbol}</h3>
          <p className="text-2xl font-semibold tabular-nums text-white" data-testid="price">
            {data.current_price == null ? "N/A" : `$${formatPrice(data.current_price)}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {change ? (
            <span className={`rounded-md bg-ink-800 px-2 py-1 text-sm font-semibold tabular-nums ${toneClass[change.tone]}`} data-testid="change">
              <span aria-hidden>{change.arrow}</span> {change.text}
              <span className="sr-only">{change.direction === "up" ? " up" : " down"}</span>
            </span>
          ) : (
            <span className="text-sm text-slate-500">N/A</span>
          )}
          {onDelete}
        </div>
      </header>

      <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-400">Ex-dividend</dt>
        <dd className="text-right tabular-nums text-slate-200" data-testid="ex-dividend">{formatCalendarDate(data.ex_dividend_date)}</dd>
        <dt className="text-slate-400">Next earnings</dt>
        <dd className="text-right tabular-nums text-slate-200" data-testid="earnings">
          {formatCalendarDate(data.next_earnings_date)}
          {data.next_earnings_date && data.next_earnings_estimated ? (
            <span className="ml-1 text-xs text-amber-300" title="Projected from the company's reporting cadence; not yet announced">(est.)</span>
          ) : null}
        </dd>
        <dt className="text-slate-400">RSI (14)</dt>
        <dd className="text-right" data-testid="rsi">
          {rsi ? (
            <span className="tabular-nums">
              <span className="text-slate-200">{rsi.text}</span>{" "}
              {data.rsi_value_trend ? (
                <span className={data.rsi_value_trend === "up" ? "text-emerald-400" : "text-red-400"} aria-label={`trend ${data.rsi_value_trend}`}>
                  {data.rsi_value_trend === "up" ? "↑" : "↓"}
                </span>
              ) : null}{" "}
              <span className={`text-xs font-medium ${toneClass[rsi.tone]}`}>{rsi.label}</span>
            </span>
          ) : (
            <span className="text-slate-500">N/A</span>
          )}
        </dd>
      </dl>

      <div className="mt-4">
        <p className="text-xs uppercase tracking-wide text-slate-500">News sentiment (5 days)</p>
        <div className="mt-1 flex gap-2 text-sm tabular-nums" data-testid="sentiment">
          <span className="rounded bg-emerald-500/10 px-2 py-0.5 text-emerald-300" title="Positive headlines">+{data.positive_5days ?? 0} positive</span>
          <span className="rounded bg-slate-500/10 px-2 py-0.5 text-slate-300" title="Neutral headlines">{data.neutral_5days ?? 0} neutral</span>
          <span className="rounded bg-red-500/10 px-2 py-0.5 text-red-300" title="Negative headlines">−{data.negative_5days ?? 0} negative</span>
        </div>
      </div>

      {footer ?? (
        <p className="mt-auto pt-4 text-xs text-slate-500" data-testid="as-of">
          {data.source === "demo" ? <span className="mr-1 rounded bg-amber-500/15 px-1.5 py-0.5 font-medium text-amber-300">Simulated data</span> : null}
          {data.stale ? <span className="mr-1 rounded bg-red-500/15 px-1.5 py-0.5 font-medium text-red-300">Stale</span> : null}
          As of {formatAsOf(data.asOf)}
        </p>
      )}
    </article>
  );
}

export function TickerCardSkeleton() {
  return (
    <div className="animate-pulse rounded-xl border border-ink-700 bg-ink-900 p-4" aria-hidden data-testid="ticker-skeleton">
      <div className="h-5 w-16 rounded bg-ink-700" />
      <div className="mt-2 h-7 w-28 rounded bg-ink-700" />
      <div className="mt-5 space-y-2">
        <div className="h-4 rounded bg-ink-800" />
        <div className="h-4 rounded bg-ink-800" />
        <div className="h-4 rounded bg-ink-800" />
      </div>
      <div className="mt-5 h-6 w-3/4 rounded bg-ink-800" />
    </div>
  );
}
