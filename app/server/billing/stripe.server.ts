// The Stripe client for Workers: the SDK's fetch HTTP client and SubtleCrypto for webhook signatures
// (Node's http and crypto are not what workerd offers). Null when payments are not configured.
import Stripe from "stripe";
import type { PriceIds } from "#app/lib/plans.ts";
import { integrationsOf, serverConfig, type ServerConfig, type WorkerEnv } from "#app/server/env.server.ts";

export interface Billing {
  stripe: Stripe;
  priceIds: PriceIds;
  webhookSecret: string;
}

export function priceIdsOf(config: ServerConfig): PriceIds {
  return {
    "Pro Plan": {
      monthly: config.STRIPE_PRICE_PRO_MONTHLY ?? null,
      yearly: config.STRIPE_PRICE_PRO_YEARLY ?? null,
    },
    "Elite Plan": {
      monthly: config.STRIPE_PRICE_ELITE_MONTHLY ?? null,
      yearly: config.STRIPE_PRICE_ELITE_YEARLY ?? null,
    },
  };
}

/** Client options; STRIPE_API_BASE (tests only) points the SDK at a local fake. */
function clientOptions(config: ServerConfig): ConstructorParameters<typeof Stripe>[1] {
  const options: NonNullable<ConstructorParameters<typeof Stripe>[1]> = {
    httpClient: Stripe.createFetchHttpClient(),
    // One retry with the SDK's idempotency keys: a dropped connection does not create two objects.
    maxNetworkRetries: 1,
    timeout: 15_000,
  };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    options.host = base.hostname;
    options.port = base.port || (base.protocol === "https:" ? "443" : "80");
    options.protocol = base.protocol === "https:" ? "https" : "http";
  }
  return options;
}

const cache = new WeakMap<object, Billing | null>();

/** The configured Stripe account, or null when any of the Stripe variables is missing. */
export function getBilling(env: WorkerEnv): Billing | null {
  if (cache.has(env)) return cache.get(env)!;
  const config = serverConfig(env);
  let billing: Billing | null = null;
  if (integrationsOf(config).stripe.configured) {
    billing = {
      stripe: new Stripe(config.STRIPE_SECRET_KEY!, clientOptions(config)),
      priceIds: priceIdsOf(config),
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    };
  }
  cache.set(env, billing);
  return billing;
}

export const webCrypto = Stripe.createSubtleCryptoProvider();

export type { Stripe };
