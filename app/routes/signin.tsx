import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signin";
import { keepPageAfterOfflineAction } from "../lib/offline-result";
import { originFromMatches, pageMeta } from "../lib/seo";
import {
  AuthCard,
  Divider,
  FormMessage,
  PrimaryButton,
  TextField,
  useHydrated,
} from "../components/auth/fields";
import { SocialButtons } from "../components/auth/SocialButtons";
import {
  authErrorMessage,
  submitAuthForm,
  NOTICE_SESSION_ENDED,
  NOTICE_SIGN_UP_FIRST,
  USER_DATA_MESSAGES,
} from "../lib/auth-errors";
import { firstMessage, signInSchema } from "../lib/auth-validation";
import { DEFAULT_AFTER_SIGN_IN, RETURN_PARAM, returnPathFrom, withReturnTo } from "../lib/return-address";
import { callAuthEndpoint, withCookies } from "../server/auth/auth-endpoint.server";
import { enabledProviders, failure, readAuthForm, startSocialSignIn } from "../server/auth/forms.server";
import { getAuth } from "../server/auth/auth.server";
import { redirectIfSignedIn } from "../server/auth/session.server";
import { cloudflareContext } from "../server/request-context.server";

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
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const { fields, returnTo, social } = await readAuthForm(request);
  if (social) return startSocialSignIn(env, request, "signin", social, returnTo);
  const parsed = signInSchema.safeParse(fields);
  if (!parsed.success) return failure(firstMessage(parsed.error));
  const res = await callAuthEndpoint(env, request, "/sign-in/email", { ...parsed.data, rememberMe: true });
  if (!res.ok)
    return data(
      { error: authErrorMessage("signin", res.code, res.status) },
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
  const error = clientError ?? actionData?.error ?? loaderData.error;
  const signUpHref = withReturnTo("/signup", loaderData.returnTo);

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to your Wheelhouse account">
      <Form method="post" noValidate className="space-y-4" onSubmit={() => setClientError(null)}>
        {loaderData.returnTo ? <input type="hidden" name={RETURN_PARAM} value={loaderData.returnTo} /> : null}
        <FormMessage error={error} info={loaderData.notice} />
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
        <PrimaryButton
          name="intent"
          value="email"
          disabled={hydrated && (busy || email.trim() === "" || password === "")}
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
