// One plan card of /pricing: price for the chosen period (promo: original struck through), features, and
// the buttons the server decided (app/lib/plan-buttons.ts).
import { Link } from "react-router";
import type { PlanButtonKind, PlanCardActions } from "#app/lib/plan-buttons.ts";
import { formatPlanPrice } from "#app/lib/format.ts";
import { periodPrice, type BillingPeriod, type PlanCatalogEntry } from "#app/lib/plans.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";

export type CardAction = Exclude<PlanButtonKind, "sign-up" | "ending" | "contact-support">;

interface Props {
  entry: PlanCatalogEntry;
  period: BillingPeriod;
  promo: boolean;
  current: boolean;
  actions: PlanCardActions;
  signUpHref: string;
  /** The action of this card that is in flight, if any. */
  pendingKind: string | null;
  busy: boolean;
  onAction: (action: CardAction) => void;
}

function buttonVariant(kind: PlanButtonKind, disabled: boolean) {
  return disabled || kind === "cancel" || kind === "downgrade" ? "secondary" : "primary";
}

export function PlanCard({
  entry,
  period,
  promo,
  current,
  actions,
  signUpHref,
  pendingKind,
  busy,
  onAction,
}: Props) {
  const price = periodPrice(entry, period, promo);
  const free = entry.tier === "Free Plan";
  const testId = `plan-card-${entry.name.toLowerCase()}`;
  return (
    <section
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
      className={`relative flex flex-col rounded-2xl border p-6 ${
        entry.popular
          ? "border-brand-500 bg-ink-900 shadow-lg shadow-brand-500/10"
          : "border-ink-700 bg-ink-900/60"
      }`}
    >
      {entry.popular ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-500 px-3 py-0.5 text-xs font-semibold text-ink-950">
          Most Popular
        </span>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${testId}-title`} className="text-xl font-semibold text-white">
          {entry.name}
        </h2>
        {current ? (
          <span className="rounded-full border border-brand-500/50 px-2 py-0.5 text-xs text-brand-400">
            Current plan
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-400">{entry.description}</p>

      <div className="mt-5" data-testid={`${testId}-price`}>
        {free ? (
          <p className="text-4xl font-bold text-white">$0</p>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-x-2">
              {promo ? (
                <s
                  className="text-lg text-slate-500"
                  aria-label={`was ${formatPlanPrice(price.originalBilled)}`}
                >
                  {formatPlanPrice(price.originalBilled)}
                </s>
              ) : null}
              <span className="text-4xl font-bold text-white">{formatPlanPrice(price.billed)}</span>
              <span className="text-slate-400">{period === "monthly" ? "/month" : "/year"}</span>
            </p>
            {period === "yearly" ? (
              <p className="mt-1 text-sm text-slate-400">
                {promo ? (
                  <s className="mr-1 text-slate-500">{formatPlanPrice(price.originalPerMonth)}</s>
                ) : null}
                {formatPlanPrice(price.perMonth)}/month billed yearly
                <span className="ml-2 rounded bg-brand-500/15 px-1.5 py-0.5 text-xs text-brand-400">
                  Save {entry.price.savingsPercentage}%
                </span>
              </p>
            ) : null}
            {promo ? (
              <p className="mt-1 text-xs font-semibold text-amber-300">20% off your first payment</p>
            ) : null}
          </>
        )}
        {entry.betaNote ? (
          <p className="mt-2 text-xs text-slate-400">
            <span className="font-semibold text-amber-300">Beta Testers</span> price. Regular price{" "}
            {formatPlanPrice(entry.betaNote.monthly)}/mo ({formatPlanPrice(entry.betaNote.yearly)}/yr).
          </p>
        ) : null}
      </div>

      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {entry.features.map((f) => (
          <li key={f.text} className="flex gap-2">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 flex-none fill-brand-400">
              <path d="M7.6 13.2 4.4 10l-1.1 1.1 4.3 4.3 9-9-1.1-1.1z" />
            </svg>
            <span className={f.highlight ? "font-semibold text-white" : "text-slate-300"}>{f.text}</span>
          </li>
        ))}
      </ul>

      {actions.buttons.length > 0 ? (
        <div className="mt-6 flex flex-col gap-2">
          {actions.buttons.map((b) =>
            b.kind === "sign-up" ? (
              <Link key={b.kind} to={signUpHref} className={buttonClass({ size: "lg", block: true })}>
                {b.label}
              </Link>
            ) : (
              <button
                key={b.kind}
                type="button"
                disabled={b.disabled || busy}
                aria-disabled={b.disabled}
                onClick={() => !b.disabled && onAction(b.kind as CardAction)}
                className={buttonClass({
                  size: "lg",
                  block: true,
                  variant: buttonVariant(b.kind, b.disabled),
                })}
              >
                {pendingKind === b.kind ? "Please wait..." : b.label}
              </button>
            ),
          )}
          {actions.note ? <p className="text-center text-sm text-amber-300">{actions.note}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
