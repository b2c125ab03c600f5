// The repo's own import rules, read from the code (type-only imports count: a type two layers share lives in a leaf
// both import). Layers of the app, lowest first: the engine, app/lib, then the server and the components, then the
// routes. Inside app/server the floors are the foundation, auth, the market, the features and, on top, the jobs
// that compose them; a feature never imports another feature.
import { existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./source-files";

const APP_FLOORS: [RegExp, number, string][] = [
  [/^app\/engine\//, 1, "engine"],
  [/^app\/lib\//, 2, "lib"],
  [/^app\/server\//, 3, "server"],
  [/^app\/components\//, 3, "components"],
  [/^app\/(routes\/|routes\.ts$|root\.tsx$|entry\.server\.tsx$)/, 4, "routes"],
];

/** Inside app/server: a file's floor and, for a feature, its name. */
const SERVER_FLOORS: [RegExp, number, string][] = [
  [/^app\/server\/(db|http|email|push|share-image)\//, 0, "foundation"],
  [
    /^app\/server\/(env|request-context|rate-limit|analytics|turnstile|security-headers)\.server\.ts$/,
    0,
    "foundation",
  ],
  [/^app\/server\/auth\//, 1, "auth"],
  [/^app\/server\/entitlements\.server\.ts$/, 1, "auth"],
  [/^app\/server\/market\//, 2, "market"],
  [/^app\/server\/jobs\//, 4, "jobs"],
];
const FEATURE_FLOOR = 3;

function serverPlace(file: string): { floor: number; name: string } {
  for (const [re, floor, name] of SERVER_FLOORS) if (re.test(file)) return { floor, name };
  // Everything else is a feature: a folder (app/server/wheel/) or a file of its own (app/server/watchlist.server.ts).
  const rest = file.slice("app/server/".length);
  const name = rest.includes("/") ? rest.split("/")[0]! : rest.replace(/\.server\.ts$|\.ts$/, "");
  return { floor: FEATURE_FLOOR, name };
}

function appPlace(file: string): { floor: number; name: string } | null {
  for (const [re, floor, name] of APP_FLOORS) if (re.test(file)) return { floor, name };
  return null;
}

const SPECIFIER =
  /(?:^|[^\w.])(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']/g;

function resolveImport(from: string, spec: string): string | null {
  const bare = spec.replace(/\?.*$/, "");
  let base: string;
  if (bare.startsWith("#app/")) base = "app/" + bare.slice(5);
  else if (bare.startsWith(".")) base = normalize(join(dirname(from), bare));
  else return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts"]) if (existsSync(base + ext)) return base + ext;
  return base;
}

interface Edge {
  from: string;
  to: string;
}

function appEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const { path, text } of sourceFiles("app")) {
    const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    for (const m of code.matchAll(SPECIFIER)) {
      const to = resolveImport(path, m[1] ?? m[2]!);
      if (to?.startsWith("app/")) edges.push({ from: path, to });
    }
  }
  return edges;
}

const edges = appEdges();

describe("imports point down", () => {
  it("reads the app's imports", () => {
    // Guards the reader itself: a regex that matched nothing would pass every rule below.
    expect(edges.length).toBeGreaterThan(1500);
    expect(edges.some((e) => e.from === "app/routes/wheels.tsx" && e.to.startsWith("app/server/"))).toBe(
      true,
    );
  });

  it("no import runs up a layer of the app (engine, lib, server and components, routes)", () => {
    const upward = edges.filter((e) => {
      const a = appPlace(e.from);
      const b = appPlace(e.to);
      if (!a || !b) return false;
      // The components and the server share a floor but never import each other (the browser bundle).
      if (a.floor === b.floor) return a.name !== b.name;
      return b.floor > a.floor;
    });
    expect(upward.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("no import inside app/server runs up a floor (foundation, auth, market, features, jobs)", () => {
    const upward = edges.filter(
      (e) =>
        e.from.startsWith("app/server/") &&
        e.to.startsWith("app/server/") &&
        serverPlace(e.to).floor > serverPlace(e.from).floor,
    );
    expect(upward.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("no feature imports another feature", () => {
    const across = edges.filter((e) => {
      if (!e.from.startsWith("app/server/") || !e.to.startsWith("app/server/")) return false;
      const a = serverPlace(e.from);
      const b = serverPlace(e.to);
      return a.floor === FEATURE_FLOOR && b.floor === FEATURE_FLOOR && a.name !== b.name;
    });
    expect(across.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });
});
