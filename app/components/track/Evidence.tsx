// The regimes a history spans and the published lists against the whole pool in each (decision 332). Every verdict
// word comes from its interval through verdictOf; nothing here judges a gap by its size.
import { formatGrouped, formatUsd } from "#app/lib/format.ts";
import {
  EVIDENCE_LIST_LABEL,
  PUBLISHED_EVIDENCE_LISTS,
  REGIME_LABEL,
  REGIMES,
  evidenceGoal,
  goalSentence,
  verdictOf,
  verdictWords,
  type EvidenceFigures,
} from "#app/lib/track-record/regimes.ts";
import { TRACK_LIST_LABEL, type TrackRecordView } from "#app/lib/track-record/track-record.ts";

const perRisk = (v: number | null) => (v === null ? "—" : `${formatGrouped(v * 100, 2)}%`);
const points = (v: number | null) =>
  v === null ? "—" : `${v > 0 ? "+" : ""}${formatGrouped(v * 100, 2)} pts`;

function Figures({ f }: { f: EvidenceFigures }) {
  return (
    <>
      <td className="py-1 pr-2">{f.settled}</td>
      <td className="py-1 pr-2">{f.expirations}</td>
      <td className="py-1 pr-2">{perRisk(f.perRisk)}</td>
      <td className="py-1 pr-2">{formatUsd(f.totalPnl)}</td>
    </>
  );
}

export function RegimeSpans({ view }: { view: TrackRecordView }) {
  if (!view.regimes.length) return null;
  const classified = view.regimes.filter((r) => r.regime !== "unclassified");
  const missing = REGIMES.filter((r) => !classified.some((c) => c.regime === r));
  return (
    <section aria-labelledby="regimes" className="space-y-2 overflow-x-auto" data-testid="track-regimes">
      <h2 id="regimes" className="text-xl font-semibold text-white">
        Market regimes this history spans
      </h2>
      <p className="text-sm text-slate-300">
        {classified.length ? (
          <>
            A publication day is <strong>stress</strong> inside one of the simulated market&apos;s stress
            spells (a market-wide drop and a jump in volatility, then 15 sessions), <strong>recovery</strong>{" "}
            in the 42 sessions after a spell, and <strong>calm</strong> otherwise.
            {view.stressOnsets.length
              ? ` Spells opening on ${view.stressOnsets.join(", ")} set these regimes.`
              : " No stress spell touches this history."}
            {missing.length
              ? ` This history does not span ${missing.map((r) => REGIME_LABEL[r].toLowerCase()).join(" or ")}.`
              : ""}
          </>
        ) : (
          "The regime of a live market is not classified: no stress spell is known there."
        )}
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-slate-400">
            <th scope="col" className="py-1 pr-2">
              Regime
            </th>
            <th scope="col" className="py-1 pr-2">
              Publication days
            </th>
            <th scope="col" className="py-1 pr-2">
              Ideas (whole pool)
            </th>
            <th scope="col" className="py-1 pr-2">
              Expirations
            </th>
            <th scope="col" className="py-1 pr-2">
              First to last day
            </th>
          </tr>
        </thead>
        <tbody>
          {view.regimes.map((r) => (
            <tr key={r.regime} className="border-t border-ink-700">
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {REGIME_LABEL[r.regime]}
              </th>
              <td className="py-1 pr-2">{r.days}</td>
              <td className="py-1 pr-2">{r.ideas}</td>
              <td className="py-1 pr-2">{r.expirations}</td>
              <td className="py-1 pr-2">
                {r.firstDay ?? "—"} to {r.lastDay ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function EvidenceTable({ view }: { view: TrackRecordView }) {
  if (!view.evidence.length) return null;
  return (
    <section aria-labelledby="evidence" className="space-y-2 overflow-x-auto" data-testid="track-evidence">
      <h2 id="evidence" className="text-xl font-semibold text-white">
        Do the published lists beat the whole pool?
      </h2>
      <p className="text-sm text-slate-300">
        Held to expiry at the fill each idea showed, one contract each. P&amp;L per dollar of risk is the
        total P&amp;L over the total risk, in dollars. The gap is the list&apos;s minus the pool&apos;s, with
        a 95% interval from 400 resamples of whole expirations drawing the list&apos;s and the pool&apos;s
        ideas of an expiration together (fixed seed). A gap whose interval spans zero is &quot;no difference
        shown&quot;.
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-slate-400">
            <th scope="col" className="py-1 pr-2">
              History
            </th>
            <th scope="col" className="py-1 pr-2">
              List
            </th>
            <th scope="col" className="py-1 pr-2">
              Settled
            </th>
            <th scope="col" className="py-1 pr-2">
              Expirations
            </th>
            <th scope="col" className="py-1 pr-2">
              P&amp;L per $ of risk
            </th>
            <th scope="col" className="py-1 pr-2">
              Total P&amp;L, dollars
            </th>
            <th scope="col" className="py-1 pr-2">
              Gap to the pool (95% interval)
            </th>
            <th scope="col" className="py-1 pr-2">
              What it shows
            </th>
          </tr>
        </thead>
        <tbody>
          {view.evidence.map((s) => {
            const scope = s.scope === "all" ? "Whole history" : REGIME_LABEL[s.scope];
            return [
              <tr key={`${s.scope}|pool`} className="border-t border-ink-700">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {scope}
                </th>
                <td className="py-1 pr-2">{TRACK_LIST_LABEL.pool}</td>
                <Figures f={s.pool} />
                <td className="py-1 pr-2">—</td>
                <td className="py-1 pr-2">—</td>
              </tr>,
              ...s.lists.map((l) => (
                <tr key={`${s.scope}|${l.list}`} data-verdict={verdictOf(l.gapInterval)}>
                  <th scope="row" className="py-1 pr-2 text-left font-normal">
                    {scope}
                  </th>
                  <td className="py-1 pr-2">{EVIDENCE_LIST_LABEL[l.list]}</td>
                  <Figures f={l} />
                  <td className="py-1 pr-2">
                    {points(l.gap)}
                    {l.gapInterval ? ` (${points(l.gapInterval.low)} to ${points(l.gapInterval.high)})` : ""}
                  </td>
                  <td className="py-1 pr-2">{verdictWords(l.gapInterval)}</td>
                </tr>
              )),
              s.scoreGap ? (
                <tr key={`${s.scope}|score`} data-verdict={verdictOf(s.scoreGap.gapInterval)}>
                  <th scope="row" className="py-1 pr-2 text-left font-normal">
                    {scope}
                  </th>
                  <td className="py-1 pr-2" colSpan={5}>
                    Today&apos;s score against the previous one (Pro 30 minus the previous score&apos;s top
                    30)
                  </td>
                  <td className="py-1 pr-2">
                    {points(s.scoreGap.gap)}
                    {s.scoreGap.gapInterval
                      ? ` (${points(s.scoreGap.gapInterval.low)} to ${points(s.scoreGap.gapInterval.high)})`
                      : ""}
                  </td>
                  <td className="py-1 pr-2">{verdictWords(s.scoreGap.gapInterval, "the previous score")}</td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>
      <div className="space-y-1 text-sm text-slate-300" data-testid="track-goal">
        <p>
          Our goal, reported and not forced: the published lists beat the whole pool on P&amp;L per dollar of
          risk, with an interval clear of zero, in each of at least three regimes.
        </p>
        {PUBLISHED_EVIDENCE_LISTS.map((list) => (
          <p key={list}>{goalSentence(evidenceGoal(view.evidence, list), EVIDENCE_LIST_LABEL[list])}</p>
        ))}
      </div>
    </section>
  );
}
