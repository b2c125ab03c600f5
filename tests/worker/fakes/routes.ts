// Fake external APIs by path prefix. Each feature adds its fake here (market data, email, Stripe).
import type { FakeHandler } from "./servers";
import { marketFakeRoutes } from "./market";
import { stripeFake, stripeFakeControls } from "./stripe";
import { turnstileFake } from "./turnstile";
import { analyticsSqlFake } from "./analytics-sql";

export const fakeRoutes: Record<string, FakeHandler> = {
  "/echo/": (req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ method: req.method, url: req.url, body: req.body }));
  },
};

// Resend's POST /emails: "/resend/emails" answers 200 with an id; "/resend/fail/emails" answers 500,
// "/resend/reject/emails" 422 (Resend's validation_error: this email will never be accepted), and
// "/resend/busy/emails" 429 (rate limited: try later).
fakeRoutes["/resend/"] = (req, res) => {
  res.setHeader("content-type", "application/json");
  if (req.url.startsWith("/resend/fail/")) {
    res.statusCode = 500;
    res.end(JSON.stringify({ name: "internal_server_error", message: "fake outage" }));
    return;
  }
  if (req.url.startsWith("/resend/reject/")) {
    res.statusCode = 422;
    res.end(JSON.stringify({ name: "validation_error", message: "Invalid `to` field." }));
    return;
  }
  if (req.url.startsWith("/resend/busy/")) {
    res.statusCode = 429;
    res.end(JSON.stringify({ name: "rate_limit_exceeded", message: "Too many requests" }));
    return;
  }
  res.end(JSON.stringify({ id: `email_${Math.random().toString(36).slice(2)}` }));
};

// Market data providers (Cboe, Finnhub, Alpha Vantage): see ./market.ts.
Object.assign(fakeRoutes, marketFakeRoutes);

// Stripe's API at its own paths (the SDK's host/port options point at this server): see ./stripe.ts.
fakeRoutes["/v1/"] = stripeFake;
fakeRoutes["/__stripe/"] = stripeFakeControls;
fakeRoutes["/fake-checkout/"] = stripeFakeControls;
fakeRoutes["/fake-portal/"] = stripeFakeControls;

// Turnstile siteverify: see ./turnstile.ts.
fakeRoutes["/turnstile/"] = turnstileFake;

// Analytics Engine's SQL API (the nightly rollup, decision 284): see ./analytics-sql.ts.
fakeRoutes["/analytics-sql/"] = analyticsSqlFake;

// Browsers ask the fake checkout page's host for a favicon: answer it so the console stays clean.
fakeRoutes["/favicon.ico"] = (_req, res) => {
  res.statusCode = 204;
  res.end();
};
