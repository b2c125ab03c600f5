// The product rules live in docs/product/ (decision 290). Comments, tests and docs cite them there, by file
// and section; the original brief's documents are not in this repository, so a citation of them by number or
// section sign points nowhere. This test fails on such a citation and on a docs/product link to a file or
// section that does not exist.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
/** Where comments, tests and docs live. docs/decisions is left out: its old records are history. */
const SCANNED = ["app", "tests", "workers", "scripts", "bench", "migrations", "docs", ".ci", "README.md"];
const SKIPPED_DIRS = new Set(["node_modules", ".git", "build", "dist", "test-results", "decisions"]);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|css|sql|sh|toml|ya?ml)$|^run$/;
const THIS_FILE = "tests/unit/product-docs.test.ts";

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(child);
    return TEXT_FILE.test(entry.name) ? [child] : [];
  });
}

const files = SCANNED.flatMap(filesUnder).filter((file) => file !== THIS_FILE);

/** Ways the old citations were written: "spec 000 §4", "Spec 001 'Trade filters'", "spec §9", "(000 §8)", "§5". */
const OLD_CITATIONS: readonly RegExp[] = [
  /\bspec\s+(?:00[01]|§)/i,
  /\b00[01]\s+§/,
  /\bspec\s+["'][A-Z]/i,
  // A bare section sign with a number, except a standard's section (RFC 9110 §12.5.3).
  /(?<!RFC \d+ )§\s*\d/,
];

/**
 * "The spec" as a source of a rule ("the spec's message", "(spec: ...)", "Spec: ..."): the rule is to be
 * named where docs/product states it. Test files named `*.spec.ts` and identifiers are not matched.
 */
const SPEC_WORDING: readonly RegExp[] = [
  /\bthe spec\b/i,
  /\bspec's\b/i,
  // "(spec)", "(spec: ...)", "Spec: ...", but not a variable named spec: `spec.json`, `(spec: string)`,
  // `f(spec)`.
  /(?:^|\s)\(spec\)/i,
  /(?<![\w.])spec:\s(?!string\b)/i,
];
/** Left as they are: applied migrations (their files are history, like the decision records). */
const SPEC_WORDING_KEPT = [/^migrations\//];

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => headingAnchor(m[1])));
}

const PRODUCT_DIR = join(ROOT, "docs/product");
const productPages = new Map(
  readdirSync(PRODUCT_DIR)
    .filter((name) => name.endsWith(".md"))
    .map((name) => [name, anchorsOf(readFileSync(join(PRODUCT_DIR, name), "utf8"))] as const),
);

interface Citation {
  file: string;
  line: number;
  page: string;
  anchor?: string;
  section?: string;
}

/**
 * docs/product citations in a text: `docs/product/<page>.md`, with `#<anchor>` or `, "<Section>"` (or
 * '<Section>'). Inside docs/product a Markdown link `](<page>.md#<anchor>)` or `](#<anchor>)` counts too.
 */
function citationsIn(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  const inProductDocs = file.startsWith("docs/product/");
  text.split("\n").forEach((lineText, index) => {
    const line = index + 1;
    for (const m of lineText.matchAll(/docs\/product\/([\w-]+\.md)(?:#([\w-]+)|,\s*["']([^"']+)["'])?/g)) {
      found.push({ file, line, page: m[1], anchor: m[2], section: m[3] });
    }
    if (!inProductDocs) return;
    for (const m of lineText.matchAll(/\]\(([\w-]+\.md)?(?:#([\w-]+))?\)/g)) {
      if (!m[1] && !m[2]) continue;
      found.push({ file, line, page: m[1] ?? file.slice("docs/product/".length), anchor: m[2] });
    }
  });
  return found;
}

describe("product rules are cited from docs/product", () => {
  it("scans the code, tests and docs", () => {
    expect(files).toContain("app/lib/entitlements.ts");
    expect(files).toContain("docs/ARCHITECTURE.md");
    expect(files).toContain("docs/product/README.md");
    expect(files.some((f) => f.startsWith("docs/decisions/"))).toBe(false);
  });

  it("has no citation of the original brief's documents by number or section sign", () => {
    const offending = files.flatMap((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((text, index) =>
          OLD_CITATIONS.some((pattern) => pattern.test(text)) ? [`${file}:${index + 1}: ${text.trim()}`] : [],
        ),
    );
    expect(offending).toEqual([]);
  });

  it("names docs/product, not 'the spec', as the source of a rule", () => {
    const offending = files.flatMap((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((text, index) => {
          const line = `${file}: ${text.trim()}`;
          if (SPEC_WORDING_KEPT.some((kept) => kept.test(line))) return [];
          return SPEC_WORDING.some((pattern) => pattern.test(text))
            ? [`${file}:${index + 1}: ${text.trim()}`]
            : [];
        }),
    );
    expect(offending).toEqual([]);
  });

  it("cites only pages and sections that exist", () => {
    const citations = files.flatMap((file) => citationsIn(file, readFileSync(join(ROOT, file), "utf8")));
    expect(citations.length).toBeGreaterThan(100);
    const broken = citations.flatMap((c) => {
      const anchors = productPages.get(c.page);
      const where = `${relative(ROOT, join(ROOT, c.file))}:${c.line}`;
      if (!anchors) return [`${where}: no docs/product/${c.page}`];
      if (c.anchor && !anchors.has(c.anchor)) return [`${where}: no #${c.anchor} in ${c.page}`];
      if (c.section && !anchors.has(headingAnchor(c.section)))
        return [`${where}: no section "${c.section}" in ${c.page}`];
      return [];
    });
    expect(broken).toEqual([]);
  });

  it("reads anchors the way GitHub writes them", () => {
    expect(headingAnchor("Plan limits")).toBe("plan-limits");
    expect(headingAnchor("CSV export and import")).toBe("csv-export-and-import");
    expect(headingAnchor("Who is an admin")).toBe("who-is-an-admin");
    expect(productPages.get("plans-and-billing.md")?.has("plan-limits")).toBe(true);
  });
});
