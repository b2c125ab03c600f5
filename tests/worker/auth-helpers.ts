// Helpers for the auth, trial and admin worker tests: form posts as a browser sends them.
import { env } from "cloudflare:test";
import { ORIGIN } from "./helpers";

let ipCounter = 0;
/** A fresh client address per test, so D1 rate-limit buckets (per IP and path) never leak between tests. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export function formPost(
  path: string,
  fields: Record<string, string>,
  opts: { cookie?: string; ip?: string } = {},
): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  headers.set("cf-connecting-ip", opts.ip ?? freshIp());
  return new Request(new URL(path, ORIGIN), { method: "POST", headers, body: new URLSearchParams(fields) });
}

/** Unwraps what an action returned: a Response (redirect) or React Router's data() wrapper or plain data. */
export function outcome(result: unknown): {
  status: number;
  body: Record<string, unknown> | null;
  location: string | null;
  cookies: string[];
} {
  if (result instanceof Response) {
    return {
      status: result.status,
      body: null,
      location: result.headers.get("Location"),
      cookies: result.headers.getSetCookie(),
    };
  }
  const wrapped = result as {
    type?: string;
    data?: unknown;
    init?: { status?: number; headers?: HeadersInit } | null;
  };
  if (wrapped && wrapped.type === "DataWithResponseInit") {
    const headers = new Headers(wrapped.init?.headers);
    return {
      status: wrapped.init?.status ?? 200,
      body: wrapped.data as Record<string, unknown>,
      location: null,
      cookies: headers.getSetCookie(),
    };
  }
  return { status: 200, body: result as Record<string, unknown>, location: null, cookies: [] };
}

export async function userRow(email: string) {
  return env.DB.prepare(
    `select id, role, subscription_tier as subscriptionTier, subscription_status as subscriptionStatus, trial_end as trialEnd,
            has_used_trial as hasUsedTrial, subscription_id as subscriptionId, last_subscription_tier as lastSubscriptionTier
       from user where email = ?`,
  )
    .bind(email)
    .first<{
      id: string;
      role: string | null;
      subscriptionTier: string;
      subscriptionStatus: string;
      trialEnd: number | null;
      hasUsedTrial: number;
      subscriptionId: string | null;
      lastSubscriptionTier: string | null;
    }>();
}

export async function setUser(email: string, fields: Record<string, string | number | null>) {
  const cols = Object.keys(fields);
  await env.DB.prepare(
    `update user set ${cols.map((c, i) => `${c} = ?${i + 1}`).join(", ")} where email = ?${cols.length + 1}`,
  )
    .bind(...Object.values(fields), email)
    .run();
}

export async function outboxFor(to: string) {
  return (
    await env.DB.prepare(
      "select id, kind, subject, text, html, status, attempts, last_error as lastError, next_attempt_at as nextAttemptAt from email_outbox where `to` = ? order by created_at desc",
    )
      .bind(to)
      .all<{
        id: string;
        kind: string;
        subject: string;
        text: string;
        html: string;
        status: string;
        attempts: number;
        lastError: string | null;
        nextAttemptAt: number | null;
      }>()
  ).results;
}

export function cookiePairs(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(";")[0])
    .filter((p) => !p.endsWith("="))
    .join("; ");
}
