import { Link } from "react-router";
import { formatCalendarDate, formatGrouped, formatPercent, formatPrice } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import type { WheelType } from "#app/lib/wheel/wheel.ts";
import type { LoggedOutcome } from "#app/lib/track-record/track-record.ts";
import { shareFigures, type SharePayload } from "#app/lib/wheel/share.ts";
import { LoggedOutcomeNote } from "#app/components/track/LoggedOutcome.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";

const EXPLANATION: Record<WheelType, { name: string; text: string[] }> = {
  CSP: {
    name: "Cash Secured Put",
    text: [
      "Selling a put means agreeing to buy 100 shares per contract at the strike price, until expiration, in return for the premium paid to you today.",
      "The cash to buy the shares is set aside (secured) for the whole period. If the stock stays above the strike, the put expires and you keep the premium; if it ends below, you buy the shares at the strike, with the premium lowering your cost.",
    ],
  },
  CC: {
    name: "Covered Call",
    text: [
      "Selling a call on shares you already own means agreeing to sell them at the strike price, until expiration, in return for the premium paid to you today.",
      "If the stock stays below the strike, the call expires and you keep the premium and the shares; if it ends above, your shares are sold at the strike and you give up the gain above it.",
    ],
  },
};

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-ink-800 py-1.5 last:border-0">
      <dt className="text-slate-400">{label}</dt>
      <dd className="font-medium tabular-nums text-white">{value}</dd>
    </div>
  );
}

const usd = (v: number | null | undefined) => (v == null ? "N/A" : `$${formatPrice(v)}`);

export function SharedStrategyCard({ p }: { p: SharePayload }) {
  const f = shareFigures(p);
  return (
    <article className="rounded-2xl border border-ink-700 bg-ink-900 p-5" data-testid="shared-strategy-card">
      <header className="mb-3 flex items-baseline justify-between gap-2">
        <h2 className="text-2xl font-semibold text-white">{p.symbol}</h2>
        <span className="rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-semibold text-brand-400">
          {EXPLANATION[p.type].name}
        </span>
      </header>
      <dl className="text-sm">
        <Row label="Strike" value={usd(p.strike)} />
        <Row label="Expiration" value={formatCalendarDate(p.expirationDate)} />
        <Row
          label="Premium"
          value={`${usd(p.premium)}/share · $${formatGrouped(f.totalPremium, 0, 3)} total`}
        />
        {p.returnOnCapital !== undefined ? (
          <Row label="Return" value={formatPercent(p.returnOnCapital, 2)} />
        ) : null}
        {p.annualizedReturn !== undefined ? (
          <Row label="Annualized" value={formatPercent(p.annualizedReturn, 1)} />
        ) : null}
        {p.currentPrice !== undefined ? <Row label="Stock price" value={usd(p.currentPrice)} /> : null}
        {f.cashRequired !== null ? (
          <Row label="Cash required" value={`$${formatGrouped(f.cashRequired, 0, 3)}`} />
        ) : null}
        {p.type === "CC" && p.shares !== undefined ? <Row label="Shares" value={String(p.shares)} /> : null}
        {p.type === "CC" && p.costBasis !== undefined ? (
          <Row label="Cost basis" value={usd(p.costBasis)} />
        ) : null}
        {f.breakEven !== null ? <Row label="Break-even" value={usd(f.breakEven)} /> : null}
        {p.winProbability !== undefined ? (
          <Row label="Win probability" value={`${Math.round(p.winProbability)}%`} />
        ) : null}
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        {p.asOf ? `Quote ${formatAsOf(p.asOf)}. ` : "Quote time not given. "}
        {p.source === "demo" ? <span className="font-semibold text-amber-300">Simulated data. </span> : null}
        Numbers as shared; prices have moved since. Not financial advice.
      </p>
    </article>
  );
}

export function SharedStrategyPage({
  type,
  payload,
  outcome = null,
}: {
  type: WheelType;
  payload: SharePayload;
  outcome?: LoggedOutcome | null;
}) {
  const e = EXPLANATION[type];
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-semibold text-white sm:text-3xl">Shared {e.name}</h1>
      <SharedStrategyCard p={payload} />
      <LoggedOutcomeNote outcome={outcome} />
      <section className="mt-6 space-y-2 text-slate-300">
        <h2 className="text-lg font-semibold text-white">What is a {e.name.toLowerCase()}?</h2>
        {e.text.map((t) => (
          <p key={t}>{t}</p>
        ))}
      </section>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/wheels" className={buttonClass({ variant: "secondary" })}>
          View More Strategies
        </Link>
        <Link to="/pricing" className={buttonClass()}>
          Start Free Trial
        </Link>
      </div>
    </div>
  );
}

/**
 * The product's two screens: 'Strategy Expired' for a 404 (missing or expired), 'Strategy Not Found'
 * otherwise.
 */
export function SharedStrategyMissing({ status }: { status: "expired" | "error" }) {
  const expired = status === "expired";
  return (
    <div className="mx-auto max-w-md py-12 text-center" data-testid={`share-${status}`}>
      <h1 className="text-2xl font-semibold text-white">
        {expired ? "Strategy Expired" : "Strategy Not Found"}
      </h1>
      <p className="mt-2 text-slate-400">
        {expired
          ? "This shared strategy has expired or been removed."
          : "The shared strategy you're looking for doesn't exist."}
      </p>
      <Link to="/wheels" className={buttonClass({ className: "mt-6" })}>
        View Current Strategies
      </Link>
    </div>
  );
}

/** The screen of /share/wheel/{csp|cc}/:shareId: the shared strategy, or why it cannot be shown. */
export function SharedStrategyScreen({
  type,
  state,
}: {
  type: WheelType;
  state:
    | { status: "ok"; payload: SharePayload; outcome?: LoggedOutcome | null }
    | { status: "expired"; outcome?: LoggedOutcome | null }
    | { status: "error" };
}) {
  if (state.status === "error") return <SharedStrategyMissing status="error" />;
  if (state.status === "expired")
    return (
      <>
        <SharedStrategyMissing status="expired" />
        {state.outcome ? (
          <div className="mx-auto max-w-md">
            <LoggedOutcomeNote outcome={state.outcome} />
          </div>
        ) : null}
      </>
    );
  return <SharedStrategyPage type={type} payload={state.payload} outcome={state.outcome ?? null} />;
}
