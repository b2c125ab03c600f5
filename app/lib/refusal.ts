// Why the server said no, in one shape for the whole app: plan limits (app/lib/entitlements.ts builds those,
// with their plan fields), validation, conflicts and a provider's failure. Server modules return it; the API
// kit (app/server/http/api.server.ts) and the route actions turn it into an answer.

export interface Refusal {
  /** The HTTP status the server answers with. */
  status: number;
  /** The words the user reads (as docs/product states them, where it has them). */
  message: string;
  /** A stable reason an API body carries as `code` (PREMIUM_REQUIRED, INVALID_INPUT, ...). */
  code?: string;
  /** Fields the API body adds (for example the product's `upgradeFeatures`). */
  fields?: Readonly<Record<string, unknown>>;
  /** Sent as Retry-After. */
  retryAfterSeconds?: number;
}

/** A refusal as a failed result: `{ ok: false, ...refusal }`. */
export type Refused = { ok: false } & Refusal;

export function refused(
  status: number,
  message: string,
  more: Omit<Refusal, "status" | "message"> = {},
): Refused {
  return { ok: false, status, message, ...more };
}
