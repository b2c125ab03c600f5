// `npm run size`: the gzip size of the client JavaScript (and CSS) each route loads first, from React Router's
// browser manifest in build/client, split into the shared framework chunks (the client entry and what it
// imports: React, React DOM, React Router) and the route's own app code on top of them.
// Budgets for the app code beyond the framework (KiB gzip); `--assert` exits 1 when one is exceeded.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";

export const APP_JS_BUDGET_KIB = { "/": 10, "/spreads": 40, "/wheels": 40 };
/** What `--assert` (CI) enforces: the budgets themselves (docs/decisions/185-inline-stylesheet-and-lighter-landing.md). */
export const APP_JS_GATE_KIB = { ...APP_JS_BUDGET_KIB };
const assert = process.argv.includes("--assert");

const dir = "build/client";
const manifestFile = readdirSync(`${dir}/assets`).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const source = readFileSync(`${dir}/assets/${manifestFile}`, "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const gz = new Map();
function gzipBytes(path) {
  if (!gz.has(path)) gz.set(path, gzipSync(readFileSync(`${dir}${path}`)).length);
  return gz.get(path);
}

function chain(routeId) {
  const ids = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) ids.unshift(id);
  return ids;
}

const framework = new Set([manifest.entry.module, ...manifest.entry.imports]);
const frameworkKiB = [...framework].reduce((n, p) => n + gzipBytes(p), 0) / 1024;

const rows = [];
for (const [id, route] of Object.entries(manifest.routes)) {
  // Pathless layouts are never loaded on their own; their cost is counted in each child.
  if (id === "root" || !route.hasDefaultExport || (route.path === undefined && !route.index)) continue;
  const app = new Set();
  const css = new Set();
  for (const rid of chain(id)) {
    const r = manifest.routes[rid];
    for (const m of [r.module, ...(r.imports ?? [])]) if (!framework.has(m)) app.add(m);
    for (const c of r.css ?? []) css.add(c);
  }
  const appBytes = [...app].reduce((n, p) => n + gzipBytes(p), 0);
  const cssBytes = [...css].reduce((n, p) => n + gzipBytes(p), 0);
  const parentPath =
    route.parentId && manifest.routes[route.parentId]?.path ? `/${manifest.routes[route.parentId].path}` : "";
  const path = route.index ? parentPath || "/" : `${parentPath}/${route.path}`;
  rows.push({
    route: path,
    id,
    jsKiB: frameworkKiB + appBytes / 1024,
    appJsKiB: appBytes / 1024,
    cssKiB: cssBytes / 1024,
    budgetKiB: APP_JS_BUDGET_KIB[path] ?? null,
    gateKiB: APP_JS_GATE_KIB[path] ?? null,
  });
}
rows.sort((a, b) => b.jsKiB - a.jsKiB);
console.log(`Framework chunks (client entry, React, React Router): ${frameworkKiB.toFixed(1)} KiB gzip`);
console.log(
  "route".padEnd(42),
  "JS gzip KiB".padStart(12),
  "app JS KiB".padStart(11),
  "budget".padStart(7),
  "CSS gzip KiB".padStart(13),
);
const over = [];
const overGate = [];
for (const r of rows) {
  const budget = r.budgetKiB === null ? "" : String(r.budgetKiB);
  if (r.budgetKiB !== null && r.appJsKiB > r.budgetKiB) over.push(r);
  if (r.gateKiB !== null && r.appJsKiB > r.gateKiB) overGate.push(r);
  console.log(
    r.route.padEnd(42),
    r.jsKiB.toFixed(1).padStart(12),
    r.appJsKiB.toFixed(1).padStart(11),
    budget.padStart(7),
    r.cssKiB.toFixed(1).padStart(13),
  );
}
// The stylesheet is inlined into every document (decision 185), so no route links a CSS file; the server build
// carries the same sheet, emitted beside it.
const serverAssets = "build/server/assets";
const inlinedCss = readdirSync(serverAssets).filter((f) => f.endsWith(".css"));
const inlinedCssKiB =
  inlinedCss.reduce((n, f) => n + gzipSync(readFileSync(`${serverAssets}/${f}`)).length, 0) / 1024;
if (inlinedCss.length)
  console.log(
    `Stylesheet inlined into each document: ${inlinedCssKiB.toFixed(1)} KiB gzip (counted in the HTML)`,
  );
mkdirSync("test-results", { recursive: true });
writeFileSync(
  "test-results/bundle-size.json",
  JSON.stringify({ frameworkKiB, inlinedCssKiB, rows }, null, 2),
);
for (const r of over)
  console.log(`over target: ${r.route} app JS ${r.appJsKiB.toFixed(1)} KiB > ${r.budgetKiB} KiB`);
for (const r of overGate)
  console.log(`OVER GATE: ${r.route} app JS ${r.appJsKiB.toFixed(1)} KiB > ${r.gateKiB} KiB`);
if (assert && overGate.length) process.exit(1);
