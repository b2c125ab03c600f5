// better-auth on D1 (drizzle adapter): email + password, Google and Apple when configured, password
// reset through the mail module, the admin plugin, sessions and rate limits in D1 (not KV: it is eventually consistent, wrong for counters).
// The minimal entry leaves out the Kysely adapter and SQLite dialects the app never uses (decision 231).
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { authSecret, integrationsOf, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { sendEmail } from "#app/server/email/mail.server.ts";
import { resetPasswordEmail } from "#app/server/email/templates.server.ts";
import { recordSignUp } from "#app/server/analytics.server.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#app/lib/auth-validation.ts";
import { grantAutomaticTrial } from "#app/server/auth/trial.server.ts";
import { authAfterHooks, authGuards } from "#app/server/auth/auth-guards.server.ts";
import { cleanNewUser, cleanUserUpdate } from "#app/server/auth/profile-fields.server.ts";
import { clearSignInFailures } from "#app/server/auth/sign-in-throttle.server.ts";
import { SIGN_IN_LINK_PATHS, signInLinks } from "#app/server/auth/sign-in-link.server.ts";

/**
 * Rate limits for the endpoints an attacker would hammer (sign-in, sign-up, reset). They apply to every
 * request through the auth handler, which is also the path the screens' actions use
 * (auth-endpoint.server.ts), in every mode including local dev.
 */
export const AUTH_RATE_LIMITS = {
  "/sign-in/*": { window: 60, max: 10 },
  "/sign-up/*": { window: 60, max: 5 },
  "/request-password-reset": { window: 300, max: 5 },
  "/reset-password": { window: 300, max: 10 },
  "/change-password": { window: 60, max: 5 },
  // Sign-in links (decision 299), per client address; per account: MAX_SIGN_IN_LINKS.
  [SIGN_IN_LINK_PATHS.request]: { window: 900, max: 5 },
  [SIGN_IN_LINK_PATHS.verify]: { window: 60, max: 10 },
} as const;

/** How a new user arrived, from the endpoint that created them (for the sign_up event). */
function signUpMethod(path: string | undefined, providerId: unknown): string {
  if (path?.startsWith("/sign-up/email")) return "email";
  if (path?.startsWith("/callback") || path?.startsWith("/sign-in/social"))
    return typeof providerId === "string" ? providerId : "social";
  return "other";
}

/**
 * Every endpoint of better-auth's admin plugin (set-role, ban-user, set-user-password, remove-user,
 * create-user, impersonation, ...). The back office does its work through the app's own audited server
 * functions, and remove-user would skip the app's deletion flow (Stripe first), so none is served over
 * HTTP (decision 213). The plugin itself stays: its schema fields and its ban check at sign-in.
 */
export const ADMIN_PLUGIN_PATHS = Object.values(admin().endpoints).map((endpoint) => endpoint.path);

function buildAuth(env: WorkerEnv, baseURL: string) {
  const config = serverConfig(env);
  const integrations = integrationsOf(config);
  const db = getDb(env);
  const production = config.APP_ENV === "production";

  const socialProviders: Parameters<typeof betterAuth>[0]["socialProviders"] = {};
  if (integrations.google.configured) {
    socialProviders.google = {
      clientId: config.GOOGLE_CLIENT_ID!,
      clientSecret: config.GOOGLE_CLIENT_SECRET!,
      // /signin must not create accounts (docs/product/accounts-and-auth.md#social-sign-in); /signup asks
      // with requestSignUp.
      disableImplicitSignUp: true,
      prompt: "select_account",
    };
  }
  if (integrations.apple.configured) {
    socialProviders.apple = {
      clientId: config.APPLE_CLIENT_ID!,
      clientSecret: config.APPLE_CLIENT_SECRET!,
      appBundleIdentifier: config.APPLE_APP_BUNDLE_IDENTIFIER,
      disableImplicitSignUp: true,
    };
  }

  return betterAuth({
    baseURL,
    secret: authSecret(config),
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    // Apple answers with a cross-site form POST to the callback.
    trustedOrigins: integrations.apple.configured ? ["https://appleid.apple.com"] : [],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendEmail(env, resetPasswordEmail(user.email, url));
      },
      // The reset link always works and ends a sign-in lockout at once (decisions 211, 299).
      onPasswordReset: async ({ user }) => {
        await clearSignInFailures(env, user.email);
      },
    },
    socialProviders,
    user: {
      additionalFields: {
        // input: false — none of these can be set through sign-up or update-user (server-owned:
        // docs/product/accounts-and-auth.md#user-fields).
        subscriptionTier: { type: "string", required: false, defaultValue: "Free Plan", input: false },
        subscriptionStatus: { type: "string", required: false, defaultValue: "inactive", input: false },
        trialEnd: { type: "date", required: false, input: false },
        currentPeriodEnd: { type: "date", required: false, input: false },
        hasUsedTrial: { type: "boolean", required: false, defaultValue: false, input: false },
        subscriptionId: { type: "string", required: false, input: false },
        lastSubscriptionTier: { type: "string", required: false, input: false },
        cancelAtPeriodEnd: { type: "boolean", required: false, defaultValue: false, input: false },
        // Kept by triggers from watchlist_symbols (decision 209): read with the session, never written here.
        watchlistSymbolsJson: { type: "string", required: false, defaultValue: "[]", input: false },
        spreadProfile: { type: "string", required: false, defaultValue: "balanced", input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    hooks: { before: authGuards(env), after: authAfterHooks(env) },
    // The HTTP router answers 404 for these: the back office calls none of the admin plugin's endpoints.
    disabledPaths: ADMIN_PLUGIN_PATHS,
    databaseHooks: {
      user: {
        // Whoever writes a user through better-auth (sign-up, OAuth profile, update-user, server calls), the
        // name and image are stored as text within their limits (decision 210).
        update: { before: async (update) => cleanUserUpdate(update) },
        create: {
          before: async (user) => cleanNewUser(user),
          after: async (user, ctx) => {
            await recordSignUp(env, {
              userId: user.id,
              path: ctx?.path ?? null,
              method: signUpMethod(
                ctx?.path,
                ctx?.params?.id ?? (ctx?.body as { provider?: unknown } | undefined)?.provider,
              ),
            });
          },
        },
      },
      session: {
        create: {
          // The automatic promotional trial starts with the first session of an eligible user.
          after: async (session) => {
            await grantAutomaticTrial(env, session.userId);
          },
        },
      },
    },
    // Rate limits live in D1 (KV is eventually consistent: wrong for counters) and are on in every mode.
    rateLimit: { enabled: true, storage: "database", window: 60, max: 100, customRules: AUTH_RATE_LIMITS },
    advanced: {
      // Cloudflare sets CF-Connecting-IP itself; X-Forwarded-For can be forged by the client.
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
      // Every signed-in request reads its session: one D1 query joining the user instead of two in a row.
      database: { joins: true },
      useSecureCookies: production,
      ...(integrations.apple.configured
        ? { cookies: { state: { attributes: { sameSite: "none" as const, secure: true } } } }
        : {}),
    },
    // signInLinks: the emailed one-time sign-in link that works past the password budget (decision 299).
    plugins: [admin(), signInLinks(env)],
  });
}

export type Auth = ReturnType<typeof buildAuth>;

const instances = new WeakMap<object, Map<string, Auth>>();

/** One auth instance per env and origin (the origin decides callback and reset links). */
export function getAuth(env: WorkerEnv, request: Request): Auth {
  const config = serverConfig(env);
  const origin = config.APP_URL ?? new URL(request.url).origin;
  let byOrigin = instances.get(env);
  if (!byOrigin) {
    byOrigin = new Map();
    instances.set(env, byOrigin);
  }
  let auth = byOrigin.get(origin);
  if (!auth) {
    auth = buildAuth(env, origin);
    byOrigin.set(origin, auth);
  }
  return auth;
}

export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type SessionUser = SessionData["user"];
