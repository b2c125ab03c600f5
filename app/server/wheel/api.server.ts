// What the /api/wheel/* routes share: the product's `status: "error"` envelope on the API kit's answers, the
// session check with the product's 401, size-capped JSON bodies parsed by zod, and the request schemas
// (limits from app/lib/wheel/wheel.ts).
import type { RouterContextProvider } from "react-router";
import { formatDecimal } from "#app/lib/format.ts";
import { z } from "zod";
import { COST_BASIS_CHOICES } from "#app/lib/wheel/ledger.ts";
import { POSITIONS_VERSION_REQUIRED } from "#app/lib/wheel/positions-sync.ts";
import {
  MAX_DTE_OPTIONS,
  RISK_LEVELS,
  WHEEL_DEFAULTS,
  WHEEL_MESSAGES,
  type RiskLevel,
} from "#app/lib/wheel/wheel.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import {
  apiError,
  apiJson,
  methodNotAllowed,
  readApiBody,
  refusalResponse,
} from "#app/server/http/api.server.ts";
import type { PlanRefusal } from "#app/server/entitlements.server.ts";
import type { BatchOutcome } from "#app/server/wheel/batches.server.ts";
import type { SessionData } from "#app/server/auth/auth.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** The wheel APIs' error envelope: `status: "error"` beside `error` (docs/product/api.md#error-envelopes). */
const ENVELOPE = { status: "error" } as const;

export function jsonError(status: number, error: string, extra: Record<string, unknown> = {}) {
  return apiError(status, error, ENVELOPE, extra);
}

/** The kit's 405 in the wheel envelope. */
export function wheelMethodNotAllowed(allow: string): Response {
  return methodNotAllowed(allow, ENVELOPE);
}

/** A plan refusal in the wheel envelope. */
export function wheelRefusal(refusal: PlanRefusal, extra: Record<string, unknown> = {}): Response {
  return refusalResponse(refusal, ENVELOPE, extra);
}

export async function wheelSession(env: WorkerEnv, request: Request): Promise<SessionData | Response> {
  const session = await getSession(env, request);
  return session ?? jsonError(401, WHEEL_MESSAGES.notAuthenticated);
}

type RouteArgs = { request: Request; context: Readonly<RouterContextProvider> };
type SessionUser = SessionData["user"];

/**
 * A wheel API read, the same way in every route: the session's user (or the product's 401), then `handle`.
 */
export async function wheelGet(
  { request, context }: RouteArgs,
  handle: (call: { env: WorkerEnv; user: SessionUser }) => Promise<Response>,
): Promise<Response> {
  const env = context.get(cloudflareContext).env;
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  return handle({ env, user: session.user });
}

/**
 * A wheel API write, the same way in every route: POST only (405 naming `allow`, the route's methods: "GET, POST"
 * where it has a read), the session's user (401), the body parsed by `schema` within `maxBytes` (415, 413, 400),
 * then `handle` with the parsed input.
 */
export async function wheelPost<S extends z.ZodType>(
  { request, context }: RouteArgs,
  schema: S,
  maxBytes: number,
  handle: (call: { env: WorkerEnv; user: SessionUser; input: z.infer<S> }) => Promise<Response>,
  allow = "POST",
): Promise<Response> {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return wheelMethodNotAllowed(allow);
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const input = await readWheelInput(request, schema, maxBytes);
  if (input instanceof Response) return input;
  return handle({ env, user: session.user, input });
}

/**
 * The body parsed by `schema`, or the refusal: 415 when it is not sent as JSON, 413 past `maxBytes`, else 400
 * with the schema's first issue.
 */
export async function readWheelInput<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number,
): Promise<z.infer<S> | Response> {
  return readApiBody(request, schema, {
    maxBytes,
    invalid: (issue) => issue?.message ?? "Invalid JSON",
    envelope: ENVELOPE,
  });
}

const riskLevel = z.enum(RISK_LEVELS as [RiskLevel, ...RiskLevel[]]).default(WHEEL_DEFAULTS.riskLevel);
const ticker = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,5}(\.[A-Z])?$/);
const maxDte = z
  .number()
  .int()
  .min(1)
  .max(MAX_DTE_OPTIONS[MAX_DTE_OPTIONS.length - 1]!)
  .default(45);
const minReturn = z.number().min(0).max(1000).default(0);

export const cspBatchSchema = z.object({
  tickers: z.array(ticker).min(1).max(100),
  riskLevel,
  cashAmount: z.number().min(WHEEL_DEFAULTS.minCash).max(1e10).default(WHEEL_DEFAULTS.cash),
  maxDaysToExpiration: maxDte,
  minReturn,
});

export const positionSchema = z.object({
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,5}$/, "Invalid symbol format"),
  shares: z
    .number()
    .int()
    .positive("Shares must be greater than 0")
    .max(100_000_000)
    .refine((n) => n % 100 === 0, "Shares must be in multiples of 100 (for options contracts)"),
  costBasis: z.number().positive("Cost basis must be greater than 0").max(1e7),
});

export const ccBatchSchema = z.object({
  positions: z
    .array(positionSchema.extend({ ticker: z.string().optional() }).partial({ symbol: true }))
    .min(1)
    .max(100)
    .transform((list, ctx) =>
      list.map((p) => {
        const symbol = (p.symbol ?? p.ticker ?? "").trim().toUpperCase();
        if (!/^[A-Z]{1,5}$/.test(symbol)) ctx.addIssue({ code: "custom", message: "Invalid symbol format" });
        return { symbol, shares: p.shares, costBasis: p.costBasis };
      }),
    ),
  riskLevel,
  maxDaysToExpiration: maxDte,
  minReturn,
  /** Calls struck below the cost basis are left out unless the switch asks for them (decision 244). */
  includeBelowCostBasis: z.boolean().default(false),
});

export const positionsSchema = z.object({
  positions: z.array(positionSchema).max(500),
  /**
   * The list's version the save was made from (decision 225). Required (decision 300): a save without it is a 400,
   * never an overwrite, though the original brief's body has no version (docs/product/api.md#versioned-writes).
   */
  version: z
    .number({ error: POSITIONS_VERSION_REQUIRED })
    .int(POSITIONS_VERSION_REQUIRED)
    .min(0, POSITIONS_VERSION_REQUIRED)
    .max(Number.MAX_SAFE_INTEGER, POSITIONS_VERSION_REQUIRED),
});

export const preferencesSchema = z
  .object({
    cashAvailable: z.number().min(WHEEL_DEFAULTS.minCash).max(1e10).optional(),
    cspRiskLevel: z.enum(RISK_LEVELS as [RiskLevel, ...RiskLevel[]]).optional(),
    ccRiskLevel: z.enum(RISK_LEVELS as [RiskLevel, ...RiskLevel[]]).optional(),
    /** The basis of ledger-owned lots on the covered-call screen (decision 271). */
    ccCostBasis: z.enum(COST_BASIS_CHOICES).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "Nothing to update");

export const wheelTypeSchema = z.enum(["CSP", "CC"]);

/** A strategy object as the screen holds it: an id, plain JSON values only, size-capped by the caller. */
export const favoriteSchema = z.object({
  type: wheelTypeSchema,
  trade: z
    .object({ id: z.string().min(1).max(100), symbol: z.string().min(1).max(10) })
    .catchall(z.unknown()),
});

export const shareSchema = z.object({
  strategy: z.record(z.string(), z.unknown()),
  position: z.object({ shares: z.number().optional(), costBasis: z.number().optional() }).nullish(),
});

/**
 * POST handler shared by the CSP and CC batch routes: session (401), size-capped body parsed by zod (400), then
 * the screen through `batches.server.ts`, which answers the plan's batch limit (403 on Free, 400 past the size)
 * as the /wheels loader gets it; a failing market read is 503.
 */
export async function wheelBatchResponse<Input, Result>(
  env: WorkerEnv,
  request: Request,
  options: {
    schema: z.ZodType<Input>;
    /** The screen for the session's user: its answer, or the plan's refusal. */
    run: (env: WorkerEnv, input: Input, user: SessionData["user"]) => Promise<BatchOutcome<Result>>;
    /** Names the screen in the log line of a failure. */
    label: string;
    failure: string;
  },
): Promise<Response> {
  if (request.method !== "POST") return wheelMethodNotAllowed("POST");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const body = await readWheelInput(request, options.schema, 16_384);
  if (body instanceof Response) return body;
  try {
    const started = performance.now();
    const outcome = await options.run(env, body, session.user);
    if (!outcome.ok) return wheelRefusal(outcome.refusal);
    return apiJson(outcome.body, 200, {
      "Server-Timing": `wheel;dur=${formatDecimal(performance.now() - started, 1)}`,
    });
  } catch (error) {
    console.error(`${options.label} batch failed`, error);
    return jsonError(503, options.failure);
  }
}
