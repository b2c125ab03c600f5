// Which provider serves the market: the simulated one (default, no keys, no network) or the live composite
// (providers/live.server.ts) on Polygon (licensed) or Cboe (development only). MARKET_DATA_PROVIDER=demo|live|polygon
// in wrangler.toml. Each source's licence status is stated here once (decision 279).
import { serverConfig, type ServerConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { createLiveProvider } from "#app/server/market/providers/live.server.ts";
import type { MarketDataProvider, MarketSource } from "#app/server/market/types.server.ts";

const providers = new WeakMap<object, MarketDataProvider>();

/**
 * The provider of this env, built once per isolate (like getAuth) and read on the wall clock. Pass a
 * clock to read the market at another instant (the cron job's scheduled time); live instances share
 * their clients either way, so concurrency caps and budgets hold across the isolate.
 */
export function getMarketProvider(env: WorkerEnv, clock?: () => number): MarketDataProvider {
  if (clock) return createProvider(env, clock);
  let provider = providers.get(env);
  if (!provider) {
    provider = createProvider(env, Date.now);
    providers.set(env, provider);
  }
  return provider;
}

function createProvider(env: WorkerEnv, clock: () => number): MarketDataProvider {
  return serverConfig(env).MARKET_DATA_PROVIDER === "demo"
    ? createDemoProvider(clock)
    : createLiveProvider(env, clock);
}

/**
 * The live provider on Polygon for this env whatever MARKET_DATA_PROVIDER says, with this env's key and base (the
 * local-development refresh from a loopback Polygon: the real client, pointed where POLYGON_API_BASE says).
 */
export function createPolygonProvider(env: WorkerEnv, clock: () => number): MarketDataProvider {
  return createLiveProvider({ ...env, MARKET_DATA_PROVIDER: "polygon" }, clock);
}

/** Where the quotes and chains of a provider come from (what ideas and snapshots are labelled with). */
export function chainSourceOf(provider: MarketDataProvider): MarketSource {
  return provider.name === "demo" ? "demo" : provider.name === "polygon" ? "polygon" : "cboe";
}

export interface SourceLicence {
  source: "simulated" | "cboe" | "polygon";
  /** Whether the app may show this source's numbers to paying users. */
  licensed: boolean;
  note: string;
}

/** The market data source's licence status, as /api/health and the refresh's guard state it. */
export function marketDataLicence(config: ServerConfig): SourceLicence {
  switch (config.MARKET_DATA_PROVIDER) {
    case "demo":
      return {
        source: "simulated",
        licensed: true,
        note: "simulated market: our own data, labelled as such",
      };
    case "polygon":
      return {
        source: "polygon",
        licensed: true,
        note: "Polygon (Massive) under the operator's plan; displayed options quotes need the OPRA vendor agreement",
      };
    case "live":
      return {
        source: "cboe",
        licensed: false,
        note: "Cboe delayed quotes: development only; Cboe's terms require a signed licence for any use",
      };
  }
}

/**
 * The refresh's refusal, or null: production never runs on an unlicensed source unless the operator sets
 * ALLOW_UNLICENSED_MARKET_DATA=true, knowingly.
 */
export function unlicensedRefusal(config: ServerConfig): string | null {
  const licence = marketDataLicence(config);
  if (licence.licensed || config.APP_ENV !== "production" || config.ALLOW_UNLICENSED_MARKET_DATA === "true")
    return null;
  return `refused: ${licence.source} is not licensed for production (${licence.note}); set MARKET_DATA_PROVIDER=polygon with POLYGON_API_KEY, or ALLOW_UNLICENSED_MARKET_DATA=true to override`;
}
