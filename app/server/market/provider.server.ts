// Which provider serves the market: the simulated one (default, no keys, no network) or the live
// composite (providers/live.server.ts). MARKET_DATA_PROVIDER=demo|live in wrangler.toml.
import { serverConfig, type WorkerEnv } from "../env.server";
import { createDemoProvider } from "./providers/demo/provider.server";
import { createLiveProvider } from "./providers/live.server";
import type { MarketDataProvider } from "./types.server";

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
  return serverConfig(env).MARKET_DATA_PROVIDER === "live"
    ? createLiveProvider(env, clock)
    : createDemoProvider(clock);
}
