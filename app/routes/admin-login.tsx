import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-login";
import { readForm } from "#app/server/http/form.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import {
  AuthCard,
  FormMessage,
  PrimaryButton,
  TextField,
  useHydrated,
} from "#app/components/auth/fields.tsx";
import { AUTH_MESSAGES, FORM_MESSAGES } from "#app/lib/auth-errors.ts";
import { adminSignInSchema, firstMessage, formFields } from "#app/lib/auth-validation.ts";
import { callAuthEndpoint, cookieHeaderOf, withCookies } from "#app/server/auth/auth-endpoint.server.ts";
import { getAdminSession } from "#app/server/auth/admin.server.ts";
import { isAdminEmail } from "#app/server/auth/admin-role.server.ts";
import { failure } from "#app/server/auth/forms.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Admin Access · Wheelhouse",
    description: "Sign-in for Wheelhouse administrators.",
    path: "/admin/login",
    origin: originFromMatches(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdminSession(context.get(cloudflareContext).env, request)) throw redirect("/admin");
  const notice =
    new URL(request.url).searchParams.get("notice") === "password_reset"
      ? "Your password has been reset. Sign in with your new password."
      : null;
  return { notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const parsed = adminSignInSchema.safeParse(formFields(await readForm(request)));
  if (!parsed.success) return failure(firstMessage(parsed.error));
  const res = await callAuthEndpoint(env, request, "/sign-in/email", {
    email: parsed.data.email,
    password: parsed.data.password,
  });
  if (!res.ok) {
    if (res.status === 429) return data({ error: AUTH_MESSAGES["too-many-requests"] }, { status: 429 });
    return failure(FORM_MESSAGES.adminSignInFailed, 401);
  }
  if (!(await isAdminEmail(env, parsed.data.email))) {
    // Signed in, but not an admin: revoke the session just created so no non-admin session is left
    // behind. Its sign-out cookies are NOT passed on: the browser never received the new session, and
    // clearing the cookie would sign a regular user out of the session they already had.
    await callAuthEndpoint(env, request, "/sign-out", {}, { cookieOverride: cookieHeaderOf(res.cookies) });
    return failure(FORM_MESSAGES.adminNotAuthorized, 403);
  }
  return redirect("/admin", { headers: withCookies(res.cookies) });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/login") === true;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <AuthCard title="Admin Access" subtitle="Sign in with your administrator account">
      <Form method="post" noValidate className="space-y-4">
        <FormMessage error={actionData?.error} info={loaderData.notice} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end">
          <Link to="/admin/forgot-password" className="text-sm text-brand-400 hover:underline">
            Forgot password?
          </Link>
        </div>
        <PrimaryButton disabled={hydrated && (busy || email.trim() === "" || password === "")}>
          {busy ? "Please wait..." : "Sign In"}
        </PrimaryButton>
      </Form>
    </AuthCard>
  );
}
