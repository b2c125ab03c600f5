import type { ReactNode } from "react";
import { Link } from "react-router";
import { ReliabilityChart } from "#app/components/charts/ReliabilityChart.tsx";
import { EvidenceTable, RegimeSpans } from "#app/components/track/Evidence.tsx";
import { formatGrouped, formatUsd } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { HOW_WE_RANK_PATH } from "#app/lib/seo.ts";
import { MARKET_REPLACED_LABEL, type TrackRecordView } from "#app/lib/track-record/track-record.ts";

const pct = (v: number | null | undefined, digits = 1) =>
  v === null || v === undefined ? "—" : `${formatGrouped(v * 100, digits)}%`;
const num = (v: number | null | undefined, digits = 3) =>
  v === null || v === undefined ? "—" : formatGrouped(v, digits);
// A snapshot written before the dollar totals lacks them: a dash, not $0.
const usd = (v: number | null | undefined) => (v === null || v === undefined ? "—" : formatUsd(v));
const interval = (i: { low: number; high: number } | null, f: (v: number) => string) =>
  i ? `${f(i.low)} to ${f(i.high)}` : "—";

/** One figure of the counts grid, with its interval (or other small print) beside the value. */
function Stat({ label, note, children }: { label: string; note?: string; children: ReactNode }) {
  return (
    <div className="rounded-md bg-ink-800 p-3">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold">
        {children}
        {note ? <span className="text-xs font-normal text-slate-400"> {note}</span> : null}
      </dd>
    </div>
  );
}

/** True when the three spread lists hold the same settled ideas: a comparison that cannot differ yet. */
function sameSpreadLists(view: TrackRecordView): boolean {
  const spread = view.compare.filter((c) => c.key === "pro30" || c.key === "elite100" || c.key === "pool");
  const first = spread[0]?.slice;
  if (!first || spread.length < 3 || first.settled === 0) return false;
  return spread.every(
    (c) =>
      c.slice?.settled === first.settled &&
      c.slice.wins === first.wins &&
      c.slice.money.fill.averageReturnOnRisk === first.money.fill.averageReturnOnRisk,
  );
}

function FilterLinks({ view }: { view: TrackRecordView }) {
  const href = (list: string, by: string | null, origin: string = view.origin) =>
    `/track-record?origin=${origin}&list=${encodeURIComponent(list)}${by ? `&by=${encodeURIComponent(by)}` : ""}`;
  const linkClass = (active: boolean) =>
    `rounded-md px-2 py-1 text-sm ${active ? "bg-ink-700 text-white" : "text-sky-300 underline hover:text-sky-200"}`;
  return (
    <nav aria-label="Track record filters" className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-2" data-testid="track-origins">
        <span className="text-slate-400">Record:</span>
        {view.origins.map((o) => (
          <Link key={o.key} to={href(view.list, view.by, o.key)} className={linkClass(o.key === view.origin)}>
            {o.label} ({o.logRows} rows)
          </Link>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-400">List:</span>
        {view.lists.map((l) => (
          <Link key={l.key} to={href(l.key, view.by)} className={linkClass(l.key === view.list)}>
            {l.label}
          </Link>
        ))}
      </div>
      {view.dimensions.map((d) => (
        <div key={d.label} className="flex flex-wrap items-center gap-2">
          <span className="text-slate-400">{d.label}:</span>
          <Link to={href(view.list, null)} className={linkClass(view.by === null)}>
            All
          </Link>
          {d.values.map((v) => (
            <Link key={v.key} to={href(view.list, v.key)} className={linkClass(v.key === view.by)}>
              {v.label}
            </Link>
          ))}
        </div>
      ))}
    </nav>
  );
}

export function TrackRecord({ view }: { view: TrackRecordView }) {
  const s = view.slice;
  const liveStart = view.origins.find((o) => o.key === "live")?.firstPublished ?? null;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 text-slate-200">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold text-white">Track record</h1>
        <p className="max-w-3xl text-slate-300">
          Every trade idea Wheelhouse publishes is logged at the moment it is published, frozen, and graded
          when it expires against the official close: predicted probability of profit against what happened,
          with the money beside it. Nothing is removed or edited: each row carries a hash of itself and of the
          row before, so anyone can check the whole log from the{" "}
          <a href="/track-record.csv" className="text-sky-300 underline">
            CSV
          </a>
          , and recompute every figure here with the{" "}
          <a href="/track-record-grades.csv" className="text-sky-300 underline">
            grades CSV
          </a>{" "}
          (each row&apos;s settlement and P&amp;L at the fill and at mid, held and managed). How the ideas are
          chosen:{" "}
          <Link to={HOW_WE_RANK_PATH} className="text-sky-300 underline">
            how we rank ideas
          </Link>
          .
        </p>
        {view.simulated && (
          <p
            className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100"
            data-testid="simulated-notice"
          >
            These ideas come from the simulated market, a labelled data source: its prices, and the realised
            volatility they show, come from the simulator (with its volatility risk premium), so this
            calibration measures the simulator as much as the model. A live record starts at the first
            publication on live market data.
          </p>
        )}
        <p className="max-w-3xl text-sm text-slate-300" data-testid="origin-notice">
          {view.origin === "backfill" ? (
            <>
              These figures are <strong>simulated history</strong>: a backfill ran the same screener on past
              days of the simulated market, logged those ideas in the same log (each row labelled as backfill)
              and graded them. They are not live publication.{" "}
              {view.simulated
                ? "The simulated forward record starts at its first publication"
                : "Live records start at the first live publication"}
              {liveStart ? ` (${formatAsOf(liveStart)})` : " (none yet)"}.
            </>
          ) : view.simulated ? (
            <>
              These figures are the <strong>simulated forward record</strong>: ideas as the cron published
              them on the simulated market, graded as they expire. Nothing here is live: a live record starts
              at the first publication on live market data; the simulated history backfilled before it is
              shown apart.
            </>
          ) : (
            <>
              These figures are the <strong>live publication</strong>: ideas as the cron published them,
              graded as they expire. Live records start at the first live publication
              {liveStart ? ` (${formatAsOf(liveStart)})` : " (none yet)"}; the simulated history backfilled
              before it is shown apart.
            </>
          )}
        </p>
        <p className="text-xs text-slate-400">
          Figures as of {formatAsOf(view.asOf)} · {view.logRows} log rows · ideas published{" "}
          {view.firstPublished ? formatAsOf(view.firstPublished) : "—"} to{" "}
          {view.lastPublished ? formatAsOf(view.lastPublished) : "—"} · held to expiry, at the fill each idea
          showed (halfway between mid and natural) unless marked mid; the management rule beside it.
        </p>
        {view.replacedRows > 0 ? (
          <p className="text-xs text-amber-200" data-testid="track-replaced">
            {MARKET_REPLACED_LABEL}: {view.replacedRows} log rows were published on an earlier version of the
            simulated market. Its closes are gone, so they are left out of these figures; they stay in the log
            and its CSV.
          </p>
        ) : null}
      </header>

      <FilterLinks view={view} />

      <section aria-labelledby="counts" className="space-y-3">
        <h2 id="counts" className="text-xl font-semibold text-white">
          {view.title}
        </h2>
        {!s || s.settled === 0 ? (
          <p data-testid="track-empty" className="text-slate-300">
            No idea in this selection has expired yet
            {s ? ` (${s.pending} pending)` : ""}: the first grades appear the morning after the first
            expiration.
          </p>
        ) : null}
        {s ? (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="track-counts">
            <Stat label="Settled">{s.settled}</Stat>
            <Stat label="Pending">{s.pending}</Stat>
            <Stat
              label="Win rate (95% interval)"
              note={s.settled > 0 ? interval(s.winInterval, (v) => pct(v, 0)) : undefined}
            >
              {pct(s.winRate)}
            </Stat>
            <Stat label="Mean predicted POP">{pct(s.meanPredicted)}</Stat>
            <Stat label="Mean of P&L ÷ risk per idea (fill / mid)">
              {pct(s.money.fill.averageReturnOnRisk)} / {pct(s.money.mid.averageReturnOnRisk)}
            </Stat>
            <Stat label="Total P&L in dollars, one contract each (fill / mid)">
              <span data-testid="track-total-pnl">
                {usd(s.money.fill.totalPnl)} / {usd(s.money.mid.totalPnl)}
              </span>
            </Stat>
            <Stat label="Worst loss (per contract)">
              {s.money.fill.worstLoss === null ? "—" : formatUsd(s.money.fill.worstLoss)}
            </Stat>
            <Stat label="Profit factor (gross wins ÷ gross losses, dollars, fill)">
              {num(s.money.fill.profitFactor, 2)}
            </Stat>
            <Stat label="Shorts out of the money · pins">
              {pct(s.shortsOtmRate)} · {s.pins}
            </Stat>
            <Stat label="Brier score (95% interval)" note={interval(s.brierInterval, (v) => num(v))}>
              {num(s.brier)}
            </Stat>
            <Stat
              label="Brier skill vs the base rate (95% interval)"
              note={interval(s.skillInterval, (v) => num(v))}
            >
              {num(s.skill)}
            </Stat>
            <Stat label="No settlement (stopped trading)">{s.unsettled}</Stat>
          </dl>
        ) : null}
        {s && s.managed.settled > 0 ? (
          <table className="w-full text-sm" data-testid="track-rules">
            <caption className="mb-2 text-left text-slate-400">
              Held to expiry against managed (closed at 50% of the credit or at 21 days to expiration,
              whichever comes first, on the daily closes)
            </caption>
            <thead>
              <tr className="text-left text-slate-400">
                <th scope="col" className="py-1 pr-2">
                  Rule
                </th>
                <th scope="col" className="py-1 pr-2">
                  Settled
                </th>
                <th scope="col" className="py-1 pr-2">
                  Win rate (95% interval)
                </th>
                <th scope="col" className="py-1 pr-2">
                  Mean P&amp;L ÷ risk (fill / mid)
                </th>
                <th scope="col" className="py-1 pr-2">
                  Total P&amp;L, dollars (fill / mid)
                </th>
                <th scope="col" className="py-1 pr-2">
                  Worst loss
                </th>
                <th scope="col" className="py-1 pr-2">
                  Profit factor
                </th>
              </tr>
            </thead>
            <tbody>
              {[
                {
                  rule: "Held to expiry",
                  settled: s.settled,
                  winRate: s.winRate,
                  winInterval: s.winInterval,
                  money: s.money,
                },
                { rule: "Managed", ...s.managed },
              ].map((r) => (
                <tr key={r.rule} className="border-t border-ink-700">
                  <th scope="row" className="py-1 pr-2 text-left font-normal">
                    {r.rule}
                  </th>
                  <td className="py-1 pr-2">{r.settled}</td>
                  <td className="py-1 pr-2">
                    {pct(r.winRate)} ({interval(r.winInterval, (v) => pct(v, 0))})
                  </td>
                  <td className="py-1 pr-2">
                    {pct(r.money.fill.averageReturnOnRisk)} / {pct(r.money.mid.averageReturnOnRisk)}
                  </td>
                  <td className="py-1 pr-2">
                    {usd(r.money.fill.totalPnl)} / {usd(r.money.mid.totalPnl)}
                  </td>
                  <td className="py-1 pr-2">
                    {r.money.fill.worstLoss === null ? "—" : formatUsd(r.money.fill.worstLoss)}
                  </td>
                  <td className="py-1 pr-2">{num(r.money.fill.profitFactor, 2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>

      {s ? (
        <section aria-labelledby="calibration" className="grid gap-6 md:grid-cols-2">
          <div>
            <h2 id="calibration" className="mb-2 text-xl font-semibold text-white">
              Calibration
            </h2>
            <ReliabilityChart points={s.bins} label={`Calibration, ${view.title}`} />
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="mb-2 text-left text-slate-400">
                Predicted probability of profit, by bin
              </caption>
              <thead>
                <tr className="text-left text-slate-400">
                  <th scope="col" className="py-1 pr-2">
                    Predicted
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Ideas
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Mean predicted
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Realised (95%)
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.bins
                  .filter((b) => b.count > 0)
                  .map((b) => (
                    <tr key={b.from} className="border-t border-ink-700">
                      <td className="py-1 pr-2">
                        {pct(b.from, 0)}–{pct(b.to, 0)}
                      </td>
                      <td className="py-1 pr-2">{b.count}</td>
                      <td className="py-1 pr-2">{pct(b.meanPredicted)}</td>
                      <td className="py-1 pr-2">
                        {pct(b.realised)} ({interval(b.interval, (v) => pct(v, 0))})
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="lists" className="overflow-x-auto">
        <h2 id="lists" className="mb-2 text-xl font-semibold text-white">
          Published lists against the whole screened pool, and the wheel universe
        </h2>
        {sameSpreadLists(view) ? (
          <p className="mb-2 text-sm text-slate-300" data-testid="track-compare-same">
            On this history the Pro 30, the Elite list&apos;s first 100 and the whole screened pool hold the
            same settled ideas, so their figures are identical and cannot show a difference yet.
          </p>
        ) : null}
        <table className="w-full text-sm" data-testid="track-compare">
          <thead>
            <tr className="text-left text-slate-400">
              <th scope="col" className="py-1 pr-2">
                List
              </th>
              <th scope="col" className="py-1 pr-2">
                Settled
              </th>
              <th scope="col" className="py-1 pr-2">
                Pending
              </th>
              <th scope="col" className="py-1 pr-2">
                Mean predicted
              </th>
              <th scope="col" className="py-1 pr-2">
                Win rate
              </th>
              <th scope="col" className="py-1 pr-2">
                Mean P&amp;L ÷ risk
              </th>
              <th scope="col" className="py-1 pr-2">
                Total P&amp;L, dollars
              </th>
              <th scope="col" className="py-1 pr-2">
                Profit factor
              </th>
              <th scope="col" className="py-1 pr-2">
                Brier
              </th>
            </tr>
          </thead>
          <tbody>
            {view.compare.map((c) => (
              <tr key={c.key} className="border-t border-ink-700">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {c.label}
                </th>
                <td className="py-1 pr-2">{c.slice?.settled ?? 0}</td>
                <td className="py-1 pr-2">{c.slice?.pending ?? 0}</td>
                <td className="py-1 pr-2">{pct(c.slice?.meanPredicted)}</td>
                <td className="py-1 pr-2">{pct(c.slice?.winRate)}</td>
                <td className="py-1 pr-2">{pct(c.slice?.money.fill.averageReturnOnRisk)}</td>
                <td className="py-1 pr-2">{usd(c.slice?.money.fill.totalPnl)}</td>
                <td className="py-1 pr-2">{num(c.slice?.money.fill.profitFactor, 2)}</td>
                <td className="py-1 pr-2">{num(c.slice?.brier)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <RegimeSpans view={view} />
      <EvidenceTable view={view} />

      <section aria-labelledby="method" className="space-y-2 text-sm text-slate-300">
        <h2 id="method" className="text-xl font-semibold text-white">
          How ideas are graded
        </h2>
        <p>
          Settlement is the official close on expiration day (for index options settled in the morning, the
          opening value, approximated by the open and flagged). Per contract, a bull put spread earns 100 ×
          (credit − the part of its width the close went through), a bear call spread the mirror, an iron
          condor both sides, and a cash-secured put 100 × (premium − how far the close ended below the
          strike), assigned when it closes below. The wheel lists are the cash-secured puts the wheel screen
          shows for each risk level over the default universe at the default cash of $100,000, with no
          position of anyone: covered calls depend on a position and are not logged. A win is a profit of at
          least one cent: the event the probability of profit predicts. A close within $0.05 of a short strike
          is a pin: who gets assigned is then not decided by the close.
        </p>
        <p>
          The Brier score is the mean squared gap between the predicted probability and the outcome (lower is
          better); its skill compares it with always forecasting the sample&apos;s own win rate. Every
          interval on this page (win rates, each calibration bin, the Brier score and its skill) is a 95%
          percentile interval from 400 resamples of whole expirations with a fixed seed, so the figures are
          reproducible: ideas that expire together share one market move, so they are not independent trials.
          Win rates always sit beside the money: a high win rate with a few large losses is not an edge. The
          mean of P&amp;L ÷ risk weighs every idea alike whatever its size; the total in dollars adds one
          contract of each idea, and the profit factor is its gross wins over its gross losses, in dollars.
        </p>
      </section>
    </div>
  );
}
