import { describe, expect, it } from "vitest";
import { isBannedNow } from "#app/server/auth/ban.server.ts";

describe("isBannedNow", () => {
  const now = Date.parse("2026-11-23T20:00:00Z");

  it("is false without the flag, whatever the end date", () => {
    expect(isBannedNow({}, now)).toBe(false);
    expect(isBannedNow({ banned: false, banExpires: new Date(now + 1000) }, now)).toBe(false);
    expect(isBannedNow({ banned: null }, now)).toBe(false);
  });

  it("holds with no end, or until the end passes", () => {
    expect(isBannedNow({ banned: true }, now)).toBe(true);
    expect(isBannedNow({ banned: true, banExpires: null }, now)).toBe(true);
    expect(isBannedNow({ banned: true, banExpires: new Date(now + 60_000) }, now)).toBe(true);
    expect(isBannedNow({ banned: true, banExpires: now - 1 }, now)).toBe(false);
    expect(isBannedNow({ banned: true, banExpires: "2026-11-23T19:59:59Z" }, now)).toBe(false);
  });

  it("treats an unreadable end date as a ban that holds", () => {
    expect(isBannedNow({ banned: true, banExpires: "not a date" }, now)).toBe(true);
  });
});
