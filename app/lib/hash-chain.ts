/**
 * The track record's hash chain (decision 265). Each logged row stores its content as canonical JSON (keys sorted
 * at every level, no whitespace) and
 *   row_hash = SHA-256 hex of (prev_hash + "\n" + content)
 * where prev_hash is the previous row's row_hash (GENESIS_HASH for the first row). Changing, removing or
 * reordering any row breaks every hash after it, so anyone holding the CSV can check the whole log with
 * `verifyHashChain`. Web Crypto only: the same code runs in the Worker, in Node and in a browser.
 */
export const GENESIS_HASH = "0".repeat(64);

/** JSON with object keys sorted at every level: one text per value, whatever order its keys were built in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as Record<string, unknown>).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  let hex = "";
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** The row hash of `content` (canonical JSON text) after `prevHash`. */
export function chainHash(prevHash: string, content: string): Promise<string> {
  return sha256Hex(`${prevHash}\n${content}`);
}

export interface ChainRow {
  content: string;
  prevHash: string;
  rowHash: string;
}

export type ChainVerdict =
  { ok: true; rows: number; head: string } | { ok: false; rows: number; index: number; reason: string };

/** Checks the rows in log order from `start` (the hash before the first row). Says the first row that breaks. */
export async function verifyHashChain(
  rows: readonly ChainRow[],
  start = GENESIS_HASH,
): Promise<ChainVerdict> {
  let prev = start;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.prevHash !== prev) {
      return {
        ok: false,
        rows: rows.length,
        index: i,
        reason: "its previous hash is not the row before's hash",
      };
    }
    const expected = await chainHash(prev, row.content);
    if (expected !== row.rowHash) {
      return { ok: false, rows: rows.length, index: i, reason: "its content does not match its hash" };
    }
    prev = row.rowHash;
  }
  return { ok: true, rows: rows.length, head: prev };
}
