// Helpers for the feedback-board and back-office tests: users on a given plan, admins, and JSON answers.
import { env } from "cloudflare:test";
import { call, requestWithCookie, signUpAndGetCookie } from "./helpers";
import { formPost, setUser, userRow } from "./auth-helpers";
import * as adminLayout from "#app/routes/admin-layout.tsx";
import * as adminPending from "#app/routes/admin.tsx";
import * as adminFeatures from "#app/routes/admin-features.tsx";
import * as adminInvites from "#app/routes/admin-invites.tsx";
import * as adminTrials from "#app/routes/admin-trials.tsx";
import * as adminFeedback from "#app/routes/admin-feedback.tsx";
import { adminTabPath, parseAdminTab } from "#app/lib/admin.ts";

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
export type ActionFn = (args: any) => unknown;

export async function post(action: ActionFn, path: string, fields: Record<string, string>, cookie?: string) {
  return answer(await call(action, formPost(path, fields, { cookie })));
}

export async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<number>("n"))!;
}

// ------------------------------------------------------------------------------------ the back office's routes

const ADMIN_TAB_ROUTES = {
  pending: adminPending,
  features: adminFeatures,
  invites: adminInvites,
  trials: adminTrials,
  feedback: adminFeedback,
} as const;

type TabData = {
  [K in keyof typeof ADMIN_TAB_ROUTES]: Exclude<
    Awaited<ReturnType<(typeof ADMIN_TAB_ROUTES)[K]["loader"]>>,
    Response
  >;
}[keyof typeof ADMIN_TAB_ROUTES];
type FrameData = Exclude<Awaited<ReturnType<typeof adminLayout.loader>>, Response>;

/**
 * An admin page as the router loads it: the frame's data (lookup, audit) and the tab's as `panel`. `query` may
 * name the tab the way the old single route did (`?tab=trials&email=...`); it is sent to the tab's own address.
 */
export async function adminPage(cookie: string, query = ""): Promise<FrameData & { panel: TabData }> {
  const params = new URLSearchParams(query);
  const tab = parseAdminTab(params.get("tab"));
  params.delete("tab");
  const path = `${adminTabPath(tab)}${params.size ? `?${params}` : ""}`;
  const frame = (await call(adminLayout.loader, requestWithCookie(path, cookie))) as FrameData;
  const loader = ADMIN_TAB_ROUTES[tab].loader as ActionFn;
  const panel = (await call(loader, requestWithCookie(path, cookie))) as TabData;
  return { ...frame, panel };
}

/** The route whose action takes each admin intent. */
const ADMIN_ACTIONS: Record<string, { action: ActionFn; path: string }> = {
  status: { action: adminPending.action, path: "/admin" },
  "profile-reset": { action: adminPending.action, path: "/admin" },
  invite: { action: adminInvites.action, path: "/admin/invites" },
  "trial-enable": { action: adminTrials.action, path: "/admin/trials" },
  "trial-cancel": { action: adminTrials.action, path: "/admin/trials" },
};

/** Posts an admin form to the tab route that owns its intent. */
export async function adminPost(fields: Record<string, string>, cookie?: string) {
  const route = ADMIN_ACTIONS[fields.intent!]!;
  return post(route.action, route.path, fields, cookie);
}
