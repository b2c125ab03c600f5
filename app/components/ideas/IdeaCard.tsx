import { useState } from "react";
import { daysToExpiry } from "#app/engine/time.ts";
import { formatCalendarDate, formatPercent, formatRatioPercent, formatUsd } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import {
  eventBadges,
  expectedValue,
  expectedValueSentence,
  fillView,
  headlinePop,
  ideaBreakevens,
  ideaMaxLoss,
  legViews,
  liquidityDetail,
  payoffLegs,
  popMethods,
  type IdeaPayload,
} from "#app/lib/idea-view.ts";
import { spreadIdeaWhy } from "#app/lib/idea-why.ts";
import {
  liquidityBars,
  liquidityTooltip,
  LIQUIDITY_BARS,
  returnBarWidth,
  strategyDisplayName,
} from "#app/lib/trade-ideas.ts";
import { PayoffChart } from "#app/components/charts/PayoffChart.tsx";
import { WhyThisIdea } from "#app/components/ideas/WhyThisIdea.tsx";
import { IdeasLikeItNote } from "#app/components/track/LoggedOutcome.tsx";
import { TookThisButton } from "#app/components/positions/TookThisButton.tsx";
import { Stat } from "#app/components/positions/Stat.tsx";
import type { IdeasLikeIt } from "#app/lib/track-record/track-record.ts";

const usd = formatUsd;
const pct = (v: number | null | undefined, dp = 1) => formatPercent(v, dp);

const BADGE_STYLE: Record<string, string> = {
  earnings: "border-amber-600/60 bg-amber-950/60 text-amber-200",
  "ex-dividend": "border-violet-600/60 bg-violet-950/60 text-violet-200",
  fomc: "border-sky-600/60 bg-sky-950/60 text-sky-200",
  cpi: "border-sky-600/60 bg-sky-950/60 text-sky-200",
  jobs: "border-sky-600/60 bg-sky-950/60 text-sky-200",
  other: "border-slate-600 bg-ink-800 text-slate-200",
};

function LiquidityBars({ idea }: { idea: IdeaPayload }) {
  const filled = liquidityBars(idea.liquidity_point);
  const detail = liquidityDetail(idea);
  const tip = liquidityTooltip(detail.volume, detail.openInterest);
  if (filled === null) return <span>-</span>;
  return (
    <span
      className="inline-flex items-end gap-0.5"
      role="img"
      title={tip}
      aria-label={`Liquidity ${filled} of 5. ${tip}`}
      tabIndex={0}
    >
      {Array.from({ length: LIQUIDITY_BARS }, (_, i) => (
        <span
          key={i}
          className={`inline-block w-1.5 rounded-sm ${i < filled ? "bg-brand-500" : "bg-ink-600"}`}
          style={{ height: `${6 + i * 3}px` }}
        />
      ))}
    </span>
  );
}

export interface IdeaCardProps {
  idea: IdeaPayload;
  /** New York date the DTE counts from. */
  today: string;
  onShare?: () => void;
  onSimulate?: () => void;
  /** The shared page shows the card without actions and with the details open. */
  detailsOpen?: boolean;
  /** How graded ideas of its strategy and predicted-POP bin did (the track record), when the page has it. */
  likeIt?: IdeasLikeIt | null;
}

/** One idea with every number explained (docs/product/trade-ideas.md#idea-card). */
export function IdeaCard({
  idea,
  today,
  onShare,
  onSimulate,
  detailsOpen = false,
  likeIt = null,
}: IdeaCardProps) {
  const [open, setOpen] = useState(detailsOpen);
  const name = strategyDisplayName(idea.strategy_type);
  const dte = daysToExpiry(today, idea.expiration_date);
  const fill = fillView(idea);
  const pop = headlinePop(idea);
  const maxLoss = ideaMaxLoss(idea);
  const bes = ideaBreakevens(idea);
  const badges = eventBadges(idea);
  const ev = expectedValue(idea);
  const a = idea.assumptions;
  const simulated = idea.source === "demo";
  const targetPerc = idea.profit_target_perc;
  return (
    <article
      className="rounded-xl border border-ink-700 bg-ink-850 p-4"
      data-testid="idea-card"
      aria-label={`${idea.stock_symbol} ${name}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold text-white">
            <span data-testid="idea-symbol">{idea.stock_symbol}</span>{" "}
            <span className="text-slate-300" data-testid="idea-strategy">
              {name}
            </span>
          </h3>
          <p className="text-sm text-slate-400">
            Expires {formatCalendarDate(idea.expiration_date)} · {dte > 0 ? `${dte} DTE` : "expired"}
            {idea.underlyingPrice != null ? ` · underlying ${usd(idea.underlyingPrice)}` : ""}
          </p>
        </div>
        {simulated ? (
          <span className="rounded bg-sky-900/60 px-2 py-0.5 text-xs text-sky-200">Simulated data</span>
        ) : null}
      </header>

      <ul className="mt-2 flex flex-wrap gap-1.5 text-xs" aria-label="Legs">
        {legViews(idea).map((l) => (
          <li
            key={l.label}
            className={`rounded px-2 py-0.5 ${l.side === "sell" ? "bg-red-950/60 text-red-200" : "bg-emerald-950/60 text-emerald-200"}`}
          >
            {l.label}
          </li>
        ))}
      </ul>

      <div className="mt-3 grid gap-4 md:grid-cols-[1fr_16rem]">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <Stat label="Net credit" testId="idea-credit">
            {usd(fill.atBasis)}
            <span className="block text-xs font-normal text-slate-400">per share, {fill.basisLabel}</span>
          </Stat>
          <Stat label="Max loss / contract">{maxLoss === null ? "N/A" : usd(maxLoss, 0)}</Stat>
          <Stat label={bes.length > 1 ? "Breakevens" : "Breakeven"}>
            {bes.length ? bes.map((b) => usd(b)).join(" / ") : "N/A"}
          </Stat>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-slate-400">Return on risk</dt>
            <dd className="font-semibold text-white" data-testid="idea-ror">
              {pct(idea.return_on_risk)}
            </dd>
            <div className="mt-1 h-1.5 rounded bg-ink-700" aria-hidden="true">
              <div
                className="h-1.5 rounded bg-brand-500"
                style={{ width: `${returnBarWidth(idea.return_on_risk)}%` }}
              />
            </div>
          </div>
          <Stat label="Probability of profit" testId="idea-pop">
            {pct(pop.value, 0)}
            <span className="block text-xs font-normal text-slate-400">{pop.label}</span>
          </Stat>
          <Stat label="Liquidity">
            <LiquidityBars idea={idea} />
          </Stat>
          <Stat label="Profit target">
            {targetPerc != null
              ? `${targetPerc}% of credit (${usd(fill.atBasis * (targetPerc / 100) * 100, 0)})`
              : "N/A"}
          </Stat>
          <Stat label="Ex-dividend">{formatCalendarDate(idea.ex_dividend_date ?? null)}</Stat>
          <Stat label="Earnings">{formatCalendarDate(idea.earnings_date ?? null)}</Stat>
        </dl>
        <PayoffChart
          legs={payoffLegs(idea)}
          netCredit={idea.net_credit}
          underlyingPrice={idea.underlyingPrice ?? null}
          label={`${idea.stock_symbol} ${name}`}
          interactive
        />
      </div>

      {badges.length ? (
        <ul
          className="mt-3 flex flex-wrap gap-1.5 text-xs"
          aria-label="Events before expiry"
          data-testid="idea-events"
        >
          {badges.map((b) => (
            <li
              key={`${b.kind}-${b.date}`}
              className={`rounded border px-2 py-0.5 ${BADGE_STYLE[b.kind]}`}
              title={b.warning}
            >
              {b.text}
              {b.warning ? <span className="block text-[11px] opacity-90">{b.warning}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}

      <WhyThisIdea why={spreadIdeaWhy(idea)} heading="Why this idea" testId="idea-why" />
      {likeIt ? <IdeasLikeItNote like={likeIt} /> : null}

      <details
        className="mt-3 rounded-lg bg-ink-900 px-3 py-2 text-sm"
        open={detailsOpen}
        onToggle={(e) => setOpen(e.currentTarget.open)}
      >
        <summary className="cursor-pointer font-medium text-slate-200">
          Probabilities, fills and assumptions
        </summary>
        {/* Rendered once opened: a long list stays cheap to filter. */}
        {open ? (
          <div className="mt-2 grid gap-4 md:grid-cols-2">
            <div>
              <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-400">
                Probability of profit, four ways
              </h4>
              <ul className="mt-1 grid gap-1.5" data-testid="pop-methods">
                {popMethods(idea).map((m) => (
                  <li key={m.key}>
                    <span className="font-semibold text-white">
                      {m.value === null ? "N/A" : pct(m.value, 0)}
                    </span>{" "}
                    <span className="text-slate-200">{m.label}</span>
                    <span className="block text-xs text-slate-400">{m.explanation}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-slate-300">
                <span className="font-semibold text-white">{pct(idea.prob_touch ?? null, 0)}</span>{" "}
                probability of touching the short strike{idea.strategy_type === "IRON_CONDOR" ? "s" : ""}{" "}
                before expiry.
              </p>
              <p className="mt-2 text-slate-300" data-testid="idea-ev">
                {expectedValueSentence(ev)}
              </p>
            </div>
            <div>
              <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-400">
                Credit per share
              </h4>
              <dl className="mt-1 grid grid-cols-3 gap-2">
                <Stat label="Fill basis">{usd(fill.atBasis)}</Stat>
                <Stat label="At mid">{fill.mid === null ? "N/A" : usd(fill.mid)}</Stat>
                <Stat label="At natural">{fill.natural === null ? "N/A" : usd(fill.natural)}</Stat>
              </dl>
              <p className="mt-1 text-xs text-slate-400">
                Natural: sell at the bid, buy at the ask. Return on risk uses the fill basis (
                {fill.basisLabel}
                ).
              </p>
              <h4 className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-400">
                Assumptions
              </h4>
              {a ? (
                <ul className="mt-1 text-xs text-slate-300" data-testid="idea-assumptions">
                  <li>
                    Risk-free rate r: {formatRatioPercent(a.r)}
                    {a.r_source ? ` (${a.r_source}${a.r_as_of ? `, ${a.r_as_of}` : ""})` : ""}
                  </li>
                  <li>
                    Dividend yield q: {a.q == null ? "unknown" : formatRatioPercent(a.q)}
                    {a.q_source ? ` (${a.q_source})` : ""}
                  </li>
                  {a.model ? <li>Model: {a.model}</li> : null}
                </ul>
              ) : (
                <p className="mt-1 text-xs text-slate-400">
                  Model assumptions are not recorded for this idea.
                </p>
              )}
              <p className="mt-2 text-xs text-slate-400">
                Quotes {formatAsOf(idea.asOf ?? null)}
                {idea.source ? ` · source: ${idea.source === "demo" ? "simulated market" : idea.source}` : ""}
              </p>
            </div>
          </div>
        ) : null}
      </details>

      <footer className="mt-3 flex flex-wrap items-center gap-2">
        {/* Every spread card: record the trade as a position at the fill shown here (decision 334). */}
        <TookThisButton idea={idea} />
        {onShare ? (
          <button
            type="button"
            onClick={onShare}
            className="rounded-lg border border-ink-600 px-3 py-1.5 text-sm text-slate-200 hover:border-brand-500"
          >
            Share
          </button>
        ) : null}
        {onSimulate ? (
          <button
            type="button"
            onClick={onSimulate}
            className="rounded-lg border border-ink-600 px-3 py-1.5 text-sm text-slate-200 hover:border-brand-500"
          >
            Simulate
          </button>
        ) : null}
      </footer>
    </article>
  );
}

export function IdeaCardSkeleton() {
  return (
    <div
      className="animate-pulse rounded-xl border border-ink-700 bg-ink-850 p-4"
      data-testid="idea-skeleton"
    >
      <div className="h-5 w-48 rounded bg-ink-700" />
      <div className="mt-2 h-3 w-64 rounded bg-ink-700" />
      <div className="mt-4 grid grid-cols-3 gap-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-8 rounded bg-ink-700" />
        ))}
      </div>
    </div>
  );
}
