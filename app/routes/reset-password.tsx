import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { readForm } from "#app/server/http/form.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import {
  AuthCard,
  FormMessage,
  PrimaryButton,
  SecondaryLinkButton,
  TextField,
  useHydrated,
} from "#app/components/auth/fields.tsx";
import { AUTH_MESSAGES, FORM_MESSAGES } from "#app/lib/auth-errors.ts";
import { firstMessage, formFields, resetPasswordSchema } from "#app/lib/auth-validation.ts";
import { MIN_PASSWORD_LENGTH } from "#app/lib/password-rules.ts";
import { callAuthEndpoint } from "#app/server/auth/auth-endpoint.server.ts";
import { failure } from "#app/server/auth/forms.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Choose a New Password · Wheelhouse",
    description: "Choose a new password for your Wheelhouse account.",
    path: "/reset-password",
    origin: originFromMatches(matches),
    noindex: true,
  });

/** After a reset the user signs in again: admins at /admin/login, everyone else at /signin. */
function signInPageFor(next: string | null | undefined) {
  return next === "admin" ? "/admin/login" : "/signin";
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const invalid = url.searchParams.get("error") === "INVALID_TOKEN" || !token;
  return { token: invalid ? null : token, next: url.searchParams.get("next") === "admin" ? "admin" : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await readForm(request));
  const parsed = resetPasswordSchema.safeParse(fields);
  if (!parsed.success) return failure(firstMessage(parsed.error));
  const res = await callAuthEndpoint(context.get(cloudflareContext).env, request, "/reset-password", {
    token: parsed.data.token,
    newPassword: parsed.data.newPassword,
  });
  if (!res.ok) {
    if (res.status === 429) return data({ error: AUTH_MESSAGES["too-many-requests"] }, { status: 429 });
    return failure(res.code === "INVALID_TOKEN" ? FORM_MESSAGES.resetLinkInvalid : AUTH_MESSAGES.unknown);
  }
  return redirect(`${signInPageFor(fields.next)}?notice=password_reset`);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const forgotHref = loaderData.next === "admin" ? "/admin/forgot-password" : "/forgot-password";
  if (!loaderData.token) {
    return (
      <AuthCard title="Reset Password">
        <div className="space-y-4">
          <FormMessage error={FORM_MESSAGES.resetLinkInvalid} />
          <SecondaryLinkButton href={forgotHref}>Send a new link</SecondaryLinkButton>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a New Password">
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        {loaderData.next ? <input type="hidden" name="next" value={loaderData.next} /> : null}
        <FormMessage error={actionData?.error} />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={`Must be at least ${MIN_PASSWORD_LENGTH} characters`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <PrimaryButton disabled={hydrated && (busy || password === "" || confirm === "")}>
          {busy ? "Please wait..." : "Reset Password"}
        </PrimaryButton>
      </Form>
    </AuthCard>
  );
}
