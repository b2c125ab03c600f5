// Helpers for calling route loaders/actions inside workerd with the real bindings.
import { env } from "cloudflare:test";
import type { RouterContextProvider } from "react-router";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { POLICY_CONSENT } from "#app/lib/auth-validation.ts";
import { createRequestContext } from "#app/server/request-context.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { readIdeaLog } from "#app/server/track/idea-log.server.ts";
import { freshIp } from "./auth-helpers";

export const testEnv = env as unknown as WorkerEnv;

export const ORIGIN = "http://localhost";

export function makeContext(overrides: Partial<WorkerEnv> = {}): RouterContextProvider {
  const ctx = {
    waitUntil: () => {},
    passThroughOnException: () => {},
    props: {},
  } as unknown as ExecutionContext;
  return createRequestContext({ ...testEnv, ...overrides } as WorkerEnv, ctx, "test-nonce");
}

// Route modules type their args precisely; tests pass the parts a loader or action reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFn<T> = (args: any) => T;

/** Runs a loader or action; a thrown Response (redirect, 4xx) is returned instead of thrown. */
export async function call<T>(
  fn: RouteFn<T>,
  request: Request | string,
  opts: { params?: Record<string, string>; context?: RouterContextProvider } = {},
): Promise<Awaited<T> | Response> {
  const req = typeof request === "string" ? new Request(new URL(request, ORIGIN)) : request;
  try {
    return await fn({
      request: req,
      url: new URL(req.url),
      params: opts.params ?? {},
      context: opts.context ?? makeContext(),
      pattern: "",
      unstable_pattern: "",
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown as Response;
    throw thrown;
  }
}

/** Signs a new user up through better-auth and returns the session cookie for later requests. */
export async function signUpAndGetCookie(
  email: string,
  password = "secret-password",
  context = makeContext(),
): Promise<string> {
  const { getAuth } = await import("#app/server/auth/auth.server.ts");
  const auth = getAuth(context.get(cloudflareContext).env, new Request(ORIGIN));
  const res = await auth.api.signUpEmail({
    body: { email, password, name: email.split("@")[0] ?? email, ...POLICY_CONSENT },
    asResponse: true,
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return cookieHeaderFrom(res);
}

export function cookieHeaderFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export function requestWithCookie(path: string, cookie: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return new Request(new URL(path, ORIGIN), { ...init, headers });
}

/** The test env with its market KV's `get` calls recorded (each call's key argument: a string or a list). */
export function envCountingMarketKvReads(): { env: WorkerEnv; reads: unknown[] } {
  const reads: unknown[] = [];
  const kv = new Proxy(testEnv.MARKET_KV, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop !== "get" || typeof value !== "function") return value;
      return (key: unknown, ...rest: unknown[]) => {
        reads.push(key);
        return (value as (...args: unknown[]) => unknown).call(target, key, ...rest);
      };
    },
  });
  return { env: { ...testEnv, MARKET_KV: kv }, reads };
}

/**
 * The Workers Rate Limiting binding counts in windows aligned to the wall clock (60 s): a burst that straddles a
 * minute would be counted in two windows. Waits for the next minute when fewer than `needMs` are left in this one.
 */
export async function freshRateLimitWindow(needMs = 20_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** A route's JSON answer (any shape: tests read what they check). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function jsonOf(res: unknown): Promise<any> {
  if (!(res instanceof Response)) throw new Error(`expected a Response, got ${typeof res}`);
  return res.json();
}

/** Puts a seeded user on a plan directly in D1. */
export async function setPlan(email: string, tier: string, status: string): Promise<void> {
  await env.DB.prepare("UPDATE user SET subscription_tier = ?1, subscription_status = ?2 WHERE email = ?3")
    .bind(tier, status, email)
    .run();
}

/** The whole idea log in order, read page by page as the public download does. */
export async function wholeIdeaLog() {
  const rows = [];
  for (let after = 0; ;) {
    const page = await readIdeaLog(testEnv, after, 1000);
    rows.push(...page);
    if (page.length < 1000) return rows;
    after = page.at(-1)!.seq;
  }
}

/** A new signed-in user on `tier` (trial already used), with their session cookie and id. */
export async function userOnPlan(
  email: string,
  tier = "Pro Plan",
  status = "active",
): Promise<{ cookie: string; id: string }> {
  const cookie = await signUpAndGetCookie(email);
  await env.DB.prepare(
    "UPDATE user SET subscription_tier = ?1, subscription_status = ?2, has_used_trial = 1 WHERE email = ?3",
  )
    .bind(tier, status, email)
    .run();
  const row = await env.DB.prepare("SELECT id FROM user WHERE email = ?1")
    .bind(email)
    .first<{ id: string }>();
  return { cookie, id: row!.id };
}

/** POSTs `body` (an object as JSON, a string as is) to an API action as the cookie's user, from a fresh address. */
export async function postJson(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  action: RouteFn<any>,
  path: string,
  cookie: string,
  body: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const res = (await call(
    action,
    requestWithCookie(path, cookie, {
      method: "POST",
      headers: { "Content-Type": "application/json", "cf-connecting-ip": freshIp() },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  )) as Response;
  return { status: res.status, body: await res.json() };
}
