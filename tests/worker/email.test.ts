import { describe, expect, inject, it } from "vitest";
import { makeContext } from "./helpers";
import { outboxFor } from "./auth-helpers";
import { backoffMs, deliverQueuedEmails, MAX_ATTEMPTS, sendEmail } from "../../app/server/email/mail.server";
import { escapeHtml, resetPasswordEmail } from "../../app/server/email/templates.server";
import { cloudflareContext } from "../../app/server/request-context.server";

const fake = () => inject("fakeOrigin");

async function recorded(): Promise<{ url: string; headers: Record<string, string>; body: string }[]> {
  return (await fetch(`${fake()}/__recorded`)).json();
}

describe("mail module", () => {
  it("captures emails in the outbox when no provider is configured", async () => {
    const env = makeContext().get(cloudflareContext).env;
    const result = await sendEmail(
      env,
      resetPasswordEmail(
        "captured@example.com",
        "http://localhost/api/auth/reset-password/t?callbackURL=/x&y=1",
      ),
    );
    expect(result.status).toBe("captured");
    const [row] = await outboxFor("captured@example.com");
    expect(row).toMatchObject({ status: "captured", attempts: 0, kind: "reset-password" });
    expect(row!.text).toContain("http://localhost/api/auth/reset-password/t?callbackURL=/x&y=1");
    expect(row!.html).toContain("callbackURL=/x&amp;y=1");
  });

  it("delivers through Resend when configured, with text and HTML parts", async () => {
    const env = makeContext({
      RESEND_API_KEY: "re_test",
      EMAIL_FROM: "Wheelhouse <noreply@wheelhouse.test>",
      RESEND_API_BASE: `${fake()}/resend`,
    }).get(cloudflareContext).env;
    const result = await sendEmail(env, resetPasswordEmail("sent@example.com", "http://localhost/reset"));
    expect(result.status).toBe("sent");
    const [row] = await outboxFor("sent@example.com");
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    const request = (await recorded()).find(
      (r) => r.url === "/resend/emails" && r.body.includes("sent@example.com"),
    )!;
    expect(request.headers.authorization).toBe("Bearer re_test");
    expect(JSON.parse(request.body)).toMatchObject({
      from: "Wheelhouse <noreply@wheelhouse.test>",
      to: ["sent@example.com"],
      subject: "Reset your Wheelhouse password",
    });
    expect(JSON.parse(request.body).html).toContain("<h1");
    expect(JSON.parse(request.body).text).toContain("http://localhost/reset");
  });

  it("records a failed delivery, retries with backoff, and gives up only after the last attempt", async () => {
    const failing = makeContext({
      RESEND_API_KEY: "re_test",
      EMAIL_FROM: "noreply@wheelhouse.test",
      RESEND_API_BASE: `${fake()}/resend/fail`,
    }).get(cloudflareContext).env;
    const t0 = Date.UTC(2026, 10, 1);
    const result = await sendEmail(
      failing,
      resetPasswordEmail("retry@example.com", "http://localhost/reset"),
      t0,
    );
    expect(result.status).toBe("queued");
    let [row] = await outboxFor("retry@example.com");
    expect(row).toMatchObject({ status: "queued", attempts: 1, nextAttemptAt: t0 + backoffMs(1) });
    expect(row!.lastError).toContain("HTTP 500");

    // Not yet due: nothing happens.
    expect((await deliverQueuedEmails(failing, new Date(t0 + 1000))).detail).toMatchObject({ due: 0 });

    // Provider back: the cron delivers it.
    const healthy = makeContext({
      RESEND_API_KEY: "re_test",
      EMAIL_FROM: "noreply@wheelhouse.test",
      RESEND_API_BASE: `${fake()}/resend`,
    }).get(cloudflareContext).env;
    const run = await deliverQueuedEmails(healthy, new Date(t0 + backoffMs(1)));
    expect(run).toMatchObject({ itemsProcessed: 1, failures: 0 });
    [row] = await outboxFor("retry@example.com");
    expect(row).toMatchObject({ status: "sent", attempts: 2 });

    // A provider that never recovers: marked failed after MAX_ATTEMPTS, not dropped.
    await sendEmail(failing, resetPasswordEmail("dead@example.com", "http://localhost/reset"), t0);
    let t = t0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      t += backoffMs(attempt);
      await deliverQueuedEmails(failing, new Date(t));
    }
    [row] = await outboxFor("dead@example.com");
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
  });

  it("backs off exponentially up to six hours", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([60_000, 120_000, 240_000]);
    expect(backoffMs(30)).toBe(6 * 3_600_000);
  });

  it("escapes HTML in content", () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  });
});
