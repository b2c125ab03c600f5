// The push channel's rules and words (decision 336), shared by the server and the notification settings: what a
// browser's subscription must look like, which push services the server will post to, how a device is named, and
// the texts the user reads.
import { z } from "zod";

/** Devices one user may add: a phone, a tablet, a few browsers. */
export const MAX_PUSH_DEVICES = 10;

/**
 * The browsers' push services, by host: the only places the server posts a push to, so a subscription cannot make
 * the server call an address of the sender's choosing. Chrome (and Edge on Android) use FCM, Firefox Mozilla's
 * autopush, Safari Apple's web push, Edge on Windows WNS.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
] as const;
/** Hosts under these suffixes are push services too (Apple's and Microsoft's are sharded). */
export const PUSH_SERVICE_HOST_SUFFIXES = [".push.apple.com", ".notify.windows.com"] as const;

export const PUSH_MESSAGES = {
  notConfigured: "Push notifications are not configured on this server",
  invalidSubscription: "This browser's push subscription could not be read",
  serviceNotAllowed: "This browser's push service is not one Wheelhouse sends to",
  tooManyDevices: `You can add up to ${MAX_PUSH_DEVICES} devices; remove one first`,
  notFound: "Device not found",
  added: "This device will get push notifications",
  removed: "Device removed",
  testSent: "Test push sent",
  testTitle: "Test notification",
  testBody: "Push from Wheelhouse works on this device.",
  testRateLimited: "Test push failed: too many test pushes, try again in a few minutes",
  gone: "This device's subscription has expired or was withdrawn; it was removed. Add it again to get pushes.",
  serviceRefused: (status: number) => `Test push failed: the push service answered ${status}`,
  permissionDenied: "Notifications are blocked for this site in the browser's settings",
  unsupported: "This browser cannot receive push notifications",
} as const;

/** Whether the server may post to this endpoint: https on a browser's push service (or the tests' loopback one). */
export function isPushServiceEndpoint(endpoint: string, extraOrigin?: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigin && url.origin === new URL(extraOrigin).origin) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return (
    (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) ||
    PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix))
  );
}

const base64Url = (length: number) =>
  z
    .string()
    .length(length)
    .regex(/^[A-Za-z0-9_-]+$/);

/** A PushSubscription's `toJSON()`: the P-256 key is 65 bytes (87 base64url characters), the secret 16 (22). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(1024),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64Url(87), auth: base64Url(22) }),
});

export const addPushDeviceSchema = z.object({ subscription: pushSubscriptionSchema });
export const pushDeviceIdSchema = z.object({ id: z.string().min(1).max(64) });

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Android, added Dec 1": the browser and system from the User-Agent, and the day it was added. */
export function pushDeviceName(
  userAgent: string | null,
  addedAtMs: number,
  timeZone = "America/New_York",
): string {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? "A browser";
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone }).format(
    addedAtMs,
  );
  return `${browser}${system ? ` on ${system}` : ""}, added ${day}`;
}

/** What a push carries to the service worker (JSON, well under the 3,993 bytes one push may carry). */
export interface PushPayload {
  title: string;
  /** The one-line reason. */
  body: string;
  /** A same-origin path the click opens. */
  url: string;
  /** The quote time the numbers are from, as the user reads it (absent for a test). */
  quoteTime?: string;
  /** One notification per tag on the device: a newer alert about the same thing replaces the older. */
  tag?: string;
}

/** The most alerts of one run pushed one by one; more become one push that lists them (a digest always does). */
export const MAX_SEPARATE_PUSHES = 3;

export interface PushableAlert {
  title: string;
  message: string;
  dedupeKey: string;
}

/**
 * The pushes of one run's alerts: each on its own while they are few and the user takes them as they come, else one
 * push naming them (the market-event digest applies to push as to email). Each push says which alerts it carries.
 */
export function alertPushes(
  alerts: readonly PushableAlert[],
  frequency: "realtime" | "daily" | "weekly",
): { payload: PushPayload; alerts: number[] }[] {
  if (alerts.length === 0) return [];
  if (frequency === "realtime" && alerts.length <= MAX_SEPARATE_PUSHES)
    return alerts.map((a, i) => ({
      payload: { title: a.title, body: a.message, url: "/notifications?tab=history", tag: a.dedupeKey },
      alerts: [i],
    }));
  const named = alerts.slice(0, MAX_SEPARATE_PUSHES).map((a) => a.title);
  const more = alerts.length - named.length;
  return [
    {
      payload: {
        title: `${alerts.length} alerts for your watchlist`,
        body: `${named.join("; ")}${more > 0 ? ` and ${more} more` : ""}`,
        url: "/notifications?tab=history",
        tag: "digest",
      },
      alerts: alerts.map((_, i) => i),
    },
  ];
}
