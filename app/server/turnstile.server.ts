// Cloudflare Turnstile on the server: a token is verified with siteverify before anything is stored.
// Without keys (local, offline) there is no captcha at all; callers rate limit instead (/api/health says so).
import { integrationsOf, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";

const SITEVERIFY = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

export function turnstileConfigured(env: WorkerEnv): boolean {
  return integrationsOf(serverConfig(env)).turnstile.configured;
}

export type TurnstileResult = { ok: true } | { ok: false; codes: string[] };

export async function verifyTurnstile(
  env: WorkerEnv,
  token: string | null | undefined,
  remoteIp: string | null,
) {
  const config = serverConfig(env);
  if (!token) return { ok: false, codes: ["missing-input-response"] } as TurnstileResult;
  const body = new FormData();
  body.set("secret", config.TURNSTILE_SECRET_KEY ?? "");
  body.set("response", token);
  if (remoteIp && remoteIp !== "local") body.set("remoteip", remoteIp);
  const url = config.TURNSTILE_API_BASE
    ? `${config.TURNSTILE_API_BASE.replace(/\/$/, "")}/siteverify`
    : SITEVERIFY;
  try {
    const res = await fetch(url, { method: "POST", body, signal: AbortSignal.timeout(8000) });
    const json = (await res.json()) as { success?: boolean; "error-codes"?: string[] };
    return (
      json.success === true ? { ok: true } : { ok: false, codes: json["error-codes"] ?? [] }
    ) as TurnstileResult;
  } catch (error) {
    console.error("turnstile: siteverify unreachable", error);
    return { ok: false, codes: ["internal-error"] } as TurnstileResult;
  }
}
