import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
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
import { authErrorMessage } from "#app/lib/auth-errors.ts";
import { firstMessage, formFields, resetRequestSchema } from "#app/lib/auth-validation.ts";
import { callAuthEndpoint } from "#app/server/auth/auth-endpoint.server.ts";
import { failure } from "#app/server/auth/forms.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reset Password · Wheelhouse",
    description: "Reset your Wheelhouse password: we e-mail you a link to choose a new one.",
    path: "/forgot-password",
    origin: originFromMatches(matches),
    noindex: true,
  });

/** Where the emailed link lands (better-auth adds ?token=...). */
export const RESET_LANDING = "/reset-password";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = resetRequestSchema.safeParse(formFields(await readForm(request)));
  if (!parsed.success) return failure(firstMessage(parsed.error));
  const res = await callAuthEndpoint(context.get(cloudflareContext).env, request, "/request-password-reset", {
    email: parsed.data.email,
    redirectTo: RESET_LANDING,
  });
  if (!res.ok)
    return data(
      { error: authErrorMessage("reset", res.code, res.status) },
      { status: res.status === 429 ? 429 : 400 },
    );
  return { sent: true as const, email: parsed.data.email };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/forgot-password") === true;
  const [email, setEmail] = useState("");
  if (actionData && "sent" in actionData) {
    return (
      <AuthCard
        title="Check your email"
        subtitle={`If an account exists for ${actionData.email}, we sent a link to reset its password.`}
      >
        <SecondaryLinkButton href="/signin">Return to Sign In</SecondaryLinkButton>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset Password"
      subtitle="Enter your email and we will send you a link to reset your password."
    >
      <Form method="post" noValidate className="space-y-4">
        <FormMessage error={actionData && "error" in actionData ? actionData.error : null} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PrimaryButton disabled={hydrated && (busy || email.trim() === "")}>
          {busy ? "Please wait..." : "Send Reset Link"}
        </PrimaryButton>
        <SecondaryLinkButton href="/signin">Back to Sign In</SecondaryLinkButton>
      </Form>
    </AuthCard>
  );
}
