// What a plan without notifications sees on /notifications: the offer and the way to upgrade.
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/Button.tsx";
import { PageHeading } from "#app/components/ui/PageHeading.tsx";
import { formatPlanPrice } from "#app/lib/format.ts";
import { catalogEntry, MONEY_BACK_GUARANTEE_DAYS } from "#app/lib/plans.ts";

// The offer comes from the plan catalog, so the price shown here is the price charged.
const PRO = catalogEntry("Pro Plan");

export function UpgradeScreen({ currentTier }: { currentTier: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <PageHeading title="Notification Settings" />
      <section
        className="mt-6 rounded-2xl border border-brand-500/30 bg-ink-900 p-6 text-center"
        data-testid="upgrade-screen"
      >
        <p className="text-sm text-slate-400">
          Your current plan: <span className="font-semibold text-white">{currentTier}</span>
        </p>
        <h2 className="mt-3 text-xl font-bold text-white">Get market-event alerts by email</h2>
        <p className="mt-2 text-slate-300">
          Earnings, ex-dividend dates, RSI and sentiment thresholds, big moves and economic releases for your
          watchlist, sent when they matter.
        </p>
        <p className="mt-4 text-3xl font-bold text-white">
          {PRO.name} <span className="text-brand-400">{formatPlanPrice(PRO.price.monthly)}/month</span>
        </p>
        <p className="mt-1 text-sm text-slate-400">{MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee</p>
        <Link
          to="/pricing?highlight=notifications"
          className={buttonClass({ size: "lg", className: "mt-6" })}
        >
          Upgrade to Pro
        </Link>
      </section>
    </div>
  );
}
