import { useEffect, useState } from "react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/change-password";
import { readForm } from "#app/server/http/form.server.ts";
import {
  AuthCard,
  FormMessage,
  PrimaryButton,
  TextField,
  useHydrated,
} from "#app/components/auth/fields.tsx";
import { authErrorMessage, FORM_MESSAGES } from "#app/lib/auth-errors.ts";
import { changePasswordSchema, firstMessage, formFields } from "#app/lib/auth-validation.ts";
import { MIN_PASSWORD_LENGTH } from "#app/lib/password-rules.ts";
import { callAuthEndpoint, withCookies } from "#app/server/auth/auth-endpoint.server.ts";
import { failure } from "#app/server/auth/forms.server.ts";
import { requireSession } from "#app/server/auth/session.server.ts";
import { hasPassword } from "#app/server/auth/accounts.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Change Password · Wheelhouse",
    description: "Change the password of your Wheelhouse account.",
    path: "/change-password",
    origin: originFromMatches(matches),
  });

/**
 * Back to / 2000 ms after a successful change (docs/product/accounts-and-auth.md#password-reset-and-change).
 */
export const REDIRECT_AFTER_CHANGE_MS = 2000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await requireSession(env, request);
  return { email: session.user.email, hasPassword: await hasPassword(env, session.user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await requireSession(env, request);
  if (!session.user.email) return failure(FORM_MESSAGES.changePasswordFailed);
  // better-auth would answer "invalid password", which reads as a typo; say what is really the case.
  if (!(await hasPassword(env, session.user.id))) return failure(FORM_MESSAGES.noPasswordOnAccount);
  const parsed = changePasswordSchema.safeParse(formFields(await readForm(request)));
  if (!parsed.success) return failure(firstMessage(parsed.error));
  // better-auth re-verifies the current password before it writes the new one.
  const res = await callAuthEndpoint(env, request, "/change-password", {
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.newPassword,
    revokeOtherSessions: true,
  });
  if (!res.ok)
    return data(
      { error: authErrorMessage("change-password", res.code, res.status) },
      { status: res.status === 429 ? 429 : 400 },
    );
  // Revoking other sessions issues a fresh session cookie for this browser.
  return data({ success: FORM_MESSAGES.changePasswordSuccess }, { headers: withCookies(res.cookies) });
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting";
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const success = actionData && "success" in actionData ? actionData.success : null;
  const error = actionData && "error" in actionData ? actionData.error : null;

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate("/"), REDIRECT_AFTER_CHANGE_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  if (!loaderData.hasPassword)
    return (
      <AuthCard title="Change Password" subtitle={loaderData.email}>
        <div className="space-y-4">
          <FormMessage info={FORM_MESSAGES.noPasswordOnAccount} />
          <Link to="/forgot-password" className={buttonClass({ size: "lg", block: true })}>
            Set a password by email
          </Link>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard title="Change Password" subtitle={loaderData.email}>
      <Form method="post" noValidate className="space-y-4">
        <FormMessage error={error} success={success} />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={`Must be at least ${MIN_PASSWORD_LENGTH} characters`}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <PrimaryButton
          disabled={hydrated && (busy || Boolean(success) || current === "" || next === "" || confirm === "")}
        >
          {busy ? "Please wait..." : "Change Password"}
        </PrimaryButton>
      </Form>
    </AuthCard>
  );
}
