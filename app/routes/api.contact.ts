import { z } from "zod";
import type { Route } from "./+types/api.contact";
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_MESSAGES } from "../lib/contact";
import { readJson } from "../server/billing/api.server";
import { apiJson, methodNotAllowed, refusalResponse } from "../server/http/api.server";
import { submitContact } from "../server/contact.server";
import { getSession } from "../server/auth/session.server";
import { clientAddress } from "../server/rate-limit.server";
import { cloudflareContext } from "../server/request-context.server";

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
  const input = await readJson(request, contactSchema, (issue) =>
    issue?.path[0] === "message" && issue.code === "too_big"
      ? `Message must be at most ${CONTACT_MESSAGE_MAX} characters`
      : issue?.path[0] === "email"
        ? CONTACT_MESSAGES.invalidEmail
        : CONTACT_MESSAGES.messageRequired,
  );
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
