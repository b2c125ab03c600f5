import { describe, expect, it } from "vitest";
import {
  classesInMarkup,
  stylesheetSubset,
  withCriticalStylesheet,
} from "#app/server/http/critical-stylesheet.server.ts";

// Shaped like Tailwind 4's minified output: an order statement, theme variables, preflight, escaped utilities,
// variants in grouping blocks, @property and @keyframes.
const SHEET = [
  "/*! tailwindcss */@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-brand:#10b981;--color-unused:red;--spacing:.25rem;--shadow:0 0 var(--shadow-color);--shadow-color:#000}}",
  "@layer base{*,:after{box-sizing:border-box}html{line-height:1.5}}",
  "@layer components{.wh-card{border:1px solid var(--color-brand)}.wh-unused{color:blue}}",
  "@layer utilities{.p-1\\.5{padding:calc(var(--spacing) * 1.5)}.bg-white\\/\\[0\\.03\\]{background:#ffffff08}",
  ".z-\\[60\\]{z-index:60}.\\32 xl\\:p-4{padding:1rem}.shadow{box-shadow:var(--shadow)}.m-9{margin:9px}",
  '[data-state="1.5"] .open{display:block}',
  "@media (min-width:48rem){.md\\:grid-cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}.md\\:hidden{display:none}}",
  ".hover\\:text-brand:hover{color:var(--color-brand)}.animate-spin{animation:var(--animate-spin)}}",
  "@property --tw-used{syntax:'*';inherits:false}@property --tw-unused{syntax:'*';inherits:false}",
  ".tw-user{--tw-used:1;translate:var(--tw-used)}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
].join("");

const MARKUP =
  '<html><body class="wh-card"><div class="p-1.5 bg-white/[0.03] z-[60] 2xl:p-4 shadow open md:grid-cols-3 hover:text-brand tw-user">' +
  '<span style="color:var(--color-inline)">x</span></div></body></html>';

describe("stylesheetSubset", () => {
  const subset = stylesheetSubset(SHEET, MARKUP);

  it("keeps the rules of every class the markup uses, escapes and variants included", () => {
    for (const rule of [
      ".p-1\\.5{",
      ".bg-white\\/\\[0\\.03\\]{",
      ".z-\\[60\\]{",
      ".\\32 xl\\:p-4{",
      ".shadow{",
      '[data-state="1.5"] .open{',
      "@media (min-width:48rem){.md\\:grid-cols-3{",
      ".hover\\:text-brand:hover{",
      ".wh-card{",
    ])
      expect(subset).toContain(rule);
  });

  it("leaves out rules whose classes the markup does not use, and grouping blocks left empty", () => {
    expect(subset).not.toContain(".m-9");
    expect(subset).not.toContain(".wh-unused");
    expect(subset).not.toContain(".md\\:hidden");
    expect(subset).not.toContain(".animate-spin");
  });

  it("keeps rules without classes, the layer order and keyframes", () => {
    expect(subset).toContain("@layer theme,base,components,utilities;");
    expect(subset).toContain("*,:after{box-sizing:border-box}");
    expect(subset).toContain("html{line-height:1.5}");
    expect(subset).toContain("@keyframes spin{");
  });

  it("keeps the custom properties something kept reads, transitively, and drops the rest", () => {
    expect(subset).toContain("--color-brand:#10b981");
    expect(subset).toContain("--spacing:.25rem");
    expect(subset).toContain("--shadow:0 0 var(--shadow-color)");
    expect(subset).toContain("--shadow-color:#000");
    expect(subset).not.toContain("--color-unused");
    expect(subset).toContain("@property --tw-used{");
    expect(subset).not.toContain("@property --tw-unused");
  });

  it("keeps a custom property an inline style of the document reads", () => {
    const sheet = "@layer theme{:root{--color-inline:#abc;--color-other:#def}}";
    expect(stylesheetSubset(sheet, MARKUP)).toBe("@layer theme{:root{--color-inline:#abc}}");
  });
});

describe("classesInMarkup", () => {
  it("reads class attributes, with the entities React writes decoded", () => {
    const classes = classesInMarkup(
      '<p class="a  b"></p><i class="[&amp;&gt;svg]:size-4"></i><b title="class=x"></b>',
    );
    expect([...classes].sort()).toEqual(["[&>svg]:size-4", "a", "b"]);
  });
});

describe("withCriticalStylesheet", () => {
  const document = `<html><head><style id="wh-styles">${SHEET}</style></head>${MARKUP.slice(6)}`;

  it("narrows the inline sheet and names the whole sheet", () => {
    const out = withCriticalStylesheet(document, SHEET, "/assets/app-x1.css");
    expect(out).toContain('<style id="wh-styles" data-full-sheet="/assets/app-x1.css">');
    expect(out).not.toContain(".m-9");
    expect(out.endsWith(MARKUP.slice(6))).toBe(true);
  });

  it("does not count the sheet's own selectors as markup", () => {
    const out = withCriticalStylesheet(
      '<html><head><style id="wh-styles">.m-9{margin:9px}</style></head><body class="x"></body></html>',
      ".m-9{margin:9px}",
      "/assets/app.css",
    );
    expect(out).toContain('data-full-sheet="/assets/app.css"></style>');
  });

  it("leaves a document alone whose element does not hold exactly this sheet", () => {
    expect(withCriticalStylesheet(document, SHEET + " ", "/a.css")).toBe(document);
  });
});
