// One short put or call of a wheel campaign on /positions (decision 338), marked by the spreads' engine at the same
// cached chain: value at mid and at the cost to close, P&L in dollars and as a share of the premium (its max
// profit), days, POP, touch, greeks, the quote time and what the numbers assume; or why there is no number. "Find a
// roll" opens the spreads' roll finder on it, recording through the wheel ledger.
import { lazy, Suspense, useMemo, useState } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import {
  formatDecimal,
  formatPercent,
  formatRatioPercent,
  formatSharePercent,
  formatUsd,
} from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { MODEL_DESCRIPTION, PROBABILITY_LABEL } from "#app/lib/model-labels.ts";
import type { MarkView, WheelOptionView } from "#app/lib/positions/client.ts";
import { wheelRollSource } from "#app/lib/positions/rolls-client.ts";
import { legLabel } from "#app/components/positions/PositionCard.tsx";
import { Stat } from "#app/components/positions/Stat.tsx";
import { dateText, markStatusText, POSITIONS_TEXT } from "#app/components/positions/text.ts";

export const WHEEL_CARD_TEXT = {
  names: { CSP: "Cash-Secured Put", CC: "Covered Call" },
  marking: "Marking at the cached quotes\u2026",
  basis: (premium: string) =>
    `Premium ${premium} per share as you recorded it. Value at each quote's mid; cost to close at the natural price (bought back at the ask).`,
  rates: (rate: string, source: string, dividendYield: string) =>
    `Risk-free rate ${rate} (${source}), dividend yield ${dividendYield}. POP and touch ${PROBABILITY_LABEL}; ${MODEL_DESCRIPTION}.`,
  coveredCost: (cost: string) => `Shares at ${cost} per share (the campaign's premium-adjusted cost)`,
} as const;

const money = (v: number | null | undefined, digits = 2) => (v == null ? "N/A" : formatUsd(v, digits));
const signed = (v: number | null | undefined) => (v == null ? "N/A" : `${v > 0 ? "+" : ""}${formatUsd(v)}`);

/** The card's status line: loading, no chain, a leg without a quote, stale with its time; null when current. */
function statusOf(option: WheelOptionView, view: MarkView | undefined): string | null {
  if (!view) return null;
  if (view.kind === "no_chain") return POSITIONS_TEXT.noChain;
  const leg = {
    right: option.kind === "CSP" ? ("put" as const) : ("call" as const),
    side: "short" as const,
    strike: option.strike,
    expiration: option.expiration,
  };
  return markStatusText(view.mark.status, view.quoteTime, [legLabel(leg)]);
}

// The finder's dialog and its numbers load when asked for, off the page's first load.
const RollFinder = lazy(() => import("#app/components/positions/RollFinder.tsx"));

function FindAWheelRoll({
  option,
  today,
  onRecorded,
}: {
  option: WheelOptionView;
  today: string;
  onRecorded: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  const source = useMemo(() => wheelRollSource(option, today, onRecorded), [option, today, onRecorded]);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`Find a roll for ${option.symbol}`}
      >
        Find a roll
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <RollFinder source={source} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** `today` (New York) and `onRecorded` (the page's reload) offer the roll finder; without them, the numbers only. */
export function WheelOptionCard({
  option,
  view,
  today,
  onRecorded,
}: {
  option: WheelOptionView;
  view?: MarkView;
  today?: string;
  onRecorded?: () => unknown;
}) {
  const marked = view?.kind === "marked" ? view : null;
  const mark = marked?.mark ?? null;
  const stale = mark?.status === "stale";
  const status = statusOf(option, view);
  const name = WHEEL_CARD_TEXT.names[option.kind];
  const valued = mark !== null && mark.valueNatural !== null;
  const stats: { label: string; testId?: string; value: React.ReactNode; note?: string }[] = [
    { label: "Value at mid", testId: "value-mid", value: money(mark?.valueMid), note: "per share" },
    {
      label: "Cost to close",
      testId: "value-natural",
      value: money(mark?.valueNatural),
      note: "per share, natural",
    },
    {
      label: "P&L",
      testId: "pnl",
      value: (
        <span className={(mark?.pnlNatural ?? 0) < 0 ? "text-red-300" : "text-emerald-300"}>
          {signed(mark?.pnlNatural)}
        </span>
      ),
      note: valued
        ? `${formatSharePercent(mark.pnlNaturalPercentOfMaxProfit)} of max profit · ${signed(mark.pnlMid)} at mid`
        : undefined,
    },
    { label: "Max profit", value: money(mark?.maxProfit, 0), note: "the premium" },
    {
      label: "Days held / left",
      testId: "days",
      value: `${mark?.daysHeld ?? "N/A"} / ${mark?.daysLeft ?? "N/A"}`,
    },
    { label: "POP", testId: "pop", value: formatPercent(mark?.popPercent, 0) },
    { label: "Touch", value: formatPercent(mark?.touchPercent, 0) },
    {
      label: "Delta / theta / vega",
      testId: "greeks",
      value: `${mark?.deltaShares == null ? "N/A" : formatDecimal(mark.deltaShares, 1)} / ${money(mark?.thetaDollarsPerDay)} / ${money(mark?.vegaDollarsPerVolPoint)}`,
      note: "shares, $ a day, $ a vol point",
    },
  ];
  return (
    <article
      className="rounded-xl border border-ink-700 bg-ink-850 p-4"
      aria-label={`${option.symbol} ${name}`}
      data-testid="wheel-option-card"
      aria-busy={view === undefined}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-white">
            {option.symbol} <span className="text-slate-300">{name}</span>
          </h3>
          <p className="text-sm text-slate-400">
            short {formatUsd(option.strike)} {option.kind === "CSP" ? "put" : "call"} · {option.contracts}{" "}
            contract{option.contracts === 1 ? "" : "s"} · sold {dateText(option.openedOn)} at{" "}
            {formatUsd(option.premium)} · expires {dateText(option.expiration)}
          </p>
          {option.stockCostPerShare !== null ? (
            <p className="text-xs text-slate-400">
              {WHEEL_CARD_TEXT.coveredCost(formatUsd(option.stockCostPerShare))}
            </p>
          ) : null}
        </div>
        {marked?.quoteTime && !stale ? (
          <span className="text-xs text-slate-400" data-testid="quote-time">
            Quotes {formatAsOf(marked.quoteTime)}
          </span>
        ) : null}
      </header>
      {today && onRecorded ? (
        <div className="mt-2 flex justify-end">
          <FindAWheelRoll option={option} today={today} onRecorded={onRecorded} />
        </div>
      ) : null}
      {view === undefined ? (
        <p className="mt-2 text-sm text-slate-400" role="status" data-testid="mark-loading">
          {WHEEL_CARD_TEXT.marking}
        </p>
      ) : status ? (
        <p
          className={`mt-2 rounded-md px-2 py-1 text-sm ${stale ? "bg-amber-950/60 text-amber-200" : "bg-ink-900 text-slate-300"}`}
          data-testid="mark-status"
        >
          {status}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {stats.map((s) => (
          <Stat key={s.label} label={s.label} testId={s.testId}>
            {s.value}
            {s.note ? <span className="block text-xs font-normal text-slate-400">{s.note}</span> : null}
          </Stat>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-400" data-testid="mark-assumptions">
        {WHEEL_CARD_TEXT.basis(formatUsd(option.premium))}
        {marked
          ? ` ${WHEEL_CARD_TEXT.rates(
              formatRatioPercent(marked.assumptions.rate),
              marked.assumptions.rateSource,
              formatRatioPercent(marked.assumptions.dividendYield ?? 0),
            )}`
          : null}
      </p>
    </article>
  );
}
