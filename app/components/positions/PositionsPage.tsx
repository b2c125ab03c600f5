// /positions (decision 334): the open spreads marked now, the wheel's open short options marked by the same engine
// (decision 338), the closed positions.
// A plan without open positions (Free) sees the plan's words and a link to /pricing.
import { Suspense, useCallback, useState } from "react";
import { Await, Link, useAsyncError, useNavigation, useRevalidator } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { PageHeading } from "#app/components/ui/PageHeading.tsx";
import { formatUsd } from "#app/lib/format.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { ASSIGN_TEXT, assignOutcomeText, type AssignOutcome } from "#app/lib/positions/assignment.ts";
import type {
  MarkView,
  OpenPositionView,
  PositionRecord,
  PositionsPageData,
  WheelOptionView,
} from "#app/lib/positions/client.ts";
import { LegChips, PositionCard } from "#app/components/positions/PositionCard.tsx";
import { CLOSE_REASONS, dateText, POSITIONS_TEXT, STRATEGY_NAMES } from "#app/components/positions/text.ts";
import { usePositionChange, type SendChange } from "#app/components/positions/use-position-change.ts";
import { ReportAssignment } from "#app/components/positions/assign-outcome.ts";
import { PositionsError } from "#app/components/positions/PositionsError.tsx";
import { BookRisk } from "#app/components/positions/BookRisk.tsx";
import { WheelOptionCard } from "#app/components/positions/WheelOptionCard.tsx";
import { HandEntryButton } from "#app/components/positions/HandEntryButton.tsx";

const linkLook = buttonClass({ variant: "secondary", size: "sm" });

function ClosedList({ closed }: { closed: PositionRecord[] }) {
  if (closed.length === 0) return <p className="text-sm text-slate-400">{POSITIONS_TEXT.noClosed}</p>;
  return (
    <ul className="grid gap-2" data-testid="closed-positions">
      {closed.map((p) => (
        <li
          key={p.id}
          className="rounded-lg border border-ink-700 bg-ink-850 px-3 py-2 text-sm"
          aria-label={`${p.symbol} closed`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold text-white">
              {p.symbol}{" "}
              <span className="font-normal text-slate-300">{STRATEGY_NAMES[p.strategy] ?? p.strategy}</span>
            </span>
            <span
              className={p.realizedPnl !== null && p.realizedPnl < 0 ? "text-red-300" : "text-emerald-300"}
            >
              {p.realizedPnl === null ? "N/A" : `${p.realizedPnl > 0 ? "+" : ""}${formatUsd(p.realizedPnl)}`}
            </span>
          </div>
          <p className="text-slate-400">
            {p.closeReason ? CLOSE_REASONS[p.closeReason] : "Closed"} {dateText(p.closedOn)} · opened{" "}
            {dateText(p.openedOn)} at {formatUsd(p.openCredit)}, closed at{" "}
            {p.closeDebit === null ? "N/A" : formatUsd(p.closeDebit)} per share · {p.contracts} contract
            {p.contracts === 1 ? "" : "s"}
          </p>
          <LegChips legs={p.legs} />
        </li>
      ))}
    </ul>
  );
}

function WheelCards({
  options,
  marks,
  today,
}: {
  options: WheelOptionView[];
  marks?: Record<string, MarkView>;
  today: string;
}) {
  // A roll recorded in the wheel ledger: the page reads its options again.
  const revalidator = useRevalidator();
  const reload = useCallback(() => revalidator.revalidate(), [revalidator]);
  return (
    <ul className="mt-3 grid gap-4" data-testid="wheel-options">
      {options.map((o) => (
        <li key={o.key}>
          <WheelOptionCard option={o} view={marks?.[o.key]} today={today} onRecorded={reload} />
        </li>
      ))}
    </ul>
  );
}

function WheelList({
  options,
  marks,
  error,
  today,
}: {
  options: WheelOptionView[];
  marks: PositionsPageData["wheelMarks"];
  error: boolean;
  today: string;
}) {
  return (
    <section className="mt-8" aria-labelledby="wheel-heading">
      <h2 id="wheel-heading" className="text-lg font-semibold text-white">
        {POSITIONS_TEXT.wheelHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        {POSITIONS_TEXT.wheelNote}{" "}
        <Link to="/wheels/campaigns" className="text-brand-400 underline">
          Campaigns
        </Link>
      </p>
      {error ? <p className="mt-2 text-sm text-amber-200">{POSITIONS_TEXT.wheelError}</p> : null}
      {/* The options show at once; their marks when the chains are read (the spreads' read, shared). */}
      <Suspense fallback={<WheelCards options={options} today={today} />}>
        <Await resolve={marks} errorElement={<MarksFailed />}>
          {(marked) => <WheelCards options={options} marks={marked} today={today} />}
        </Await>
      </Suspense>
    </section>
  );
}

function OpenList({
  open,
  data,
  send,
  report,
}: {
  open: OpenPositionView[];
  data: PositionsPageData;
  send: SendChange;
  report: (outcome: AssignOutcome) => void;
}) {
  return (
    <ReportAssignment.Provider value={report}>
      <div className="mt-3 grid gap-4">
        {open.map((view) => (
          <PositionCard
            key={view.position.id}
            view={view}
            today={data.today}
            alertsAllowed={data.alertsAllowed}
            send={send}
          />
        ))}
      </div>
    </ReportAssignment.Provider>
  );
}

/** While the marks are read: one placeholder per open position. */
function OpenSkeletons({ count }: { count: number }) {
  return (
    <div
      className="mt-3 grid gap-4"
      data-testid="positions-loading"
      aria-busy="true"
      aria-label={POSITIONS_TEXT.loading}
    >
      {Array.from({ length: Math.min(count, 5) }, (_, i) => (
        <div key={i} className="animate-pulse rounded-xl border border-ink-700 bg-ink-850 p-4">
          <div className="h-5 w-48 rounded bg-ink-700" />
          <div className="mt-2 h-3 w-64 rounded bg-ink-700" />
          <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {Array.from({ length: 8 }, (_, j) => (
              <div key={j} className="h-8 rounded bg-ink-700" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

function MarksFailed() {
  useAsyncError();
  return <PositionsError inline />;
}

/** What came of the last assignment: its shares, and whether the wheel ledger took them (or its words). */
function AssignNotice({ outcome, onDismiss }: { outcome: AssignOutcome; onDismiss: () => void }) {
  return (
    <div
      role="status"
      className={`mb-5 flex flex-wrap items-center gap-3 rounded-xl border p-3 text-sm ${outcome.added ? "border-emerald-700/60 bg-emerald-950/40 text-emerald-100" : "border-amber-700/60 bg-amber-950/40 text-amber-100"}`}
      data-testid="assign-outcome"
    >
      <p className="flex-1">{assignOutcomeText(outcome)}</p>
      <Link to="/wheels/campaigns" className={linkLook}>
        {ASSIGN_TEXT.campaigns}
      </Link>
      <button type="button" className="text-xs underline" onClick={onDismiss}>
        {ASSIGN_TEXT.dismiss}
      </button>
    </div>
  );
}

export function PositionsPage({ data }: { data: PositionsPageData }) {
  const send = usePositionChange(data.version);
  const revalidator = useRevalidator();
  const [assigned, setAssigned] = useState<AssignOutcome | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/positions";
  return (
    <div aria-busy={busy}>
      <PageHeading title={POSITIONS_TEXT.title} subtitle={POSITIONS_TEXT.subtitle} />
      {assigned ? <AssignNotice outcome={assigned} onDismiss={() => setAssigned(null)} /> : null}
      <div className="-mt-3 mb-5 flex flex-wrap items-center gap-3 text-sm text-slate-400">
        {data.canOpen ? (
          <span data-testid="open-count">{POSITIONS_TEXT.limit(data.openCount, data.limit)}</span>
        ) : null}
        <Link to="/spreads" className={linkLook}>
          {POSITIONS_TEXT.findIdeas}
        </Link>
        {data.canOpen ? <HandEntryButton onSaved={() => void revalidator.revalidate()} /> : null}
        <Link to="/wheels/campaigns" className={linkLook}>
          Wheel campaigns
        </Link>
        {busy ? (
          <span role="status" className="text-slate-300">
            {POSITIONS_TEXT.updating}
          </span>
        ) : null}
      </div>
      {data.canOpen ? null : (
        <div
          className="mb-6 rounded-xl border border-amber-700/60 bg-amber-950/40 p-4 text-amber-100"
          data-testid="positions-upgrade"
        >
          <p>{REFUSAL_MESSAGES.freeOpenPositions}</p>
          <Link to="/pricing" className={buttonClass({ size: "sm", className: "mt-3" })}>
            {POSITIONS_TEXT.upgrade}
          </Link>
        </div>
      )}
      <section aria-labelledby="open-heading">
        <h2 id="open-heading" className="text-lg font-semibold text-white">
          {POSITIONS_TEXT.openHeading}
        </h2>
        {data.openCount === 0 ? (
          <p
            className="mt-2 rounded-xl border border-dashed border-ink-700 p-4 text-sm text-slate-300"
            data-testid="positions-empty"
          >
            {POSITIONS_TEXT.noOpen}
          </p>
        ) : (
          <Suspense fallback={<OpenSkeletons count={data.openCount} />}>
            <Await resolve={data.open} errorElement={<MarksFailed />}>
              {(open) => <OpenList open={open} data={data} send={send} report={setAssigned} />}
            </Await>
          </Suspense>
        )}
      </section>
      {data.wheel.length > 0 || data.wheelError ? (
        <WheelList options={data.wheel} marks={data.wheelMarks} error={data.wheelError} today={data.today} />
      ) : null}
      <BookRisk />
      <section className="mt-8" aria-labelledby="closed-heading">
        <h2 id="closed-heading" className="mb-3 text-lg font-semibold text-white">
          {POSITIONS_TEXT.closedHeading}
        </h2>
        <ClosedList closed={data.closed} />
        {data.closedRemaining > 0 ? (
          // A link: the page size lives in the address, so it works before hydration and a reload keeps it.
          <Link
            to={`?closed=${data.nextClosed}`}
            replace
            preventScrollReset
            className={buttonClass({ variant: "secondary", size: "sm", block: true, className: "mt-3" })}
            data-testid="closed-more"
          >
            {POSITIONS_TEXT.showMore(data.closedRemaining)}
          </Link>
        ) : null}
      </section>
    </div>
  );
}
