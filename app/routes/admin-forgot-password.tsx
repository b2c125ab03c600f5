import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin-forgot-password";
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
import { firstMessage, formFields, resetRequestSchema } from "#app/lib/auth-validation.ts";
import { callAuthEndpoint } from "#app/server/auth/auth-endpoint.server.ts";
import { adminRecordExists } from "#app/server/auth/admin-role.server.ts";
import { failure } from "#app/server/auth/forms.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reset Admin Password · Wheelhouse",
    description: "Password reset for Wheelhouse administrators.",
    path: "/admin/forgot-password",
    origin: originFromMatches(matches),
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const parsed = resetRequestSchema.safeParse(formFields(await readForm(request)));
  if (!parsed.success) return failure(firstMessage(parsed.error));
  // The admin record must exist, and the form says so when it does not (docs/product/admin.md#admin-sign-in).
  if (!(await adminRecordExists(env, parsed.data.email))) return failure(FORM_MESSAGES.adminNotFound, 404);
  const res = await callAuthEndpoint(env, request, "/request-password-reset", {
    email: parsed.data.email,
    redirectTo: "/reset-password?next=admin",
  });
  if (!res.ok) {
    if (res.status === 429) return data({ error: AUTH_MESSAGES["too-many-requests"] }, { status: 429 });
    return failure(FORM_MESSAGES.adminResetFailed, 502);
  }
  return { sent: true as const, email: parsed.data.email };
}

export default function AdminForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/forgot-password") === true;
  const [email, setEmail] = useState("");
  if (actionData && "sent" in actionData) {
    return (
      <AuthCard title="Check your email" subtitle={`We sent a password reset link to ${actionData.email}.`}>
        <SecondaryLinkButton href="/admin/login">Return to Sign In</SecondaryLinkButton>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset Admin Password" subtitle="Enter your admin email to receive a reset link.">
      <Form method="post" noValidate className="space-y-4">
        <FormMessage error={actionData && "error" in actionData ? actionData.error : null} />
        <TextField
          label="Admin email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PrimaryButton disabled={hydrated && (busy || email.trim() === "")}>
          {busy ? "Please wait..." : "Send Reset Link"}
        </PrimaryButton>
        <SecondaryLinkButton href="/admin/login">Back to Sign In</SecondaryLinkButton>
      </Form>
    </AuthCard>
  );
}
