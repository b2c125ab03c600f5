// Email bodies: every email has a plain-text part and an HTML part written from the same content.
import type { EmailMessage } from "#app/server/email/mail.server.ts";

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Text a user wrote: escaped, line breaks kept, never turned into links by us. */
  quote?: string;
  button?: { label: string; url: string };
  footer?: string;
}

/** Dark, table-free HTML that mail clients render acceptably; text mirrors it line by line. */
function render(to: string, kind: string, content: EmailContent): EmailMessage {
  const textParts = [content.heading, "", ...content.paragraphs.flatMap((p) => [p, ""])];
  if (content.quote !== undefined) textParts.push(content.quote, "");
  if (content.button) textParts.push(`${content.button.label}: ${content.button.url}`, "");
  if (content.footer) textParts.push(content.footer);
  textParts.push("", "— Wheelhouse");
  const html = `<!doctype html><html><body style="margin:0;background:#070b14;color:#e2e8f0;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:bold;color:#34d399;margin:0 0 24px">Wheelhouse</p>
<h1 style="font-size:22px;color:#ffffff;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 14px">${escapeHtml(p)}</p>`).join("\n")}
${
  content.quote !== undefined
    ? `<div style="white-space:pre-wrap;line-height:1.5;margin:0 0 14px;padding:12px 16px;border-left:3px solid #334155;background:#0f172a">${escapeHtml(content.quote)}</div>`
    : ""
}
${
  content.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.button.url)}" style="background:#10b981;color:#070b14;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.button.label)}</a></p>
<p style="font-size:12px;color:#94a3b8;word-break:break-all">${escapeHtml(content.button.url)}</p>`
    : ""
}
${content.footer ? `<p style="font-size:12px;color:#94a3b8;margin-top:24px">${escapeHtml(content.footer)}</p>` : ""}
</div></body></html>`;
  return { to, kind, subject: content.subject, text: textParts.join("\n"), html };
}

export function resetPasswordEmail(to: string, url: string): EmailMessage {
  return render(to, "reset-password", {
    subject: "Reset your Wheelhouse password",
    heading: "Reset your password",
    paragraphs: [
      "We received a request to reset the password of your Wheelhouse account.",
      "Open the link below to choose a new password. The link works for one hour.",
    ],
    button: { label: "Reset password", url },
    footer: "If you did not ask for this, ignore this email: your password stays as it is.",
  });
}

/** The one-time sign-in link (decision 299): works once, for 15 minutes, whatever the password lockout. */
export function signInLinkEmail(to: string, url: string): EmailMessage {
  return render(to, "sign-in-link", {
    subject: "Your Wheelhouse sign-in link",
    heading: "Sign in to Wheelhouse",
    paragraphs: [
      "We received a request for a sign-in link for your Wheelhouse account.",
      "Open the link below to sign in. It works once, for 15 minutes.",
    ],
    button: { label: "Sign in", url },
    footer:
      "If you did not ask for this, ignore this email. If someone is trying passwords on your account, choose a new one with 'Forgot password'.",
  });
}

export function promoTrialEmail(to: string, appUrl: string, length: string): EmailMessage {
  return render(to, "promo-trial", {
    subject: "Your free Wheelhouse Pro trial is active",
    heading: "FREE Pro Trial Active!",
    paragraphs: [
      `You have Wheelhouse Pro for ${length}: curated trade ideas, a larger watchlist and market-event alerts.`,
    ],
    button: { label: "Open Wheelhouse", url: appUrl },
  });
}

export function invitationEmail(to: string, signupUrl: string): EmailMessage {
  return render(to, "invitation", {
    subject: "You're invited to Wheelhouse",
    heading: "You're invited to Wheelhouse",
    paragraphs: [
      "The Wheelhouse team invites you to try our options-income tools: curated trade ideas, a watchlist with sentiment and RSI, and wheel-strategy tracking.",
      "Create your account with the link below.",
    ],
    button: { label: "Create your account", url: signupUrl },
  });
}

export interface TeamNotice {
  userEmail: string;
  userName: string;
  userTier: string;
}

/** To the team on each general feedback (docs/product/feedback-board.md#general-feedback). */
export function teamFeedbackEmail(
  to: string,
  notice: TeamNotice & { category: string; feedback: string },
): EmailMessage {
  return render(to, "notify-feedback", {
    subject: `New feedback (${notice.category}) from ${notice.userEmail}`,
    heading: "New feedback",
    paragraphs: [
      `From: ${notice.userName} <${notice.userEmail}> (${notice.userTier})`,
      `Category: ${notice.category}`,
    ],
    quote: notice.feedback,
  });
}

/** To the team on each new feature request (docs/product/feedback-board.md#feature-requests). */
export function teamFeatureRequestEmail(
  to: string,
  notice: TeamNotice & { title: string; description: string },
): EmailMessage {
  return render(to, "notify-feature-request", {
    subject: `New feature request from ${notice.userEmail}`,
    heading: "New feature request",
    paragraphs: [
      `From: ${notice.userName} <${notice.userEmail}> (${notice.userTier})`,
      `Title: ${notice.title}`,
    ],
    quote: notice.description,
  });
}

/** A contact-form message for the team; replying answers the sender (their address is in the text). */
export function contactMessageEmail(
  to: string,
  from: string,
  subject: string,
  message: string,
): EmailMessage {
  return render(to, "contact", {
    subject,
    heading: subject,
    paragraphs: [`From: ${from}`],
    quote: message,
  });
}
