import { describe, expect, inject, it } from "vitest";
import { makeContext } from "./helpers";
import { outboxFor } from "./auth-helpers";
import {
  backoffMs,
  deliverOutboxRow,
  deliverQueuedEmails,
  enqueueEmail,
  MAX_ATTEMPTS,
  sendEmail,
  suppressAddress,
} from "#app/server/email/mail.server.ts";
import { escapeHtml, promoTrialEmail, resetPasswordEmail } from "#app/server/email/templates.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

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

describe("the outbox owns delivery (decision 289)", () => {
  const provider = (path: string) =>
    makeContext({
      RESEND_API_KEY: "re_test",
      EMAIL_FROM: "noreply@wheelhouse.test",
      RESEND_API_BASE: `${fake()}/resend${path}`,
    }).get(cloudflareContext).env;
  const t0 = Date.UTC(2026, 10, 2);

  it("a refusal of the email itself (422) fails at once; a 429 waits its backoff", async () => {
    const rejected = await sendEmail(
      provider("/reject"),
      resetPasswordEmail("reject@example.com", "http://localhost/reset"),
      t0,
    );
    expect(rejected).toMatchObject({ status: "failed", failure: { status: 422, permanent: true } });
    let [row] = await outboxFor("reject@example.com");
    expect(row).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null });
    // The cron finds nothing to retry.
    await deliverQueuedEmails(provider(""), new Date(t0 + backoffMs(1)));
    [row] = await outboxFor("reject@example.com");
    expect(row).toMatchObject({ status: "failed", attempts: 1 });

    const busy = await sendEmail(
      provider("/busy"),
      resetPasswordEmail("busy@example.com", "http://localhost/reset"),
      t0,
    );
    expect(busy).toMatchObject({ status: "queued", failure: { status: 429, permanent: false } });
    [row] = await outboxFor("busy@example.com");
    expect(row).toMatchObject({ status: "queued", attempts: 1, nextAttemptAt: t0 + backoffMs(1) });
  });

  it("two senders of the same due row: one claims it, the provider sees one request", async () => {
    const queued = await enqueueEmail(
      provider(""),
      resetPasswordEmail("claim@example.com", "http://localhost/reset"),
      t0,
    );
    const before = (await recorded()).filter((r) => r.headers["idempotency-key"] === queued.id).length;
    const [a, b] = await Promise.all([
      deliverOutboxRow(provider(""), queued.id, t0),
      deliverQueuedEmails(provider(""), new Date(t0)),
    ]);
    const sends = (await recorded()).filter((r) => r.headers["idempotency-key"] === queued.id).length;
    expect(sends - before).toBe(1);
    expect(a.status).toBe("sent");
    expect(b.detail).toMatchObject({ sent: 0 });
    const [row] = await outboxFor("claim@example.com");
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a bounced address gets nothing; one that complained still gets its password reset", async () => {
    const env = provider("");
    await suppressAddress(env, "Bounced@Example.com", "bounce", "test", t0);
    const toBounced = await sendEmail(
      env,
      resetPasswordEmail("bounced@example.com", "http://localhost/r"),
      t0,
    );
    expect(toBounced.status).toBe("suppressed");
    const [row] = await outboxFor("bounced@example.com");
    expect(row).toMatchObject({ status: "suppressed", attempts: 0, nextAttemptAt: null });
    expect(row!.lastError).toContain("bounced");

    await suppressAddress(env, "complained@example.com", "complaint", null, t0);
    const promo = await sendEmail(
      env,
      promoTrialEmail("complained@example.com", "http://localhost", "7 days"),
      t0,
    );
    expect(promo.status).toBe("suppressed");
    const reset = await sendEmail(
      env,
      resetPasswordEmail("complained@example.com", "http://localhost/r"),
      t0,
    );
    expect(reset.status).toBe("sent");

    // A later bounce outranks the complaint: nothing at all.
    await suppressAddress(env, "complained@example.com", "bounce", null, t0);
    const after = await sendEmail(
      env,
      resetPasswordEmail("complained@example.com", "http://localhost/r"),
      t0,
    );
    expect(after.status).toBe("suppressed");
  });
});
