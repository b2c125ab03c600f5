// The Rate Limiting bindings in wrangler.toml carry the same limits as the rules that use them (decision 280), in
// the top-level and the production environments, with a period the binding supports.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../app/server/rate-limit.server";

const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");

function declared(name: string): { limit: number; period: number }[] {
  const out: { limit: number; period: number }[] = [];
  const block = new RegExp(`name = "${name}"[\\s\\S]*?simple = \\{ limit = (\\d+), period = (\\d+) \\}`, "g");
  for (const m of toml.matchAll(block)) out.push({ limit: Number(m[1]), period: Number(m[2]) });
  return out;
}

describe("rate limit bindings", () => {
  for (const [name, rule] of Object.entries(RATE_LIMITS)) {
    if (!("binding" in rule)) continue;
    it(`${name}: ${rule.binding} is declared twice with the rule's limit and window`, () => {
      const found = declared(rule.binding);
      expect(found).toHaveLength(2);
      for (const d of found) expect(d).toEqual({ limit: rule.max, period: rule.windowMs / 1000 });
    });
  }
});
