// Rate limits key on the address Cloudflare's edge sets; a header the client writes must not pick the bucket.
import { describe, expect, it } from "vitest";
import { clientAddress } from "#app/server/rate-limit.server.ts";

describe("clientAddress", () => {
  it("reads cf-connecting-ip, the edge's header", () => {
    const request = new Request("http://localhost/", {
      headers: { "cf-connecting-ip": "203.0.113.7", "x-forwarded-for": "198.51.100.1" },
    });
    expect(clientAddress(request)).toBe("203.0.113.7");
  });

  it("ignores x-forwarded-for: a client rotating it stays in one bucket", () => {
    const addresses = new Set(
      ["198.51.100.1", "198.51.100.2", "10.0.0.1, 203.0.113.9"].map((xff) =>
        clientAddress(new Request("http://localhost/", { headers: { "x-forwarded-for": xff } })),
      ),
    );
    expect([...addresses]).toEqual(["local"]);
  });
});
