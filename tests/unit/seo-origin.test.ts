// Canonical and Open Graph URLs take the origin from the root loader's data, found in a route's meta matches.
import { describe, expect, it } from "vitest";
import { originFromMatches } from "#app/lib/seo.ts";

describe("originFromMatches", () => {
  it("reads the root match's loaderData (React Router 8 dropped the match's `data` alias)", () => {
    const matches = [
      { id: "root", loaderData: { origin: "https://wheelhouse.example" } },
      { id: "routes/home", loaderData: {} },
    ];
    expect(originFromMatches(matches)).toBe("https://wheelhouse.example");
  });

  it("is empty without a root match carrying an origin", () => {
    expect(originFromMatches([{ id: "routes/home", loaderData: { origin: "https://x.example" } }])).toBe("");
    expect(originFromMatches([{ id: "root", loaderData: undefined }, undefined])).toBe("");
  });
});
