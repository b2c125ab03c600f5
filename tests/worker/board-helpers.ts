// Helpers for the feedback-board and back-office tests: users on a given plan, admins, and JSON answers.
import { env } from "cloudflare:test";
import { call, signUpAndGetCookie } from "./helpers";
import { formPost, setUser, userRow } from "./auth-helpers";

export type Plan = "free" | "pro" | "elite" | "pro-trial";

const PLAN_FIELDS: Record<Plan, Record<string, string | number | null>> = {
  // has_used_trial = 1 so the automatic trial does not turn a Free user into a Pro trial on read.
  free: { subscription_tier: "Free Plan", subscription_status: "inactive", has_used_trial: 1 },
  pro: {
    subscription_tier: "Pro Plan",
    subscription_status: "active",
    subscription_id: "sub_pro",
    has_used_trial: 1,
  },
  elite: {
    subscription_tier: "Elite Plan",
    subscription_status: "active",
    subscription_id: "sub_elite",
    has_used_trial: 1,
  },
  "pro-trial": { subscription_tier: "Pro Plan", subscription_status: "trialing", has_used_trial: 1 },
};

let userCounter = 0;
export function uniqueEmail(prefix: string) {
  userCounter += 1;
  return `${prefix}-${userCounter}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function makePlanUser(plan: Plan, prefix: string = plan) {
  const email = uniqueEmail(prefix);
  const cookie = await signUpAndGetCookie(email);
  await setUser(email, PLAN_FIELDS[plan]);
  const row = await userRow(email);
  return { email, cookie, id: row!.id };
}

/** An admin: role 'admin' AND an admins row (either alone is not an admin). */
export async function makeAdmin(opts: { role?: boolean; row?: boolean } = {}) {
  const email = uniqueEmail("admin");
  const cookie = await signUpAndGetCookie(email);
  if (opts.role ?? true) await setUser(email, { role: "admin" });
  if (opts.row ?? true) await env.DB.prepare("insert into admins (email) values (?)").bind(email).run();
  const row = await userRow(email);
  return { email, cookie, id: row!.id };
}

/** Status and JSON body of whatever an action returned (a Response or plain data). */
export async function answer(result: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

// Route modules type their args precisely; tests pass the parts an action reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ActionFn = (args: any) => unknown;

export async function post(action: ActionFn, path: string, fields: Record<string, string>, cookie?: string) {
  return answer(await call(action, formPost(path, fields, { cookie })));
}

export async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<number>("n"))!;
}
