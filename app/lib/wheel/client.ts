// The browser's calls to the wheel API (docs/product/api.md#wheel), with the fallback messages of
// docs/product/wheel.md#strategies when a response carries no error text. Errors are thrown to the caller.
import { WHEEL_MESSAGES, type Position, type WheelStrategy, type WheelType } from "#app/lib/wheel/wheel.ts";
import type { PositionsSendOutcome } from "#app/lib/wheel/positions-sync.ts";
import { callApi, type ApiCallInit } from "#app/lib/api-client.ts";

export class WheelApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
  }
}

/**
 * A refusal the server gave on purpose (a 4xx: over a plan limit, invalid input, signed out): the page shows
 * its message, and it is not an error to log.
 */
export function isExpectedRefusal(error: unknown): error is WheelApiError {
  return error instanceof WheelApiError && error.status >= 400 && error.status < 500;
}

/** One wheel API call through the app's client; a failure is thrown as a WheelApiError. */
async function request<T>(path: string, init: ApiCallInit, fallback: string): Promise<T> {
  const answer = await callApi<T>(path, init, () => fallback);
  if (!answer.ok) throw new WheelApiError(answer.message, answer.status, answer.body);
  return answer.body;
}

const bust = (path: string) => `${path}${path.includes("?") ? "&" : "?"}_t=${Date.now()}`;

/**
 * Saves the whole list as a change from `version`. A 409 naming the list stale comes back as the stored list
 * (to re-apply the change to, app/lib/wheel/positions-sync.ts); any other failure is thrown.
 */
export async function savePositions(positions: Position[], version: number): Promise<PositionsSendOutcome> {
  try {
    const body = await request<{ positions: Position[]; version: number }>(
      "/api/wheel/positions",
      { method: "POST", body: { positions, version } },
      WHEEL_MESSAGES.updatePositionsFailed,
    );
    return { saved: true, snapshot: { positions: body.positions, version: body.version } };
  } catch (error) {
    const body = error instanceof WheelApiError && error.status === 409 ? error.body : null;
    if (body?.reason === "stale" && Array.isArray(body.positions) && typeof body.version === "number")
      return { saved: false, current: { positions: body.positions as Position[], version: body.version } };
    throw error;
  }
}

/** The server's reading of an import's rows (decision 257): per row its errors, market data and stored position. */
export interface ImportRowCheck {
  symbol: string;
  errors: Partial<Record<keyof Position, string>>;
  marketData: boolean | null;
  held: Position | null;
}

/** Throws the server's refusal (409 'Duplicate symbols found: ...', 403 plan) as a WheelApiError. */
export async function checkPositionsImport(
  rows: { symbol: string; shares: string; costBasis: string }[],
): Promise<ImportRowCheck[]> {
  const body = await request<{ rows: ImportRowCheck[] }>(
    "/api/wheel/positions/check",
    { method: "POST", body: { positions: rows } },
    WHEEL_MESSAGES.updatePositionsFailed,
  );
  return body.rows;
}

export interface FavoriteRecord {
  id: string;
  type: WheelType;
  trade: WheelStrategy;
  savedAt: unknown;
}

export function removeFavorite(id: string) {
  return request(
    bust(`/api/wheel/favorites/${encodeURIComponent(id)}`),
    { method: "DELETE" },
    "Failed to remove favorite",
  );
}

export async function createShareLink(
  type: WheelType,
  strategy: WheelStrategy,
  position?: { shares: number; costBasis: number } | null,
): Promise<{ shareUrl: string; shareId: string }> {
  const answer = await callApi<{ shareUrl: string; shareId: string }>(
    `/api/wheel/share/${type.toLowerCase()}`,
    { method: "POST", body: { strategy, position: position ?? null } },
    () => WHEEL_MESSAGES.shareFailed,
  );
  if (answer.ok) return answer.body;
  // The product's words: a network failure, else "share failed" whatever the server said.
  const message = answer.status === 0 ? WHEEL_MESSAGES.networkError : WHEEL_MESSAGES.shareFailed;
  throw new WheelApiError(message, answer.status, null);
}

/** Records one wheel ledger event (the "I sold this" dialog); the answer's words are the server's. */
export function recordLedgerEvent(event: Record<string, unknown>) {
  return callApi<{ status: "success" }>(
    "/api/wheel/ledger",
    { method: "POST", body: event },
    () => "Failed to record the trade",
  );
}
