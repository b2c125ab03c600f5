// The engine speaks numbers and codes, app/lib speaks English (decisions 292 and 323); and an idea has one type,
// so nothing in app/ casts its way from one idea shape to another.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles as sources } from "./source-files";

/** The code without its comments (a comment may explain in English; a string the code returns may not). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** String literals (quoted or template) that read as a sentence: three words or more, letters first. */
function sentences(text: string): string[] {
  const literals = [...code(text).matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (m) => m[1] ?? m[2] ?? "",
  );
  return literals.filter((s) => /^[A-Za-z$][^]*\s\S+\s\S+/.test(s.replace(/\$\{[^}]*\}/g, "x")));
}

/** The engine's strings that are not words for users: developer invariants thrown on impossible input. */
const NOT_FOR_USERS = [/^grading: /];

describe("app/engine has no words for users", () => {
  const engine = sources("app/engine");

  it("writes no sentence: refusals, reasons and conventions are codes and numbers, app/lib has the words", () => {
    const found = engine.flatMap((f) =>
      sentences(f.text)
        .filter((s) => !NOT_FOR_USERS.some((p) => p.test(s)))
        .map((s) => `${f.path}: ${s}`),
    );
    expect(found).toEqual([]);
  });

  it("imports nothing outside app/engine: the server attaches the payloads' labels (decision 323)", () => {
    const outside = engine.flatMap((f) =>
      [...code(f.text).matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)]
        .map((m) => m[1]!)
        .filter((spec) => spec.startsWith("#") || spec.startsWith("."))
        .filter((spec) => !spec.startsWith("#app/engine/") && !spec.startsWith("./"))
        .map((spec) => `${f.path}: ${spec}`),
    );
    expect(outside).toEqual([]);
    // The labels' words are attached where payloads are made, not written into the engine's results.
    const labelled = engine
      .filter((f) =>
        /\b(fill_basis_label|probability_label|winProbabilityMethod|probabilityITMMethod)\b/.test(
          code(f.text),
        ),
      )
      .map((f) => f.path);
    expect(labelled).toEqual([]);
  });

  it("formats no money or percent: no toFixed, toLocaleString or Intl number formatting", () => {
    const found = engine
      .filter((f) => /\.toFixed\(|\.toLocaleString\(|Intl\.NumberFormat/.test(code(f.text)))
      .map((f) => f.path);
    expect(found).toEqual([]);
  });

  it("the check itself finds a sentence and a formatted figure", () => {
    expect(sentences('const m = "No open short option matches this contract";')).toHaveLength(1);
    expect(sentences("const m = `Only ${open} contract(s) are open`;")).toHaveLength(1);
    expect(sentences('const k = "halfway_mid_natural"; // a code, not words')).toEqual([]);
  });
});

describe("one idea type", () => {
  it("nothing in app/ casts to or from an idea shape through unknown", () => {
    const found = sources("app")
      .filter((f) => /as unknown as (IdeaPayload|TradeIdea|SpreadIdea|ListIdea)\b/.test(f.text))
      .map((f) => f.path);
    expect(found).toEqual([]);
  });

  it("no hand-written second list of an idea's fields: the view's type is derived from the engine's", () => {
    const view = readFileSync("app/lib/idea-view.ts", "utf8");
    expect(view).not.toMatch(/export interface IdeaPayload\b/);
    expect(view).toMatch(/export type IdeaPayload = Pick<LabelledSpreadIdea,/);
  });

  it("each field has one name inside the app: the older aliases are written only by the API's serialiser", () => {
    // Read or written as a field (a local variable or a function of the same name is not a field).
    const aliases =
      /\.(creditMid|creditNatural|expectedValue|creditToWidth|premiumNatural)\b|\b(creditMid|creditNatural|expectedValue|creditToWidth|premiumNatural)\??:/;
    const found = sources("app")
      .filter((f) => f.path !== "app/server/market/idea-record.server.ts" && aliases.test(code(f.text)))
      .map((f) => f.path);
    expect(found).toEqual([]);
  });
});
