// Issue 41: `npm run polygon:smoke`, the operator's one-off check of a real Massive (Polygon) key, run here as the
// command itself against the loopback fake (tests/worker/fakes/polygon.ts): what it prints per symbol, its exit
// code, and no key anywhere in its output. It has not been run on a live key here.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scrub } from "../../scripts/polygon-smoke";
import { startFakeServers } from "../worker/fakes/servers";

const KEY = "test-key";
let fake: Awaited<ReturnType<typeof startFakeServers>>;
beforeAll(async () => {
  fake = await startFakeServers();
});
afterAll(() => fake.close());

async function smoke(args: string[], key = KEY) {
  const env = { ...process.env, POLYGON_API_KEY: key, POLYGON_API_BASE: `${fake.origin}/polygon` };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/polygon-smoke.ts", ...args],
      { env },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe("npm run polygon:smoke", () => {
  it("reads the default symbols: SPY past 250 contracts, KO's special dividend left out, an unknown symbol", async () => {
    const { code, out } = await smoke([]);
    expect(out).toContain(
      "SPY\n  chain: 846 contracts in 4 pages, 846 with a quote (100%), spot 630.2 from the chain",
    );
    expect(out).toContain("KO\n  chain: 52 contracts in 1 page,");
    expect(out).toContain("  dividends: 6 read, 1 excluded as special: 2026-04-01 SC 1");
    expect(out).toContain("ZZZZZ\n  chain: unknown symbol\n  dividends: unknown symbol");
    expect(out).toContain("every known symbol read");
    expect(code).toBe(0);
    expect(out).not.toContain(KEY);
  }, 20_000);

  it("names the missing plan feature, says where the spot came from, and exits 1 when a known symbol fails", async () => {
    const { code, out } = await smoke(["NOQT", "NOSPT", "NOSTK"]);
    expect(out).toMatch(
      /NOQT\n {2}chain: failed: polygon: NOQT options: the Massive subscription lacks options quotes/,
    );
    expect(out).toContain("spot 95.55 from the stock snapshot");
    expect(out).toMatch(
      /NOSTK\n {2}chain: failed: polygon: NOSTK snapshot: the Massive subscription lacks a stocks plan/,
    );
    expect(code).toBe(1);
    expect(out).not.toContain(KEY);
  }, 20_000);

  it("refuses to run without a key", async () => {
    const { code, out } = await smoke([], "");
    expect(code).toBe(2);
    expect(out).toContain("POLYGON_API_KEY is not set");
  }, 20_000);

  it("scrubs the key, and any key-like query parameter, from what it prints", () => {
    const line = scrub(`GET https://proxy.example/v3?apiKey=${KEY}&x=1 failed for ${KEY}`, KEY);
    expect(line).not.toContain(KEY);
    expect(line).toBe("GET https://proxy.example/v3?apiKey=***&x=1 failed for ***");
  });
});
