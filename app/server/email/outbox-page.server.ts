// The dev outbox as a page (local development only; the route guards it). Names and other user input reach
// the emails, so each email's HTML is shown in a sandboxed frame: no scripts, no same-origin access, and
// everything around it is escaped text.

export interface OutboxPageEmail {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
  html: string;
  text: string;
  createdAt: Date;
}

/** Escapes text for HTML content and double-quoted attributes (srcdoc included). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function emailItem(mail: OutboxPageEmail): string {
  const meta = `${escapeHtml(mail.kind)} · ${escapeHtml(mail.status)} · ${escapeHtml(mail.createdAt.toISOString())}`;
  return `<li>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To: ${escapeHtml(mail.to)}<br>${meta}</p>
<iframe sandbox title="${escapeHtml(`Email: ${mail.subject}`)}" srcdoc="${escapeHtml(mail.html)}" width="100%" height="420"></iframe>
<details><summary>Plain text</summary><pre>${escapeHtml(mail.text)}</pre></details>
</li>`;
}

export function outboxPageHtml(emails: OutboxPageEmail[], jsonHref: string): string {
  const list = emails.length
    ? `<ol>${emails.map(emailItem).join("\n")}</ol>`
    : "<p>No emails captured yet.</p>";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 960px; margin: 0 auto; padding: 1rem">
<h1>Dev outbox</h1>
<p>Captured emails, newest first (local development only). <a href="${escapeHtml(jsonHref)}">As JSON</a></p>
${list}
</body>
</html>`;
}
