import type { Route } from "./+types/api.health";
import { integrationsOf, serverConfig } from "#app/server/env.server.ts";
import { databaseReachable, marketDataPlanProblem } from "#app/server/health.server.ts";
import { marketDataLicence } from "#app/server/market/provider.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { apiJson, methodNotAllowed } from "#app/server/http/api.server.ts";

/** Liveness plus which optional integrations are configured (names only, never values). */
export async function loader({ context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const config = serverConfig(env);
  const [db, marketDataProblem] = await Promise.all([databaseReachable(env), marketDataPlanProblem(env)]);
  const integrations = Object.fromEntries(
    Object.entries(integrationsOf(config)).map(([name, s]) => [
      name,
      s.configured ? "configured" : "not configured",
    ]),
  );
  // Offline (no Turnstile keys) the visitor contact form has no captcha and relies on its rate limit.
  const contactForm = integrationsOf(config).turnstile.configured ? "captcha" : "rate-limited, no captcha";
  return apiJson({
    ok: db,
    appEnv: config.APP_ENV,
    marketData: config.MARKET_DATA_PROVIDER,
    // Each source and whether the app may show its numbers to paying users (decision 279).
    marketDataLicence: marketDataLicence(config),
    marketDataSources: {
      simulated: "licensed: our own simulated market",
      polygon: `${integrationsOf(config).polygon.configured ? "configured" : "not configured"}; licensed under the operator's plan`,
      cboe: "development only: not licensed for production",
      finnhub: `${integrationsOf(config).finnhub.configured ? "configured" : "not configured"}; a free key is for development`,
      alphaVantage: `${integrationsOf(config).alphaVantage.configured ? "configured" : "not configured"}; a free key is for development`,
    },
    // The plan feature the last market refresh found missing (options quotes, a stocks plan), or null.
    marketDataProblem,
    integrations,
    contactForm,
  });
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return methodNotAllowed("GET");
}
