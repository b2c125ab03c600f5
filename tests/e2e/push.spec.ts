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

test("a Pro user on a phone adds this device, gets a test push, and a push shows and opens its page", async ({
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
  const tested = page.waitForResponse((r) => /\/api\/notifications\/push-devices\/[^/]+\/test$/.test(r.url()));
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

  // The registered worker receives a push (the DevTools protocol stands in for the push service's delivery).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      const mine = event.registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const alert = {
    title: "AAPL: profit target reached (52% of the credit)",
    body: "Your AAPL bull put spread 180/175 put, Jan 16 has kept 52% of its credit: $66.00 if closed at the natural price.",
    quoteTime: "Dec 3, 2:35 PM ET",
    url: "/positions",
    tag: "position:p-1:PROFIT_TARGET",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(alert),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body]),
      ),
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
  await expect(page).toHaveURL(/\/positions$/);

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
