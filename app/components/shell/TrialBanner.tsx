// The trial banner of the app shell (docs/product/plans-and-billing.md#trial-banner): shown only while
// trialing with days left. With a subscriptionId (a Stripe trial) a small pill; without one (a promotional
// trial) the large offer.
import { Link } from "react-router";
import { isPromoTrial, PROMO_CODE, trialDaysRemaining } from "#app/lib/trial.ts";

export interface TrialBannerUser {
  subscriptionTier: string;
  subscriptionStatus: string;
  trialEnd: string | null;
  hasSubscriptionId: boolean;
  isAdmin?: boolean;
}

export const PROMO_PRICING_HREF = `/pricing?promo=${PROMO_CODE}`;

function daysLabel(days: number) {
  return `${days} ${days === 1 ? "day" : "days"}`;
}

export function TrialBanner({
  user,
  now = Date.now(),
}: {
  user: TrialBannerUser | null | undefined;
  now?: number;
}) {
  if (!user || user.isAdmin || user.subscriptionStatus !== "trialing") return null;
  const days = trialDaysRemaining(user.trialEnd, now);
  if (days <= 0) return null;

  if (!isPromoTrial(user)) {
    return (
      <div className="mx-auto flex max-w-7xl justify-center px-4 pt-3 sm:px-6" data-testid="trial-banner">
        <p className="inline-flex flex-wrap items-center gap-x-3 gap-y-1 rounded-full border border-brand-500/40 bg-brand-500/10 px-4 py-1.5 text-sm text-brand-400">
          <span suppressHydrationWarning>
            {user.subscriptionTier} Trial: {days} day(s) remaining
          </span>
          <Link to="/pricing" className="font-semibold text-white underline-offset-2 hover:underline">
            Subscribe Now
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6" data-testid="trial-banner">
      <section
        aria-label="Trial offer"
        className="flex flex-col gap-4 rounded-2xl border border-amber-400/40 bg-gradient-to-r from-amber-500/15 via-brand-500/10 to-ink-900 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
      >
        <div>
          <h2 className="text-lg font-bold text-white sm:text-xl">FREE Pro Trial Active!</h2>
          <p className="mt-1 text-sm text-slate-200" suppressHydrationWarning>
            <span className="font-semibold text-amber-300">{daysLabel(days)} left</span> in your trial.
          </p>
          <p className="mt-2 text-sm">
            <span className="mr-2 rounded-md bg-amber-400 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-ink-950">
              Limited Time: 20% OFF
            </span>
            <span className="text-slate-300">Subscribe before trial expires!</span>
          </p>
        </div>
        <Link
          to={PROMO_PRICING_HREF}
          className="shrink-0 rounded-lg bg-amber-400 px-5 py-2.5 text-center font-semibold text-ink-950 shadow-lg shadow-amber-500/20 hover:bg-amber-300"
        >
          Get 20% Off Now
        </Link>
      </section>
    </div>
  );
}
