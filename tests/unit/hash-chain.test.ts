import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  chainHash,
  GENESIS_HASH,
  sha256Hex,
  verifyHashChain,
  type ChainRow,
} from "#app/lib/hash-chain.ts";

async function chain(contents: unknown[]): Promise<ChainRow[]> {
  const rows: ChainRow[] = [];
  let prev = GENESIS_HASH;
  for (const c of contents) {
    const content = canonicalJson(c);
    const rowHash = await chainHash(prev, content);
    rows.push({ content, prevHash: prev, rowHash });
    prev = rowHash;
  }
  return rows;
}

describe("hash chain", () => {
  it("SHA-256 of a known text", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("canonical JSON sorts keys at every level and drops undefined", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("a clean chain verifies and reports its head", async () => {
    const rows = await chain([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(await verifyHashChain(rows)).toEqual({ ok: true, rows: 3, head: rows[2].rowHash });
  });

  it("tampering with one row's content is found at that row", async () => {
    const rows = await chain([
      { id: 1, pop: 72 },
      { id: 2, pop: 70 },
      { id: 3, pop: 68 },
    ]);
    rows[1] = { ...rows[1], content: rows[1].content.replace("70", "80") };
    expect(await verifyHashChain(rows)).toEqual({
      ok: false,
      rows: 3,
      index: 1,
      reason: "its content does not match its hash",
    });
  });

  it("a removed row or rehashed row breaks the link to the next", async () => {
    const rows = await chain([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const removed = [rows[0], rows[2]];
    expect(await verifyHashChain(removed)).toMatchObject({ ok: false, index: 1 });
    // Rewriting row 1 with a fresh hash still breaks row 2's link.
    const content = canonicalJson({ id: 22 });
    const forged = { content, prevHash: rows[0].rowHash, rowHash: await chainHash(rows[0].rowHash, content) };
    expect(await verifyHashChain([rows[0], forged, rows[2]])).toMatchObject({
      ok: false,
      index: 2,
      reason: "its previous hash is not the row before's hash",
    });
  });
});
