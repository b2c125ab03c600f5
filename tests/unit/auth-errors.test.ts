import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, authErrorMessage, isNetworkFailure, specCodeFor } from "#app/lib/auth-errors.ts";
import {
  changePasswordSchema,
  firstMessage,
  policiesSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "#app/lib/auth-validation.ts";

describe("the authentication messages (docs/product/accounts-and-auth.md#auth-messages)", () => {
  it("are exactly the catalogue", () => {
    expect(AUTH_MESSAGES).toEqual({
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
    });
  });
});

describe("better-auth codes -> messages", () => {
  it.each([
    ["signin", "INVALID_EMAIL", undefined, "Please enter a valid email address"],
    [
      "signin",
      "INVALID_EMAIL_OR_PASSWORD",
      undefined,
      "Invalid email or password. Please check your credentials and try again.",
    ],
    ["signin", "BANNED_USER", undefined, "This account has been disabled"],
    ["signin", "USER_NOT_FOUND", undefined, "No account found with this email"],
    ["signin", "INVALID_PASSWORD", undefined, "Incorrect password"],
    ["signin", "PROVIDER_NOT_FOUND", undefined, "This sign in method is not enabled. Please contact support"],
    ["signin", "access_denied", undefined, "Sign in was cancelled. Please try again"],
    ["signin", "state_mismatch", undefined, "Invalid credentials. Please try again"],
    ["signin", "SOMETHING_NEW", undefined, "An error occurred. Please try again"],
    ["signin", null, 500, "An error occurred. Please try again"],
    ["signin", null, 429, "Too many attempts. Please try again later"],
    ["signup", "USER_ALREADY_EXISTS", undefined, "An account with this email already exists"],
    [
      "signup",
      "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
      undefined,
      "An account with this email already exists",
    ],
    ["signup", "PASSWORD_TOO_SHORT", undefined, "Password should be at least 6 characters"],
    ["reset", "USER_NOT_FOUND", undefined, "No account found with this email address"],
    ["reset", "INVALID_EMAIL", undefined, "Please enter a valid email address"],
    ["reset", null, 429, "Too many attempts. Please try again later"],
    ["reset", "BANNED_USER", undefined, "This account has been disabled"],
    ["change-password", "INVALID_PASSWORD", undefined, "Current password is incorrect"],
    ["change-password", "CREDENTIAL_ACCOUNT_NOT_FOUND", undefined, "Current password is incorrect"],
    ["change-password", "FAILED_TO_UPDATE_USER", undefined, "Failed to change password. Please try again."],
    ["change-password", null, 429, "Too many attempts. Please try again later"],
  ] as const)("%s: %s (%s) -> %s", (form, code, status, message) => {
    expect(authErrorMessage(form, code, status)).toBe(message);
  });

  it("maps a 429 regardless of the body", () => {
    expect(specCodeFor("INVALID_EMAIL_OR_PASSWORD", 429)).toBe("too-many-requests");
  });
});

describe("form validation (docs/product/accounts-and-auth.md#validation)", () => {
  const msg = (r: { success: boolean; error?: unknown }) =>
    r.success ? null : firstMessage(r.error as never);
  it("sign-in", () => {
    expect(msg(signInSchema.safeParse({}))).toBe("Please enter both email and password");
    expect(msg(signInSchema.safeParse({ email: "  ", password: "x" }))).toBe(
      "Please enter both email and password",
    );
    expect(msg(signInSchema.safeParse({ email: "bad", password: "x" }))).toBe(
      "Please enter a valid email address",
    );
    expect(signInSchema.parse({ email: " Me@Example.com ", password: "x" })).toEqual({
      email: "me@example.com",
      password: "x",
    });
  });
  it("sign-up, policies first", () => {
    expect(msg(signUpSchema.safeParse({ email: "bad", password: "1" }))).toBe(
      "Please agree to both the Risk Disclosure and Terms of Use",
    );
    expect(msg(policiesSchema.safeParse({ acceptRisk: "on" }))).toBe(
      "Please agree to both the Risk Disclosure and Terms of Use",
    );
    expect(
      msg(signUpSchema.safeParse({ acceptRisk: "on", acceptTerms: "on", email: "bad", password: "123456" })),
    ).toBe("Please enter a valid email address");
    expect(
      msg(
        signUpSchema.safeParse({ acceptRisk: "on", acceptTerms: "on", email: "a@b.co", password: "12345" }),
      ),
    ).toBe("Password should be at least 6 characters");
    expect(
      signUpSchema.safeParse({ acceptRisk: "on", acceptTerms: "on", email: "a@b.co", password: "123456" })
        .success,
    ).toBe(true);
  });
  it("change and reset password", () => {
    expect(
      msg(
        changePasswordSchema.safeParse({
          currentPassword: "x",
          newPassword: "abcdef",
          confirmPassword: "abcdeg",
        }),
      ),
    ).toBe("New passwords do not match");
    expect(
      msg(
        changePasswordSchema.safeParse({ currentPassword: "x", newPassword: "abc", confirmPassword: "abc" }),
      ),
    ).toBe("New password must be at least 6 characters long");
    expect(
      msg(resetPasswordSchema.safeParse({ token: "t", newPassword: "abc", confirmPassword: "abc" })),
    ).toBe("New password must be at least 6 characters long");
    expect(
      msg(resetPasswordSchema.safeParse({ token: "", newPassword: "abcdef", confirmPassword: "abcdef" })),
    ).toBe("This reset link is invalid or has expired. Please request a new one.");
  });
});

describe("network failures", () => {
  it("recognises a fetch that never reached the server", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(new Error("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isNetworkFailure(new Error("Something else"))).toBe(false);
    expect(AUTH_MESSAGES["network-request-failed"]).toBe("Network error. Please check your connection");
  });
});
