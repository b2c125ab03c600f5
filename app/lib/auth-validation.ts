// zod schemas for the auth forms, shared by the route actions (the authority) and the screens (which
// mirror them for disabled states). Messages are docs/product/accounts-and-auth.md's, via auth-errors.
import { z } from "zod";
import { AUTH_MESSAGES, FORM_MESSAGES } from "#app/lib/auth-errors.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#app/lib/password-rules.ts";

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

const text = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

const emailString = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: AUTH_MESSAGES["invalid-email"] }).max(254, AUTH_MESSAGES["invalid-email"]));
const email = text.pipe(emailString);

export const signInSchema = z
  .object({ email: text, password: text })
  .refine((v) => v.email.trim() !== "" && v.password !== "", { message: FORM_MESSAGES.signInMissingFields })
  .pipe(
    z.object({
      email: emailString,
      password: z.string().max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES["invalid-login-credentials"]),
    }),
  );

/**
 * What the sign-up screen sends to the auth API once both policy boxes are ticked. The server refuses
 * every account-creating request without it (app/server/auth/auth-guards.server.ts), whatever the client.
 */
export const POLICY_CONSENT = { acceptRisk: true, acceptTerms: true } as const;

export function hasPolicyConsent(value: unknown): boolean {
  const v = value as { acceptRisk?: unknown; acceptTerms?: unknown } | null | undefined;
  return v?.acceptRisk === true && v?.acceptTerms === true;
}

export const policiesSchema = z
  .object({ acceptRisk: checkbox, acceptTerms: checkbox })
  .refine((v) => v.acceptRisk && v.acceptTerms, { message: FORM_MESSAGES.signUpPoliciesRequired });

export const signUpSchema = policiesSchema.and(
  z.object({
    email,
    password: text.pipe(
      z
        .string()
        .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES["weak-password"])
        .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES["weak-password"]),
    ),
  }),
);

export const resetRequestSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: text.pipe(z.string().min(1, FORM_MESSAGES.resetLinkInvalid)),
    newPassword: text,
    confirmPassword: text,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: FORM_MESSAGES.passwordsDoNotMatch })
  .refine((v) => v.newPassword.length >= MIN_PASSWORD_LENGTH, { message: FORM_MESSAGES.newPasswordTooShort })
  .refine((v) => v.newPassword.length <= MAX_PASSWORD_LENGTH, { message: AUTH_MESSAGES["weak-password"] });

export const changePasswordSchema = z
  .object({ currentPassword: text, newPassword: text, confirmPassword: text })
  .refine((v) => v.currentPassword !== "", { message: FORM_MESSAGES.currentPasswordIncorrect })
  .refine((v) => v.newPassword === v.confirmPassword, { message: FORM_MESSAGES.passwordsDoNotMatch })
  .refine((v) => v.newPassword.length >= MIN_PASSWORD_LENGTH, { message: FORM_MESSAGES.newPasswordTooShort })
  .refine((v) => v.newPassword.length <= MAX_PASSWORD_LENGTH, {
    message: FORM_MESSAGES.changePasswordFailed,
  });

export const adminSignInSchema = z
  .object({ email: text, password: text })
  .refine((v) => v.email.trim() !== "" && v.password !== "", { message: FORM_MESSAGES.signInMissingFields })
  .pipe(
    z.object({
      email: emailString,
      password: z.string().max(MAX_PASSWORD_LENGTH, FORM_MESSAGES.adminSignInFailed),
    }),
  );

export const SOCIAL_PROVIDERS = ["google", "apple"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/**
 * The first message of a failed parse: forms show one message at a time
 * (docs/product/accounts-and-auth.md#validation).
 */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? AUTH_MESSAGES.unknown;
}

/** FormData -> plain object for the schemas (only string fields; files are ignored). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  form.forEach((value, key) => {
    if (typeof value === "string") out[key] = value;
  });
  return out;
}
