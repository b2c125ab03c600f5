// Reading the signed-in user in loaders and actions, and the sign-in guard with its return address.
import { redirect } from "react-router";
import type { WorkerEnv } from "../env.server";
import { getAuth, type SessionData } from "./auth.server";
import { signInPathWithReturn } from "../../lib/return-address";

export async function getSession(env: WorkerEnv, request: Request): Promise<SessionData | null> {
  try {
    return await getAuth(env, request).api.getSession({ headers: request.headers });
  } catch (error) {
    // A broken cookie or a transient D1 error must not 500 a public page: treat as signed out.
    console.error("getSession failed", error);
    return null;
  }
}

/** Sends a visitor to /signin, remembering the path and query as the return address. */
export async function requireSession(env: WorkerEnv, request: Request): Promise<SessionData> {
  const session = await getSession(env, request);
  if (!session) {
    const url = new URL(request.url);
    throw redirect(signInPathWithReturn(url.pathname + url.search));
  }
  return session;
}
