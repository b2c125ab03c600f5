// `npm run lighthouse`: serves the BUILT worker (vite preview, workerd) behind a compressing proxy, as the edge
// would serve it, and runs Lighthouse (mobile, simulated throttling) with Debian's Chromium on the public pages,
// a share page and /spreads and /wheels signed in, three runs each (the median is scored, decision 201). Prints a table and
// writes test-results/lighthouse.json.
// Budgets: Performance >= 95, Accessibility / Best Practices / SEO = 100. `--assert` (CI) exits 1 on a miss of a
// gate: Accessibility / Best Practices / SEO at 100; Performance at the floor of 60 while the pages miss the 95
// target on a calibrated host, the target reported beside it (decision 250, superseding 207's gate).
// Needs `npm run build` first.
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { quietEnv, waitFor } from "./lib.mjs";

const assert = process.argv.includes("--assert");
const PREVIEW_PORT = Number(process.env.LIGHTHOUSE_PREVIEW_PORT ?? 4310);
const PROXY_PORT = PREVIEW_PORT + 1;
const UPSTREAM = `http://127.0.0.1:${PREVIEW_PORT}`;
const ORIGIN = `http://localhost:${PROXY_PORT}`;
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Lighthouse's mobile preset slows the CPU 4x, calibrated for a fast desktop (benchmark index ~1500). On a
 * slower or busy host that over-throttles and scores the machine, not the page. Lighthouse's documented remedy
 * is a multiplier chosen from the host's benchmark index: 1300 -> 3x, +1x per 233 above; below 1300 we scale
 * proportionally (index / 433), never past the preset's 4x nor under 1x.
 */
export function cpuMultiplierFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    return throttling.mobileSlow4G.cpuSlowdownMultiplier;
  const m = benchmarkIndex >= 1300 ? 3 + (benchmarkIndex - 1300) / 233 : benchmarkIndex / 433;
  return Math.round(Math.min(throttling.mobileSlow4G.cpuSlowdownMultiplier, Math.max(1, m)) * 100) / 100;
}

export const BUDGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

const METRICS = [
  ["first-contentful-paint", "fcp_ms"],
  ["largest-contentful-paint", "lcp_ms"],
  ["total-blocking-time", "tbt_ms"],
  ["cumulative-layout-shift", "cls"],
  ["speed-index", "si_ms"],
];

/**
 * What `--assert` enforces. Accessibility, Best Practices and SEO are deterministic and gated at the budget.
 * Performance is simulated from the timings Chromium shows on this host (Lantern). A reference document without
 * script is measured first: at 100 the host adds nothing to a plain page, so a miss of the 95 target is the page's
 * own. Performance is gated at PERF_FLOOR, which catches a collapse, while the pages miss the target on a host
 * calibrated to the 4x preset (decision 250); the target is printed beside every page.
 * LIGHTHOUSE_PERF_GATE fixes the gate.
 */
const PERF_FLOOR = 60;
const REFERENCE_FIT = 100;
const FIXED_PERF_GATE = process.env.LIGHTHOUSE_PERF_GATE ? Number(process.env.LIGHTHOUSE_PERF_GATE) : null;

/**
 * The reference: /terms as rendered on 2026-11-24 with every script and link taken out (77 KB: the inline
 * stylesheet and the legal text). Frozen, so that it measures the host and never follows the app: a heavier
 * stylesheet in the app must fail the gate, not lower the bar.
 */
const REFERENCE_PATH = "/__lighthouse/reference";
const REFERENCE_FILE = "tests/fixtures/lighthouse-reference.html";

/**
 * Runs per page. One run's Performance swings by 10-15 points on a 2-core host; Lighthouse's documented remedy is
 * several runs and their median. The run with the median Performance score is the one scored and gated. (Lighthouse's
 * own computeMedianRun picks the run nearest the median FCP and TTI, which can be the best of three scores.)
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** Brotli (or gzip) like the edge, for compressible types the upstream sent uncompressed. */
async function startProxy() {
  const reference = await readFile(REFERENCE_FILE);
  const referenceBr = zlib.brotliCompressSync(reference, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
  });
  const server = http.createServer((req, res) => {
    if (req.url === REFERENCE_PATH) {
      const br = String(req.headers["accept-encoding"] ?? "").includes("br");
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        ...(br ? { "content-encoding": "br", vary: "Accept-Encoding" } : {}),
      });
      return void res.end(br ? referenceBr : reference);
    }
    // The Host stays the proxy's, so the app sees the origin the browser uses (auth checks Origin).
    const headers = { ...req.headers };
    delete headers["accept-encoding"];
    const upstream = http.request(`${UPSTREAM}${req.url}`, { method: req.method, headers }, (up) => {
      const type = String(up.headers["content-type"] ?? "");
      const accepts = String(req.headers["accept-encoding"] ?? "");
      const encoding =
        COMPRESSIBLE.test(type) && !up.headers["content-encoding"]
          ? accepts.includes("br")
            ? "br"
            : accepts.includes("gzip")
              ? "gzip"
              : null
          : null;
      const out = { ...up.headers };
      if (encoding) {
        delete out["content-length"];
        out["content-encoding"] = encoding;
        out.vary = "Accept-Encoding";
      }
      res.writeHead(up.statusCode ?? 502, out);
      if (!encoding) return void up.pipe(res);
      const compressor =
        encoding === "br"
          ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.createGzip();
      up.pipe(compressor).pipe(res);
    });
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(PROXY_PORT, "127.0.0.1", () => resolve(server)));
}

async function signIn(email, password) {
  const res = await fetch(`${ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    // Its own client address, so the sign-in rate limit of other local runs never applies.
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "cf-connecting-ip": "192.0.2.250" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: HTTP ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A public share page for a real idea, when the ideas list has one. */
async function sharePath(cookie) {
  const res = await fetch(`${ORIGIN}/api/get_trades`, { headers: { Cookie: cookie } });
  if (!res.ok) return null;
  const body = await res.json().catch(() => null);
  const list = body?.trade_suggestions ?? [];
  const id = list[0]?.trade_unique_identifier;
  return id ? `/share/trade/${encodeURIComponent(id)}` : null;
}

const preview = spawn("node", ["scripts/preview.mjs"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...quietEnv, E2E_PORT: String(PREVIEW_PORT) },
});
// preview.mjs prints "preview ready" once the local D1 is migrated and seeded.
const ready = new Promise((resolve, reject) => {
  let seen = "";
  preview.stdout.on("data", (chunk) => {
    seen = (seen + chunk.toString()).slice(-4096);
    if (seen.includes("preview ready")) resolve();
  });
  preview.on("exit", (code) => reject(new Error(`preview exited (${code}) before it was ready`)));
});
let proxy;
let chrome;
/** What `--assert` enforces, set once the reference document has measured the host. */
let gates = { ...BUDGETS, performance: FIXED_PERF_GATE ?? PERF_FLOOR };
let exitCode = 0;
try {
  await Promise.race([
    ready,
    new Promise((_, reject) => setTimeout(() => reject(new Error("preview not ready in 180 s")), 180_000)),
  ]);
  await waitFor(`${UPSTREAM}/api/health`, { timeoutMs: 30_000 });
  proxy = await startProxy();
  const cookie = await signIn("elite@wheelhouse.local", "demo-password");

  let pages = [{ path: "/" }, { path: "/pricing" }, { path: "/options-guide" }, { path: "/terms" }];
  const share = await sharePath(cookie);
  if (share) pages.push({ path: share, label: "share page" });
  // The Elite user's list (500 ideas): the loader sends one filtered page of them (decision 180).
  pages.push({ path: "/spreads", label: "/spreads (signed in)", cookie });
  // The same user's /wheels: both screens answered by its loader from the address (decision 317).
  pages.push({ path: "/wheels", label: "/wheels (signed in)", cookie });
  // `--only=/pricing,/spreads` audits a subset while working on a page.
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  if (only) pages = pages.filter((p) => only.split(",").some((o) => p.path === o || p.label === o));

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  // A first run measures the host (and warms the worker); its benchmark index sets the CPU multiplier.
  const probe = await lighthouse(`${ORIGIN}/`, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const benchmarkIndex = probe.lhr.environment.benchmarkIndex;
  const cpuSlowdownMultiplier = cpuMultiplierFor(benchmarkIndex);
  console.log(`host benchmark index ${Math.round(benchmarkIndex)} -> CPU slowdown ${cpuSlowdownMultiplier}x`);
  // A run Lighthouse could not finish (a runtime error, or no Performance score because a metric failed) is a
  // failed measurement, not a score of 0: it is said and run again, at most twice. A page that errors every
  // time keeps its 0 and fails the gate.
  const categoriesHaveScores = (lhr) =>
    Object.values(lhr.categories).every((c) => typeof c.score === "number");
  const failedRun = (r) =>
    r.lhr.runtimeError
      ? `${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`
      : categoriesHaveScores(r.lhr)
        ? null
        : "a category has no score";
  const audit = async (path, { cookie, categories = Object.keys(BUDGETS), count = RUNS } = {}) => {
    const runs = [];
    for (let i = 0; i < count; i++) {
      for (let attempt = 1; ; attempt++) {
        const run = await lighthouse(`${ORIGIN}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: categories,
          extraHeaders: cookie ? { Cookie: cookie } : undefined,
          throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
        });
        const failure = failedRun(run);
        if (failure) console.log(`${path}: run ${i + 1} attempt ${attempt} failed (${failure})`);
        if (!failure || attempt === 3) {
          runs.push(run);
          break;
        }
      }
    }
    return runs;
  };
  const failingOf = (scores) => Object.entries(gates).filter(([k, min]) => scores[k] < min);
  const performanceOf = (r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100);
  // The run with the median Performance score is scored and gated (the lower middle for an even count).
  const medianRun = (runs) =>
    [...runs].sort((a, b) => performanceOf(a) - performanceOf(b))[Math.floor((runs.length - 1) / 2)];

  // Can this host judge the 95 target? Only if a page without script loses nothing here (decision 207).
  const referenceRuns = await audit(REFERENCE_PATH, { categories: ["performance"] });
  const reference = {
    runs: referenceRuns.map(performanceOf),
    median: performanceOf(medianRun(referenceRuns)),
  };
  reference.hostFit = reference.median >= REFERENCE_FIT;
  // Decision 250: on a host whose benchmark index is near the 4x preset's calibration the pages score 78-92,
  // below the 95 target, from hydration's main-thread work; until that comes down the target is reported and
  // the gate is the floor that catches a collapse. The reference still says whether the figures are the host's.
  gates = { ...BUDGETS, performance: FIXED_PERF_GATE ?? PERF_FLOOR };
  console.log(
    `reference document (no script): performance ${reference.runs.join(", ")} -> ` +
      (reference.hostFit
        ? `the host adds nothing to a page without script: misses of the ${BUDGETS.performance} target are the pages'`
        : `this host takes points from a page without script: misses of the ${BUDGETS.performance} target may be the host's`) +
      `; performance gated at ${FIXED_PERF_GATE !== null ? `${FIXED_PERF_GATE} (LIGHTHOUSE_PERF_GATE)` : `the floor of ${PERF_FLOOR} (decision 250)`}`,
  );

  const results = [];
  for (const page of pages) {
    const runs = await audit(page.path, { cookie: page.cookie });
    // A page under its gate is measured again, and the median of all its runs decides: one slow
    // stretch of the host does not fail CI, a page that is really slower misses both times.
    if (performanceOf(medianRun(runs)) < gates.performance)
      runs.push(...(await audit(page.path, { cookie: page.cookie })));
    const run = medianRun(runs);
    const lhr = run.lhr;
    const performanceRuns = runs.map(performanceOf);
    // The median run's whole report, for the diagnostics behind a score (opportunities, request chains).
    await mkdir("test-results/lighthouse", { recursive: true });
    await writeFile(
      `test-results/lighthouse/${(page.label ?? page.path).replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.json`,
      run.report,
    );
    if (lhr.runtimeError) console.log(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      Object.keys(BUDGETS).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]),
    );
    const failing = failingOf(scores);
    const failedAudits = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => ({
        id: a.id,
        nodes: (a.details?.items ?? [])
          .map((item) => item.node?.snippet)
          .filter(Boolean)
          .slice(0, 5),
      }));
    // The lab metrics behind the Performance score, so a miss says which one (and by how much).
    const metrics = Object.fromEntries(
      METRICS.map(([id, key]) => [key, Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000]),
    );
    results.push({
      page: page.label ?? page.path,
      url: page.path,
      scores,
      metrics,
      performanceRuns,
      failing,
      failedAudits,
    });
  }

  console.log("\nLighthouse (mobile, built worker behind compression)");
  console.log(
    "page".padEnd(28) +
      Object.keys(BUDGETS)
        .map((k) => k.padStart(16))
        .join(""),
  );
  for (const r of results) {
    console.log(
      r.page.padEnd(28) +
        Object.keys(BUDGETS)
          .map((k) => String(r.scores[k]).padStart(16))
          .join(""),
    );
    if (r.performanceRuns.length > 1)
      console.log(`  performance of each run: ${r.performanceRuns.join(", ")} (scored: the median)`);
    console.log(
      `  ${Object.entries(r.metrics)
        .map(([k, v]) => `${k} ${k === "cls" ? v : Math.round(v)}`)
        .join(" · ")}`,
    );
    const belowTarget = Object.entries(BUDGETS).filter(([k, min]) => r.scores[k] < min);
    if (belowTarget.length) console.log(`  below target: ${belowTarget.map(([k]) => k).join(", ")}`);
    if (r.failing.length) console.log(`  BELOW GATE: ${r.failing.map(([k]) => k).join(", ")}`);
    for (const audit of r.failedAudits) {
      console.log(`  failed audit: ${audit.id}`);
      for (const node of audit.nodes) console.log(`    ${node}`);
    }
  }
  if (!share) console.log("(no share page: the ideas list was empty)");
  await mkdir("test-results", { recursive: true });
  await writeFile(
    "test-results/lighthouse.json",
    JSON.stringify(
      { budgets: BUDGETS, gates, reference, benchmarkIndex, cpuSlowdownMultiplier, results },
      null,
      2,
    ),
  );
  if (assert && results.some((r) => r.failing.length)) exitCode = 1;
} catch (error) {
  console.error(`lighthouse run failed: ${error.stack ?? error}`);
  exitCode = 1;
} finally {
  await chrome?.kill();
  proxy?.close();
  preview.kill("SIGTERM");
  preview.stdout.destroy();
}
process.exit(exitCode);
