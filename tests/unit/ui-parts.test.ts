// One Button, Field, Dialog and Tabs (app/components/ui, decision 276): the patterns they replace may not come back
// anywhere else in app/. Every screen now uses them: the allowlists are empty, and an entry added back must name a
// file that still carries the pattern.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

interface Rule {
  what: string;
  pattern: RegExp;
  /** The part that owns the pattern (in app/components/ui). */
  home: string;
  /** Files still carrying it, each to be converted. */
  allowed: string[];
}

export const UI_RULES: Rule[] = [
  {
    what: "a hand-made modal (use Dialog)",
    pattern: /role=["'](alert)?dialog["']|aria-modal|<dialog\b|\.showModal\(/,
    home: "app/components/ui/Dialog.tsx",
    allowed: [],
  },
  {
    what: "the primary button look (use Button or buttonClass)",
    pattern: /hover:bg-brand-400/,
    home: "app/components/ui/button-class.ts",
    allowed: [],
  },
  {
    what: "a local input look (use Field or controlClass)",
    pattern: /focus:border-brand-500/,
    home: "app/components/ui/Field.tsx",
    allowed: [],
  },
  {
    what: "a hand-made tab list (use TabList or TabNav)",
    pattern: /role=["']tablist["']|role=["']tab["']/,
    home: "app/components/ui/Tabs.tsx",
    allowed: [],
  },
];

/** The parts and their helpers (the dialog's focus trap and StrictMode-safe showModal). */
const UI_FOLDER = "app/components/ui/";

/** The files outside app/components/ui and the allowlist whose text matches it. */
export function offenders(rule: Rule, files: { path: string; text: string }[]): string[] {
  return files
    .filter(
      (f) => !f.path.startsWith(UI_FOLDER) && !rule.allowed.includes(f.path) && rule.pattern.test(f.text),
    )
    .map((f) => f.path);
}

const files = sourceFiles("app").map((path) => ({
  path: path.split("\\").join("/"),
  text: readFileSync(path, "utf8"),
}));

describe("shared UI parts", () => {
  for (const rule of UI_RULES) {
    it(`no ${rule.what} outside ${rule.home}`, () => {
      expect(offenders(rule, files)).toEqual([]);
    });

    it(`${rule.home} owns ${rule.what.split(" (")[0]} and the allowlist names only files still carrying it`, () => {
      expect(rule.pattern.test(readFileSync(rule.home, "utf8"))).toBe(true);
      for (const path of rule.allowed)
        expect([path, rule.pattern.test(readFileSync(path, "utf8"))]).toEqual([path, true]);
    });
  }

  it("catches each pattern it names", () => {
    const sample = [
      { path: "app/routes/x.tsx", text: '<div role="dialog" aria-modal="true">' },
      { path: "app/routes/y.tsx", text: 'className="rounded-lg bg-brand-500 hover:bg-brand-400"' },
      { path: "app/routes/z.tsx", text: 'className="border focus:border-brand-500"' },
      { path: "app/routes/w.tsx", text: '<div role="tablist">' },
    ];
    expect(UI_RULES.map((rule) => offenders(rule, sample))).toEqual([
      ["app/routes/x.tsx"],
      ["app/routes/y.tsx"],
      ["app/routes/z.tsx"],
      ["app/routes/w.tsx"],
    ]);
  });
});
