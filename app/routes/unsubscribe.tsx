import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { readForm } from "#app/server/http/form.server.ts";
import { NOTIFICATION_MESSAGES } from "#app/lib/notifications.ts";
import { checkUnsubscribeToken, unsubscribeWithToken } from "#app/server/notifications/unsubscribe.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Unsubscribe · Wheelhouse",
    description: "Stop Wheelhouse alert emails for this address.",
    path: "/unsubscribe",
    origin: originFromMatches(matches),
    noindex: true,
  });

/** The page behind the email's Unsubscribe link: checks the signed token, changes nothing until confirmed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const check = await checkUnsubscribeToken(context.get(cloudflareContext).env, token);
  return { valid: check.ok, token: token ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  const ok = await unsubscribeWithToken(context.get(cloudflareContext).env, token);
  return { done: ok };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const invalid = !loaderData.valid || actionData?.done === false;
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-white">Unsubscribe</h1>
      {actionData?.done ? (
        <p className="mt-4 text-slate-300" role="status">
          {NOTIFICATION_MESSAGES.unsubscribed} You can switch them back on in{" "}
          <Link to="/notifications" className="text-brand-400 underline">
            notification settings
          </Link>
          .
        </p>
      ) : invalid ? (
        <p className="mt-4 text-red-400" role="alert">
          {NOTIFICATION_MESSAGES.invalidUnsubscribeLink} Sign in and use{" "}
          <Link to="/notifications?unsubscribe=true" className="text-brand-400 underline">
            notification settings
          </Link>{" "}
          instead.
        </p>
      ) : (
        <Form method="post" className="mt-6 flex flex-col items-center gap-4">
          <p className="text-slate-300">Stop all Wheelhouse market-event emails to this account?</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" disabled={busy} className={buttonClass({ size: "lg" })}>
            {busy ? "Unsubscribing..." : "Unsubscribe"}
          </button>
        </Form>
      )}
    </div>
  );
}
