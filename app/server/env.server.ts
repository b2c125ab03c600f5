// One place that reads the Worker environment. Every optional integration reports "not configured"
// instead of failing; only the public subset (`publicConfig`) ever reaches the browser.
import { z } from "zod";

/** Secrets and optional vars that wrangler.toml does not declare (set with `wrangler secret put`). */
export interface OptionalSecrets {
  BETTER_AUTH_SECRET?: string;
  APP_URL?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  APPLE_CLIENT_ID?: string;
  APPLE_CLIENT_SECRET?: string;
  APPLE_APP_BUNDLE_IDENTIFIER?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_PRO_MONTHLY?: string;
  STRIPE_PRICE_PRO_YEARLY?: string;
  STRIPE_PRICE_ELITE_MONTHLY?: string;
  STRIPE_PRICE_ELITE_YEARLY?: string;
  /** Test-only: point the Stripe client at a local fake ("http://127.0.0.1:12111"). */
  STRIPE_API_BASE?: string;
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** Test-only: point siteverify at a local fake ("http://127.0.0.1:12111/turnstile"). */
  TURNSTILE_API_BASE?: string;
  /** Where contact messages are emailed (the team address). */
  SUPPORT_EMAIL?: string;
  RESEND_API_KEY?: string;
  /** Test-only override of the Resend endpoint. */
  RESEND_API_BASE?: string;
  /** Signing secret of the Resend webhook that reports bounces and complaints ("whsec_..."). */
  RESEND_WEBHOOK_SECRET?: string;
  EMAIL_FROM?: string;
  FINNHUB_API_KEY?: string;
  ALPHAVANTAGE_API_KEY?: string;
  /** Polygon.io (Massive): the licensed production market data (decision 279). */
  POLYGON_API_KEY?: string;
  /** Calls a minute the Polygon plan allows (default 600: paid plans are unmetered). */
  POLYGON_CALLS_PER_MINUTE?: string;
  /** "true": the operator runs production on a source without a redistribution licence (Cboe), knowingly. */
  ALLOW_UNLICENSED_MARKET_DATA?: string;
  /** Test-only overrides of provider hosts (every `*_API_BASE` is ignored in production: decision 297). */
  POLYGON_API_BASE?: string;
  CBOE_API_BASE?: string;
  FINNHUB_API_BASE?: string;
  ALPHAVANTAGE_API_BASE?: string;
  TREASURY_API_BASE?: string;
  /** Fixed risk-free rate, percent a year, continuously compounded (overrides the Treasury reading). */
  RISK_FREE_RATE?: string;
  /** The Cloudflare account whose Analytics Engine the daily rollup queries (decision 284). */
  ANALYTICS_ACCOUNT_ID?: string;
  /** An API token with Account Analytics: Read, for the Analytics Engine SQL API. */
  ANALYTICS_API_TOKEN?: string;
  /** Test-only: the SQL API's base instead of https://api.cloudflare.com/client/v4 (a loopback fake). */
  ANALYTICS_SQL_API_BASE?: string;
  /** Web Push's VAPID key pair (decision 335): the uncompressed P-256 public point and private scalar, base64url. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** The operator's contact the push services see (RFC 8292 `sub`): "mailto:..." or "https://...". */
  VAPID_SUBJECT?: string;
  /** Test-only: a loopback push service's origin, accepted as a subscription endpoint beside the browsers' own. */
  PUSH_API_BASE?: string;
}

export type WorkerEnv = Env & OptionalSecrets;

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z.object({
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  MARKET_DATA_PROVIDER: z.enum(["demo", "live", "polygon"]).default("demo"),
  BETTER_AUTH_SECRET: optional,
  APP_URL: optional.pipe(z.url().optional()),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  APPLE_CLIENT_ID: optional,
  APPLE_CLIENT_SECRET: optional,
  APPLE_APP_BUNDLE_IDENTIFIER: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_PRO_MONTHLY: optional,
  STRIPE_PRICE_PRO_YEARLY: optional,
  STRIPE_PRICE_ELITE_MONTHLY: optional,
  STRIPE_PRICE_ELITE_YEARLY: optional,
  STRIPE_API_BASE: optional,
  TURNSTILE_SITE_KEY: optional,
  TURNSTILE_SECRET_KEY: optional,
  TURNSTILE_API_BASE: optional,
  SUPPORT_EMAIL: optional,
  RESEND_API_KEY: optional,
  RESEND_API_BASE: optional,
  RESEND_WEBHOOK_SECRET: optional,
  EMAIL_FROM: optional,
  FINNHUB_API_KEY: optional,
  ALPHAVANTAGE_API_KEY: optional,
  POLYGON_API_KEY: optional,
  POLYGON_CALLS_PER_MINUTE: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(100_000).optional(),
  ),
  ALLOW_UNLICENSED_MARKET_DATA: optional.pipe(z.enum(["true", "false"]).optional()),
  POLYGON_API_BASE: optional,
  CBOE_API_BASE: optional,
  FINNHUB_API_BASE: optional,
  ALPHAVANTAGE_API_BASE: optional,
  TREASURY_API_BASE: optional,
  RISK_FREE_RATE: optional.pipe(z.coerce.number<string | undefined>().min(-5).max(25).optional()),
  ANALYTICS_ACCOUNT_ID: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
  ),
  ANALYTICS_API_TOKEN: optional,
  ANALYTICS_SQL_API_BASE: optional.pipe(z.url().optional()),
  VAPID_PUBLIC_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/)
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
  ),
  VAPID_SUBJECT: optional.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/)
      .optional(),
  ),
  PUSH_API_BASE: optional.pipe(z.url().optional()),
});

export type ServerConfig = z.infer<typeof envSchema>;

/** A setting that points a client at another host than the provider's own (a loopback fake in tests). */
export type ApiBaseKey = Extract<keyof ServerConfig, `${string}_API_BASE`>;

/**
 * Every `*_API_BASE` setting of the schema, found by its name, so a provider added later is covered without being
 * listed: production never honours one (decision 297), whichever client reads it.
 */
export const API_BASE_KEYS = Object.keys(envSchema.shape).filter((key): key is ApiBaseKey =>
  key.endsWith("_API_BASE"),
);

/**
 * The config a client may use: in production every `*_API_BASE` is dropped (the provider's own host, always), so a
 * stray variable cannot send a key (Polygon's, Stripe's, Resend's) to another host; the log names the ignored
 * settings, never their values. Tests that need production with a fake stand in for the runtime's `fetch` instead.
 */
function withoutApiBasesInProduction(config: ServerConfig): ServerConfig {
  if (config.APP_ENV !== "production") return config;
  const ignored = API_BASE_KEYS.filter((key) => config[key] !== undefined);
  if (ignored.length === 0) return config;
  console.warn(`production ignores ${ignored.join(", ")}: clients use their providers' own hosts`);
  const out = { ...config };
  for (const key of ignored) out[key] = undefined;
  return out;
}

export interface IntegrationStatus {
  configured: boolean;
  /** The variables still to set, for the "not configured" message. */
  missing: string[];
}

function status(config: ServerConfig, keys: (keyof ServerConfig)[]): IntegrationStatus {
  const missing = keys.filter((k) => !config[k]).map(String);
  return { configured: missing.length === 0, missing };
}

export interface Integrations {
  google: IntegrationStatus;
  apple: IntegrationStatus;
  stripe: IntegrationStatus;
  turnstile: IntegrationStatus;
  emailDelivery: IntegrationStatus;
  finnhub: IntegrationStatus;
  alphaVantage: IntegrationStatus;
  polygon: IntegrationStatus;
  analyticsRollup: IntegrationStatus;
}

export function integrationsOf(config: ServerConfig): Integrations {
  return {
    google: status(config, ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]),
    apple: status(config, ["APPLE_CLIENT_ID", "APPLE_CLIENT_SECRET"]),
    // The price ids are per plan and period: a missing one answers 'No price ID available for this tier'.
    stripe: status(config, ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]),
    turnstile: status(config, ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"]),
    emailDelivery: status(config, ["RESEND_API_KEY", "EMAIL_FROM"]),
    finnhub: status(config, ["FINNHUB_API_KEY"]),
    alphaVantage: status(config, ["ALPHAVANTAGE_API_KEY"]),
    polygon: status(config, ["POLYGON_API_KEY"]),
    // The daily rollup of the Analytics Engine events into D1 (decision 284).
    analyticsRollup: status(config, ["ANALYTICS_ACCOUNT_ID", "ANALYTICS_API_TOKEN"]),
  };
}

export class ConfigError extends Error {}

const cache = new WeakMap<object, ServerConfig>();

/** Parses the environment once per isolate and env object. */
export function serverConfig(env: WorkerEnv): ServerConfig {
  const hit = cache.get(env);
  if (hit) return hit;
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.shape)) raw[key] = (env as unknown as Record<string, unknown>)[key];
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid environment: ${issues}`);
  }
  if (parsed.data.APP_ENV === "production" && !parsed.data.BETTER_AUTH_SECRET) {
    throw new ConfigError("Invalid environment: BETTER_AUTH_SECRET must be set in production");
  }
  const config = withoutApiBasesInProduction(parsed.data);
  cache.set(env, config);
  return config;
}

/** Fixed, clearly non-secret key used only outside production so local runs need no setup. */
export const DEV_AUTH_SECRET = "wheelhouse-local-development-secret-not-for-production";

export function authSecret(config: ServerConfig): string {
  return config.BETTER_AUTH_SECRET ?? DEV_AUTH_SECRET;
}

/** The subset of configuration the browser may see. */
export interface PublicConfig {
  appEnv: ServerConfig["APP_ENV"];
  marketDataProvider: ServerConfig["MARKET_DATA_PROVIDER"];
  turnstileSiteKey: string | null;
  googleSignIn: boolean;
  appleSignIn: boolean;
  payments: boolean;
}

export function publicConfig(config: ServerConfig): PublicConfig {
  const integrations = integrationsOf(config);
  return {
    appEnv: config.APP_ENV,
    marketDataProvider: config.MARKET_DATA_PROVIDER,
    turnstileSiteKey: integrations.turnstile.configured ? (config.TURNSTILE_SITE_KEY ?? null) : null,
    googleSignIn: integrations.google.configured,
    appleSignIn: integrations.apple.configured,
    payments: integrations.stripe.configured,
  };
}

/**
 * The site's public origin, the one function for links we hand out (emails, Stripe return URLs, share pages):
 * APP_URL when configured (required in production), otherwise the request's own, otherwise (a cron or queue
 * job in development) the dev server's.
 */
export function publicOrigin(env: WorkerEnv, request?: Request): string {
  return (
    serverConfig(env).APP_URL?.replace(/\/$/, "") ??
    (request ? new URL(request.url).origin : "http://localhost:5173")
  );
}
