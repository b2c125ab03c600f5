// The one kit of the JSON APIs (/api/*): answers that are never cached, the error body, the refusal body, the
// request body read and parsed by zod, and the 405. Each API family keeps its own error envelope
// (docs/product/api.md#error-envelopes; wheel: `status: "error"`, notifications: `success: false`, billing
// and contact: none) by passing it here; what the body says and how it is read is the same everywhere.
// Cross-site writes are refused before any route runs (cross-site-guard.server.ts, in the app's request
// handler).
import type { z } from "zod";
import type { Refusal } from "#app/lib/refusal.ts";
import { planRefusalFields } from "#app/lib/entitlements.ts";
import { NO_STORE } from "#app/server/http/cache-control.server.ts";
import { readJsonBody } from "#app/server/http/json-body.server.ts";

/** Fields an API family puts beside `error` in every error it answers (its envelope). */
export type ErrorEnvelope = Readonly<Record<string, unknown>>;

/**
 * A JSON answer, never cached (API answers are per user or per moment) unless `headers` opts in to the edge cache
 * (`edgeCached` in cache-control.server.ts), as the public market APIs do.
 */
export function apiJson(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const merged = new Headers(NO_STORE);
  new Headers(headers).forEach((value, name) => merged.set(name, value));
  return Response.json(body, { status, headers: merged });
}

/** `{ ...envelope, error, ...extra }` with the status. */
export function apiError(
  status: number,
  message: string,
  envelope: ErrorEnvelope = {},
  extra: Record<string, unknown> = {},
  headers: HeadersInit = {},
): Response {
  return apiJson({ ...envelope, error: message, ...extra }, status, headers);
}

/**
 * A refusal's answer: `error` with the refusal's code and, for a plan refusal, `requiresUpgrade`,
 * `currentTier`, `limit` and `redirectTo` (plus `upgradeFeatures` where the refusal names them).
 */
export function refusalResponse(
  refusal: Refusal,
  envelope: ErrorEnvelope = {},
  extra: Record<string, unknown> = {},
): Response {
  return apiError(
    refusal.status,
    refusal.message,
    envelope,
    {
      ...(refusal.code ? { code: refusal.code } : {}),
      ...planRefusalFields(refusal),
      ...refusal.fields,
      ...extra,
    },
    refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {},
  );
}

/**
 * The one 405 of every API: the methods the route takes in `Allow`, and the family's error body. Every API route
 * exports both a `loader` and an `action`, so no method falls through to React Router's own text: a POST-only
 * route's `loader` and a GET-only route's `action` answer this, and an action checks the method before anything
 * else (decision 300; tests/worker/api-methods.test.ts walks every route).
 */
export function methodNotAllowed(allow: string, envelope: ErrorEnvelope = {}): Response {
  return apiError(405, "Method not allowed", envelope, {}, { Allow: allow });
}

export interface ApiBodyOptions {
  maxBytes: number;
  /** The value of an empty body; without it an empty body is invalid. */
  empty?: unknown;
  /** The words of a 400: the schema's first issue, or undefined for unreadable JSON. */
  invalid: (issue: z.core.$ZodIssue | undefined) => string;
  envelope?: ErrorEnvelope;
}

/**
 * The request body parsed by `schema`, or the answer that refuses it: 415 when it is not sent as JSON, 413
 * past `maxBytes`, 400 (`invalid`) when it is not JSON or fails the schema. Never throws.
 */
export async function readApiBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: ApiBodyOptions,
): Promise<z.infer<S> | Response> {
  const body = await readJsonBody(
    request,
    "empty" in options
      ? { maxBytes: options.maxBytes, empty: options.empty }
      : { maxBytes: options.maxBytes },
  );
  if (!body.ok)
    return apiError(
      body.status,
      body.status === 400 ? options.invalid(undefined) : body.message,
      options.envelope,
    );
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return apiError(400, options.invalid(parsed.error.issues[0]), options.envelope);
  return parsed.data;
}
