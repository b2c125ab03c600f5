import { z } from "zod";
import type { Route } from "./+types/api.contact";
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_MESSAGES } from "#app/lib/contact.ts";
import { BILLING_BODY_BYTES } from "#app/server/billing/api.server.ts";
import { apiJson, methodNotAllowed, readApiBody, refusalResponse } from "#app/server/http/api.server.ts";
import { submitContact } from "#app/server/contact.server.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { clientAddress } from "#app/server/rate-limit.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

// subject is built on the server from the sender's plan; a subject in the body is ignored.
const contactSchema = z.object({
  email: z.string().max(CONTACT_EMAIL_MAX).default(""),
  message: z.string().max(CONTACT_MESSAGE_MAX).default(""),
  // The original brief's field name is recaptchaToken (null when signed in); ours carries a Turnstile token.
  recaptchaToken: z.string().max(4096).nullish(),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const env = context.get(cloudflareContext).env;
  const input = await readApiBody(request, contactSchema, {
    maxBytes: BILLING_BODY_BYTES,
    invalid: (issue) =>
      issue?.path[0] === "message" && issue.code === "too_big"
        ? `Message must be at most ${CONTACT_MESSAGE_MAX} characters`
        : issue?.path[0] === "email"
          ? CONTACT_MESSAGES.invalidEmail
          : CONTACT_MESSAGES.messageRequired,
  });
  if (input instanceof Response) return input;
  const session = await getSession(env, request);
  const result = await submitContact(
    env,
    session ? { ...session.user } : null,
    { email: input.email, message: input.message, token: input.recaptchaToken },
    clientAddress(request),
  );
  if (!result.ok) return refusalResponse(result);
  return apiJson({ ok: true });
}

export function loader() {
  return methodNotAllowed("POST");
}
