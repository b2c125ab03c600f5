// Issue 44 item 2 (decision 306): the dev server pre-bundles at its start every package the app imports, in the
// browser and in the Worker, so no page makes Vite find one late, re-bundle and reload with two copies of React.
// This reads the imports; tests/e2e/dev-server (`npm run test:dev-server`) opens every page on a cold start.
import { describe, expect, it } from "vitest";
import { CLIENT_PREBUNDLED, WORKER_PREBUNDLED } from "../../scripts/prebundled-deps";
import { sourceFiles } from "./source-files";

// What @react-router/dev's Vite plugin includes itself (node_modules/@react-router/dev/dist/vite.js).
const ROUTER_CLIENT = [
  "react",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "react-dom",
  "react-dom/client",
];
const ROUTER_CLIENT_TOO = ["react-router", "react-router/dom"];
const ROUTER_WORKER = ["react", "react/jsx-dev-runtime", "react-dom/server", "react-router"];

/** Bare specifiers a file imports at run time: not `import type`, not Node/Cloudflare built-ins, virtual or wasm modules. */
function runtimeImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found = [
    ...code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']/gm),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]);
  return found.filter(
    (s) => !/^(\.|\/|#|node:|cloudflare:|virtual:)/.test(s) && !s.endsWith(".wasm") && !s.includes("?"),
  );
}

const importsOf = (files: { path: string; text: string }[]) =>
  [...new Set(files.flatMap((f) => runtimeImports(f.text)))].sort();

// The route config (app/routes.ts) is read by the build tooling, not run by the app.
const everywhere = [...sourceFiles("app"), ...sourceFiles("workers")].filter(
  (f) => f.path !== "app/routes.ts",
);
// What may reach the browser: the browser-safe layers, the root and the pages (a page's server-only imports are split
// off its client module, so counting them over-approximates, which costs only a pre-bundle).
const browser = [
  ...sourceFiles("app/lib"),
  ...sourceFiles("app/components"),
  ...sourceFiles("app/engine"),
].concat(
  everywhere.filter(
    (f) => f.path === "app/root.tsx" || (f.path.startsWith("app/routes/") && f.path.endsWith(".tsx")),
  ),
);

describe("the dev server pre-bundles what the app imports", () => {
  it("reads imports as the bundler does", () => {
    expect(
      runtimeImports(
        'import type { A } from "a";\nimport { b } from "b/sub";\nimport "c";\nexport { d } from "d";\n' +
          'const e = () => import("e");\nimport yoga from "satori/yoga.wasm";\nimport { x } from "./x";\n' +
          'import {\n  f,\n  type F,\n} from "f";\n// import "g";\nimport { env } from "cloudflare:workers";',
      ),
    ).toEqual(["b/sub", "c", "d", "f", "e"]);
  });

  it("in the browser: every package the browser-safe layers and the pages import", () => {
    const imported = importsOf(browser);
    expect(imported).toContain("web-vitals");
    expect(imported).toContain("papaparse");
    const prebundled = [...ROUTER_CLIENT, ...ROUTER_CLIENT_TOO, ...CLIENT_PREBUNDLED];
    expect(imported.filter((p) => !prebundled.includes(p))).toEqual([]);
    // And nothing listed that no longer is imported.
    expect(CLIENT_PREBUNDLED.filter((p) => !imported.includes(p))).toEqual([]);
  });

  it("in the Worker: every package the app and the Worker import", () => {
    const imported = importsOf(everywhere);
    const prebundled = [...ROUTER_WORKER, ...WORKER_PREBUNDLED];
    expect(imported.filter((p) => !prebundled.includes(p))).toEqual([]);
    expect(WORKER_PREBUNDLED.filter((p) => !imported.includes(p))).toEqual([]);
  });
});
