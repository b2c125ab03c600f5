import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { keepPageAfterOfflineAction } from "#app/lib/offline-result.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import {
  AuthCard,
  Divider,
  FormMessage,
  PrimaryButton,
  TextField,
  useHydrated,
} from "#app/components/auth/fields.tsx";
import { SocialButtons } from "#app/components/auth/SocialButtons.tsx";
import { PolicyDialog } from "#app/components/auth/PolicyDialog.tsx";
import { POLICIES, type PolicyKey } from "#app/components/auth/policies.tsx";
import {
  authErrorMessage,
  FORM_MESSAGES,
  submitAuthForm,
  NOTICE_SIGN_UP_FIRST,
} from "#app/lib/auth-errors.ts";
import { firstMessage, POLICY_CONSENT, policiesSchema, signUpSchema } from "#app/lib/auth-validation.ts";
import { MIN_PASSWORD_LENGTH } from "#app/lib/password-rules.ts";
import {
  DEFAULT_AFTER_SIGN_IN,
  RETURN_PARAM,
  returnPathFrom,
  withReturnTo,
} from "#app/lib/return-address.ts";
import { callAuthEndpoint, withCookies } from "#app/server/auth/auth-endpoint.server.ts";
import { enabledProviders, failure, readAuthForm, startSocialSignIn } from "#app/server/auth/forms.server.ts";
import { redirectIfSignedIn } from "#app/server/auth/session.server.ts";
import { acceptInvite, findPendingInvite } from "#app/server/auth/invites.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Create Account · Wheelhouse",
    description:
      "Create a free Wheelhouse account: a watchlist with earnings and RSI, an economic calendar, and a Pro trial of ranked options-income ideas.",
    path: "/signup",
    origin: originFromMatches(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  await redirectIfSignedIn(env, request);
  const url = new URL(request.url);
  const oauthError = url.searchParams.get("error");
  const invite = await findPendingInvite(env, url.searchParams.get("invite"));
  return {
    providers: enabledProviders(env),
    returnTo: returnPathFrom(url),
    invite: invite ? { id: invite.id, email: invite.email } : null,
    error:
      oauthError === NOTICE_SIGN_UP_FIRST
        ? FORM_MESSAGES.signUpFirst
        : oauthError
          ? authErrorMessage("signup", oauthError)
          : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const { fields, returnTo, social } = await readAuthForm(request);
  if (social) {
    // The policy boxes apply to Google and Apple sign-up too (docs/product/accounts-and-auth.md#sign-up).
    const policies = policiesSchema.safeParse(fields);
    if (!policies.success) return failure(firstMessage(policies.error));
    return startSocialSignIn(env, request, "signup", social, returnTo);
  }
  const parsed = signUpSchema.safeParse(fields);
  if (!parsed.success) return failure(firstMessage(parsed.error));
  const { email, password } = parsed.data;
  const res = await callAuthEndpoint(env, request, "/sign-up/email", {
    email,
    password,
    name: email.split("@")[0] ?? email,
    // signUpSchema checked both boxes; the auth API refuses a sign-up without this (any caller).
    ...POLICY_CONSENT,
  });
  if (!res.ok)
    return data(
      { error: authErrorMessage("signup", res.code, res.status) },
      { status: res.status === 429 ? 429 : 400 },
    );
  await acceptInvite(env, fields.invite);
  return redirect(returnTo ?? DEFAULT_AFTER_SIGN_IN, { headers: withCookies(res.cookies) });
}

// A submission that cannot reach the server keeps the form and shows the product's network message.
export const shouldRevalidate = keepPageAfterOfflineAction;
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitAuthForm(serverAction);

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/signup") === true;
  const [email, setEmail] = useState(loaderData.invite?.email ?? "");
  const [password, setPassword] = useState("");
  const [accepted, setAccepted] = useState<Record<PolicyKey, boolean>>({ risk: false, terms: false });
  const [openPolicy, setOpenPolicy] = useState<PolicyKey | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? actionData?.error ?? loaderData.error;
  const bothAccepted = accepted.risk && accepted.terms;
  // Boxes ticked before the page hydrated are checked but not in state: adopt them once, or the button would
  // stay disabled beside two ticked boxes (text fields do the same in TextField).
  useEffect(() => {
    const ticked = (key: PolicyKey) =>
      (document.getElementById(`policy-${key}`) as HTMLInputElement | null)?.checked === true;
    setAccepted((a) => ({ risk: a.risk || ticked("risk"), terms: a.terms || ticked("terms") }));
  }, []);
  const signInHref = withReturnTo("/signin", loaderData.returnTo);

  const policyCheckbox = (key: PolicyKey, prefix: string) => {
    const policy = POLICIES[key];
    return (
      <div className="flex items-start gap-3">
        <input
          id={`policy-${key}`}
          type="checkbox"
          name={policy.field}
          checked={accepted[key]}
          onChange={(e) => setAccepted((a) => ({ ...a, [key]: e.target.checked }))}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-ink-600 bg-ink-850 accent-brand-500"
        />
        <label htmlFor={`policy-${key}`} className="text-sm text-slate-300">
          {prefix}{" "}
          <a
            href={policy.href}
            className="font-medium text-brand-400 underline-offset-2 hover:underline"
            onClick={(e) => {
              e.preventDefault();
              setOpenPolicy(key);
            }}
          >
            {policy.title}
          </a>
        </label>
      </div>
    );
  };

  return (
    <AuthCard title="Create Account" subtitle="Start with Wheelhouse in a minute">
      <Form method="post" noValidate className="space-y-4" onSubmit={() => setClientError(null)}>
        {loaderData.returnTo ? <input type="hidden" name={RETURN_PARAM} value={loaderData.returnTo} /> : null}
        {loaderData.invite ? <input type="hidden" name="invite" value={loaderData.invite.id} /> : null}
        <FormMessage error={error} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`Must be at least ${MIN_PASSWORD_LENGTH} characters`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <fieldset className="space-y-3 rounded-lg border border-ink-700 bg-ink-850/60 p-3">
          <legend className="sr-only">Policies</legend>
          {policyCheckbox("risk", "I have read and understand the")}
          {policyCheckbox("terms", "I agree to the")}
        </fieldset>
        <PrimaryButton name="intent" value="email" disabled={hydrated && (busy || !bothAccepted)}>
          {busy ? "Please wait..." : "Create Account"}
        </PrimaryButton>
        <Divider label="or" />
        <SocialButtons
          enabled={loaderData.providers}
          busy={busy}
          precheck={() => (bothAccepted ? null : FORM_MESSAGES.signUpPoliciesRequired)}
          onError={setClientError}
          label={(p) => `Sign up with ${p}`}
        />
      </Form>
      <p className="mt-6 text-center text-sm text-slate-400">
        Already have an account?{" "}
        <Link to={signInHref} className="font-medium text-brand-400 hover:underline">
          Sign in
        </Link>
      </p>
      {(Object.keys(POLICIES) as PolicyKey[]).map((key) => (
        <PolicyDialog
          key={key}
          open={openPolicy === key}
          title={POLICIES[key].title}
          fullPageHref={POLICIES[key].href}
          onCancel={() => setOpenPolicy(null)}
          onAccept={() => {
            setAccepted((a) => ({ ...a, [key]: true }));
            setOpenPolicy(null);
          }}
        >
          {POLICIES[key].summary.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </PolicyDialog>
      ))}
    </AuthCard>
  );
}
