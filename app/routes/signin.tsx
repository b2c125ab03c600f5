import { useCallback, useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signin";
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
import { Button } from "#app/components/ui/Button.tsx";
import { TurnstileWidget } from "#app/components/pricing/TurnstileWidget.tsx";
import {
  authErrorMessage,
  submitAuthForm,
  NOTICE_SESSION_ENDED,
  NOTICE_SIGN_UP_FIRST,
  USER_DATA_MESSAGES,
} from "#app/lib/auth-errors.ts";
import { firstMessage, resetRequestSchema, signInSchema } from "#app/lib/auth-validation.ts";
import {
  DEFAULT_AFTER_SIGN_IN,
  RETURN_PARAM,
  returnPathFrom,
  withReturnTo,
} from "#app/lib/return-address.ts";
import { callAuthEndpoint, withCookies } from "#app/server/auth/auth-endpoint.server.ts";
import { enabledProviders, failure, readAuthForm, startSocialSignIn } from "#app/server/auth/forms.server.ts";
import { getAuth } from "#app/server/auth/auth.server.ts";
import { redirectIfSignedIn } from "#app/server/auth/session.server.ts";
import { SIGN_IN_LINK_PARAM, SIGN_IN_LINK_PATHS } from "#app/server/auth/sign-in-link.server.ts";
import { signInAttempt } from "#app/server/auth/sign-in-throttle.server.ts";
import { publicConfig, serverConfig } from "#app/server/env.server.ts";
import { clientAddress } from "#app/server/rate-limit.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { turnstileConfigured, verifyTurnstile } from "#app/server/turnstile.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Welcome Back · Wheelhouse",
    description: "Sign in to Wheelhouse to see your trade ideas, watchlist, wheel strategies and alerts.",
    path: "/signin",
    origin: originFromMatches(matches),
  });

const NOTICES: Record<string, string> = {
  password_reset: "Your password has been reset. Sign in with your new password.",
};

/**
 * Past the account's password budget (decision 299; docs/product/accounts-and-auth.md#throttles-and-bans).
 * The 429 keeps the product's 'Too many attempts' message; these say how the owner still gets in.
 */
export const LOCKOUT_MESSAGES = {
  locked:
    "Too many wrong passwords were tried on this account, so password sign-in is paused for up to 15 minutes. You can still sign in with a link we email you.",
  lockedWithChallenge:
    "Too many wrong passwords were tried on this account. Complete the check below and sign in again, or sign in with a link we email you.",
  sendLink: "Email me a sign-in link",
  linkSent:
    "If an account uses this address, we have emailed it a sign-in link. The link works once, for 15 minutes.",
  challengeFailed: "The security check did not pass. Please try again.",
  finishTitle: "Finish signing in",
  finishSubtitle: "Continue to sign in with the link from your email.",
  finishButton: "Sign In",
  linkInvalid: "This sign-in link has expired or has already been used. Request a new one below.",
} as const;

type SignInActionData = {
  error?: string;
  /** The account's password budget is spent: offer the link (and the challenge where configured). */
  locked?: boolean;
  linkSent?: string;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const url = new URL(request.url);
  const oauthError = url.searchParams.get("error");
  if (oauthError === "signup_disabled") {
    // Social sign-in for an account that does not exist: sign out and go to sign-up
    // (docs/product/accounts-and-auth.md#social-sign-in).
    const headers = new Headers();
    try {
      const res = await getAuth(env, request).api.signOut({ headers: request.headers, asResponse: true });
      withCookies(res.headers.getSetCookie(), headers);
    } catch {
      // No session to end.
    }
    const returnTo = returnPathFrom(url);
    const target = withReturnTo("/signup", returnTo, { error: NOTICE_SIGN_UP_FIRST });
    throw redirect(target, { headers });
  }
  await redirectIfSignedIn(env, request);
  return {
    providers: enabledProviders(env),
    returnTo: returnPathFrom(url),
    error: oauthError
      ? authErrorMessage("signin", oauthError)
      : url.searchParams.get("notice") === NOTICE_SESSION_ENDED
        ? USER_DATA_MESSAGES.signedOut
        : null,
    notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
    // A mailed sign-in link lands here; one click (a POST) signs in, so a mail scanner's GET spends nothing.
    linkToken: url.searchParams.get(SIGN_IN_LINK_PARAM)?.slice(0, 200) || null,
    turnstileSiteKey: publicConfig(serverConfig(env)).turnstileSiteKey,
  };
}

async function requestSignInLink(
  env: Parameters<typeof callAuthEndpoint>[0],
  request: Request,
  fields: Record<string, string>,
  returnTo: string | null,
) {
  const parsed = resetRequestSchema.safeParse(fields);
  if (!parsed.success) return failure(firstMessage(parsed.error));
  const res = await callAuthEndpoint(env, request, SIGN_IN_LINK_PATHS.request, {
    email: parsed.data.email,
    ...(returnTo ? { returnTo } : {}),
  });
  // Any address gets the same answer; only the per-address limit (429) says something else.
  if (!res.ok && res.status === 429)
    return data<SignInActionData>(
      { error: authErrorMessage("signin", res.code, res.status) },
      { status: 429 },
    );
  return data<SignInActionData>({ linkSent: LOCKOUT_MESSAGES.linkSent });
}

async function followSignInLink(
  env: Parameters<typeof callAuthEndpoint>[0],
  request: Request,
  token: string,
  returnTo: string | null,
) {
  const res = await callAuthEndpoint(env, request, SIGN_IN_LINK_PATHS.verify, { token });
  if (res.ok) return redirect(returnTo ?? DEFAULT_AFTER_SIGN_IN, { headers: withCookies(res.cookies) });
  const error =
    res.status === 400 ? LOCKOUT_MESSAGES.linkInvalid : authErrorMessage("signin", res.code, res.status);
  return data<SignInActionData>(
    { error },
    { status: res.status === 429 ? 429 : res.status === 403 ? 403 : 400 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const { fields, returnTo, social } = await readAuthForm(request);
  if (social) return startSocialSignIn(env, request, "signin", social, returnTo);
  if (fields.intent === "link") return requestSignInLink(env, request, fields, returnTo);
  if (fields.intent === "link-verify") return followSignInLink(env, request, fields.token ?? "", returnTo);
  const parsed = signInSchema.safeParse(fields);
  if (!parsed.success) return failure(firstMessage(parsed.error));
  // Where Turnstile is configured, a passed challenge lets this one attempt past a spent account budget
  // (decision 299). The token is verified here, server-side; siteverify accepts each token once.
  let challengePassed = false;
  const token = fields.turnstileToken ?? "";
  if (token !== "" && turnstileConfigured(env)) {
    const verdict = await verifyTurnstile(env, token, clientAddress(request));
    if (!verdict.ok)
      return data<SignInActionData>(
        { error: LOCKOUT_MESSAGES.challengeFailed, locked: true },
        { status: 400 },
      );
    challengePassed = true;
  }
  const { result: res, budgetSpent } = await signInAttempt(parsed.data.email, { challengePassed }, () =>
    callAuthEndpoint(env, request, "/sign-in/email", { ...parsed.data, rememberMe: true }),
  );
  if (!res.ok)
    return data<SignInActionData>(
      { error: authErrorMessage("signin", res.code, res.status), ...(budgetSpent ? { locked: true } : {}) },
      { status: res.status === 429 ? 429 : 400 },
    );
  return redirect(returnTo ?? DEFAULT_AFTER_SIGN_IN, { headers: withCookies(res.cookies) });
}

// A submission that cannot reach the server keeps the form and shows the product's network message.
export const shouldRevalidate = keepPageAfterOfflineAction;
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitAuthForm(serverAction);

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/signin") === true;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [clientError, setClientError] = useState<string | null>(null);
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const onTurnstileToken = useCallback((token: string | null) => setTurnstileToken(token), []);
  const result = actionData as SignInActionData | undefined;
  // A token is spent by the submission that carried it: each answer mounts a fresh challenge.
  const [challengeRound, setChallengeRound] = useState(0);
  useEffect(() => {
    setTurnstileToken(null);
    setChallengeRound((round) => round + 1);
  }, [actionData]);
  const error = clientError ?? result?.error ?? loaderData.error;
  const signUpHref = withReturnTo("/signup", loaderData.returnTo);
  const locked = result?.locked === true;
  const challenge = locked && loaderData.turnstileSiteKey !== null;
  // "Email me a sign-in link" after a lockout, a sent link (to send another) or a spent link.
  const offerLink = locked || Boolean(result?.linkSent) || result?.error === LOCKOUT_MESSAGES.linkInvalid;

  if (loaderData.linkToken && !result?.error)
    return (
      <AuthCard title={LOCKOUT_MESSAGES.finishTitle} subtitle={LOCKOUT_MESSAGES.finishSubtitle}>
        <Form method="post" noValidate className="space-y-4">
          {loaderData.returnTo ? (
            <input type="hidden" name={RETURN_PARAM} value={loaderData.returnTo} />
          ) : null}
          <input type="hidden" name="token" value={loaderData.linkToken} />
          <PrimaryButton name="intent" value="link-verify" disabled={hydrated && busy}>
            {busy ? "Please wait..." : LOCKOUT_MESSAGES.finishButton}
          </PrimaryButton>
        </Form>
      </AuthCard>
    );

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to your Wheelhouse account">
      <Form method="post" noValidate className="space-y-4" onSubmit={() => setClientError(null)}>
        {loaderData.returnTo ? <input type="hidden" name={RETURN_PARAM} value={loaderData.returnTo} /> : null}
        <FormMessage error={error} info={result?.linkSent ?? loaderData.notice} />
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
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm text-brand-400 hover:underline">
            Forgot password?
          </Link>
        </div>
        {offerLink ? (
          <div className="space-y-3 rounded-lg border border-ink-700 p-3">
            {locked ? (
              <p className="text-sm text-slate-300">
                {challenge ? LOCKOUT_MESSAGES.lockedWithChallenge : LOCKOUT_MESSAGES.locked}
              </p>
            ) : null}
            {challenge ? (
              <>
                <TurnstileWidget
                  key={challengeRound}
                  siteKey={loaderData.turnstileSiteKey!}
                  onToken={onTurnstileToken}
                />
                <input type="hidden" name="turnstileToken" value={turnstileToken ?? ""} />
              </>
            ) : null}
            <Button
              type="submit"
              variant="secondary"
              block
              name="intent"
              value="link"
              disabled={hydrated && (busy || email.trim() === "")}
            >
              {LOCKOUT_MESSAGES.sendLink}
            </Button>
          </div>
        ) : null}
        <PrimaryButton
          name="intent"
          value="email"
          disabled={
            hydrated && (busy || email.trim() === "" || password === "" || (challenge && !turnstileToken))
          }
        >
          {busy ? "Please wait..." : "Sign In"}
        </PrimaryButton>
        <Divider label="or" />
        <SocialButtons
          enabled={loaderData.providers}
          busy={busy}
          onError={setClientError}
          label={(p) => `Sign in with ${p}`}
        />
      </Form>
      <p className="mt-6 text-center text-sm text-slate-400">
        Don&apos;t have an account?{" "}
        <Link to={signUpHref} className="font-medium text-brand-400 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
