// A production Worker without BETTER_AUTH_SECRET or APP_URL says what is missing (decision 214) instead of a
// 500 on every route.
import { describe, expect, it, vi } from "vitest";
import workerSource from "../../workers/app.ts?raw";
import {
  misconfiguredResponse,
  missingProductionSettings,
} from "#app/server/http/production-settings.server.ts";

describe("required production settings", () => {
  it("names each missing setting in production only", () => {
    expect(missingProductionSettings({ APP_ENV: "production" })).toEqual(["BETTER_AUTH_SECRET", "APP_URL"]);
    expect(
      missingProductionSettings({
        APP_ENV: "production",
        BETTER_AUTH_SECRET: " ",
        APP_URL: "https://x.example",
      }),
    ).toEqual(["BETTER_AUTH_SECRET"]);
    expect(
      missingProductionSettings({
        APP_ENV: "production",
        BETTER_AUTH_SECRET: "s3cret",
        APP_URL: "https://x.example",
      }),
    ).toEqual([]);
    expect(missingProductionSettings({ APP_ENV: "development" })).toEqual([]);
  });

  it("/api/health lists what is missing (names, never values); other routes answer 503 naming it", async () => {
    const health = misconfiguredResponse(new Request("https://x.example/api/health"), ["BETTER_AUTH_SECRET"]);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ ok: false, appEnv: "production", missing: ["BETTER_AUTH_SECRET"] });
    const page = misconfiguredResponse(new Request("https://x.example/spreads"), [
      "BETTER_AUTH_SECRET",
      "APP_URL",
    ]);
    expect(page.status).toBe(503);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.text()).toContain("BETTER_AUTH_SECRET, APP_URL");
  });

  it("the log says how to set each: the secret with wrangler secret put, APP_URL as a var", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      misconfiguredResponse(new Request("https://x.example/"), ["BETTER_AUTH_SECRET", "APP_URL"]);
      const line = String(error.mock.calls[0]?.[0]);
      expect(line).toContain("BETTER_AUTH_SECRET (wrangler secret put BETTER_AUTH_SECRET --env production)");
      expect(line).toContain("APP_URL (a var: [env.production] vars in wrangler.toml)");
      expect(line).not.toContain("wrangler secret put APP_URL");
    } finally {
      error.mockRestore();
    }
  });

  it("workers/app.ts checks the settings before any route runs", () => {
    const fetchBody = workerSource.slice(workerSource.indexOf("async fetch("));
    const check = fetchBody.indexOf("missingProductionSettings(env)");
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(fetchBody.indexOf("requestHandler(request"));
  });
});
