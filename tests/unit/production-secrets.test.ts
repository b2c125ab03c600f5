// wrangler.toml's [env.production] secrets.required names the secrets production cannot run without (decision 297):
// the secrets the 503 check requires (decision 214; APP_URL is a var, not a secret) plus the key of the production
// market data provider, found by starting that provider without its keys. Only there: at the top level `secrets`
// would make `vite dev` load only the listed keys from .dev.vars. Whether `wrangler deploy` refuses a Worker that
// lacks them is wrangler's behaviour and is not exercised here (no account); the 503 check stays.
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import type { WorkerEnv } from "#app/server/env.server.ts";
import {
  missingProductionSettings,
  REQUIRED_PRODUCTION_SETTINGS,
} from "#app/server/http/production-settings.server.ts";
import { getMarketProvider } from "#app/server/market/provider.server.ts";

const configPath = new URL("../../wrangler.toml", import.meta.url).pathname;
const config = (env?: string) => unstable_readConfig({ config: configPath, env });

/** The keys the production provider refuses to start without, from its own error. */
function providerKeys(vars: Record<string, unknown>): string[] {
  const env = { ...vars, BETTER_AUTH_SECRET: "s".repeat(40), DB: {}, MARKET_KV: {} } as unknown as WorkerEnv;
  try {
    getMarketProvider(env);
    return [];
  } catch (error) {
    return [
      ...String(error instanceof Error ? error.message : error).matchAll(/\b[A-Z][A-Z0-9]*_API_KEY\b/g),
    ].map((m) => m[0]);
  }
}

describe("required secrets", () => {
  it("[env.production] names the 503 check's secrets and the market data key, nothing else", () => {
    const production = config("production");
    const vars = production.vars as Record<string, unknown>;
    const checked = missingProductionSettings({ APP_ENV: "production" });
    const varsOnly = new Set<string>(
      REQUIRED_PRODUCTION_SETTINGS.filter((s) => s.kind === "var").map((s) => s.name),
    );
    expect(checked).toEqual(REQUIRED_PRODUCTION_SETTINGS.map((s) => s.name));
    const keys = providerKeys(vars);
    expect(vars.MARKET_DATA_PROVIDER).toBe("polygon");
    expect(keys).toEqual(["POLYGON_API_KEY"]);
    expect(production.secrets?.required).toEqual([...checked.filter((name) => !varsOnly.has(name)), ...keys]);
    expect(production.secrets?.required).not.toContain("APP_URL");
  }, 30_000);

  it("the top level declares none (local dev keeps reading every key of .dev.vars)", () => {
    expect(config().secrets).toBeUndefined();
  }, 30_000);
});
