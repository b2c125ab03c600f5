/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// Every write of a versioned resource names the version it was made from (decision 300, superseding decision
// 225's versionless overwrite): ten parallel saves from one version store exactly one and refuse nine with 409;
// a save without a version is a 400 with the stated text and changes nothing. VERSIONED lists the resources whose
// reads hand out a version; a new one joins the table and is held to the same rule.
import { describe, expect, it } from "vitest";
import { call, jsonOf, postJson, requestWithCookie, userOnPlan } from "./helpers";
import * as positionsRoute from "#app/routes/api.wheel.positions.ts";
import { POSITIONS_VERSION_REQUIRED } from "#app/lib/wheel/positions-sync.ts";

// Route modules type their args precisely; the table passes the parts a loader or action reads.
type RouteFn = (args: any) => unknown;

interface VersionedResource {
  name: string;
  path: string;
  read: RouteFn;
  write: RouteFn;
  /** The version a read answered. */
  versionOf: (body: any) => number;
  /** The n-th of ten distinct changes, as a write body without a version. */
  change: (n: number) => Record<string, unknown>;
  /** What a 400 for a missing version says. */
  missing: string;
}

const VERSIONED: VersionedResource[] = [
  {
    name: "the positions list (POST /api/wheel/positions)",
    path: "/api/wheel/positions",
    read: positionsRoute.loader,
    write: positionsRoute.action,
    versionOf: (body) => body.version,
    change: (n) => ({ positions: [{ symbol: `Z${"ABCDEFGHIJ"[n]}`, shares: 100, costBasis: 10 + n }] }),
    missing: POSITIONS_VERSION_REQUIRED,
  },
];

let users = 0;

describe.each(VERSIONED)("$name: every write names its version (decision 300)", (resource) => {
  const read = async (cookie: string) =>
    jsonOf(await call(resource.read, requestWithCookie(resource.path, cookie)));

  it("ten parallel writes from one version: exactly one 200, nine 409, one change stored", async () => {
    const { cookie } = await userOnPlan(`versioned-${++users}@example.com`, "Elite Plan");
    const before = await read(cookie);
    const version = resource.versionOf(before);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        postJson(resource.write, resource.path, cookie, { ...resource.change(n), version }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const after = await read(cookie);
    expect(resource.versionOf(after)).toBe(version + 1);
    const winner = results.find((r) => r.status === 200)!;
    expect(resource.versionOf(winner.body)).toBe(version + 1);
  });

  it("a write without a version is a 400 with the stated text and changes nothing", async () => {
    const { cookie } = await userOnPlan(`versioned-${++users}@example.com`, "Elite Plan");
    const before = await read(cookie);
    const refused = await postJson(resource.write, resource.path, cookie, resource.change(0));
    expect(refused).toEqual({ status: 400, body: { status: "error", error: resource.missing } });
    // A version that is not a whole number of 0 or more says the same.
    for (const version of [null, "1", -1, 1.5])
      expect(
        await postJson(resource.write, resource.path, cookie, { ...resource.change(0), version }),
      ).toEqual(refused);
    expect(await read(cookie)).toEqual(before);
  });
});
