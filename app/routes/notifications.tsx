import type { Route } from "./+types/notifications";
import { NotificationSettings } from "#app/components/notifications/NotificationSettings.tsx";
import { UpgradeScreen } from "#app/components/notifications/UpgradeScreen.tsx";
import {
  defaultPreferences,
  HISTORY_LIMIT,
  NOTIFICATION_MESSAGES,
  type NotificationHistoryItem,
} from "#app/lib/notifications.ts";
import { requireSession } from "#app/server/auth/session.server.ts";
import { entitlementOf } from "#app/server/entitlements.server.ts";
import { listHistory } from "#app/server/notifications/history.server.ts";
import { readPreferences } from "#app/server/notifications/preferences.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Notification Settings · Wheelhouse",
    description: "Choose which market events Wheelhouse emails you about, when, and how often.",
    path: "/notifications",
    origin: originFromMatches(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const { plan, allowed } = entitlementOf(user, "notifications");
  if (!allowed) return { premiumRequired: true as const, currentTier: plan };
  const customTiming = entitlementOf(user, "notificationCustomTiming").allowed;
  try {
    const [preferences, history] = await Promise.all([
      readPreferences(env, user.id),
      listHistory(env, user.id, HISTORY_LIMIT.screen),
    ]);
    return {
      premiumRequired: false as const,
      plan,
      customTiming,
      preferences,
      history,
      loadError: null,
    };
  } catch (error) {
    // When the load fails the defaults are used, and the user is told
    // (docs/product/notifications-and-email.md#preferences).
    console.error("notifications: load failed", error);
    return {
      premiumRequired: false as const,
      plan,
      customTiming,
      preferences: defaultPreferences(),
      history: [] as NotificationHistoryItem[],
      loadError: NOTIFICATION_MESSAGES.loadFailed,
    };
  }
}

export default function NotificationsScreen({ loaderData }: Route.ComponentProps) {
  if (loaderData.premiumRequired) return <UpgradeScreen currentTier={loaderData.currentTier} />;
  return <NotificationSettings data={loaderData} />;
}
