// The browser tests' shared steps (issue 28: signUp, signIn and watchConsole were copied into the specs):
// sign up through the form, sign in through the form or the API, and watch the console for errors.
import { expect, type Page } from "@playwright/test";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let clientAddresses = Math.floor(Math.random() * 250);
/**
 * A client address of its own (198.18.0.0/15, RFC 2544's benchmarking range) for a test that signs up through the
 * form: the sign-up limit keys on cf-connecting-ip, and every browser test otherwise comes from one loopback address.
 */
export function clientAddress(): string {
  clientAddresses += 1;
  return `198.18.${Math.floor(clientAddresses / 250) % 250}.${(clientAddresses % 250) + 1}`;
}

/** Sign up through the form (both documents accepted), landing on returnTo. */
export async function signUp(
  page: Page,
  email: string,
  { returnTo = "/tickers", password = "test-pass-1" }: { returnTo?: string; password?: string } = {},
) {
  await page.goto(`/signup?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  for (const title of ["Options Trading Risk Disclosure", "Terms of Use"]) {
    await page.getByRole("link", { name: title }).click();
    await page.getByRole("dialog", { name: title }).getByRole("button", { name: "I Accept" }).click();
  }
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(returnTo)}$`));
}

/** Sign in through the form, landing on returnTo (the seeded accounts share demo-password). */
export async function signIn(
  page: Page,
  email: string,
  { returnTo = "/tickers", password = "demo-password" }: { returnTo?: string; password?: string } = {},
) {
  await page.goto(`/signin?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(returnTo)}$`));
}

let apiSignIns = Math.floor(Math.random() * 250);
/**
 * Sign in through the API (faster than the form). Each call comes from its own documentation address
 * (192.0.2.0/24, RFC 5737), so many sign-ins in one run stay under the per-address limit.
 */
export async function signInByApi(page: Page, email: string, password = "demo-password") {
  await page.goto("/signin");
  apiSignIns += 1;
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: new URL(page.url()).origin, "cf-connecting-ip": `192.0.2.${(apiSignIns % 250) + 1}` },
  });
  expect(res.ok(), `sign-in ${email}`).toBe(true);
}

/** The browser's own line for a response with a 4xx/5xx status (Chromium words it this way). */
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

export type ConsoleErrors = string[] & {
  /**
   * Runs a step that expects refusals with these statuses: during it the browser's "Failed to load
   * resource ... status of N" lines for exactly those statuses are not errors. Anything the app itself
   * logs is still one.
   */
  expecting<T>(statuses: readonly number[], step: () => Promise<T>): Promise<T>;
};

/** Collects console errors and uncaught page errors; assert it is empty at the end of a test. */
export function watchConsole(page: Page): ConsoleErrors {
  const expected = new Set<number>();
  const errors = [] as unknown as ConsoleErrors;
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    const status = FAILED_RESOURCE.exec(m.text())?.[1];
    if (status && expected.has(Number(status))) return;
    errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  const expecting: ConsoleErrors["expecting"] = async (statuses, step) => {
    for (const s of statuses) expected.add(s);
    try {
      return await step();
    } finally {
      // Let the last response's console line arrive before the step's statuses stop being expected.
      await page.waitForTimeout(100);
      for (const s of statuses) expected.delete(s);
    }
  };
  // Not enumerable, so `expect(errors).toEqual([])` compares the errors only.
  Object.defineProperty(errors, "expecting", { value: expecting, enumerable: false });
  return errors;
}
