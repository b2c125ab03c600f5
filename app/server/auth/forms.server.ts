// Shared pieces of the auth screens' actions: social sign-in start, configured providers, responses.
import { data, redirect } from "react-router";
import { AUTH_MESSAGES } from "#app/lib/auth-errors.ts";
import {
  formFields,
  POLICY_CONSENT,
  socialProviderSchema,
  type SocialProvider,
} from "#app/lib/auth-validation.ts";
import { integrationsOf, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import {
  DEFAULT_AFTER_SIGN_IN,
  RETURN_PARAM,
  safeReturnPath,
  withReturnTo,
} from "#app/lib/return-address.ts";
import { readForm } from "#app/server/http/form.server.ts";
import { callAuthEndpoint, withCookies } from "#app/server/auth/auth-endpoint.server.ts";
import { authErrorMessage, type AuthForm } from "#app/lib/auth-errors.ts";

export function enabledProviders(env: WorkerEnv): Record<SocialProvider, boolean> {
  const integrations = integrationsOf(serverConfig(env));
  return { google: integrations.google.configured, apple: integrations.apple.configured };
}

/**
 * What /signin and /signup read first from their form: the fields, the safe return address, and the social
 * provider when a Google or Apple button sent it (null for the email form).
 */
export async function readAuthForm(request: Request) {
  const fields = formFields(await readForm(request));
  const social = socialProviderSchema.safeParse(fields.intent);
  return {
    fields,
    returnTo: safeReturnPath(fields[RETURN_PARAM]),
    social: social.success ? social.data : null,
  };
}

export interface FormFailure {
  error: string;
}

export function failure(error: string, status = 400) {
  return data<FormFailure>({ error }, { status });
}

/**
 * Starts Google/Apple sign-in from /signin or /signup: redirects to the provider with better-auth's state
 * cookie. Success lands on `returnTo` (or the default page); a failure comes back to the same form, keeping
 * `returnTo`. Only /signup asks for an account.
 */
export async function startSocialSignIn(
  env: WorkerEnv,
  request: Request,
  form: Extract<AuthForm, "signin" | "signup">,
  provider: SocialProvider,
  returnTo: string | null,
) {
  const urls = {
    callbackURL: returnTo ?? DEFAULT_AFTER_SIGN_IN,
    errorCallbackURL: withReturnTo(`/${form}`, returnTo),
    requestSignUp: form === "signup",
  };
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
