// The Rate Limiting bindings in wrangler.toml carry the same limits as the rules that use them (decision 280), in
// the top-level and the production environments, with a period the binding supports; and each has a namespace_id
// of its own across every environment of the file (decision 297): bindings with one id share counters, even across
// Workers of an account.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { experimental_readRawConfig, unstable_readConfig } from "wrangler";
import { RATE_LIMITS } from "#app/server/rate-limit.server.ts";

const configPath = new URL("../../wrangler.toml", import.meta.url).pathname;
const toml = readFileSync(configPath, "utf8");

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

/** Ids two environments' bindings may share on purpose, as "id": why. None: each environment counts its own. */
const SHARED_ON_PURPOSE: Record<string, string> = {};

describe("rate limit namespaces", () => {
  it("no two bindings of any environment in wrangler.toml share a namespace_id", () => {
    const { rawConfig } = experimental_readRawConfig({ config: configPath });
    const envs = [undefined, ...Object.keys(rawConfig.env ?? {})];
    expect(envs).toContain("production");
    const owners = new Map<string, string[]>();
    for (const env of envs) {
      const { ratelimits } = unstable_readConfig({ config: configPath, env });
      expect(ratelimits.length, `${env ?? "top level"} declares its bindings`).toBeGreaterThan(0);
      for (const r of ratelimits) {
        expect(r.namespace_id, `${r.name} in ${env ?? "top level"}`).toMatch(/^[1-9]\d*$/);
        owners.set(r.namespace_id, [
          ...(owners.get(r.namespace_id) ?? []),
          `${env ?? "top level"}:${r.name}`,
        ]);
      }
    }
    const shared = [...owners].filter(([id, who]) => who.length > 1 && !(id in SHARED_ON_PURPOSE));
    expect(Object.fromEntries(shared)).toEqual({});
  }, 30_000);
});
