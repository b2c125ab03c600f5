import { Link, redirect } from "react-router";
import type { Route } from "./+types/subscription-cancelled";
import { getSession } from "#app/server/auth/session.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Subscription Cancelled · Wheelhouse",
    description: "Your Wheelhouse checkout was cancelled; nothing was charged.",
    path: "/subscription/cancelled",
    origin: originFromMatches(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(context.get(cloudflareContext).env, request);
  if (!session) throw redirect("/");
  return null;
}

export default function SubscriptionCancelled() {
  return (
    <section className="mx-auto max-w-lg py-20 text-center">
      <h1 className="text-3xl font-semibold text-white">Subscription Cancelled</h1>
      <p className="mt-3 text-slate-300">
        Your subscription has been cancelled. You'll have access to premium features until the end of your
        current billing period.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/pricing" className={buttonClass({ size: "lg" })}>
          Resubscribe
        </Link>
        <Link
          to="/dashboard"
          className="rounded-lg border border-ink-600 px-5 py-2.5 font-semibold text-white hover:bg-ink-800"
        >
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}
