// Issue 44 items 4, 5 and 7: words the product can back. No "AI" or "low-risk" claim in any text the app ships
// (decision 308); the /spreads words about the data name the source in use (decision 309); and the brief's texts,
// statuses and cache rules as docs/product states them (decisions 131, 282, 310).
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "#app/lib/admin.ts";
import { refusalFor } from "#app/lib/entitlements.ts";
import { FEATURE_MESSAGES, FEEDBACK_MESSAGES, feedbackScreenMessage } from "#app/lib/feedback.ts";
import { PLAN_CATALOG, PLAN_TIERS } from "#app/lib/plans.ts";
import { ideasDataKind, ideasDataText } from "#app/lib/trade-ideas.ts";
import { PAID_SUBSCRIPTION_ACTIVE } from "#app/server/auth/trial.server.ts";
import { sourceFiles } from "./source-files";

/** Claims the product cannot back: it ranks with a stated quantitative screen, and short options carry real risk. */
const UNBACKED_CLAIMS: readonly RegExp[] = [
  /\bAI\b/,
  /\bA\.I\./,
  /artificial intelligence/i,
  /\blow[- ]risk\b/i,
  /\bguaranteed\b/i,
  // "risk-free" as a promise; the risk-free rate is a model input and stays.
  /\brisk[- ]free\b(?![- ]rate)/i,
];

/** Every text a module carries: its string literals, template parts and JSX text, never comments or imports. */
function shippedTexts(file: string, text = readFileSync(file, "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    )
      texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

describe("no claim the product cannot back (decision 308)", () => {
  const modules = sourceFiles("app");

  it("reads the app's modules", () => {
    const paths = modules.map((m) => m.path);
    expect(paths.length).toBeGreaterThan(300);
    expect(paths).toContain("app/lib/plans.ts");
    expect(paths).toContain("app/routes/home.tsx");
    expect(paths).toContain("app/routes/pricing.tsx");
  });

  it("no shipped text in app/ says AI, low-risk, guaranteed or risk-free", () => {
    // Only a module whose source holds a claim anywhere (a comment too) is parsed: the rest cannot ship one.
    const suspects = modules.filter(({ text }) => UNBACKED_CLAIMS.some((claim) => claim.test(text)));
    const found = suspects.flatMap(({ path, text }) =>
      shippedTexts(path, text)
        .filter((t) => UNBACKED_CLAIMS.some((claim) => claim.test(t)))
        .map((t) => `${path}: ${t.trim().slice(0, 120)}`),
    );
    expect(found).toEqual([]);
  });

  it("the plan cards name the quantitative ranking", () => {
    const lines = PLAN_CATALOG.flatMap((p) => [p.name, p.description, ...p.features.map((f) => f.text)]);
    for (const line of lines) for (const claim of UNBACKED_CLAIMS) expect(line).not.toMatch(claim);
    const ideaLines = PLAN_CATALOG.flatMap((p) => p.features.filter((f) => /trade ideas daily/.test(f.text)));
    expect(ideaLines.map((f) => f.text)).toEqual([
      "Up to 30 quant-ranked trade ideas daily",
      "More than 50 quant-ranked trade ideas daily",
    ]);
    expect(PLAN_TIERS).toHaveLength(3);
  });

  it("the claim list catches what the app used to say, and lets the risk-free rate and the refund be", () => {
    for (const old of [
      "Up to 30 curated AI trade ideas daily",
      "AI-Powered Analysis",
      "Make smarter, low-risk trading decisions with confidence.",
      "market data and AI infrastructure costs",
    ])
      expect(UNBACKED_CLAIMS.some((claim) => claim.test(old))).toBe(true);
    for (const fine of [
      "Risk-free rate r: ",
      "30-day money-back guarantee",
      "../../lib/risk-free-rate",
      "EMAIL",
    ])
      expect(UNBACKED_CLAIMS.some((claim) => claim.test(fine))).toBe(false);
  });
});

describe("the /spreads words about the data follow the source in use (decision 309)", () => {
  const CONTRADICTED = /live option chains|delayed market data|live market data/i;

  it("the simulated market says simulated, never live or delayed", () => {
    expect(ideasDataKind("demo")).toBe("simulated");
    const words = ideasDataText("demo");
    expect(words.unlockBody).toBe(
      "Credit spread ideas screened from the simulated market's option chains, with every number explained. Available on the Pro and Elite plans.",
    );
    expect(words.disclosure).toContain("simulated market data");
    expect(`${words.unlockBody} ${words.disclosure}`).not.toMatch(CONTRADICTED);
  });

  it("a provider's chains are delayed, never live", () => {
    for (const source of ["polygon", "cboe"]) {
      expect(ideasDataKind(source)).toBe("delayed");
      const words = ideasDataText(source);
      expect(words.unlockBody).toContain("screened from delayed option chains");
      expect(words.disclosure).toBe(
        "These ideas are generated by software from delayed market data; they are not recommendations or financial advice.",
      );
      expect(`${words.unlockBody} ${words.disclosure}`).not.toMatch(/\blive\b|simulated/i);
    }
  });

  it("no refresh recorded yet names no source", () => {
    for (const source of [null, undefined, ""]) {
      expect(ideasDataKind(source)).toBe("unknown");
      const words = ideasDataText(source);
      expect(`${words.unlockBody} ${words.disclosure}`).not.toMatch(/\blive\b|delayed|simulated/i);
    }
  });

  it("the unlock panel and the disclosure take their words from there only", () => {
    const sources = [
      "app/lib/trade-ideas.ts",
      "app/components/ideas/SpreadsControls.tsx",
      "app/routes/spreads.tsx",
    ];
    for (const file of sources) {
      const text = shippedTexts(file).join("\n");
      expect(text, file).not.toMatch(/live option chains/i);
    }
    expect(shippedTexts("app/components/ideas/SpreadsControls.tsx").join("\n")).not.toMatch(/market data/);
  });
});

describe("the brief's texts and statuses, once (issue 44 item 7)", () => {
  it("a promo trial over a paid subscription is refused with docs/product/admin.md's one text", () => {
    expect(ADMIN_MESSAGES.paidSubscription).toBe("User has an active paid subscription");
    expect(PAID_SUBSCRIPTION_ACTIVE).toBe(ADMIN_MESSAGES.paidSubscription);
    expect(readFileSync("docs/product/admin.md", "utf8")).toContain(`'${ADMIN_MESSAGES.paidSubscription}'`);
  });

  it("a session that ended on /feedback reads the screen's texts for a vote and a request", () => {
    const refused = (intent: "vote" | "request" | "feedback", message: string, status: number) =>
      feedbackScreenMessage({ ok: false, intent, message, status });
    expect(refused("vote", FEATURE_MESSAGES.mustLogInVote, 401)).toBe("You must be logged in to vote");
    expect(refused("request", FEATURE_MESSAGES.mustLogInCreate, 401)).toBe(
      "You must be logged in to submit feature requests",
    );
    expect(refused("feedback", FEEDBACK_MESSAGES.mustLogInSubmit, 401)).toBe(
      FEEDBACK_MESSAGES.mustLogInSubmit,
    );
    // Any other refusal keeps the server's words.
    expect(refused("vote", FEATURE_MESSAGES.notFound, 404)).toBe(FEATURE_MESSAGES.notFound);
  });

  it("an oversized CSP batch is 403 as the code answers it, and the docs and the comment say so (decision 310)", () => {
    for (const plan of PLAN_TIERS) {
      expect(refusalFor(plan, "cspTickersPerBatch")).toMatchObject({
        status: 403,
        requiresUpgrade: plan !== "Elite Plan",
      });
    }
    // The CC batch is the product's fixed size on both plans that have covered calls: a bad request.
    for (const plan of ["Pro Plan", "Elite Plan"] as const)
      expect(refusalFor(plan, "ccPositionsPerBatch")).toMatchObject({ status: 400, requiresUpgrade: false });

    const api = readFileSync("docs/product/api.md", "utf8");
    const cspRow = api.split("\n").find((l) => l.startsWith("| `POST /api/wheel/csp-strategies/batch`"))!;
    expect(cspRow).toMatch(/\b403\b/);
    expect(cspRow).not.toMatch(/\b400\b/);
    const plans = readFileSync("docs/product/plans-and-billing.md", "utf8");
    expect(plans).toContain("400 only for a CC batch");

    const entitlements = readFileSync("app/lib/entitlements.ts", "utf8");
    const comment = entitlements.slice(0, entitlements.indexOf("export function refusalFor"));
    const doc = comment.slice(comment.lastIndexOf("/**"));
    expect(doc).toContain("the CSP tickers of one batch included");
    expect(doc).not.toMatch(/per-request batch size, which is a bad request \(400\) on any plan/);
  });

  it("docs/product/api.md says a signed-in answer is private, no-store beside the cache times (decision 282)", () => {
    const api = readFileSync("docs/product/api.md", "utf8");
    const market = api.slice(api.indexOf("## Market APIs"), api.indexOf("## Wheel"));
    for (const call of ["`GET /api/get_tickers_info", "`GET /api/get_economic_cal`"]) {
      const row = market.split("\n").find((l) => l.startsWith(`| ${call}`))!;
      expect(row, call).toMatch(/cached (5 minutes|6 hours) for visitors/);
      expect(row, call).toContain("signed in `private, no-store`");
    }
  });
});
