// Shared pieces of the auth screens' actions: social sign-in start, configured providers, responses.
import { data, redirect } from "react-router";
import { AUTH_MESSAGES } from "../../lib/auth-errors";
import { POLICY_CONSENT, type SocialProvider } from "../../lib/auth-validation";
import { integrationsOf, serverConfig, type WorkerEnv } from "../env.server";
import { callAuthEndpoint, withCookies } from "./auth-endpoint.server";
import { authErrorMessage, type AuthForm } from "../../lib/auth-errors";

export function enabledProviders(env: WorkerEnv): Record<SocialProvider, boolean> {
  const integrations = integrationsOf(serverConfig(env));
  return { google: integrations.google.configured, apple: integrations.apple.configured };
}

export interface FormFailure {
  error: string;
}

export function failure(error: string, status = 400) {
  return data<FormFailure>({ error }, { status });
}

/** Starts Google/Apple sign-in: redirects to the provider with better-auth's state cookie. */
export async function startSocialSignIn(
  env: WorkerEnv,
  request: Request,
  form: AuthForm,
  provider: SocialProvider,
  urls: { callbackURL: string; errorCallbackURL: string; requestSignUp: boolean },
) {
  if (!enabledProviders(env)[provider]) return failure(AUTH_MESSAGES["operation-not-allowed"]);
  const res = await callAuthEndpoint<{ url?: string }>(env, request, "/sign-in/social", {
    provider,
    callbackURL: urls.callbackURL,
    newUserCallbackURL: urls.callbackURL,
    errorCallbackURL: urls.errorCallbackURL,
    requestSignUp: urls.requestSignUp,
    // Only /signup asks for an account, after its policies check; the auth API checks it again.
    ...(urls.requestSignUp ? { additionalData: POLICY_CONSENT } : {}),
    disableRedirect: true,
  });
  if (!res.ok || !res.data?.url)
    return failure(authErrorMessage(form, res.code, res.status), res.status === 429 ? 429 : 400);
  return redirect(res.data.url, { headers: withCookies(res.cookies) });
}
