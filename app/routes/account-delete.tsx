import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account-delete";
import { readForm } from "#app/server/http/form.server.ts";
import { deleteAccount, type CancelBilling } from "#app/server/account/delete-account.server.ts";
import { cancelSubscriptionsForDeletedUser } from "#app/server/billing/billing.server.ts";
import { requireSession } from "#app/server/auth/session.server.ts";
import { accountHasPassword, confirmIdentity } from "#app/server/account/confirm-identity.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Delete Account · Wheelhouse",
    description: "Permanently delete your Wheelhouse account and its data.",
    path: "/account/delete",
    origin: originFromMatches(matches),
    noindex: true,
  });

export const CONFIRM_WORD = "DELETE";
const confirmSchema = z.object({
  confirm: z
    .string({ error: `Type ${CONFIRM_WORD} to confirm.` })
    .trim()
    .refine((v) => v === CONFIRM_WORD, { error: `Type ${CONFIRM_WORD} to confirm.` }),
});

// Every Stripe subscription ends first; if Stripe refuses or is unreachable the account stays.
const cancelBilling: CancelBilling = async (env, user) => {
  const result = await cancelSubscriptionsForDeletedUser(env, user);
  if (!result.ok) throw new Error(result.message);
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await requireSession(env, request);
  return {
    email: session.user.email,
    hasSubscription: Boolean(session.user.subscriptionId),
    hasPassword: await accountHasPassword(env, request, session.user.id),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await requireSession(env, request);
  const form = await readForm(request);
  const parsed = confirmSchema.safeParse({ confirm: form.get("confirm") ?? undefined });
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  // The session alone is not enough: the password, or a fresh sign-in for a Google / Apple-only account.
  const identity = await confirmIdentity(env, request, session, form.get("password"));
  if (!identity.ok) return data({ error: identity.message }, { status: identity.status });
  const result = await deleteAccount(env, session.user, cancelBilling);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  // The session rows are gone; expire the browser's cookies too.
  const headers = new Headers();
  for (const name of request.headers.get("Cookie")?.split(";") ?? []) {
    const cookie = name.split("=")[0]?.trim();
    if (cookie && cookie.includes("better-auth")) {
      const secure = cookie.startsWith("__Secure-") ? "; Secure" : "";
      headers.append("Set-Cookie", `${cookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
    }
  }
  return redirect("/?accountDeleted=1", { headers });
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-2xl font-semibold tracking-tight text-white">Delete Account</h1>
      <p className="mt-3 text-slate-300">
        This permanently deletes the account <strong className="text-white">{loaderData.email}</strong>: your
        watchlist, positions, favorites, wheel settings, notification preferences and history, feedback,
        feature requests and votes. You will be signed out. This cannot be undone.
      </p>
      {loaderData.hasSubscription ? (
        <p className="mt-3 rounded-md border border-amber-400/30 bg-amber-400/10 p-3 text-sm text-amber-200">
          Your paid subscription is cancelled immediately, without a refund for the rest of the period.
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        {loaderData.hasPassword ? (
          <>
            <Field
              id="password"
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              controlClassName="w-full"
            />
          </>
        ) : (
          <p className="text-sm text-slate-400">
            You signed in with Google or Apple: deleting works within 10 minutes of signing in.
          </p>
        )}
        <Field
          id="confirm"
          label={
            <>
              Type <span className="font-mono font-semibold text-white">{CONFIRM_WORD}</span> to confirm
            </>
          }
          name="confirm"
          autoComplete="off"
          error={result?.error}
          controlClassName="w-full"
        />
        <Button type="submit" variant="danger" size="lg" disabled={busy}>
          {busy ? "Deleting…" : "Delete my account"}
        </Button>
      </Form>
    </div>
  );
}
