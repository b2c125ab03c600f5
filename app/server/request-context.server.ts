// The context every loader, action and middleware receives. React Router 8 always runs middleware and accepts only
// a RouterContextProvider, whose values are read with typed keys (decision 230).
import { createContext, RouterContextProvider } from "react-router";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { withSessionAwareDb } from "#app/server/db/d1-session.server.ts";

/** The Worker's bindings and execution context: `context.get(cloudflareContext).env`. */
export const cloudflareContext = createContext<{ env: WorkerEnv; ctx: ExecutionContext }>();

/** The request's CSP nonce, also set on the response's Content-Security-Policy header by the Worker. */
export const cspNonceContext = createContext<string>();

export function createRequestContext(
  env: WorkerEnv,
  ctx: ExecutionContext,
  cspNonce: string,
): RouterContextProvider {
  const context = new RouterContextProvider();
  // Queries go to the request's D1 session once the root middleware starts one (decision 285).
  context.set(cloudflareContext, { env: withSessionAwareDb(env), ctx });
  context.set(cspNonceContext, cspNonce);
  return context;
}
