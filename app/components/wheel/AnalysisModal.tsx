import { fillBasisText } from "#app/lib/model-labels.ts";
import {
  formatCalendarDate,
  formatPercent,
  formatPrice,
  formatRatioPercent,
  formatUsd,
} from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import {
  annualized,
  assignmentRisk,
  cushionPercent,
  maxCspRisk,
  strikeOf,
  winProbabilityHow,
  WHEEL_MESSAGES,
  type WheelStrategy,
  type WheelType,
} from "#app/lib/wheel/wheel.ts";
import { wheelStrategyWhy } from "#app/lib/idea-why.ts";
import { PayoffChart } from "#app/components/charts/PayoffChart.tsx";
import { WhyThisIdea } from "#app/components/ideas/WhyThisIdea.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { EventBadges, LiquidityDots } from "#app/components/wheel/StrategyTable.tsx";

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const usd = (v: number | null, digits = 2) => (v === null ? "N/A" : formatUsd(v, digits));
const pct = (v: number | null, digits = 1) => formatPercent(v, digits);

function Figure({
  label,
  value,
  how,
  tone,
}: {
  label: string;
  value: string;
  how?: string;
  tone?: "good" | "bad";
}) {
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-850 px-3 py-2">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd
        className={`text-base font-semibold tabular-nums ${tone === "good" ? "text-emerald-300" : tone === "bad" ? "text-red-300" : "text-white"}`}
      >
        {value}
      </dd>
      {how ? <dd className="mt-0.5 text-[11px] leading-snug text-slate-500">{how}</dd> : null}
    </div>
  );
}

/** Where a number came from: quote time, source (simulated market labelled), fill basis, model inputs. */
function Provenance({ s }: { s: WheelStrategy }) {
  const assumptions = s.assumptions as
    { r?: number; q?: number | null; q_source?: string; model?: string } | undefined;
  const simulated = s.source === "demo";
  return (
    <p className="mt-3 text-xs text-slate-500" data-testid="provenance">
      Quote {formatAsOf(typeof s.lastUpdated === "string" ? s.lastUpdated : null)}
      {simulated ? (
        <span className="ml-1 rounded bg-amber-500/15 px-1 font-semibold text-amber-300">Simulated data</span>
      ) : s.source ? (
        ` · ${String(s.source)}`
      ) : null}
      {` · premium at ${fillBasisText(s.fill_basis_label)}`}
      {assumptions?.r !== undefined
        ? ` · r ${formatRatioPercent(assumptions.r)}, q ${assumptions.q == null ? "unknown" : formatRatioPercent(assumptions.q)}`
        : null}
      . Probabilities are risk-neutral, at expiry. Not financial advice.
    </p>
  );
}

export function AnalysisModal({
  type,
  s,
  onClose,
}: {
  type: WheelType;
  s: WheelStrategy;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={`${s.symbol} ${type === "CSP" ? "Cash Secured Put" : "Covered Call"} Analysis`}
      onClose={onClose}
      size="lg"
      // Read-only: a click beside it closes, as the wheel's modal did.
      closeOnBackdrop
      testId="analysis-modal"
    >
      <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-300">
        <span>
          Strike <strong className="text-white">${formatPrice(strikeOf(s))}</strong>
        </span>
        <span>
          Expires <strong className="text-white">{formatCalendarDate(s.expirationDate)}</strong> (
          {s.daysToExpiration} days)
        </span>
        <span>
          Price <strong className="text-white">${formatPrice(s.currentPrice)}</strong>
        </span>
        <LiquidityDots s={s} />
        <EventBadges s={s} type={type} />
      </div>
      {type === "CSP" ? <CspFigures s={s} /> : <CcFigures s={s} />}
      <WhyThisIdea why={wheelStrategyWhy(s)} heading="Why this strategy" testId="strategy-why" />
      <Provenance s={s} />
    </Dialog>
  );
}

function winFigures(s: WheelStrategy, method: string) {
  const win = num(s.winProbability);
  const touch = num(s.prob_touch);
  return (
    <>
      <Figure label="Win probability" value={pct(win, 0)} how={method} tone="good" />
      <Figure
        label="Assignment risk"
        value={pct(win === null ? null : assignmentRisk(win), 0)}
        how="100 - win probability"
        tone="bad"
      />
      {touch !== null ? (
        <Figure label="Probability of touch" value={pct(touch, 0)} how="strike touched before expiry" />
      ) : null}
    </>
  );
}

function CspFigures({ s }: { s: WheelStrategy }) {
  const strike = strikeOf(s) ?? 0;
  const premium = num(s.premium) ?? 0;
  const contracts = num(s.contracts) ?? 1;
  const perContract = Math.round(premium * 100);
  const collateral = num(s.cashRequired) ?? strike * 100 * contracts;
  const breakEven = strike - premium;
  const roc = num(s.period_return) ?? num(s.returnOnCapital) ?? (premium / strike) * 100;
  const maxRisk = maxCspRisk(strike, premium);
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure
          label="Premium"
          value={usd(perContract * contracts, 0)}
          how={`$${formatPrice(premium)}/share x 100 = ${usd(perContract, 0)} x ${contracts} contract(s)${num(s.premium_natural) !== null ? `; bid $${formatPrice(num(s.premium_natural))}` : ""}`}
          tone="good"
        />
        <Figure
          label="Collateral"
          value={usd(collateral, 0)}
          how={`strike $${formatPrice(strike)} x 100 x ${contracts}; contracts = floor(cash / (strike x 100))`}
        />
        <Figure
          label="Break-even"
          value={usd(breakEven)}
          how={`strike - premium; cushion ${pct(cushionPercent(s.currentPrice, breakEven))} = (price - break-even) / price`}
        />
        <Figure
          label="Return"
          value={pct(roc, 2)}
          how={`premium / strike, over ${s.daysToExpiration} days`}
        />
        <Figure
          label="Annualized return"
          value={pct(annualized(num(s.returnOnCapital) ?? roc, s.daysToExpiration))}
          how={WHEEL_MESSAGES.annualizedTooltip}
        />
        <Figure
          label="Max risk"
          value={usd(maxRisk * contracts, 0)}
          how={`(strike - premium) x 100 = ${usd(maxRisk, 0)} per contract, if the stock went to $0`}
          tone="bad"
        />
        {winFigures(s, winProbabilityHow(s))}
      </dl>
      <div className="mt-4 rounded-lg border border-ink-700 bg-ink-850 p-3">
        <h3 className="mb-1 text-sm font-medium text-slate-300">Profit / loss at expiry (one contract)</h3>
        <PayoffChart
          legs={[{ type: "put", side: "sell", strike }]}
          netCredit={premium}
          underlyingPrice={s.currentPrice}
          interactive
          label={`${s.symbol} cash secured put`}
          width={640}
          height={180}
          className="w-full"
        />
      </div>
    </>
  );
}

function CcFigures({ s }: { s: WheelStrategy }) {
  const strike = strikeOf(s) ?? 0;
  const premium = num(s.premium) ?? 0;
  const shares = num(s.shares) ?? 100;
  const contracts = num(s.contracts) ?? Math.floor(shares / 100);
  const basis = num(s.costBasis) ?? s.currentPrice;
  const assignmentProfit = num(s.assignmentProfit) ?? (strike - basis + premium) * 100 * contracts;
  const roc = num(s.period_return) ?? num(s.returnOnCapital) ?? (premium / s.currentPrice) * 100;
  const exDiv = (s.events as { exDividend?: boolean } | undefined)?.exDividend === true;
  return (
    <>
      {s.costBasisGuardrail === true ? (
        <p
          className="mb-3 rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200"
          role="alert"
        >
          The strike (${formatPrice(strike)}) is below your cost basis (${formatPrice(basis)}): if assigned,
          you would sell at a loss of {usd((strike - basis) * 100 * contracts, 0)} before the premium.
        </p>
      ) : null}
      {exDiv ? (
        <p className="mb-3 rounded-lg border border-amber-500/40 bg-amber-950/30 px-3 py-2 text-sm text-amber-200">
          An ex-dividend date falls before expiry: if the call is in the money then, it may be assigned early
          (the day before), and you would not receive the dividend.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure
          label="Premium"
          value={usd(Math.round(premium * 100) * contracts, 0)}
          how={`$${formatPrice(premium)}/share x 100 x ${contracts} contract(s) (${shares} shares)`}
          tone="good"
        />
        <Figure label="Return" value={pct(roc, 2)} how={`premium / price, over ${s.daysToExpiration} days`} />
        <Figure
          label="Annualized return"
          value={pct(annualized(num(s.returnOnCapital) ?? roc, s.daysToExpiration))}
          how={WHEEL_MESSAGES.annualizedTooltip}
        />
        <Figure
          label="Assignment profit"
          value={usd(assignmentProfit, 0)}
          how={`(strike $${formatPrice(strike)} - basis $${formatPrice(basis)} + premium) x 100 x ${contracts}`}
          tone={assignmentProfit >= 0 ? "good" : "bad"}
        />
        <Figure
          label="Upside given up"
          value={usd(num(s.opportunityCost), 0)}
          how={`expected gain above the strike (${pct(num(s.upsidePotential))} above the price) that assignment forgoes`}
        />
        <Figure label="Break-even" value={usd(basis - premium)} how="cost basis - premium" />
        {winFigures(s, winProbabilityHow(s))}
        <Figure
          label="Probability ITM (delta)"
          value={pct(num(s.probabilityITM), 0)}
          how="|delta| x 100, the usual quick estimate of being called away"
        />
      </dl>
      <div className="mt-4 rounded-lg border border-ink-700 bg-ink-850 p-3">
        <h3 className="mb-1 text-sm font-medium text-slate-300">
          Profit / loss at expiry against your cost basis (100 shares + one call)
        </h3>
        {/* Stock + short call pays min(S, K) - basis + premium: the same curve as a short put at K with a
            credit of premium + (K - basis), so the shared option-payoff chart draws it exactly. */}
        <PayoffChart
          legs={[{ type: "put", side: "sell", strike }]}
          netCredit={premium + (strike - basis)}
          underlyingPrice={s.currentPrice}
          interactive
          label={`${s.symbol} covered call`}
          width={640}
          height={180}
          className="w-full"
        />
      </div>
    </>
  );
}
