import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { DEMO_ACCOUNTS } from "#app/lib/demo-accounts.ts";
import { watchConsole } from "../fixtures";
import { depsAtStart, optimizedDeps } from "./optimized-deps";

// Every page of app/routes.ts once, under `npm run dev` started cold (tests/e2e/dev-server/playwright.config.ts).
// Vite met web-vitals and papaparse only when a page imported them late, re-bundled its dependencies and reloaded
// the page, which for a moment held two copies of React ("Invalid hook call", "Application Error"; issue 44,
// decision 306). A page fails on an uncaught error, on a console error (the browser's own line for a 4xx answer
// aside: several pages ask for what a visitor may not have), on a 5xx or a failed script or stylesheet, and on an
// error page; the last test fails when any page made Vite pre-bundle a dependency it had not at the start. A page
// that reloads itself is noted on its test (in a shared work tree another's edit reloads it too). Resource routes
// (`.ts`: JSON, CSV, images, the dev endpoints) are not pages and are not opened.

/** Signed out first (the cold start meets the public pages), then an Elite user, then the admin. */
type Who = "visitor" | "elite" | "admin";
interface Visit {
  who: Who;
  pattern: string;
}

const SIGNED_IN_LAYOUT = "routes/signed-in-layout.tsx";
const ADMIN_LAYOUT = "routes/admin-layout.tsx";
/** Public pages that differ for a signed-in user (and /subscription/success sends a visitor home). */
const SIGNED_IN_TOO = ["/", "/pricing", "/subscription/success"];
/** A path for the catch-all route. */
const UNKNOWN_PATH = "/no-such-page";
const FOUR_XX = Array.from({ length: 100 }, (_, i) => 400 + i);

/**
 * What a user does on a page that imports a dependency late, beyond the deferred extras every page loads on the
 * first input (web-vitals): the strategies' CSV export imports the CSV module (papaparse).
 */
const LATE_IMPORTS: Record<string, (page: Page) => Promise<unknown>> = {
  "elite /wheels": async (page) => {
    const exportButton = page.getByRole("button", { name: "Export", exact: true });
    await expect(exportButton).toBeEnabled({ timeout: 60_000 });
    await Promise.all([page.waitForEvent("download"), exportButton.click()]);
  },
};

interface RoutePage {
  path: string;
  layouts: string[];
}

/** The page routes (`.tsx`) of the route config with their paths and enclosing layouts. */
function pagesOf(entries: RouteConfigEntry[], parent = "", layouts: string[] = []): RoutePage[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || "/" : entry.path ? `${parent}/${entry.path}` : parent;
    if (entry.children?.length) return pagesOf(entry.children, path, [...layouts, entry.file]);
    return entry.file.endsWith(".tsx") ? [{ path: path || "/", layouts }] : [];
  });
}

function visitsOf(entries: RouteConfigEntry[]): Visit[] {
  const pages = pagesOf(entries).map((p) => ({ ...p, pattern: p.path === "/*" ? UNKNOWN_PATH : p.path }));
  const isAdmin = (p: RoutePage) => p.layouts.includes(ADMIN_LAYOUT);
  const isSignedIn = (p: RoutePage) => p.layouts.includes(SIGNED_IN_LAYOUT);
  const open = pages.filter((p) => !isAdmin(p) && !isSignedIn(p));
  for (const path of SIGNED_IN_TOO)
    if (!open.some((p) => p.pattern === path)) throw new Error(`${path} is no public page of app/routes.ts`);
  return [
    ...open.map((p) => ({ who: "visitor" as const, pattern: p.pattern })),
    ...[...pages.filter(isSignedIn).map((p) => p.pattern), ...SIGNED_IN_TOO].map((pattern) => ({
      who: "elite" as const,
      pattern,
    })),
    ...pages.filter(isAdmin).map((p) => ({ who: "admin" as const, pattern: p.pattern })),
  ];
}

const VISITS = visitsOf(routes);
for (const key of Object.keys(LATE_IMPORTS))
  if (!VISITS.some((v) => `${v.who} ${v.pattern}` === key))
    throw new Error(`LATE_IMPORTS: no visit "${key}"`);
const ACCOUNT = {
  elite: DEMO_ACCOUNTS.find((a) => a.kind === "elite")!,
  admin: DEMO_ACCOUNTS.find((a) => a.kind === "admin")!,
};

let signIns = Math.floor(Math.random() * 200);
/** A documentation address per sign-in or share (RFC 5737), so the per-address limits never meet this test. */
const nextAddress = () => `203.0.113.${((signIns += 1) % 250) + 1}`;

async function signedInApi(baseURL: string, who: "elite" | "admin"): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL });
  const { email, password } = ACCOUNT[who];
  const res = await api.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: baseURL, "cf-connecting-ip": nextAddress() },
  });
  expect(res.ok(), `sign-in ${email}: HTTP ${res.status()}`).toBe(true);
  return api;
}

async function postJson(api: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const res = await api.post(path, { data, headers: { Origin: baseURL, "cf-connecting-ip": nextAddress() } });
  expect(res.ok(), `POST ${path}: HTTP ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * Seeded values for the routes' parameters: a trade idea of the simulated market's refresh, and a CSP and a CC share
 * created from the Elite user's screens. A parameter not named here fails the test: give it a value.
 */
async function parameterValues(baseURL: string): Promise<Record<string, string>> {
  const api = await signedInApi(baseURL, "elite");
  try {
    const trades = await (await api.get("/api/get_trades")).json();
    const tradeId: string = trades.trade_suggestions[0].trade_unique_identifier;
    const csp = await postJson(api, baseURL, "/api/wheel/csp-strategies/batch", {
      tickers: ["SPY"],
      riskLevel: "balanced",
    });
    const position = { symbol: "SPY", shares: 100, costBasis: csp.results.SPY.strategies[0].currentPrice };
    const cc = await postJson(api, baseURL, "/api/wheel/cc-strategies/batch", {
      positions: [position],
      riskLevel: "balanced",
    });
    const cspShare = await postJson(api, baseURL, "/api/wheel/share/csp", {
      strategy: csp.results.SPY.strategies[0],
    });
    const ccShare = await postJson(api, baseURL, "/api/wheel/share/cc", {
      strategy: cc.results.SPY.strategies[0],
      position: { shares: position.shares, costBasis: position.costBasis },
    });
    return {
      "/share/trade/:tradeId": `/share/trade/${tradeId}`,
      "/share/wheel/csp/:shareId": `/share/wheel/csp/${cspShare.shareId}`,
      "/share/wheel/cc/:shareId": `/share/wheel/cc/${ccShare.shareId}`,
    };
  } finally {
    await api.dispose();
  }
}

function urlOf(pattern: string, values: Record<string, string>): string {
  if (!pattern.includes(":")) return pattern;
  const url = values[pattern];
  if (!url) throw new Error(`${pattern}: no seeded value for its parameter (add one to parameterValues)`);
  return url;
}

/**
 * Opens one page and lets its late imports run; returns what went wrong (empty when nothing did) and how many times
 * the page reloaded itself.
 */
async function openOnce(
  page: Page,
  url: string,
  lateImports?: (page: Page) => Promise<unknown>,
): Promise<{ problems: string[]; reloads: number }> {
  const console = watchConsole(page);
  const problems: string[] = [];
  let documents = 0;
  page.on("request", (req) => {
    // A redirect continues the same navigation; any other document request after the first is a reload.
    if (req.isNavigationRequest() && req.frame() === page.mainFrame() && !req.redirectedFrom())
      documents += 1;
  });
  page.on("response", (res) => {
    const kind = res.request().resourceType();
    if (res.status() >= 500 || (res.status() >= 400 && (kind === "script" || kind === "stylesheet")))
      problems.push(`${res.status()} ${kind} ${res.url()}`);
  });
  page.on("requestfailed", (req) => {
    const kind = req.resourceType();
    if (kind === "script" || kind === "stylesheet") problems.push(`${kind} failed: ${req.url()}`);
  });
  await console.expecting(FOUR_XX, async () => {
    await page.goto(url, { waitUntil: "load" });
    // Hydrated (its modules loaded), then the first input: the deferred extras (web-vitals) load now.
    await page.waitForLoadState("networkidle");
    await page.mouse.move(40, 60);
    await page.mouse.move(80, 120);
    await lateImports?.(page);
    await page.waitForTimeout(200);
    await page.waitForLoadState("networkidle");
  });
  for (const text of ["Application Error", "Something went wrong"])
    if ((await page.getByText(text, { exact: true }).count()) > 0)
      problems.push(`${page.url()} shows "${text}"`);
  return { problems: [...console, ...problems], reloads: documents - 1 };
}

const contexts = new Map<Who, BrowserContext>();
let values: Record<string, string> | undefined;

async function contextFor(browser: Browser, who: Who, baseURL: string): Promise<BrowserContext> {
  const known = contexts.get(who);
  if (known) return known;
  const context = await browser.newContext();
  if (who !== "visitor") {
    const api = await signedInApi(baseURL, who);
    await context.addCookies((await api.storageState()).cookies);
    await api.dispose();
  }
  contexts.set(who, context);
  return context;
}

test.afterAll(async () => {
  for (const context of contexts.values()) await context.close();
  contexts.clear();
});

for (const { who, pattern } of VISITS)
  test(`${who}: ${pattern}`, async ({ browser, baseURL }, testInfo) => {
    const context = await contextFor(browser, who, baseURL!);
    values ??= pattern.includes(":") ? await parameterValues(baseURL!) : undefined;
    const url = urlOf(pattern, values ?? {});
    const page = await context.newPage();
    try {
      const { problems, reloads } = await openOnce(page, url, LATE_IMPORTS[`${who} ${pattern}`]);
      if (reloads > 0)
        testInfo.annotations.push({ type: "reloaded", description: `${url} reloaded itself ${reloads}x` });
      expect(problems, `${url} as ${who}`).toEqual([]);
    } finally {
      await page.close();
    }
  });

test("no page made Vite pre-bundle a dependency it had not pre-bundled at the start", async () => {
  const start = depsAtStart();
  // Vite commits a re-bundle a moment after the import that started it.
  await new Promise((r) => setTimeout(r, 1_000));
  const now = optimizedDeps();
  const late = {
    client: now.client.filter((d) => !start.client.includes(d)),
    worker: now.worker.filter((d) => !start.worker.includes(d)),
  };
  expect(late, "found late: add them to scripts/prebundled-deps.ts").toEqual({ client: [], worker: [] });
});
