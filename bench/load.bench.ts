/**
 * Load (issue 18 item 5, issue 32; figures printed, budgets reported, never asserted in tests). Serves the built
 * worker on loopback with `wrangler dev` (build/server/wrangler.json, a migrated, seeded local D1 and a first
 * market refresh) behind a local emulation of Workers Caching (bench/edge-emulator.ts, decision 283: wrangler dev
 * has none), then drives each target through the emulator, as a browser reaches the edge, with autocannon for a
 * fixed time and few connections:
 *   - on their own, for reference: the client entry chunk (hashed and immutable, so the emulator keeps it), the
 *     requests a session cookie takes past the cache (/ and /api/get_trades signed in as the Elite demo user: the
 *     Worker runs every time; no budget), and the entry chunk from wrangler dev directly;
 *   - the budgets (issue 32), each a pair driven at the same time: the APIs the edge shares
 *     (/api/get_tickers_info for seeded symbols, the economic calendar) and server rendering of / for a visitor
 *     (shared by the edge: decision 282), each against the static asset closest to its own size on the wire.
 * A budget passes when the target answers at least as many requests per second as its asset (1.0x): the median of
 * LOAD_ROUNDS rounds (default 3) of the ratio within each pair (decisions 205, 283, 295). The load generator shares
 * the machine's cores with workerd and the emulator, so the ratios are the figures to read, not the absolute rates.
 * The warm-up checks each target's Cf-Cache-Status (HIT for the shared ones, BYPASS for the signed-in ones), and
 * each line says what share of its requests the emulator answered from its copy.
 *
 * Every request carries a browser's Accept-Encoding, and wrangler dev answers it as the edge does: its entry
 * worker gzips compressible answers per request and passes through a body the worker already gzipped
 * (decision 200); the emulator stores what it was given.
 *
 * Bounded: every target runs DURATION_S seconds, the whole run is killed after RUN_TIMEOUT_MS, and the
 * server (its own process group) is stopped on every exit path.
 * Environment: LOAD_PORT (default 4390; the emulator takes LOAD_PORT + 1, the fake Stripe LOAD_PORT + 2000),
 * LOAD_SKIP_BUILD=1 to reuse an existing build, LOAD_STRICT=1 to exit non-zero when a budget fails.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { get } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startEdgeEmulator, type EdgeStats } from "./edge-emulator";

const PORT = Number(process.env.LOAD_PORT ?? 4390);
/** The worker itself (wrangler dev): setup requests go here; measured ones go through the emulator. */
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DURATION_S = 5;
/** Rounds over all targets; each budget is the median of its per-round ratios. */
const ROUNDS = Math.max(1, Number(process.env.LOAD_ROUNDS ?? 3));
const CONNECTIONS = 4;
const START_TIMEOUT_MS = 180_000;
const RUN_TIMEOUT_MS = 480_000;
const ELITE = { email: "elite@wheelhouse.local", password: "demo-password" };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

// ------------------------------------------------------------------------------------------ the server

let server: ChildProcess | null = null;
let serverLog = "";

function stopServer() {
  if (!server || server.exitCode !== null || server.pid === undefined) return;
  // wrangler dev starts workerd: stop the whole process group.
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
  const pid = server.pid;
  setTimeout(() => {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }, 3000).unref();
  server = null;
}

function fail(message: string): never {
  console.error(`load: ${message}`);
  if (serverLog) console.error(`--- server output (last 3000 characters)\n${serverLog.slice(-3000)}`);
  stopServer();
  process.exit(1);
}

process.on("exit", stopServer);
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    stopServer();
    process.exit(130);
  });
const watchdog = setTimeout(() => fail(`gave up after ${RUN_TIMEOUT_MS / 1000} s`), RUN_TIMEOUT_MS);

const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/** `wrangler dev` on the built worker, with the local D1 migrated and seeded as scripts/preview.mjs does. */
async function startWrangler(): Promise<void> {
  const wrangler = "node_modules/.bin/wrangler";
  const migrate = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local"], {
    env: quietEnv,
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 120_000,
  });
  if (migrate.status !== 0) throw new Error(`migrations failed (status ${migrate.status})`);
  // The build's own config (build/server/wrangler.json), the local state the migrations just wrote.
  const args = ["dev", "-c", "build/server/wrangler.json", "--ip", "127.0.0.1", "--port", String(PORT)];
  server = spawn(
    wrangler,
    [...args, "--persist-to", ".wrangler/state", "--show-interactive-dev-session=false"],
    {
      env: quietEnv,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const started = server;
  const onData = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-20_000);
  };
  started.stdout!.on("data", onData);
  started.stderr!.on("data", onData);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (started.exitCode !== null) throw new Error(`wrangler dev exited early (code ${started.exitCode})`);
    const up = await fetch(`${ORIGIN}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) {
      const seeded = await fetch(`${ORIGIN}/__dev/seed`, { method: "POST", headers: { Origin: ORIGIN } });
      if (!seeded.ok) throw new Error(`seed failed: HTTP ${seeded.status}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`not ready within ${START_TIMEOUT_MS / 1000} s`);
}

// ------------------------------------------------------------------------------------------- the targets

/** The client entry chunk: the first script every page loads, hashed and immutable. */
function staticAssetPath(): string {
  const assets = readdirSync("build/client/assets").filter((f) => f.endsWith(".js"));
  const entry = assets.find((f) => f.startsWith("entry.client")) ?? assets.sort()[0];
  if (!entry) fail("no JavaScript asset in build/client/assets");
  return `/assets/${entry}`;
}

/**
 * The hashed asset whose gzip size is closest to `bytes`: the comparator of a page. On this host the load generator
 * is bound by bytes (a plain Node server answers 18.5 KB at about a fifth of the rate of 0.8 KB under autocannon),
 * so a page read from the edge's copy is compared with a static asset of its own size (decision 283).
 */
function sizeMatchedAssetPath(bytes: number): { path: string; kb: number } {
  const sized = readdirSync("build/client/assets")
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ f, size: gzipSync(readFileSync(`build/client/assets/${f}`)).length }))
    .sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes));
  if (!sized[0]) fail("no JavaScript asset in build/client/assets");
  return { path: `/assets/${sized[0].f}`, kb: sized[0].size / 1024 };
}

/** Bytes on the wire of a compressed answer (the emulator sends Content-Length). */
function wireBytesOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": BROWSER_ACCEPT_ENCODING } }, (res) => {
      res.resume();
      res.on("end", () => resolve(Number(res.headers["content-length"] ?? 0)));
    }).on("error", reject);
  });
}

async function eliteCookie(): Promise<string> {
  const res = await fetch(`${ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify(ELITE),
  });
  if (!res.ok) fail(`Elite sign-in failed: HTTP ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

interface Target {
  label: string;
  path: string;
  headers?: Record<string, string>;
  /** `signed in`: a session cookie takes it past the edge cache (the Worker runs every time; no budget). */
  kind: "static" | "shared API" | "SSR" | "signed in";
  /** Straight to wrangler dev, past the emulator: a reference figure only. */
  direct?: boolean;
}

interface Measured {
  target: Target;
  rps: number;
  p50: number;
  p99: number;
  /** Mean response size on the wire (bytes read per second over requests per second). */
  kb: number;
  bad: number;
  /** The answer's Content-Encoding as the client received it ("none" = identity). */
  encoding: string;
  /** Share of the measured requests the emulator answered from its copy (HIT or UPDATING). */
  fromCache: number;
}

/**
 * What a browser sends on every request: the comparison is only fair when every target may be answered
 * compressed (decision 200). Node's fetch would decompress, so the warm-up reads the encoding with
 * node:http.
 */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

function answerOf(
  url: string,
  headers: Record<string, string>,
): Promise<{ encoding: string; cache: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          encoding: String(res.headers["content-encoding"] ?? "none"),
          cache: String(res.headers["cf-cache-status"] ?? "none"),
        }),
      );
    }).on("error", reject);
  });
}

const servedFromCopy = (s: EdgeStats) => s.HIT + s.UPDATING;
const answered = (s: EdgeStats) => s.HIT + s.UPDATING + s.MISS + s.EXPIRED + s.BYPASS;

interface Prepared {
  target: Target;
  url: string;
  headers: Record<string, string>;
  encoding: string;
}

/** Warms a target up and checks the edge answers it as it should before anything is measured. */
async function prepare(target: Target): Promise<Prepared> {
  const url = `${target.direct ? ORIGIN : edge.origin}${target.path}`;
  const headers = { ...target.headers, "Accept-Encoding": BROWSER_ACCEPT_ENCODING };
  // Warm-up: the first answers pay for module loading and cold caches; they are not the figure.
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url, { headers });
    if (res.status !== 200) fail(`${target.path} answered HTTP ${res.status} during warm-up`);
    await res.arrayBuffer();
  }
  const { encoding, cache } = await answerOf(url, headers);
  // The edge keeps what it may share and never what a session cookie asked for (decision 282).
  // (wrangler dev's own asset server says HIT too: the direct target is not checked.)
  const expected = target.kind === "signed in" ? "BYPASS" : "HIT";
  if (!target.direct && cache !== expected)
    fail(`${target.path}: Cf-Cache-Status ${cache} after the warm-up, expected ${expected}`);
  return { target, url, headers, encoding };
}

/** Each request from its own client address, like real visitors: the public APIs rate-limit per cf-connecting-ip. */
let client = 0;

/** Drives a prepared target for DURATION_S seconds over `connections` connections. */
async function drive(p: Prepared, connections: number): Promise<Measured> {
  const before = edge.statsOf(p.target.path);
  const result = await autocannon({
    url: p.url,
    connections,
    duration: DURATION_S,
    headers: p.headers,
    requests: [
      {
        setupRequest: (req) => {
          client += 1;
          const ip = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
          return { ...req, headers: { ...req.headers, "cf-connecting-ip": ip } };
        },
      },
    ],
  });
  const after = edge.statsOf(p.target.path);
  const delta = Object.fromEntries(
    Object.entries(after).map(([k, v]) => [k, v - before[k as keyof EdgeStats]]),
  ) as unknown as EdgeStats;
  return {
    target: p.target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    kb: result.requests.average > 0 ? result.throughput.average / result.requests.average / 1024 : 0,
    bad: result.non2xx + result.errors + result.timeouts,
    encoding: p.encoding,
    fromCache: answered(delta) ? servedFromCopy(delta) / answered(delta) : 0,
  };
}

function report(m: Measured, prefix = "") {
  const { target } = m;
  console.log(
    `${prefix}${`${target.kind}: ${target.label}`.padEnd(58 - prefix.length)} ${m.rps.toFixed(0).padStart(7)} req/s` +
      `   p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.kb.toFixed(1)} KB each (encoding ${m.encoding})` +
      (target.direct ? "" : `, ${(m.fromCache * 100).toFixed(1)}% from the edge's copy`) +
      (m.bad ? `   ${m.bad} failed` : ""),
  );
}

/** A reference target on its own, over all CONNECTIONS. */
async function measure(target: Target): Promise<Measured> {
  const m = await drive(await prepare(target), CONNECTIONS);
  report(m);
  return m;
}

/**
 * A budget: the target and its comparator (a static asset of the target's own size) driven AT THE SAME TIME, half
 * the connections each, through the same emulator. Both see the same host load second by second, so their ratio is
 * what each answer costs the edge relative to the other; measured one after the other, a 5 s sample on this shared
 * 2-core host swings by 20-40% and the ratio with it (decision 295).
 */
async function measurePair(pair: Pair): Promise<{ target: Measured; comparator: Measured }> {
  const a = await prepare(pair.target);
  const b = await prepare(pair.comparator);
  const half = Math.max(1, CONNECTIONS / 2);
  const [target, comparator] = await Promise.all([drive(a, half), drive(b, half)]);
  report(target, "  ");
  report(comparator, "  ");
  return { target, comparator };
}

interface Pair {
  target: Target;
  comparator: Target;
}

// ------------------------------------------------------------------------------------------------- run

if (process.env.LOAD_SKIP_BUILD !== "1" || !existsSync("build/server/index.js")) {
  console.log("building the worker (react-router build) ...");
  const build = spawnSync(process.execPath, ["node_modules/.bin/react-router", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 240_000,
  });
  if (build.status !== 0) fail(`build failed (status ${build.status})`);
}

try {
  await startWrangler();
} catch (error) {
  fail(String(error));
}
const edge = await startEdgeEmulator(ORIGIN, PORT + 1);
process.on("exit", edge.close);

console.log(
  `load average ${load()} on ${availableParallelism()} cores; ${CONNECTIONS} connections, ${DURATION_S} s per target, loopback, wrangler dev behind the edge emulator`,
);
const cookie = await eliteCookie();
const asset = staticAssetPath();
/** The static asset of a target's own size on the wire: what its budget compares with (decision 283). */
async function sizedLike(path: string, what: string): Promise<Target> {
  const sized = sizeMatchedAssetPath(await wireBytesOf(`${edge.origin}${path}`));
  return {
    kind: "static",
    label: `${sized.path.slice(8, 30)} (${sized.kb.toFixed(1)} KB gz, the size of ${what})`,
    path: sized.path,
  };
}
const tickersInfo = "/api/get_tickers_info?symbols=AAPL,SPY,TSLA";
const references: Target[] = [
  { kind: "static", label: "client entry chunk", path: asset },
  { kind: "signed in", label: "/ (home page, Elite)", path: "/", headers: { Cookie: cookie } },
  {
    kind: "signed in",
    label: "/api/get_trades (Elite)",
    path: "/api/get_trades",
    headers: { Cookie: cookie },
  },
  { kind: "static", label: "client entry chunk, wrangler dev direct", path: asset, direct: true },
];
const pairs: Pair[] = [
  {
    target: { kind: "shared API", label: "/api/get_tickers_info (AAPL,SPY,TSLA)", path: tickersInfo },
    comparator: await sizedLike(tickersInfo, "the answer"),
  },
  {
    target: { kind: "shared API", label: "/api/get_economic_cal", path: "/api/get_economic_cal" },
    comparator: await sizedLike("/api/get_economic_cal", "the answer"),
  },
  {
    target: { kind: "SSR", label: "/ (home page, visitor)", path: "/" },
    comparator: await sizedLike("/", "/"),
  },
];
// Several rounds: each budget is the median of its per-round ratios (decision 205).
const referenceRounds: Measured[][] = [];
const pairRounds: { target: Measured; comparator: Measured }[][] = [];
for (let round = 1; round <= ROUNDS; round++) {
  console.log(`round ${round} of ${ROUNDS}`);
  const measured: Measured[] = [];
  for (const target of references) measured.push(await measure(target));
  referenceRounds.push(measured);
  const paired: { target: Measured; comparator: Measured }[] = [];
  for (const pair of pairs) {
    console.log(`budget pair, measured together:`);
    paired.push(await measurePair(pair));
  }
  pairRounds.push(paired);
}
stopServer();
edge.close();
clearTimeout(watchdog);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const rounded = (ratios: number[]) =>
  ROUNDS > 1 ? `   (rounds: ${ratios.map((x) => x.toFixed(2)).join(", ")}; the median)` : "";
console.log(`load average ${load()} after the run`);
references.forEach((target, i) => {
  if (i === 0) return;
  // Reference figures: the Worker's own (signed in, past the cache) and wrangler's, against the entry chunk.
  const ratios = referenceRounds.map((r) => (r[0]!.rps > 0 ? r[i]!.rps / r[0]!.rps : 0));
  console.log(
    `${target.label} / entry chunk (no budget)`.padEnd(70) +
      ` ${median(ratios).toFixed(2).padStart(7)} x${rounded(ratios)}`,
  );
});
let failed = 0;
pairs.forEach((pair, i) => {
  const ratios = pairRounds.map((r) =>
    r[i]!.comparator.rps > 0 ? r[i]!.target.rps / r[i]!.comparator.rps : 0,
  );
  const bad = pairRounds.reduce((sum, r) => sum + r[i]!.target.bad + r[i]!.comparator.bad, 0);
  const ratio = median(ratios);
  const pass = ratio >= 1 && bad === 0;
  if (!pass) failed++;
  console.log(
    `budget ${pair.target.label} >= 1.0x a static asset of its size`.padEnd(70) +
      ` ${ratio.toFixed(2).padStart(7)} x     ${pass ? "pass" : "FAIL"}${bad ? ` (${bad} failed requests)` : ""}${rounded(ratios)}`,
  );
});
console.log(`load budgets: ${pairs.length - failed} of ${pairs.length} pass`);
process.exit(failed && process.env.LOAD_STRICT === "1" ? 1 : 0);
