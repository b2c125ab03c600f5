// `npm run size`: the gzip size of the client JavaScript (and CSS) each route loads first, from
// React Router's browser manifest in build/client. Printed, not asserted.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";

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

const rows = [];
for (const [id, route] of Object.entries(manifest.routes)) {
  // Pathless layouts are never loaded on their own; their cost is counted in each child.
  if (id === "root" || !route.hasDefaultExport || (route.path === undefined && !route.index)) continue;
  const js = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set();
  for (const rid of chain(id)) {
    const r = manifest.routes[rid];
    js.add(r.module);
    for (const i of r.imports ?? []) js.add(i);
    for (const c of r.css ?? []) css.add(c);
  }
  const jsBytes = [...js].reduce((n, p) => n + gzipBytes(p), 0);
  const cssBytes = [...css].reduce((n, p) => n + gzipBytes(p), 0);
  const parentPath =
    route.parentId && manifest.routes[route.parentId]?.path ? `/${manifest.routes[route.parentId].path}` : "";
  const path = route.index ? parentPath || "/" : `${parentPath}/${route.path}`;
  rows.push({ route: path, id, jsKiB: jsBytes / 1024, cssKiB: cssBytes / 1024 });
}
rows.sort((a, b) => b.jsKiB - a.jsKiB);
console.log("route".padEnd(42), "JS gzip KiB".padStart(12), "CSS gzip KiB".padStart(13));
for (const r of rows)
  console.log(r.route.padEnd(42), r.jsKiB.toFixed(1).padStart(12), r.cssKiB.toFixed(1).padStart(13));
mkdirSync("test-results", { recursive: true });
writeFileSync("test-results/bundle-size.json", JSON.stringify(rows, null, 2));
