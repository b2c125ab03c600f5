import { offlineActionResult, type OfflineActionResult } from "#app/lib/offline-result.ts";
// The authentication messages (docs/product/accounts-and-auth.md#auth-messages) and the ONE mapping from
// better-auth's error codes to them. Screens and actions never write an auth message of their own; they ask
// this module.

/** The auth error codes the messages are keyed by (docs/product/accounts-and-auth.md#auth-messages). */
export type SpecAuthCode =
  | "invalid-email"
  | "user-disabled"
  | "user-not-found"
  | "wrong-password"
  | "email-already-in-use"
  | "weak-password"
  | "too-many-requests"
  | "network-request-failed"
  | "popup-closed-by-user"
  | "cancelled-popup-request"
  | "operation-not-allowed"
  | "invalid-credential"
  | "invalid-login-credentials"
  | "unknown";

export const AUTH_MESSAGES: Record<SpecAuthCode, string> = {
  "invalid-email": "Please enter a valid email address",
  "user-disabled": "This account has been disabled",
  "user-not-found": "No account found with this email",
  "wrong-password": "Incorrect password",
  "email-already-in-use": "An account with this email already exists",
  "weak-password": "Password should be at least 6 characters",
  "too-many-requests": "Too many attempts. Please try again later",
  "network-request-failed": "Network error. Please check your connection",
  "popup-closed-by-user": "Sign in was cancelled. Please try again",
  "cancelled-popup-request": "Only one sign in window can be open at a time",
  "operation-not-allowed": "This sign in method is not enabled. Please contact support",
  "invalid-credential": "Invalid credentials. Please try again",
  "invalid-login-credentials": "Invalid email or password. Please check your credentials and try again.",
  unknown: "An error occurred. Please try again",
};

/**
 * Messages of the forms themselves (docs/product/accounts-and-auth.md#validation) and the account errors
 * (docs/product/accounts-and-auth.md#user-data-messages).
 */
// Re-exported from its own module so the app shell's error page does not pull every auth message in.
export { USER_DATA_MESSAGES } from "#app/lib/user-data-messages.ts";

/** /signin?notice=... value set by the signed-in guard when a session ended under the user. */
export const NOTICE_SESSION_ENDED = "session_ended";

/** A browser fetch that never reached the server (offline, DNS, connection reset). */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError || (error instanceof Error && /network|failed to fetch/i.test(error.message))
  );
}

/**
 * The auth forms' clientAction: a submission that cannot reach the server gets the product's network
 * message (and keeps the page, see keepPageAfterOfflineAction), not the error page.
 */
export async function submitAuthForm<T>(serverAction: () => Promise<T>): Promise<T | OfflineActionResult> {
  try {
    return await serverAction();
  } catch (error) {
    if (isNetworkFailure(error)) return offlineActionResult(AUTH_MESSAGES["network-request-failed"]);
    throw error;
  }
}

export const FORM_MESSAGES = {
  signInMissingFields: "Please enter both email and password",
  signUpPoliciesRequired: "Please agree to both the Risk Disclosure and Terms of Use",
  signUpFirst: "Please sign up first to create an account",
  passwordsDoNotMatch: "New passwords do not match",
  newPasswordTooShort: "New password must be at least 6 characters long",
  currentPasswordIncorrect: "Current password is incorrect",
  changePasswordFailed: "Failed to change password. Please try again.",
  // Not in the original catalogue (decision 132): a Google/Apple-only account has no password to change.
  noPasswordOnAccount:
    "This account signs in with Google or Apple and has no password yet. Use 'Forgot password' to set one.",
  changePasswordSuccess: "Password changed successfully. Redirecting…",
  resetUserNotFound: "No account found with this email address",
  resetLinkInvalid: "This reset link is invalid or has expired. Please request a new one.",
  adminNotAuthorized: "Not authorized as admin",
  adminNotFound: "No admin account found with this email",
  adminSignInFailed: "Failed to sign in",
  adminResetFailed: "Failed to send reset link",
} as const;

/** better-auth (core + admin plugin + OAuth callback) codes -> the product's codes. */
const BETTER_AUTH_TO_SPEC: Record<string, SpecAuthCode> = {
  INVALID_EMAIL: "invalid-email",
  INVALID_EMAIL_OR_PASSWORD: "invalid-login-credentials",
  USER_NOT_FOUND: "user-not-found",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "invalid-login-credentials",
  INVALID_PASSWORD: "wrong-password",
  USER_ALREADY_EXISTS: "email-already-in-use",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-already-in-use",
  PASSWORD_TOO_SHORT: "weak-password",
  BANNED_USER: "user-disabled",
  PROVIDER_NOT_FOUND: "operation-not-allowed",
  TOO_MANY_REQUESTS: "too-many-requests",
  // OAuth callback errors (?error=... on the error callback URL)
  access_denied: "popup-closed-by-user",
  state_mismatch: "invalid-credential",
  state_security_mismatch: "invalid-credential",
  invalid_code: "invalid-credential",
};

export function specCodeFor(betterAuthCode: string | null | undefined, httpStatus?: number): SpecAuthCode {
  if (httpStatus === 429) return "too-many-requests";
  if (!betterAuthCode) return "unknown";
  return (
    BETTER_AUTH_TO_SPEC[betterAuthCode] ?? BETTER_AUTH_TO_SPEC[betterAuthCode.toUpperCase()] ?? "unknown"
  );
}

/** Our own refusal codes from the auth API's guards (app/server/auth/auth-guards.server.ts). */
export const GUARD_CODES = {
  policiesNotAccepted: "POLICIES_NOT_ACCEPTED",
  adminOnly: "ADMIN_ONLY",
} as const;

/**
 * Which form asks: reset and change password have their own wording for some codes
 * (docs/product/accounts-and-auth.md#password-reset-and-change).
 */
export type AuthForm = "signin" | "signup" | "reset" | "change-password";

export function authErrorMessage(
  form: AuthForm,
  betterAuthCode: string | null | undefined,
  httpStatus?: number,
): string {
  if (betterAuthCode === GUARD_CODES.policiesNotAccepted) return FORM_MESSAGES.signUpPoliciesRequired;
  const code = specCodeFor(betterAuthCode, httpStatus);
  if (form === "reset" && code === "user-not-found") return FORM_MESSAGES.resetUserNotFound;
  if (form === "change-password") {
    if (code === "too-many-requests") return AUTH_MESSAGES["too-many-requests"];
    if (code === "wrong-password" || code === "invalid-login-credentials")
      return FORM_MESSAGES.currentPasswordIncorrect;
    return FORM_MESSAGES.changePasswordFailed;
  }
  return AUTH_MESSAGES[code];
}

/** The notice codes that travel in a URL (?error=...) between auth screens. */
export const NOTICE_SIGN_UP_FIRST = "signup_first";
