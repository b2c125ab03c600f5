import { Link, redirect } from "react-router";
import type { Route } from "./+types/subscription-success";
import { getSession } from "#app/server/auth/session.server.ts";
import { recordSubscriptionSuccess } from "#app/server/billing/billing.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Subscription Successful · Wheelhouse",
    description: "Your Wheelhouse subscription is active.",
    path: "/subscription/success",
    origin: originFromMatches(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await getSession(env, request);
  if (!session) throw redirect("/");
  // Purchase, payment and conversion events (once per Checkout session) and the page view: first-party rows.
  await recordSubscriptionSuccess(env, session.user, new URL(request.url).searchParams.get("session_id"));
  return null;
}

export default function SubscriptionSuccess() {
  return (
    <section className="mx-auto max-w-lg py-20 text-center">
      <h1 className="text-3xl font-semibold text-white">Subscription Successful!</h1>
      <p className="mt-3 text-slate-300">
        Thank you for subscribing. Your account has been successfully upgraded.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/dashboard" className={buttonClass({ size: "lg" })}>
          Go to Dashboard
        </Link>
        <Link
          to="/pricing"
          className="rounded-lg border border-ink-600 px-5 py-2.5 font-semibold text-white hover:bg-ink-800"
        >
          View Subscription Details
        </Link>
      </div>
    </section>
  );
}
