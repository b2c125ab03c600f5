import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/pricing";
import { ContactDialog } from "#app/components/pricing/ContactDialog.tsx";
import { CancelSurveyDialog } from "#app/components/pricing/CancelSurveyDialog.tsx";
import { PlanCard, type CardAction } from "#app/components/pricing/PlanCard.tsx";
import { PlanChangeDialog } from "#app/components/pricing/PlanChangeDialog.tsx";
import { postJson } from "#app/components/pricing/billing-client.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { BILLING_MESSAGES } from "#app/lib/billing.ts";
import { formatPlanPrice } from "#app/lib/format.ts";
import { planCardActions, type PricingUser } from "#app/lib/plan-buttons.ts";
import {
  catalogEntry,
  effectivePlan,
  periodPrice,
  PLAN_CATALOG,
  PROMO_CODE,
  promoApplies,
  type BillingPeriod,
  type PaidTier,
} from "#app/lib/plans.ts";
import { withReturnTo } from "#app/lib/return-address.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { getBilling } from "#app/server/billing/stripe.server.ts";
import { publicConfig, serverConfig } from "#app/server/env.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Choose your Plan · Wheelhouse",
    description:
      "Compare Wheelhouse Free, Pro and Elite: credit-spread ideas, cash-secured put and covered call rankings, watchlist limits and alerts. Prices in US dollars, cancel any time.",
    path: "/pricing",
    origin: originFromMatches(matches),
  });

/**
 * Sign-up from pricing comes back to pricing (return address /pricing,
 * docs/product/plans-and-billing.md#plan-buttons).
 */
export const PRICING_SIGN_UP_HREF = withReturnTo("/signup", "/pricing");

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const url = new URL(request.url);
  const session = await getSession(env, request);
  const u = session?.user;
  const user: PricingUser | null = u
    ? {
        subscriptionTier: u.subscriptionTier ?? "Free Plan",
        subscriptionStatus: u.subscriptionStatus ?? "inactive",
        hasSubscriptionId: Boolean(u.subscriptionId),
        cancelAtPeriodEnd: Boolean(u.cancelAtPeriodEnd),
        currentPeriodEnd: u.currentPeriodEnd ? new Date(u.currentPeriodEnd).toISOString() : null,
        hasUsedTrial: Boolean(u.hasUsedTrial),
      }
    : null;
  const promo = promoApplies(url.searchParams.get("promo"), u);
  // The button matrix is decided here, on the server, for both periods of the toggle.
  const cards = PLAN_CATALOG.map((entry) => ({
    tier: entry.tier,
    actions: {
      monthly: planCardActions(user, entry, "monthly"),
      yearly: planCardActions(user, entry, "yearly"),
    },
  }));
  return {
    user,
    accountEmail: u?.email ?? null,
    currentPlan: u ? effectivePlan(u) : null,
    promo,
    highlight: url.searchParams.get("highlight") === "notifications",
    payments: getBilling(env) !== null,
    turnstileSiteKey: publicConfig(serverConfig(env)).turnstileSiteKey,
    cards,
  };
}

type Pending = { tier: PaidTier; kind: string } | null;

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["content"]);
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { user, accountEmail, currentPlan, promo, highlight, cards, turnstileSiteKey } = loaderData;
  const [period, setPeriod] = useState<BillingPeriod>("yearly");
  const [pending, setPending] = useState<Pending>(null);
  const [surveyOpen, setSurveyOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [change, setChange] = useState<{ tier: PaidTier; direction: "upgrade" | "downgrade" } | null>(null);
  const toast = useToast();
  const revalidator = useRevalidator();
  const cardsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!highlight) return;
    // The product's anchor scroll: 100 ms after the page settles.
    const timer = setTimeout(
      () => cardsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }),
      100,
    );
    return () => clearTimeout(timer);
  }, [highlight]);

  const fail = useCallback((message: string) => toast({ message, kind: "error", durationMs: 5000 }), [toast]);

  async function startCheckout(tier: PaidTier, kind: string) {
    setPending({ tier, kind });
    const answer = await postJson<{ url: string; sessionId: string }>(
      "/api/create-checkout-session",
      { tier, period, couponCode: promo ? PROMO_CODE : null },
      BILLING_MESSAGES.checkoutFailed,
    );
    if (answer.ok && answer.data.url) {
      window.location.assign(answer.data.url);
      return;
    }
    setPending(null);
    fail(answer.ok ? BILLING_MESSAGES.noSessionId : answer.error);
  }

  async function openPortal(tier: PaidTier, kind: string) {
    setPending({ tier, kind });
    const answer = await postJson<{ url: string }>("/api/stripe/portal", {}, BILLING_MESSAGES.actionFailed);
    if (answer.ok) {
      window.location.assign(answer.data.url);
      return;
    }
    setPending(null);
    fail(answer.error);
  }

  async function cancel(feedback: { reason: string[]; comment: string } | null) {
    setPending({ tier: (currentPlan ?? "Pro Plan") as PaidTier, kind: "cancel" });
    const answer = await postJson<{ message: string }>(
      "/api/stripe/cancel-subscription",
      { feedback, cancelImmediately: false },
      BILLING_MESSAGES.cancelFailed,
    );
    setPending(null);
    setSurveyOpen(false);
    if (answer.ok) {
      toast({ message: BILLING_MESSAGES.cancelSuccessToast, kind: "success", durationMs: 5000 });
      revalidator.revalidate();
    } else {
      fail(
        answer.error === BILLING_MESSAGES.notConfigured ? answer.error : BILLING_MESSAGES.cancelFailedToast,
      );
    }
  }

  async function confirmChange() {
    if (!change) return;
    setPending({ tier: change.tier, kind: change.direction });
    const answer = await postJson<{ mode: "updated" | "checkout"; url?: string; message?: string }>(
      "/api/stripe/change-plan",
      { tier: change.tier, period, couponCode: promo ? PROMO_CODE : null },
      BILLING_MESSAGES.changeFailed,
    );
    if (answer.ok && answer.data.mode === "checkout" && answer.data.url) {
      window.location.assign(answer.data.url);
      return;
    }
    setPending(null);
    setChange(null);
    if (answer.ok) {
      toast({ message: answer.data.message ?? BILLING_MESSAGES.changedToast(change.tier), kind: "success" });
      revalidator.revalidate();
    } else fail(answer.error);
  }

  function onAction(tier: PaidTier, action: CardAction) {
    if (pending) return;
    switch (action) {
      case "subscribe":
      case "promo-subscribe":
        return void startCheckout(tier, action);
      case "manage":
      case "resume":
        return void openPortal(tier, action);
      case "cancel":
        return setSurveyOpen(true);
      case "upgrade":
      case "downgrade":
        return setChange({ tier, direction: action });
    }
  }

  const changePrice = change ? periodPrice(catalogEntry(change.tier), period, promo) : null;

  return (
    <div>
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">Choose your Plan</h1>
        <p className="mt-2 text-slate-400">
          Start free. Upgrade for curated trade ideas, market-event alerts and wheel strategies.
        </p>
        <div
          role="radiogroup"
          aria-label="Billing period"
          className="mt-6 inline-flex rounded-full border border-ink-700 bg-ink-900 p-1 text-sm"
        >
          {(["monthly", "yearly"] as const).map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={period === p}
              onClick={() => setPeriod(p)}
              className={`rounded-full px-4 py-1.5 font-medium transition ${
                period === p ? "bg-brand-500 text-ink-950" : "text-slate-300 hover:text-white"
              }`}
            >
              {p === "monthly" ? "Monthly" : "Yearly"}
              {p === "yearly" ? (
                <span className={`ml-2 text-xs ${period === p ? "text-ink-900" : "text-brand-400"}`}>
                  Save up to 17%
                </span>
              ) : null}
            </button>
          ))}
        </div>
        {promo ? (
          <p
            data-testid="promo-note"
            className="mx-auto mt-4 max-w-md rounded-lg border border-amber-400/40 bg-amber-500/10 px-4 py-2 text-sm text-amber-200"
          >
            Limited Time: 20% OFF your first payment with code {PROMO_CODE}
          </p>
        ) : null}
      </header>

      <div ref={cardsRef} id="plans" className="mt-8 grid scroll-mt-20 gap-6 lg:grid-cols-3">
        {cards.map((card) => {
          const entry = catalogEntry(card.tier);
          return (
            <PlanCard
              key={card.tier}
              entry={entry}
              period={period}
              promo={promo && card.tier !== "Free Plan"}
              current={currentPlan === card.tier}
              actions={card.actions[period]}
              signUpHref={PRICING_SIGN_UP_HREF}
              pendingKind={pending?.tier === card.tier ? pending.kind : null}
              busy={pending !== null}
              onAction={(action) => onAction(card.tier as PaidTier, action)}
            />
          );
        })}
      </div>

      <div className="mx-auto mt-10 max-w-2xl space-y-3 text-center text-sm text-slate-400">
        <p>
          Questions about plans or billing?{" "}
          <button
            type="button"
            onClick={() => setContactOpen(true)}
            className="font-semibold text-brand-400 underline-offset-2 hover:underline"
          >
            Contact our team
          </button>
        </p>
        <p>
          Subscriptions help cover the market data and computing costs that power the trade ideas. Payments
          are handled by Stripe; cancel any time and keep access until the end of your billing period.
        </p>
        {user ? null : (
          <p>
            Already have an account?{" "}
            <Link to="/signin?returnTo=%2Fpricing" className="text-brand-400 underline">
              Sign in
            </Link>
          </p>
        )}
      </div>

      <CancelSurveyDialog
        open={surveyOpen}
        busy={pending?.kind === "cancel"}
        onClose={() => setSurveyOpen(false)}
        onSubmit={(feedback) => void cancel(feedback)}
      />
      {change && changePrice && currentPlan ? (
        <PlanChangeDialog
          open
          busy={pending !== null}
          direction={change.direction}
          fromPlan={currentPlan}
          toPlan={change.tier}
          priceLabel={
            period === "monthly"
              ? `${formatPlanPrice(changePrice.billed)}/month`
              : `${formatPlanPrice(changePrice.billed)}/year`
          }
          onClose={() => setChange(null)}
          onConfirm={() => void confirmChange()}
        />
      ) : null}
      <ContactDialog
        open={contactOpen}
        onClose={() => setContactOpen(false)}
        accountEmail={accountEmail}
        turnstileSiteKey={turnstileSiteKey}
      />
    </div>
  );
}
