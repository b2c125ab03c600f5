// The Worker: fetch -> cross-site write guard -> React Router request handler (with security headers and the
// cache policy); scheduled -> jobs.
import { createRequestHandler } from "react-router";
import { runScheduled } from "#app/server/jobs/scheduler.server.ts";
import { handleMarketBatch, MARKET_QUEUE_NAME } from "#app/server/jobs/market-queue.server.ts";
import {
  handleDeadLetters,
  handleNotificationBatch,
  NOTIFICATIONS_DEAD_LETTER_QUEUE,
} from "#app/server/notifications/dispatch.server.ts";
import { crossSiteRefusal } from "#app/server/http/cross-site-guard.server.ts";
import { createRequestContext } from "#app/server/request-context.server.ts";
import {
  misconfiguredResponse,
  missingProductionSettings,
} from "#app/server/http/production-settings.server.ts";
import { createCspNonce, withSecurityHeaders } from "#app/server/security-headers.server.ts";
import { withCachePolicy } from "#app/server/http/cache-control.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const cspNonce = createCspNonce();
    // A production Worker without its required secrets says so on every request (decision 214).
    const missing = missingProductionSettings(env);
    // Before any route runs, so no action can forget it (decision 215).
    const response =
      (missing.length ? misconfiguredResponse(request, missing) : null) ??
      crossSiteRefusal(request, env.APP_URL) ??
      (await requestHandler(request, createRequestContext(env, ctx, cspNonce)));
    const secured = withSecurityHeaders(response, {
      nonce: cspNonce,
      production: env.APP_ENV === "production",
      dev: import.meta.env.DEV,
    });
    // Last, on every response: the edge (wrangler.toml `cache`) shares only what a route opted into, and never
    // an answer to a session cookie, a write, an error or one that sets a cookie (decision 282).
    return withCachePolicy(request, secured);
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, env, new Date(controller.scheduledTime)));
  },
  // The notifications queue and its dead-letter queue, and the market queue's held symbols (wrangler.toml
  // [[queues.consumers]]): logic in app/server so tests drive it.
  async queue(batch, env) {
    if (batch.queue === MARKET_QUEUE_NAME) await handleMarketBatch(batch, env);
    else if (batch.queue === NOTIFICATIONS_DEAD_LETTER_QUEUE) await handleDeadLetters(batch, env);
    else await handleNotificationBatch(batch, env);
  },
} satisfies ExportedHandler<WorkerEnv>;
