// Shared plumbing of the JSON billing and contact endpoints: body size, JSON, zod, errors as { error }.
import type { z } from "zod";
import { BILLING_MESSAGES } from "../../lib/billing";
import { serverConfig, type WorkerEnv } from "../env.server";
import { consumeRateLimit } from "../rate-limit.server";

export const MAX_JSON_BODY_BYTES = 8192;

export function jsonError(status: number, error: string, headers: HeadersInit = {}): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function jsonOk(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** Reads a small JSON body and parses it with the schema; a Response is the refusal to send back. */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  invalidMessage: (issue: z.core.$ZodIssue | undefined) => string,
): Promise<z.infer<S> | Response> {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  // JSON only: a cross-site form cannot send it without a CORS preflight we never grant.
  if (!(request.headers.get("content-type") ?? "").toLowerCase().includes("application/json"))
    return jsonError(415, "Expected application/json");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BODY_BYTES) return jsonError(413, "Request too large");
  const text = await request.text();
  if (text.length > MAX_JSON_BODY_BYTES) return jsonError(413, "Request too large");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return jsonError(400, invalidMessage(undefined));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return jsonError(400, invalidMessage(parsed.error.issues[0]));
  return parsed.data;
}

/** The public origin for Stripe's return URLs: APP_URL when set, else the request's own origin. */
export function appOrigin(env: WorkerEnv, request: Request): string {
  return (serverConfig(env).APP_URL ?? new URL(request.url).origin).replace(/\/$/, "");
}

/** Per-user budget for calls that reach Stripe (a script cannot spend the account's API quota). */
export async function billingRateLimit(env: WorkerEnv, userId: string): Promise<Response | null> {
  const limit = await consumeRateLimit(env, `billing:${userId}`, 10, 60_000);
  return limit.allowed ? null : jsonError(429, BILLING_MESSAGES.tooManyRequests, { "Retry-After": "60" });
}
