// The VAPID key pair the server signs pushes with (decisions 335, 336).
import { z } from "zod";
import { serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { generateVapidKeys, type VapidKeys } from "#app/server/push/web-push.server.ts";

/** Where a machine without VAPID secrets keeps its own key pair: the local KV (under .wrangler/state). */
export const LOCAL_VAPID_KEY = "dev:vapid-keys";
/** The contact a local key pair names (a push service only sees it from a deployed app). */
const LOCAL_VAPID_SUBJECT = "mailto:operator@localhost.invalid";

const localKeysSchema = z.object({ publicKey: z.string().length(87), privateKey: z.string().length(43) });

/**
 * The VAPID keys the server signs with: production's from its secrets (null until they are set: push is then "not
 * configured"); elsewhere the secrets when set, else a pair made on first use and kept in the local KV, so
 * `npm run dev` needs no setup and never writes the user's .dev.vars.
 */
export async function vapidKeysOf(env: WorkerEnv): Promise<VapidKeys | null> {
  const config = serverConfig(env);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY && config.VAPID_SUBJECT)
    return {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT,
    };
  if (config.APP_ENV === "production") return null;
  const stored = localKeysSchema.safeParse(await env.MARKET_KV.get(LOCAL_VAPID_KEY, "json"));
  if (stored.success) return { ...stored.data, subject: LOCAL_VAPID_SUBJECT };
  const made = await generateVapidKeys();
  await env.MARKET_KV.put(LOCAL_VAPID_KEY, JSON.stringify(made));
  return { ...made, subject: LOCAL_VAPID_SUBJECT };
}
