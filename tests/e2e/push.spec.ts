// Push to this device, in Chromium at phone size (decisions 336, 337). `pushManager.subscribe()` cannot reach a
// browser vendor's push service offline, so this test stands in a subscription to the loopback push service
// (tests/worker/fakes/push-service.ts, keys made by the test) for the one the browser would make; everything else is
// real: the permission, the service worker's registration, the server's encrypted, signed push (checked by the
// loopback service), a payload delivered to the registered worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage), the notification it shows, and where a notificationclick takes the tab.
// The real subscribe and a real tap are verified on a device by the operator, not claimed here.
import { expect, test } from "@playwright/test";
import { signUp, watchConsole } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const PUSH_SERVICE = `http://127.0.0.1:${PORT + 2001}`;
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const shots = "test-results/screenshots";

interface Opened {
  device: string;
  ttl: string | null;
  vapid: { aud?: string; error?: string };
  text: string | { error: string };
}

test("a Pro user on a phone adds this device, gets a test push, takes profit targets by push: the alert a refresh fires arrives, is in the history, shows and opens its position", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: ANDROID_CHROME,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { "cf-connecting-ip": `198.51.100.${(Date.now() % 200) + 20}` },
  });
  await context.grantPermissions(["notifications"], { origin });
  const page = await context.newPage();
  const errors = watchConsole(page);

  // The stand-in subscription: the loopback service makes the device's keys and keeps its private key.
  const device = (await (await fetch(`${PUSH_SERVICE}/__push/devices`, { method: "POST" })).json()) as {
    id: string;
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  await page.addInitScript((sub) => {
    const standIn = {
      endpoint: sub.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    };
    PushManager.prototype.subscribe = async () => standIn as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => null;
  }, device);

  await signUp(page, `push-${Date.now()}@example.com`, { returnTo: "/notifications" });
  const section = page.getByTestId("push-devices");
  await expect(section.getByText("No devices yet.")).toBeVisible();
  await page.screenshot({ path: `${shots}/push-devices-empty-phone.png`, fullPage: true });
  await section.getByRole("button", { name: "Push to this device" }).click();
  const row = section.getByRole("list", { name: "Push devices" }).getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/^Chrome on Android, added [A-Z][a-z]{2} \d{1,2}/);

  // A test push: the server encrypts and signs it; the loopback service decrypts and verifies it.
  const tested = page.waitForResponse((r) =>
    /\/api\/notifications\/push-devices\/[^/]+\/test$/.test(r.url()),
  );
  await row.getByRole("button", { name: "Send a test push" }).click();
  const answer = await tested;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByRole("status").filter({ hasText: "Test push sent" })).toBeVisible();
  const opened = ((await (await fetch(`${PUSH_SERVICE}/__push/opened`)).json()) as Opened[]).filter(
    (p) => p.device === device.id,
  );
  expect(opened).toHaveLength(1);
  expect(opened[0]!.vapid.aud).toBe(PUSH_SERVICE);
  expect(opened[0]!.ttl).toBe("600");
  expect(JSON.parse(opened[0]!.text as string)).toMatchObject({
    title: "Test notification",
    url: "/notifications",
  });

  // Choosing push for a position alert saves in the preferences.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/notifications/preferences") && r.request().method() === "PUT" && r.ok(),
  );
  await page.getByLabel("Profit target reached by").selectOption("push");
  await saved;
  await page.screenshot({ path: `${shots}/push-devices-phone.png`, fullPage: true });

  // A position whose profit target is already reached: a published bull put opened at 90% of its width.
  const trades = (await (await page.request.get("/api/get_trades")).json()) as {
    trade_suggestions: {
      stock_symbol: string;
      strategy_type: string;
      put_short_strike: number;
      put_long_strike: number;
      expiration_date: string;
    }[];
  };
  const idea = trades.trade_suggestions.find((t) => t.strategy_type === "BULL_PUT_SPREAD")!;
  expect(idea).toBeDefined();
  const leg = (side: "short" | "long", strike: number) => ({
    right: "put",
    side,
    strike,
    expiration: idea.expiration_date,
  });
  const view = (await (await page.request.get("/api/positions")).json()) as { version: number };
  const openedPosition = await page.request.post("/api/positions", {
    data: {
      version: view.version,
      action: "open",
      position: {
        symbol: idea.stock_symbol,
        strategy: "BULL_PUT_SPREAD",
        legs: [leg("short", idea.put_short_strike), leg("long", idea.put_long_strike)],
        contracts: 1,
        openCredit: Math.floor((idea.put_short_strike - idea.put_long_strike) * 90) / 100,
        openedOn: new Date().toISOString().slice(0, 10),
      },
    },
  });
  expect(openedPosition.status(), await openedPosition.text()).toBe(201);
  const positionId = ((await openedPosition.json()) as { position: { id: string } }).position.id;

  // The refresh (the cron's, run by the local-development endpoint) marks it and fires the alert by push.
  const refreshed = await page.request.post("/__dev/market-refresh", {
    data: { symbols: [idea.stock_symbol] },
  });
  expect(refreshed.status(), await refreshed.text()).toBe(200);
  const findAlert = async () =>
    ((await (await fetch(`${PUSH_SERVICE}/__push/opened`)).json()) as (Opened & { urgency: string })[]).find(
      (p) => p.device === device.id && typeof p.text === "string" && p.text.includes("profit target reached"),
    );
  await expect.poll(findAlert).toBeDefined();
  const alertPush = (await findAlert())!;
  expect(alertPush.vapid.aud).toBe(PUSH_SERVICE);
  expect(alertPush.ttl).toBe("3600");
  expect(alertPush.urgency).toBe("high");
  const alert = JSON.parse(alertPush.text as string) as {
    title: string;
    body: string;
    quoteTime: string;
    url: string;
  };
  expect(alert.url).toBe(`/positions#position-${positionId}`);
  // In the history, like an email.
  await page.goto("/notifications?tab=history");
  await expect(page.getByText(alert.title).first()).toBeVisible();

  // The registered worker receives that push (the DevTools protocol stands in for the push service's delivery).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      const mine = event.registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const deliver = async () =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: await registrationId,
      data: alertPush.text as string,
    });
  await deliver();
  // A delivery the worker missed (it may still be starting) is sent again, as a push service retries; the
  // notification's tag makes a second one replace the first, so at most one is ever shown.
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body]),
        );
        if (shown.length === 0) await deliver();
        return shown;
      },
      { timeout: 20_000 },
    )
    .toEqual([[alert.title, `${alert.body}\nQuote time: ${alert.quoteTime}`]]);

  // A click takes this tab to the position (a synthetic notificationclick in the worker: no real tap here).
  const worker = context.serviceWorkers().find((w) => w.url().endsWith("/push-sw.js"))!;
  await worker.evaluate(async () => {
    // The worker's global scope (the test's types are the page's).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: notification! }));
  });
  await expect(page).toHaveURL(new RegExp(`/positions#position-${positionId}$`));
  await expect(page.locator(`#position-${positionId}`)).toBeVisible();

  // Removing the device: the list is empty again.
  await page.goto("/notifications");
  await page
    .getByTestId("push-devices")
    .getByRole("button", { name: /^Remove / })
    .click();
  await expect(page.getByTestId("push-devices").getByText("No devices yet.")).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
