// The loading placeholder of a ticker card (/tickers), apart from the card so pages without it do not load it.
export function TickerCardSkeleton() {
  return (
    <div
      className="animate-pulse rounded-xl border border-ink-700 bg-ink-900 p-4"
      aria-hidden
      data-testid="ticker-skeleton"
    >
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
