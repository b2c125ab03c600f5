import type { Route } from "./+types/api.health";
import { integrationsOf, serverConfig } from "../server/env.server";

/** Liveness plus which optional integrations are configured (names only, never values). */
export async function loader({ context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const config = serverConfig(env);
  const db = await env.DB.prepare("select 1 as ok").first<{ ok: number }>();
  const integrations = Object.fromEntries(
    Object.entries(integrationsOf(config)).map(([name, s]) => [
      name,
      s.configured ? "configured" : "not configured",
    ]),
  );
  // Offline (no Turnstile keys) the visitor contact form has no captcha and relies on its rate limit.
  const contactForm = integrationsOf(config).turnstile.configured ? "captcha" : "rate-limited, no captcha";
  return Response.json(
    {
      ok: db?.ok === 1,
      appEnv: config.APP_ENV,
      marketData: config.MARKET_DATA_PROVIDER,
      integrations,
      contactForm,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
