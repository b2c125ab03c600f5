// The roll finder of one open position: the server's candidates (later expirations, same strikes, further out, a
// condor's untested side closer), each with its net credit or debit at the fill basis, POP, breakevens, DTE and
// max loss, best quality score first; the cost to close and "Close instead" when no roll pays a credit; and the
// sentence that a credit roll is not a profit. Where it loads from and how it records come with `source`
// (rolls-client.ts): a spread's through the positions API, a wheel option's (with the campaign's new adjusted
// basis per candidate, and for a covered call the choice of strikes below it) through the wheel's.
import { useEffect, useState } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { formatDecimal, formatPercent, formatUsd } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { ROLL_MESSAGES, type RollCandidate, type RollsView } from "#app/lib/positions/rolls.ts";
import type { RollRecordAnswer, RollSource } from "#app/lib/positions/rolls-client.ts";
import { FormError, type FormErrorState } from "#app/components/positions/FormError.tsx";
import { dateText } from "#app/components/positions/text.ts";

const MOVES: Record<RollCandidate["move"], string> = {
  same: "Same strikes",
  out: "Further out of the money",
  in: "Untested side closer",
  out_in: "Tested side out, untested side closer",
};

const STATUS_TEXT: Partial<Record<RollsView["status"], string>> = {
  no_chain: ROLL_MESSAGES.noChain,
  missing_leg: ROLL_MESSAGES.missingLeg,
  no_candidates: ROLL_MESSAGES.noCandidates,
};

const strike = (k: number) => formatDecimal(k, 2).replace(/\.00$/, "");
const legsText = (c: RollCandidate) =>
  c.legs.map((l) => `${l.side} ${strike(l.strike)} ${l.right}`).join(" / ");

function NetText({ net, dollars }: { net: number; dollars: number }) {
  const credit = net > 0;
  return (
    <span className={credit ? "text-emerald-300" : "text-red-300"}>
      Net {credit ? "credit" : "debit"} {formatUsd(Math.abs(net))}
      <span className="text-xs font-normal text-slate-400">
        {" "}
        per share ({credit ? "+" : "\u2212"}
        {formatUsd(Math.abs(dollars), 0)})
      </span>
    </span>
  );
}

export function Candidate({
  candidate: c,
  rank,
  busy,
  onRecord,
}: {
  candidate: RollCandidate;
  rank: number;
  busy: boolean;
  onRecord: () => void;
}) {
  return (
    <li data-testid="roll-candidate" className="rounded-lg border border-ink-700 bg-ink-900 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-white">
          #{rank} · {dateText(c.expiration)} <span className="text-sm text-slate-400">({c.dte} DTE)</span>
        </p>
        <p className="text-sm font-semibold" data-testid="roll-net">
          <NetText net={c.net} dollars={c.netDollars} />
        </p>
      </div>
      <p className="text-sm text-slate-300">
        {MOVES[c.move]}: {legsText(c)}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-400">New credit</dt>
          <dd className="text-white">{formatUsd(c.newCredit)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">POP</dt>
          <dd className="text-white">{formatPercent(c.popPercent, 0)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">Breakeven{c.breakevens.length > 1 ? "s" : ""}</dt>
          <dd className="text-white">{c.breakevens.map((b) => formatUsd(b)).join(" / ") || "N/A"}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">
            {c.adjustedBasis === null ? "Max loss" : ROLL_MESSAGES.adjustedBasis}
          </dt>
          <dd className="text-white" data-testid={c.adjustedBasis === null ? "roll-max-loss" : "roll-basis"}>
            {c.adjustedBasis !== null
              ? formatUsd(c.adjustedBasis)
              : c.maxLoss === null
                ? "N/A"
                : formatUsd(c.maxLoss, 0)}
          </dd>
        </div>
      </dl>
      <div className="mt-2 flex justify-end">
        <Button size="sm" variant="primary" disabled={busy} onClick={onRecord}>
          {ROLL_MESSAGES.record}
        </Button>
      </div>
    </li>
  );
}

export default function RollFinder({ source, onClose }: { source: RollSource; onClose: () => void }) {
  const [view, setView] = useState<RollsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<FormErrorState | null>(null);
  const [busy, setBusy] = useState(false);
  const [belowBasis, setBelowBasis] = useState(false);
  // The position as it was when the finder opened: a recorded roll revalidates the page, which hands a new source
  // (of a position now closed) before the dialog unmounts, and must not ask for its candidates again.
  const [load] = useState(() => source.load);
  useEffect(() => {
    let live = true;
    setView(null);
    setLoadError(null);
    void load(belowBasis).then((answer) => {
      if (!live) return;
      if (answer.ok) setView(answer.view);
      else setLoadError(answer.message);
    });
    return () => {
      live = false;
    };
  }, [load, belowBasis]);

  const record = async (send: () => Promise<RollRecordAnswer>) => {
    setBusy(true);
    const result = await send();
    setBusy(false);
    if (result.ok) onClose();
    else setError({ message: result.message, upgrade: result.upgrade });
  };

  const a = view?.assumptions ?? null;
  const statusText = view ? STATUS_TEXT[view.status] : undefined;
  return (
    <Dialog
      title={`${ROLL_MESSAGES.title}: ${source.symbol}`}
      onClose={onClose}
      size="lg"
      testId="roll-finder"
    >
      <p className="text-sm font-medium text-amber-200" data-testid="roll-not-a-profit">
        {ROLL_MESSAGES.notAProfit}
      </p>
      {source.belowBasisChoice ? (
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-300">
          <input
            type="checkbox"
            checked={belowBasis}
            onChange={(e) => setBelowBasis(e.target.checked)}
            className="h-4 w-4 accent-brand-500"
          />
          {ROLL_MESSAGES.belowBasis}
        </label>
      ) : null}
      {loadError ? (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {loadError}
        </p>
      ) : null}
      {!view && !loadError ? <p className="mt-2 text-sm text-slate-400">Finding rolls{"\u2026"}</p> : null}
      {view ? (
        <>
          {view.closeDebit !== null ? (
            <p className="mt-2 text-sm text-slate-300" data-testid="roll-close-cost">
              Closing this position now: {formatUsd(view.closeDebit)} per share at the fill basis (
              {formatUsd(view.closeDollars ?? 0, 0)} in all; {formatUsd(view.closeDebitNatural ?? 0)} at the
              natural price).
            </p>
          ) : null}
          {a ? (
            <p className="mt-1 text-xs text-slate-400" data-testid="roll-assumptions">
              Fill basis: {a.fillBasisLabel}. Quotes {formatAsOf(view.quoteTime)}. Rate{" "}
              {formatPercent(a.rate * 100, 2)} ({a.rateSource}), dividend yield{" "}
              {a.dividendYield === null ? "unknown (0 used)" : formatPercent(a.dividendYield * 100, 2)}. POP{" "}
              {a.probabilityLabel}; ranked by the ideas&apos; quality score
              {a.forecastVol === null ? " (no volatility forecast: no edge claimed)" : ""}.
            </p>
          ) : null}
          {statusText ? <p className="mt-2 text-sm text-slate-300">{statusText}</p> : null}
          {view.closeInstead && view.closeDebit !== null ? (
            <div
              className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-800 bg-amber-950/40 p-3"
              data-testid="close-instead"
            >
              <p className="text-sm text-amber-100">
                {ROLL_MESSAGES.closeInstead} {formatUsd(view.closeDebit)} per share.
              </p>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() => void record(() => source.recordClose(view))}
              >
                Close instead
              </Button>
            </div>
          ) : null}
          <FormError error={error} />
          {view.candidates.length > 0 ? (
            <ol className="mt-3 grid gap-2" aria-label="Roll candidates">
              {view.candidates.map((c, i) => (
                <Candidate
                  key={`${c.expiration}-${legsText(c)}`}
                  candidate={c}
                  rank={i + 1}
                  busy={busy}
                  onRecord={() => void record(() => source.recordRoll(view, c))}
                />
              ))}
            </ol>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
