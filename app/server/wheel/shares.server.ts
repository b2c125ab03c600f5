// Wheel share records (docs/product/sharing.md#wheel-share-payload): the durable copy in D1 `shares` with an
// expiry, the hot copy in SHARE_KV. Only the share payload's fields are stored (app/lib/wheel/share.ts).
import { eq, sql } from "drizzle-orm";
import {
  parseSharePayload,
  SHARE_MESSAGES,
  sharePayloadFrom,
  type SharePayload,
  type SharePayloadResult,
} from "#app/lib/wheel/share.ts";
import { DAY_MS } from "#app/engine/units.ts";
import type { WheelType } from "#app/lib/wheel/wheel.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getCachedTickerInfos } from "#app/server/market/market.server.ts";

type Env = { DB: D1Database; SHARE_KV: KVNamespace };

/** A share stays readable until its option expires (New York close), and at most this long. */
const MAX_LIFETIME_MS = 400 * DAY_MS;
/**
 * An expired share's record is kept this long after it expired: its page says 'Strategy Expired' and shows how the
 * put was graded in the track record (decision 269); housekeeping deletes it afterwards.
 */
export const SHARE_RETENTION_AFTER_EXPIRY_DAYS = 90;
const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const SHARE_ID_RE = /^[0-9A-Za-z]{12}$/;

const kvKey = (type: WheelType, id: string) => `share:v1:${type}:${id}`;

function newShareId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  let id = "";
  // 62 does not divide 256: the slight bias is harmless for an unguessable id of 71 bits.
  for (const b of bytes) id += ID_ALPHABET[b % 62];
  return id;
}

/** The option's last moment: 16:00 New York on expiration day is at the latest 21:00 UTC. */
export function shareExpiry(payload: SharePayload, nowMs: number): number {
  const close = Date.parse(`${payload.expirationDate}T21:00:00Z`);
  return Math.min(Number.isFinite(close) ? close : nowMs, nowMs + MAX_LIFETIME_MS);
}

/**
 * A share request's payload: plausible numbers (`parseSharePayload`) on a symbol our market caches know
 * (a share is a strategy the screens built from them). Reads caches only: a visitor never reaches a provider.
 */
export async function readShareInput(
  env: WorkerEnv,
  type: WheelType,
  strategy: Record<string, unknown>,
  position: { shares?: unknown; costBasis?: unknown } | null | undefined,
  nowMs = Date.now(),
): Promise<SharePayloadResult> {
  const parsed = parseSharePayload(type, strategy, position, nowMs);
  if (!parsed.ok) return parsed;
  const { symbol } = parsed.payload;
  const { unknown } = await getCachedTickerInfos(env, [symbol], nowMs);
  if (unknown.includes(symbol)) return { ok: false, error: SHARE_MESSAGES.unknownSymbol(symbol) };
  return parsed;
}

interface StoredShare {
  /** Checked by `storedPayload` before use: a KV or D1 copy may predate the payload rules. */
  payload: unknown;
  expiresAt: number;
}

export async function createShare(env: Env, payload: SharePayload, nowMs = Date.now()) {
  const id = newShareId();
  const expiresAt = shareExpiry(payload, nowMs);
  await getDb(env)
    .insert(schema.shares)
    .values({ id, type: payload.type, payload, createdAt: new Date(nowMs), expiresAt: new Date(expiresAt) });
  const ttlSeconds = Math.floor((expiresAt - nowMs) / 1000);
  if (ttlSeconds >= 60) {
    await env.SHARE_KV.put(
      kvKey(payload.type, id),
      JSON.stringify({ payload, expiresAt } satisfies StoredShare),
      {
        expirationTtl: ttlSeconds,
      },
    ).catch((error) => console.error("share: KV write failed", error));
  }
  return { id, expiresAt };
}

export type ReadShareResult =
  | { status: "ok"; payload: SharePayload; expiresAt: number }
  /** `payload`: what an expired record showed (kept SHARE_RETENTION_AFTER_EXPIRY_DAYS for its graded outcome). */
  | { status: "expired"; payload: SharePayload | null }
  | { status: "not_found" };

export async function readShare(
  env: Env,
  type: WheelType,
  id: string,
  nowMs = Date.now(),
): Promise<ReadShareResult> {
  if (!SHARE_ID_RE.test(id)) return { status: "not_found" };
  let stored = await env.SHARE_KV.get<StoredShare>(kvKey(type, id), "json").catch(() => null);
  if (!stored) {
    const row = await getDb(env)
      .select({
        type: schema.shares.type,
        // As text: a record that is not JSON reads as missing below instead of throwing in drizzle's decoder.
        payloadText: sql<string>`${schema.shares.payload}`,
        expiresAt: schema.shares.expiresAt,
      })
      .from(schema.shares)
      .where(eq(schema.shares.id, id))
      .get();
    if (!row || row.type !== type) return { status: "not_found" };
    stored = { payload: parseJson(row.payloadText), expiresAt: row.expiresAt.getTime() };
  }
  // A record stored before the payload rules (or altered since) is read through them too: one that
  // fails is treated as missing, so no page, API answer or image is built from it.
  const payload = storedPayload(type, stored.payload, nowMs);
  if (stored.expiresAt <= nowMs) return { status: "expired", payload };
  if (!payload) {
    console.error(`share ${type} ${id}: stored payload fails validation`);
    return { status: "not_found" };
  }
  return { status: "ok", payload, expiresAt: stored.expiresAt };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function storedPayload(type: WheelType, stored: unknown, nowMs: number): SharePayload | null {
  if (!stored || typeof stored !== "object") return null;
  const fields = stored as Record<string, unknown>;
  if (fields.type !== type) return null;
  return sharePayloadFrom(type, fields, type === "CC" ? fields : null, nowMs);
}
