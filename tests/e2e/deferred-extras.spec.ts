import { expect, test, type Page } from "@playwright/test";
import { watchConsole } from "./fixtures";

// Issue 29 item 11 (docs/product/app-shell.md#deferred-extras): speed metrics load after 2 s or the first
// scroll, mouse move, click or key press. Before that neither the metrics code nor a metric is requested;
// after it the Core Web Vitals reach the first-party analytics as web_vital events.

/**
 * The web_vital events the page sends to /api/events. They go as beacons, whose bodies Playwright does not
 * show, so the page's sendBeacon is wrapped to keep a copy of each body it sends.
 */
async function collectVitals(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __beacons: string[] };
    w.__beacons = [];
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith("/api/events") && data instanceof Blob)
        void data.text().then((t) => w.__beacons.push(t));
      return send(url, data);
    };
  });
  return async () => {
    const bodies = await page.evaluate(() => (window as unknown as { __beacons: string[] }).__beacons);
    return bodies
      .map(
        (b) =>
          JSON.parse(b) as { name: string; properties?: { metric: string; value: number; rating: string } },
      )
      .filter((e) => e.name === "web_vital")
      .map((e) => e.properties!);
  };
}

const metricsCodeLoaded = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType("resource").some((e) => /web-vitals/.test(new URL(e.name).pathname)),
  );

test("speed metrics: nothing before the first input, the Core Web Vitals after it", async ({ page }) => {
  const errors = watchConsole(page);
  const vitalsSent = await collectVitals(page);
  const accepted: number[] = [];
  page.on("response", (res) => {
    if (res.url().endsWith("/api/events")) accepted.push(res.status());
  });
  await page.goto("/how-we-rank");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Well inside the 2 s wait, with no input: no metrics code, no metric.
  await page.waitForTimeout(1000);
  expect(await metricsCodeLoaded(page)).toBe(false);
  expect(await vitalsSent()).toEqual([]);

  await page.mouse.move(120, 200);
  await expect.poll(async () => (await vitalsSent()).length, { timeout: 5_000 }).toBeGreaterThan(0);
  expect(await metricsCodeLoaded(page)).toBe(true);
  const vitals = await vitalsSent();
  for (const v of vitals) {
    expect(["CLS", "FCP", "INP", "LCP", "TTFB"]).toContain(v.metric);
    expect(v.value).toBeGreaterThanOrEqual(0);
    expect(["good", "needs-improvement", "poor"]).toContain(v.rating);
  }
  expect(vitals.map((v) => v.metric)).toContain("TTFB");
  // The server took every event (the page view and the metrics).
  await expect.poll(() => accepted.length).toBeGreaterThanOrEqual(vitals.length);
  expect(accepted.every((status) => status === 204)).toBe(true);
  expect(errors).toEqual([]);
});

test("speed metrics: without any input they load after 2 s", async ({ page }) => {
  const vitalsSent = await collectVitals(page);
  await page.goto("/how-we-rank");
  await page.waitForTimeout(1000);
  expect(await vitalsSent()).toEqual([]);
  await expect.poll(async () => (await vitalsSent()).length, { timeout: 8_000 }).toBeGreaterThan(0);
  expect(await metricsCodeLoaded(page)).toBe(true);
});
