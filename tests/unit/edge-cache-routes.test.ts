// Every route either opts in to the edge cache through the one module (app/server/http/cache-control.server.ts) or is
// private by default (decision 282): walks app/routes.ts, and reads every app/ source for a shared-cache header
// written by hand. Also: Workers Caching is on for the top level and the production environment.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { routeTable } from "../worker/route-table";

const ROOT = new URL("../../", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const routes = routeTable(read("app/routes.ts"));

/** The routes a visitor's copy of which the edge may share: pages, their images, the public market answers. */
const SHARED = new Set([
  "home.tsx",
  "pricing.tsx",
  "options-guide.tsx",
  "how-we-rank.tsx",
  "track-record.tsx",
  "track-record-csv.ts",
  "track-record-grades-csv.ts",
  "howtos.tsx",
  "howtos-mobile-app-install.tsx",
  "terms.tsx",
  "privacy.tsx",
  "risk-disclosure.tsx",
  "share-trade.tsx",
  "share-wheel.tsx",
  "share-wheel-csp.tsx",
  "share-wheel-cc.tsx",
  "api.trade-image.$tradeId.ts",
  "api.csp-image.$id.ts",
  "api.cc-image.$id.ts",
  "api.wheel.share.$type.$id.ts",
  "api.get_tickers_info.ts",
  "api.get_economic_cal.ts",
  "api.trade.$tradeId.ts",
  "seo.robots.ts",
  "seo.sitemap.ts",
]);

/** The calls through which a route opts in: the module's own, and the helpers built on it. */
const OPT_IN = /\bedgeCached\(|\bsharedMarketHeaders\(|\bshareImageResponse\(|\bwheelImageResponse\(/;

describe("edge cache opt-in", () => {
  it("reads the whole route table", () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  for (const route of routes) {
    const source = read(`app/routes/${route.file}`);
    const optsIn = OPT_IN.test(source);
    it(`${route.path} (${route.file}) ${SHARED.has(route.file) ? "opts in" : "stays private"}`, () => {
      expect(optsIn).toBe(SHARED.has(route.file));
      // A page behind the sign-in or admin layout is personal by definition.
      if (route.layouts.length) expect(optsIn).toBe(false);
      // An opted-in page imports the policy from the one module, never writes its own.
      if (/export function headers/.test(source) && route.file.endsWith(".tsx"))
        expect(source).toMatch(/from "#app\/server\/http\/cache-control\.server\.ts"/);
    });
  }
});

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("no shared-cache header by hand", () => {
  // Directives only the one module may write: a public Cache-Control, an edge-only Cache-Control, a purge tag.
  const BY_HAND = /["'`]public\b|s-maxage|CDN-Cache-Control|["']Cache-Tag["']/i;
  const files = [...sources("app"), ...sources("workers")]
    .map((p) => relative(ROOT, join(ROOT, p)))
    .filter((p) => p !== "app/server/http/cache-control.server.ts");

  it("finds the sources", () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it("no other app or worker module writes public, s-maxage, an edge Cache-Control or a Cache-Tag", () => {
    const offenders = files.filter((p) => BY_HAND.test(read(p)));
    expect(offenders).toEqual([]);
  });
});

describe("Workers Caching in wrangler.toml", () => {
  it("is enabled at the top level and in production (named environments inherit it)", () => {
    const config = (env?: string) => unstable_readConfig({ config: join(ROOT, "wrangler.toml"), env });
    expect(config().cache).toEqual({ enabled: true });
    expect(config("production").cache).toEqual({ enabled: true });
  }, 30_000);
});
