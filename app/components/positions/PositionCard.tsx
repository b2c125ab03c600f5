// One open position (decision 334): the engine's mark at the cached quotes (value at mid and at the cost to close,
// P&L in dollars and as a share of the max profit, days, POP, touch, greeks, the quote time), or why there is no
// number (stale with its time, the leg without a quote); its daily P&L chart, alert settings and actions.
import { lazy, Suspense, useMemo, useState } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import { formatDecimal, formatPercent, formatSharePercent, formatUsd } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import type { OpenPositionView, PositionLegInput } from "#app/lib/positions/client.ts";
import { positionRollSource } from "#app/lib/positions/rolls-client.ts";
import { AlertSettings } from "#app/components/positions/AlertSettings.tsx";
import { PnlChart } from "#app/components/positions/PnlChart.tsx";
import { PositionActions } from "#app/components/positions/PositionActions.tsx";
import { Stat } from "#app/components/positions/Stat.tsx";
import { testedShortLegs } from "#app/engine/positions/alerts.ts";
import {
  dateText,
  markStatusText,
  POSITIONS_TEXT,
  STRATEGY_NAMES,
  testedText,
} from "#app/components/positions/text.ts";
import type { SendChange } from "#app/components/positions/use-position-change.ts";

export const legLabel = (l: PositionLegInput) =>
  `${l.side} ${formatDecimal(l.strike, 2).replace(/\.00$/, "")} ${l.right}`;

const money = (v: number | null, digits = 2) => (v === null ? "N/A" : formatUsd(v, digits));
const signed = (v: number | null) => (v === null ? "N/A" : `${v > 0 ? "+" : ""}${formatUsd(v)}`);
const tone = (v: number | null) =>
  v === null ? "text-slate-300" : v >= 0 ? "text-emerald-300" : "text-red-300";

export function LegChips({ legs }: { legs: readonly PositionLegInput[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5 text-xs" aria-label="Legs">
      {legs.map((l, i) => (
        <li
          key={i}
          className={`rounded px-2 py-0.5 ${l.side === "short" ? "bg-red-950/60 text-red-200" : "bg-emerald-950/60 text-emerald-200"}`}
        >
          {legLabel(l)}
        </li>
      ))}
    </ul>
  );
}

// The finder's dialog and its numbers load when asked for, off the page's first load.
const RollFinder = lazy(() => import("#app/components/positions/RollFinder.tsx"));

function FindARoll({
  position,
  today,
  send,
}: {
  position: OpenPositionView["position"];
  today: string;
  send: SendChange;
}) {
  const [open, setOpen] = useState(false);
  const source = useMemo(() => positionRollSource(position, today, send), [position, today, send]);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`Find a roll for ${position.symbol}`}
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

export function PositionCard({
  view,
  today,
  alertsAllowed,
  send,
}: {
  view: OpenPositionView;
  today: string;
  alertsAllowed: boolean;
  send: SendChange;
}) {
  const { position: p, mark: markView, daily } = view;
  const mark = markView.kind === "marked" ? markView.mark : null;
  const quoteTime = markView.kind === "marked" ? markView.quoteTime : null;
  const status =
    markView.kind === "no_chain"
      ? POSITIONS_TEXT.noChain
      : markStatusText(
          markView.mark.status,
          quoteTime,
          markView.mark.missingLegIndexes.map((i) => legLabel(p.legs[i]!)),
        );
  const name = STRATEGY_NAMES[p.strategy] ?? p.strategy;
  const stale = mark?.status === "stale";
  // The tested rule's test now, at the position's own tested distance (the alert adds its re-arm band).
  const tested =
    mark && (mark.status === "ok" || stale)
      ? testedShortLegs(p.legs, mark, p.settings.testedDistancePercent)
      : [];
  return (
    <article
      // A position alert's push and email link here (/positions#position-<id>).
      id={`position-${p.id}`}
      className="scroll-mt-20 rounded-xl border border-ink-700 bg-ink-850 p-4"
      aria-label={`${p.symbol} ${name}`}
      data-testid="position-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-white">
            {p.symbol} <span className="text-slate-300">{name}</span>
          </h3>
          <p className="text-sm text-slate-400">
            {p.contracts} contract{p.contracts === 1 ? "" : "s"} · opened {dateText(p.openedOn)} at{" "}
            {formatUsd(p.openCredit)} credit · expires {dateText(p.expiration)}
          </p>
        </div>
        {quoteTime && !stale ? (
          <span className="text-xs text-slate-400" data-testid="quote-time">
            Quotes {formatAsOf(quoteTime)}
          </span>
        ) : null}
      </header>
      <LegChips legs={p.legs} />
      {tested.map((t) => (
        <p
          key={t.legIndex}
          className="mt-2 rounded-md bg-red-950/50 px-2 py-1 text-sm text-red-200"
          data-testid="strike-tested"
        >
          {testedText(p.legs[t.legIndex]!, t, mark!.spot)}
        </p>
      ))}
      {status ? (
        <p
          className={`mt-2 rounded-md px-2 py-1 text-sm ${stale ? "bg-amber-950/60 text-amber-200" : "bg-ink-900 text-slate-300"}`}
          data-testid="mark-status"
        >
          {status}
        </p>
      ) : null}
      <div className="mt-3 grid gap-4 md:grid-cols-[1fr_18rem]">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <Stat label="Value at mid" testId="value-mid">
            {money(mark?.valueMid ?? null)}
            <span className="block text-xs font-normal text-slate-400">per share</span>
          </Stat>
          <Stat label="Cost to close" testId="value-natural">
            {money(mark?.valueNatural ?? null)}
            <span className="block text-xs font-normal text-slate-400">per share, natural</span>
          </Stat>
          <Stat label="P&L" testId="pnl">
            <span className={tone(mark?.pnlNatural ?? null)}>{signed(mark?.pnlNatural ?? null)}</span>
            <span className="block text-xs font-normal text-slate-400">
              {formatSharePercent(mark?.pnlNaturalPercentOfMaxProfit ?? null)} of max profit
              {mark?.pnlMid != null ? ` · ${signed(mark.pnlMid)} at mid` : ""}
            </span>
          </Stat>
          <Stat label="Max profit / loss">
            {money(mark?.maxProfit ?? null, 0)} / {money(mark?.maxLoss ?? null, 0)}
          </Stat>
          <Stat label="Days held / left" testId="days">
            {mark?.daysHeld ?? "N/A"} / {mark?.daysLeft ?? "N/A"}
          </Stat>
          <Stat label="POP" testId="pop">
            {formatPercent(mark?.popPercent ?? null, 0)}
          </Stat>
          <Stat label="Touch">{formatPercent(mark?.touchPercent ?? null, 0)}</Stat>
          <Stat label="Delta / theta / vega" testId="greeks">
            <span className="text-sm">
              {mark?.deltaShares == null ? "N/A" : formatDecimal(mark.deltaShares, 1)} /{" "}
              {money(mark?.thetaDollarsPerDay ?? null)} / {money(mark?.vegaDollarsPerVolPoint ?? null)}
            </span>
            <span className="block text-xs font-normal text-slate-400">shares, $ a day, $ a vol point</span>
          </Stat>
        </dl>
        <PnlChart points={daily} maxProfit={mark?.maxProfit ?? null} symbol={p.symbol} />
      </div>
      <div className="mt-3 grid gap-3">
        <AlertSettings position={p} allowed={alertsAllowed} send={send} />
        <div className="flex flex-wrap gap-2">
          <FindARoll position={p} today={today} send={send} />
          <PositionActions position={p} today={today} costToClose={mark?.valueNatural ?? null} send={send} />
        </div>
      </div>
    </article>
  );
}
