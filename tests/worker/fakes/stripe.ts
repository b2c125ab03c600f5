// A small in-memory Stripe API on loopback, for the billing tests and the browser journey. It answers the
// calls the app makes with the shapes of Stripe's API (version 2026-10-28: the period end lives on the
// subscription item) and keeps state, so a webhook handler that re-fetches sees what "Stripe" has now.
//
//   /v1/customers, /v1/coupons, /v1/checkout/sessions, /v1/billing_portal/sessions, /v1/subscriptions
//   Failures on demand: price "price_broken" -> 400 from Checkout; a customer whose email contains
//   "stripe-down" -> 500 on every call for it; subscription ids containing "down" -> 500.
//
// Test controls (not Stripe): POST /__stripe/subscriptions {customer, price, status?, paymentMethod?, created?}
// creates a subscription; GET /__stripe/pay/{sessionId} completes a Checkout session (creates its
// subscription, marks it paid) and redirects to its success_url; GET /fake-checkout/{id} is the page a
// browser lands on.
import type { ServerResponse } from "node:http";
import type { FakeHandler, RecordedRequest } from "./servers";

type Obj = Record<string, unknown>;

const customers = new Map<string, Obj>();
const coupons = new Map<string, Obj>();
const sessions = new Map<string, Obj>();
const subscriptions = new Map<string, Obj>();
let counter = 0;
const nextId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(++counter).toString(36)}`;
const nowSec = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 86_400;

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.setHeader("request-id", `req_${++counter}`);
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, message: string, code?: string) {
  send(res, status, {
    error: { type: status >= 500 ? "api_error" : "invalid_request_error", message, code },
  });
}

/** Stripe's form encoding: a[b][0][c]=x -> { a: { b: [ { c: "x" } ] } }. */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Obj | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const key = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Obj | unknown[];
      }
    });
  }
  return out;
}

function subscriptionObject(opts: {
  customer: string;
  price: string;
  status?: string;
  paymentMethod?: string | null;
  created?: number;
  metadata?: Obj;
}): Obj {
  const created = opts.created ?? nowSec() + counter; // strictly increasing within a run
  const id = nextId("sub");
  const sub: Obj = {
    id,
    object: "subscription",
    customer: opts.customer,
    status: opts.status ?? "active",
    created,
    start_date: created,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    trial_end: null,
    default_payment_method: opts.paymentMethod === undefined ? "pm_card_visa" : opts.paymentMethod,
    metadata: opts.metadata ?? {},
    livemode: false,
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          id: nextId("si"),
          object: "subscription_item",
          price: { id: opts.price, object: "price", active: true, currency: "usd", type: "recurring" },
          quantity: 1,
          current_period_start: created,
          current_period_end: created + MONTH,
          subscription: id,
        },
      ],
    },
  };
  subscriptions.set(id, sub);
  return sub;
}

export function createFakeSubscription(input: Obj): Obj {
  return subscriptionObject({
    customer: String(input.customer),
    price: String(input.price),
    status: input.status ? String(input.status) : undefined,
    paymentMethod: input.paymentMethod === undefined ? undefined : (input.paymentMethod as string | null),
    created: typeof input.created === "number" ? input.created : undefined,
    metadata: (input.metadata as Obj) ?? {},
  });
}

function customerIsDown(id: unknown): boolean {
  const c = customers.get(String(id));
  return Boolean(c && String(c.email ?? "").includes("stripe-down"));
}

function completeSession(session: Obj): Obj {
  if (session.status === "complete") return session;
  const line = (session.line_items as Obj[] | undefined)?.[0];
  const sub = subscriptionObject({
    customer: String(session.customer),
    price: String(line?.price ?? ""),
    metadata: ((session.subscription_data as Obj | undefined)?.metadata as Obj) ?? {},
  });
  Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id });
  return session;
}

export const stripeFake: FakeHandler = (req: RecordedRequest, res) => {
  const url = new URL(req.url, "http://fake");
  const path = url.pathname;
  const origin = `http://${req.headers.host}`;
  // The SDK sends POST parameters in the body and DELETE parameters in the query string.
  const form = parseStripeForm(req.method === "POST" ? req.body : url.search.slice(1));
  let m: RegExpExecArray | null;

  // customers
  if (path === "/v1/customers" && req.method === "POST") {
    const id = nextId("cus");
    const customer = {
      id,
      object: "customer",
      email: form.email ?? null,
      metadata: form.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      default_source: null,
      created: nowSec(),
    };
    customers.set(id, customer);
    if (String(customer.email).includes("stripe-down")) return stripeError(res, 500, "fake outage");
    return send(res, 200, customer);
  }
  if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
    const customer = customers.get(m[1]!);
    if (!customer) return stripeError(res, 404, `No such customer: '${m[1]}'`, "resource_missing");
    if (customerIsDown(m[1])) return stripeError(res, 500, "fake outage");
    return send(res, 200, customer);
  }

  // coupons
  if ((m = /^\/v1\/coupons\/([^/]+)$/.exec(path)) && req.method === "GET") {
    const coupon = coupons.get(decodeURIComponent(m[1]!));
    return coupon
      ? send(res, 200, coupon)
      : stripeError(res, 404, `No such coupon: '${m[1]}'`, "resource_missing");
  }
  if (path === "/v1/coupons" && req.method === "POST") {
    const id = String(form.id ?? nextId("coupon"));
    if (coupons.has(id)) return stripeError(res, 400, "Coupon already exists.", "resource_already_exists");
    const coupon = {
      id,
      object: "coupon",
      percent_off: Number(form.percent_off),
      duration: form.duration,
      name: form.name ?? null,
      valid: true,
    };
    coupons.set(id, coupon);
    return send(res, 200, coupon);
  }

  // checkout
  if (path === "/v1/checkout/sessions" && req.method === "POST") {
    if (customerIsDown(form.customer)) return stripeError(res, 500, "fake outage");
    const line = (form.line_items as Obj[] | undefined)?.[0];
    if (line?.price === "price_broken")
      return stripeError(res, 400, "No such price: 'price_broken'", "resource_missing");
    const id = nextId("cs_test");
    const session = {
      ...form,
      id,
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      subscription: null,
      url: `${origin}/fake-checkout/${id}`,
    };
    sessions.set(id, session);
    return send(res, 200, session);
  }
  if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
    const session = sessions.get(m[1]!);
    return session
      ? send(res, 200, session)
      : stripeError(res, 404, "No such checkout session", "resource_missing");
  }

  // billing portal
  if (path === "/v1/billing_portal/sessions" && req.method === "POST") {
    if (!customers.has(String(form.customer)))
      return stripeError(res, 404, "No such customer", "resource_missing");
    if (customerIsDown(form.customer)) return stripeError(res, 500, "fake outage");
    const id = nextId("bps");
    return send(res, 200, {
      id,
      object: "billing_portal.session",
      customer: form.customer,
      return_url: form.return_url,
      url: `${origin}/fake-portal/${id}`,
    });
  }

  // subscriptions
  if (path === "/v1/subscriptions" && req.method === "GET") {
    const customer = url.searchParams.get("customer");
    if (customerIsDown(customer)) return stripeError(res, 500, "fake outage");
    const status = url.searchParams.get("status");
    const data = [...subscriptions.values()]
      .filter((s) => s.customer === customer)
      .filter((s) => status === "all" || (status ? s.status === status : s.status !== "canceled"))
      .sort((a, b) => Number(b.created) - Number(a.created));
    return send(res, 200, { object: "list", data, has_more: false, url: "/v1/subscriptions" });
  }
  if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
    const sub = subscriptions.get(m[1]!);
    if (!sub) return stripeError(res, 404, `No such subscription: '${m[1]}'`, "resource_missing");
    if (m[1]!.includes("down") || customerIsDown(sub.customer)) return stripeError(res, 500, "fake outage");
    if (req.method === "GET") return send(res, 200, sub);
    if (req.method === "DELETE") {
      if (sub.status === "canceled")
        return stripeError(res, 400, "A canceled subscription can only update its cancellation_details");
      Object.assign(sub, { status: "canceled", canceled_at: nowSec(), ended_at: nowSec() });
      if (form.cancellation_details) sub.cancellation_details = form.cancellation_details;
      return send(res, 200, sub);
    }
    if (req.method === "POST") {
      if (form.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = form.cancel_at_period_end === "true";
      if (form.cancellation_details) sub.cancellation_details = form.cancellation_details;
      const items = form.items as Obj[] | undefined;
      if (items?.[0]?.price) {
        const item = (sub.items as { data: Obj[] }).data.find((i) => i.id === items[0]!.id);
        if (!item) return stripeError(res, 400, "No such subscription item", "resource_missing");
        item.price = {
          id: items[0]!.price,
          object: "price",
          active: true,
          currency: "usd",
          type: "recurring",
        };
      }
      return send(res, 200, sub);
    }
  }

  return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
};

/** Test controls and the browser-facing pages of the fake. */
export const stripeFakeControls: FakeHandler = (req, res) => {
  const path = new URL(req.url, "http://fake").pathname;
  let m: RegExpExecArray | null;
  if (path === "/__stripe/subscriptions" && req.method === "POST") {
    return send(res, 200, createFakeSubscription(JSON.parse(req.body || "{}") as Obj));
  }
  if ((m = /^\/__stripe\/subscriptions\/([^/]+)$/.exec(path)) && req.method === "POST") {
    const sub = subscriptions.get(m[1]!);
    if (!sub) return send(res, 404, { error: "no such subscription" });
    Object.assign(sub, JSON.parse(req.body || "{}"));
    return send(res, 200, sub);
  }
  if ((m = /^\/__stripe\/customers\/([^/]+)$/.exec(path)) && req.method === "POST") {
    const customer = customers.get(m[1]!);
    if (!customer) return send(res, 404, { error: "no such customer" });
    Object.assign(customer, JSON.parse(req.body || "{}"));
    return send(res, 200, customer);
  }
  if ((m = /^\/__stripe\/sessions\/([^/]+)$/.exec(path)) && req.method === "GET") {
    const session = sessions.get(m[1]!);
    return session ? send(res, 200, session) : send(res, 404, { error: "no such session" });
  }
  if ((m = /^\/__stripe\/pay\/([^/]+)$/.exec(path))) {
    const session = sessions.get(m[1]!);
    if (!session) return send(res, 404, { error: "no such session" });
    completeSession(session);
    if (req.method === "POST") return send(res, 200, session);
    res.statusCode = 303;
    res.setHeader(
      "location",
      String(session.success_url).replace("{CHECKOUT_SESSION_ID}", String(session.id)),
    );
    res.end();
    return;
  }
  if ((m = /^\/fake-(checkout|portal)\/([^/]+)$/.exec(path))) {
    res.setHeader("content-type", "text/html; charset=utf-8");
    const pay = m[1] === "checkout" ? `<a href="/__stripe/pay/${m[2]}">Pay (fake)</a>` : "";
    res.end(`<!doctype html><title>Fake Stripe ${m[1]}</title><h1>Fake Stripe ${m[1]}</h1>${pay}`);
    return;
  }
  send(res, 404, { error: `no fake for ${path}` });
};
