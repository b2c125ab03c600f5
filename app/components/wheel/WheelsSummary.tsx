// The /wheels figures over the shown strategies: the phone's sticky header, the summary cards and the empty state.
import { buttonClass } from "#app/components/ui/button-class.ts";
import { Link } from "react-router";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { formatCompactMoney, formatPercent } from "#app/lib/format.ts";
import { displayPremium, WHEEL_MESSAGES, type WheelStrategy, type WheelType } from "#app/lib/wheel/wheel.ts";

export const pct = (v: number | null) => formatPercent(v, 1);
const avg = (list: WheelStrategy[], f: (s: WheelStrategy) => number) =>
  list.length ? list.reduce((a, s) => a + f(s), 0) / list.length : null;

/**
 * Income if the best put of each ticker were sold until the cash is committed (best annualized first):
 * the honest reading of "potential income" when every row is sized to the same cash.
 */
function potentialIncome(list: WheelStrategy[], cash: number): number {
  const best = new Map<string, WheelStrategy>();
  for (const s of [...list].sort((a, b) => b.annualizedReturn - a.annualizedReturn))
    if (!best.has(s.symbol)) best.set(s.symbol, s);
  let left = cash;
  let income = 0;
  for (const s of best.values()) {
    const collateral = Number(s.cashRequired ?? 0);
    if (collateral > 0 && collateral <= left) {
      left -= collateral;
      income += displayPremium(s);
    }
  }
  return income;
}

export interface FigureCard {
  label: string;
  value: string;
  sub?: string;
  tip?: string;
}

/** The three cards over the shown rows (desktop) and the phone header's three mini cards. */
export function strategyFigures(
  tab: WheelType,
  visible: WheelStrategy[],
  cash: number,
  /** The positions' worth at the screen's prices (at cost without one). */
  portfolioValue: number,
  positionCount: number,
): { summary: FigureCard[]; mini: FigureCard[] } {
  const avgReturn = avg(visible, (s) => s.annualizedReturn);
  // The annual average carries the average period return and holding period beside it.
  const avgPeriod = avg(visible, (s) => Number(s.period_return ?? s.returnOnCapital));
  const avgDays = avg(visible, (s) => s.daysToExpiration);
  const summary: FigureCard[] = [
    {
      label: "Annual Avg Return",
      value: pct(avgReturn),
      sub:
        avgPeriod === null || avgDays === null
          ? undefined
          : `avg ${pct(avgPeriod)} in ${Math.round(avgDays)}d`,
    },
    { label: "Opportunities", value: String(visible.length) },
    tab === "CSP"
      ? {
          label: "Potential Income",
          value: formatCompactMoney(potentialIncome(visible, cash)),
          tip: "Best put per ticker, sold until the cash is committed",
        }
      : { label: "Portfolio Value", value: formatCompactMoney(portfolioValue) },
  ];
  const mini: FigureCard[] = [
    { label: "Avg Return", value: pct(avgReturn) },
    { label: "Found", value: String(visible.length) },
    tab === "CSP"
      ? { label: "Cash", value: formatCompactMoney(cash, "K") }
      : { label: "Positions", value: String(positionCount) },
  ];
  return { summary, mini };
}

/** Mobile sticky header: count, filters and settings toggles, three mini cards. */
export function MobileHeader({
  tab,
  loading,
  count,
  cards,
  showFilters,
  onToggleFilters,
  showSettings,
  onToggleSettings,
}: {
  tab: WheelType;
  loading: boolean;
  count: number;
  cards: FigureCard[];
  showFilters: boolean;
  onToggleFilters: () => void;
  showSettings: boolean;
  onToggleSettings: () => void;
}) {
  return (
    <div
      className="sticky top-0 z-20 -mx-4 mb-3 border-b border-ink-700 bg-ink-950/95 px-4 py-2 backdrop-blur md:hidden"
      data-testid="mobile-header"
    >
      <div className="flex items-center justify-between">
        <span className="text-sm text-slate-300">
          <strong className="text-white">{loading ? "..." : count}</strong> {tab} strategies
        </span>
        <div className="flex gap-2">
          <button
            type="button"
            aria-expanded={showFilters}
            onClick={onToggleFilters}
            className="rounded-md border border-ink-600 px-2 py-1 text-xs text-slate-200"
          >
            Filters
          </button>
          <button
            type="button"
            aria-expanded={showSettings}
            onClick={onToggleSettings}
            className="rounded-md border border-ink-600 px-2 py-1 text-xs text-slate-200"
          >
            Settings
          </button>
        </div>
      </div>
      <div className="mt-2 grid grid-cols-3 gap-2 text-center">
        {cards.map((c) => (
          <div key={c.label} className="rounded-lg bg-ink-900 px-2 py-1">
            <div className="text-[10px] uppercase text-slate-500">{c.label}</div>
            <div className="text-sm font-semibold tabular-nums text-white">{c.value}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function SummaryCards({ cards, loading }: { cards: FigureCard[]; loading: boolean }) {
  return (
    <div className="mb-4 hidden grid-cols-3 gap-3 md:grid" data-testid="summary-cards">
      {cards.map((c) => (
        <div key={c.label} className="rounded-xl border border-ink-700 bg-ink-900 px-4 py-3" title={c.tip}>
          <div className="text-xs uppercase tracking-wide text-slate-400">{c.label}</div>
          <div className="mt-1 text-2xl font-semibold tabular-nums text-white">
            {loading ? "..." : c.value}
          </div>
          {c.sub && !loading ? (
            <div className="text-xs tabular-nums text-slate-400" data-testid="avg-period-return">
              {c.sub}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

export function EmptyState({
  tab,
  isFree,
  hasPositions,
  empty,
  error,
}: {
  tab: WheelType;
  isFree: boolean;
  hasPositions: boolean;
  /** Tickers the market gives no strategy (those the cash alone leaves out are named by the cash sentence). */
  empty: string[];
  error: string | null;
}) {
  if (tab === "CC" && isFree)
    return (
      <div
        className="rounded-xl border border-dashed border-ink-600 p-6 text-center"
        data-testid="cc-free-empty"
      >
        <p className="mx-auto max-w-xl text-slate-300">{REFUSAL_MESSAGES.freePositions}</p>
        <Link to="/pricing" className={buttonClass({ className: "mt-4" })}>
          Upgrade
        </Link>
      </div>
    );
  const hint =
    tab === "CC" && !hasPositions
      ? "Add your stock positions to see covered call ideas."
      : tab === "CSP"
        ? "Try more cash, another risk level, or wider filters."
        : "Try another risk level or wider filters, or add positions.";
  return (
    <div className="rounded-xl border border-dashed border-ink-600 p-6 text-center" data-testid="empty-state">
      <p className="text-lg font-semibold text-white">{WHEEL_MESSAGES.noStrategiesYet}</p>
      <p className="mt-1 text-slate-300">{tab === "CSP" ? WHEEL_MESSAGES.noCsp : WHEEL_MESSAGES.noCc}</p>
      <p className="mt-1 text-sm text-slate-400">{hint}</p>
      {tab === "CSP" && empty.length ? (
        <p className="mt-2 text-sm text-slate-400">No profitable CSP strategy for: {empty.join(", ")}</p>
      ) : null}
      {error ? <p className="mt-2 text-sm text-red-400">{error}</p> : null}
    </div>
  );
}
