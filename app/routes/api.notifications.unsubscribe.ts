import { redirect } from "react-router";
import type { Route } from "./+types/api.notifications.unsubscribe";
import { NOTIFICATION_MESSAGES } from "#app/lib/notifications.ts";
import { apiJson } from "#app/server/http/api.server.ts";
import { notificationError, notificationMethodNotAllowed } from "#app/server/notifications/api.server.ts";
import { unsubscribeWithToken } from "#app/server/notifications/unsubscribe.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** A person opening the List-Unsubscribe URL gets the confirm page (GETs from link scanners change nothing). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`/unsubscribe?token=${encodeURIComponent(token)}`);
}

/**
 * RFC 8058 one-click: the mail client POSTs "List-Unsubscribe=One-Click" to the URL from the header.
 * The signed token in the URL is the only credential; no cookie, no sign-in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return notificationMethodNotAllowed("GET, POST");
  const token = new URL(request.url).searchParams.get("token");
  const ok = await unsubscribeWithToken(context.get(cloudflareContext).env, token);
  if (!ok) return notificationError(400, NOTIFICATION_MESSAGES.invalidUnsubscribeLink);
  return apiJson({ success: true, message: NOTIFICATION_MESSAGES.unsubscribed });
}
