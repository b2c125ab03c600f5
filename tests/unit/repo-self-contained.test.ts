// A clone of the repository is all a reader has: no comment in the app cites an issue number (an issue tracker a
// clone cannot resolve; a comment says the rule or names the decision record), and no file points outside the repo.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./source-files";

const SKIP = new Set([
  "node_modules",
  ".git",
  "build",
  ".wrangler",
  ".react-router",
  "test-results",
  "playwright-report",
]);

function repoTextFiles(dir = "."): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return repoTextFiles(path);
    return /\.(ts|tsx|mjs|js|md|json|toml|sh)$/.test(name) && name !== "package-lock.json"
      ? [{ path, text: readFileSync(path, "utf8") }]
      : [];
  });
}

describe("the repository stands alone", () => {
  it("no comment in app/ cites an issue number", () => {
    const cites = sourceFiles("app").flatMap(({ path, text }) =>
      text
        .split("\n")
        .map((line, i) => ({ line, at: `${path}:${i + 1}` }))
        .filter(({ line }) => /\/\/|\/\*|^\s*\*/.test(line) && /\bissues? (?:\d|")|\(issue\b/i.test(line))
        .map(({ at }) => at),
    );
    expect(cites).toEqual([]);
  });

  it("no file points outside the repository", () => {
    const files = repoTextFiles();
    expect(files.length).toBeGreaterThan(500);
    const outside = files
      .filter(
        ({ path, text }) =>
          path !== "tests/unit/repo-self-contained.test.ts" &&
          /\.\.\/shared\b|\/work\/|\.\.\/\.library/.test(text),
      )
      .map(({ path }) => path);
    expect(outside).toEqual([]);
  });
});
