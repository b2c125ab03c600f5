// The Analytics Engine binding the beacon writes to (decision 284) is declared at the top level and again under
// [env.production] (bindings are not inherited), naming the dataset the rollup's SQL reads.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ANALYTICS_DATASET } from "#app/server/analytics.server.ts";

const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");

describe("analytics engine binding", () => {
  it("declares ANALYTICS with the rollup's dataset in both environments", () => {
    const top = /\[\[analytics_engine_datasets\]\]\s*binding = "ANALYTICS"\s*dataset = "([^"]+)"/.exec(toml);
    const production = toml.slice(toml.indexOf("[env.production]"));
    const prod = /\{ binding = "ANALYTICS", dataset = "([^"]+)" \}/.exec(production);
    expect(top?.[1]).toBe(ANALYTICS_DATASET);
    expect(prod?.[1]).toBe(ANALYTICS_DATASET);
  });
});
