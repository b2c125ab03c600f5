// Issue 41: every key the vendor's OpenAPI leaves optional is optional in our Polygon (Massive) schemas, so an answer
// the vendor's OpenAPI allows is never refused as malformed. The vendor's required keys are in
// tests/worker/fixtures/polygon-openapi-required.ts (copied from its published OpenAPI, source named there).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { POLYGON_SCHEMAS } from "#app/server/market/providers/polygon.server.ts";
import { POLYGON_OPENAPI_REQUIRED } from "./fixtures/polygon-openapi-required";

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** The keys a JSON Schema requires, as paths like the fixture's ("results[].details.ticker"). */
function requiredPaths(schema: JsonSchema, prefix = ""): string[] {
  const out: string[] = [];
  for (const branch of schema.anyOf ?? []) out.push(...requiredPaths(branch, prefix));
  if (schema.items) out.push(...requiredPaths(schema.items, `${prefix}[]`));
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (schema.required?.includes(key)) out.push(path);
    out.push(...requiredPaths(sub, path));
  }
  return [...new Set(out)];
}

/** What our schema requires, read as the vendor's answer (the chain's contracts are its `results[]`). */
function ours(schema: z.ZodType, prefix = "") {
  return requiredPaths(z.toJSONSchema(schema, { io: "input" }) as JsonSchema, prefix);
}

const S = POLYGON_SCHEMAS;
const V = POLYGON_OPENAPI_REQUIRED;
const cases: [string, string[], readonly string[]][] = [
  ["the options chain page", ours(S.optionsChainPage), V.optionsChain],
  ["a chain contract", ours(S.optionsChainContract, "results[]"), V.optionsChain],
  ["the stock snapshot", ours(S.stockSnapshot), V.stockSnapshot],
  ["the daily aggregates", ours(S.aggregates), V.aggregates],
  ["the dividends answer", ours(S.dividends), V.dividends],
];

describe("Polygon (Massive) schemas against the vendor's OpenAPI", () => {
  it.each(cases)("%s requires no key the vendor leaves optional", (_name, required, vendor) => {
    expect(required.filter((path) => !vendor.includes(path))).toEqual([]);
  });

  it("reads the keys it needs as required, so the comparison has something to compare", () => {
    expect(ours(S.optionsChainContract, "results[]")).toEqual(
      expect.arrayContaining(["results[].details.ticker", "results[].last_quote.bid"]),
    );
    expect(ours(S.aggregates)).toEqual(expect.arrayContaining(["results[].t", "results[].c"]));
  });

  it("leaves optional the keys issue 41 names, the vendor's required `status` of the chain and bars included", () => {
    expect(ours(S.stockSnapshot).filter((path) => /todaysChangePerc|updated/.test(path))).toEqual([]);
    expect(ours(S.dividends)).toEqual(["results[].ex_dividend_date"]);
    // Its OpenAPI marks these two required; we never read `status`, so an answer without it is still read.
    expect(V.optionsChain).toContain("status");
    expect(ours(S.optionsChainPage)).not.toContain("status");
    expect(ours(S.aggregates)).not.toContain("status");
  });
});
