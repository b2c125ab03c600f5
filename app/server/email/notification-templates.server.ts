// Alert, digest and test emails: a plain-text part and an HTML part from the same content, and the
// RFC 8058 one-click unsubscribe headers (List-Unsubscribe with an https URL carrying a signed token,
// List-Unsubscribe-Post: List-Unsubscribe=One-Click) so mail clients can offer "Unsubscribe".
import type { FrequencyType } from "#app/lib/notifications.ts";
import type { EmailMessage } from "#app/server/email/mail.server.ts";
import { escapeHtml } from "#app/server/email/templates.server.ts";

export interface AlertEmailItem {
  title: string;
  message: string;
  why: string;
}

export interface AlertEmailLinks {
  /** {origin}/notifications */
  preferencesUrl: string;
  /** {origin}/unsubscribe?token=...: the confirm page linked in the body. */
  unsubscribeUrl: string;
  /** {origin}/api/notifications/unsubscribe?token=...: the RFC 8058 one-click URL for the header. */
  oneClickUrl: string;
}

export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

function subjectOf(items: readonly AlertEmailItem[], frequency: FrequencyType): string {
  if (frequency === "daily")
    return `Your daily Wheelhouse digest: ${items.length} alert${items.length === 1 ? "" : "s"}`;
  if (frequency === "weekly")
    return `Your weekly Wheelhouse digest: ${items.length} alert${items.length === 1 ? "" : "s"}`;
  return items.length === 1
    ? `Wheelhouse alert: ${items[0]!.title}`
    : `Wheelhouse: ${items.length} market alerts`;
}

const FOOTER = "You get this email because market-event notifications are on for your Wheelhouse account.";
const DISCLAIMER = "Wheelhouse is software for education and analysis; it does not give investment advice.";

function layout(heading: string, intro: string, items: readonly AlertEmailItem[], links: AlertEmailLinks) {
  const text = [
    heading,
    "",
    intro,
    "",
    ...items.flatMap((item, i) => [`${i + 1}. ${item.title}`, `   ${item.message}`, `   ${item.why}`, ""]),
    `Notification settings: ${links.preferencesUrl}`,
    `Unsubscribe: ${links.unsubscribeUrl}`,
    "",
    FOOTER,
    DISCLAIMER,
    "",
    "— Wheelhouse",
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#070b14;color:#e2e8f0;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:600px;margin:0 auto;padding:32px 24px">
<p style="font-weight:bold;color:#34d399;margin:0 0 24px">Wheelhouse</p>
<h1 style="font-size:22px;color:#ffffff;margin:0 0 12px">${escapeHtml(heading)}</h1>
<p style="line-height:1.5;margin:0 0 20px">${escapeHtml(intro)}</p>
${items
  .map(
    (
      item,
    ) => `<div style="border:1px solid #1e293b;border-radius:10px;padding:14px 16px;margin:0 0 12px;background:#0b1220">
<p style="font-weight:bold;color:#ffffff;margin:0 0 6px">${escapeHtml(item.title)}</p>
<p style="line-height:1.5;margin:0 0 8px">${escapeHtml(item.message)}</p>
<p style="font-size:12px;line-height:1.4;color:#94a3b8;margin:0">${escapeHtml(item.why)}</p>
</div>`,
  )
  .join("\n")}
<p style="margin:24px 0 8px"><a href="${escapeHtml(links.preferencesUrl)}" style="color:#34d399">Notification settings</a> · <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#94a3b8">Unsubscribe</a></p>
<p style="font-size:12px;color:#94a3b8;margin:16px 0 0">${escapeHtml(FOOTER)} ${escapeHtml(DISCLAIMER)}</p>
</div></body></html>`;
  return { text, html };
}

export function alertEmail(
  to: string,
  items: readonly AlertEmailItem[],
  frequency: FrequencyType,
  links: AlertEmailLinks,
): EmailMessage {
  const heading =
    frequency === "realtime"
      ? items.length === 1
        ? "Market alert"
        : `${items.length} market alerts`
      : `Your ${frequency} digest`;
  const intro =
    frequency === "realtime"
      ? "New events for your watchlist since our last check:"
      : `Everything new for your watchlist since your last ${frequency} digest, in one email:`;
  const { text, html } = layout(heading, intro, items, links);
  return {
    to,
    kind: frequency === "realtime" ? "notification-alert" : `notification-digest-${frequency}`,
    subject: subjectOf(items, frequency),
    text,
    html,
    headers: unsubscribeHeaders(links.oneClickUrl),
  };
}

export function testNotificationEmail(to: string, links: AlertEmailLinks, sentAt: string): EmailMessage {
  const item: AlertEmailItem = {
    title: "Test notification",
    message: "Your Wheelhouse notification emails reach this inbox. Market alerts will look like this one.",
    why: `Why: you pressed "Send Test Email" on the notification settings page at ${sentAt}.`,
  };
  const { text, html } = layout("Test notification", "This is the test email you asked for.", [item], links);
  return {
    to,
    kind: "notification-test",
    subject: "Wheelhouse test notification",
    text,
    html,
    headers: unsubscribeHeaders(links.oneClickUrl),
  };
}
