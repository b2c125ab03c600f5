// The sign-up and sign-in limits key on cf-connecting-ip, and every browser test reaches the worker from one
// loopback address: a spec that signs up through the form without an address of its own shares one budget with
// every other spec of the run, and fails when the run is long (it did in CI). This holds each spec to its own.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DIR = "tests/e2e";

describe("browser specs that sign up come from an address of their own", () => {
  const specs = readdirSync(DIR).filter((name) => name.endsWith(".spec.ts"));
  it("finds the specs", () => {
    expect(specs.length).toBeGreaterThan(10);
  });
  for (const name of specs) {
    const text = readFileSync(join(DIR, name), "utf8");
    if (!/\bsignUp\(/.test(text)) continue;
    it(name, () => {
      expect(
        /cf-connecting-ip|clientAddress\(\)/.test(text),
        `${name} signs up without its own address`,
      ).toBe(true);
    });
  }
});
