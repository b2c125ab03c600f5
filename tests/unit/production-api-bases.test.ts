// Production never honours a `*_API_BASE` override (decision 297): a stray variable must not send a provider's key
// (Polygon's, Stripe's, Resend's, the analytics token) to another host. The keys are found in env.server.ts's own
// text, not in the list the code keeps, so a provider added later is covered without being named here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API_BASE_KEYS, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const ENV_SOURCE = readFileSync(join(ROOT, "app/server/env.server.ts"), "utf8");
const SCHEMA_SOURCE = ENV_SOURCE.slice(
  ENV_SOURCE.indexOf("const envSchema = z.object({"),
  ENV_SOURCE.indexOf("export type ServerConfig"),
);
/** The settings the schema parses (its top-level keys, two spaces in). */
const SCHEMA_KEYS = [...SCHEMA_SOURCE.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
/** The settings the OptionalSecrets interface declares. */
const INTERFACE_KEYS = [
  ...ENV_SOURCE.slice(
    ENV_SOURCE.indexOf("export interface OptionalSecrets"),
    ENV_SOURCE.indexOf("export type WorkerEnv"),
  ).matchAll(/^ {2}([A-Z][A-Z0-9_]*)\?:/gm),
].map((m) => m[1]!);

const FAKE = "http://127.0.0.1:9/fake";
const SECRET = "s".repeat(40);

function configOf(appEnv: "production" | "development" | "test", extra: Record<string, string>) {
  return serverConfig({ APP_ENV: appEnv, BETTER_AUTH_SECRET: SECRET, ...extra } as unknown as WorkerEnv);
}

afterEach(() => vi.restoreAllMocks());

describe("*_API_BASE settings in production", () => {
  it("the code's list is every *_API_BASE the schema and the interface name", () => {
    const inSchema = SCHEMA_KEYS.filter((k) => k.endsWith("_API_BASE"));
    expect(SCHEMA_KEYS.length).toBeGreaterThan(30);
    expect(inSchema.length).toBeGreaterThanOrEqual(9);
    expect([...API_BASE_KEYS].sort()).toEqual([...inSchema].sort());
    expect(INTERFACE_KEYS.filter((k) => k.endsWith("_API_BASE")).sort()).toEqual([...inSchema].sort());
  });

  it("no other setting names a host: a new override must be called *_API_BASE to be parsed at all", () => {
    const hostLike = SCHEMA_KEYS.filter((k) => /_(URL|BASE|HOST|ORIGIN|ENDPOINT|DOMAIN)$/.test(k));
    expect(hostLike.filter((k) => !k.endsWith("_API_BASE"))).toEqual(["APP_URL"]);
  });

  for (const key of SCHEMA_KEYS.filter((k) => k.endsWith("_API_BASE"))) {
    it(`${key} is ignored in production and honoured in development and test`, () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      expect(
        configOf("production", { [key]: FAKE })[key as keyof ReturnType<typeof configOf>],
      ).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
      const logged = String(warn.mock.calls[0]?.[0]);
      expect(logged).toContain(key);
      expect(logged).not.toContain(FAKE);
      expect(configOf("development", { [key]: FAKE })[key as keyof ReturnType<typeof configOf>]).toBe(FAKE);
      expect(configOf("test", { [key]: FAKE })[key as keyof ReturnType<typeof configOf>]).toBe(FAKE);
    });
  }

  it("all of them at once, and nothing else changes", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const every = Object.fromEntries(API_BASE_KEYS.map((k) => [k, FAKE]));
    const config = configOf("production", { ...every, POLYGON_API_KEY: "pk", APP_URL: "https://x.example" });
    for (const key of API_BASE_KEYS) expect(config[key]).toBeUndefined();
    expect(config).toMatchObject({
      POLYGON_API_KEY: "pk",
      APP_URL: "https://x.example",
      BETTER_AUTH_SECRET: SECRET,
    });
  });

  it("a production config without any override logs nothing", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    configOf("production", { POLYGON_API_KEY: "pk" });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("every client reads its base through serverConfig", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, "app"));
  walk(join(ROOT, "workers"));

  it("no module reads a *_API_BASE off the env (which would bypass the production rule)", () => {
    const offenders: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(ROOT, file), "utf8");
      for (const m of source.matchAll(/(\w+|\))(\s*\??\.\s*|\[["'])([A-Z][A-Z0-9_]*_API_BASE)\b/g)) {
        const line = source.slice(source.lastIndexOf("\n", m.index) + 1, source.indexOf("\n", m.index));
        const viaConfig = m[1] === "config" || (m[1] === ")" && /serverConfig\(/.test(line));
        if (!viaConfig) offenders.push(`${file}: ${line.trim()}`);
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
