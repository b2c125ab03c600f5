// The pricing page's contact form: rate limited per client address, captcha for visitors when Turnstile
// is configured, stored in D1 and emailed to the team address through the outbox.
import { refused, type Refused } from "#app/lib/refusal.ts";
import { CONTACT_MESSAGES, contactSubject, validateContact } from "#app/lib/contact.ts";
import { effectivePlan, type SubscriptionFields } from "#app/lib/plans.ts";
import { adminEmails } from "#app/server/auth/admin-role.server.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { sendEmail } from "#app/server/email/mail.server.ts";
import { contactMessageEmail } from "#app/server/email/templates.server.ts";
import { serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { RATE_LIMITS, rateLimiter } from "#app/server/rate-limit.server.ts";
import { turnstileConfigured, verifyTurnstile } from "#app/server/turnstile.server.ts";

/** Messages per client address per hour: a person never needs more, a script gets nowhere. */
export const CONTACT_PER_HOUR = RATE_LIMITS.contact.max;

export interface ContactInput {
  email: string;
  message: string;
  token?: string | null;
}

export type ContactUser = SubscriptionFields & { id: string; email: string };

export type ContactResult = { ok: true; id: string } | Refused;

/** SUPPORT_EMAIL when set, else every admin (as the feedback notices do). */
export async function teamAddresses(env: WorkerEnv): Promise<string[]> {
  const support = serverConfig(env).SUPPORT_EMAIL;
  if (support) return [support];
  return adminEmails(env);
}

export async function submitContact(
  env: WorkerEnv,
  user: ContactUser | null,
  input: ContactInput,
  clientIp: string,
  now = Date.now(),
): Promise<ContactResult> {
  const limit = await rateLimiter(env, "contact", () => now).limit({ key: clientIp });
  if (!limit.success) return refused(429, CONTACT_MESSAGES.tooMany, { retryAfterSeconds: 3600 });

  // A signed-in user's address comes from the account (docs/product/plans-and-billing.md#contact-form), never
  // from the form.
  const email = (user ? user.email : input.email).trim();
  const message = input.message.trim();
  const invalid = validateContact(email, message);
  if (invalid) return refused(400, invalid);

  if (!user && turnstileConfigured(env)) {
    const verdict = await verifyTurnstile(env, input.token, clientIp);
    if (!verdict.ok) return refused(400, CONTACT_MESSAGES.captchaFailed);
  }

  const subject = contactSubject(user ? effectivePlan(user) : null);
  const id = crypto.randomUUID();
  await getDb(env)
    .insert(schema.contactMessages)
    .values({ id, email, subject, message, userId: user?.id ?? null, createdAt: new Date(now) });
  const team = await teamAddresses(env);
  if (team.length === 0)
    console.warn("contact: no SUPPORT_EMAIL and no admin to email; the message is in D1");
  for (const to of team) await sendEmail(env, contactMessageEmail(to, email, subject, message), now);
  return { ok: true, id };
}
