// The pricing page's contact form (docs/product/plans-and-billing.md#contact-form): texts and rules shared
// by the modal and POST /api/contact. The server applies them again.

export const CONTACT_MESSAGES = {
  title: "Contact Our Team",
  subtitle: "We'll get back to you within 24 hours",
  emailRequired: "Email is required",
  messageRequired: "Message is required",
  invalidEmail: "Please enter a valid email address",
  sent: "Message Sent!",
  failed: "Failed to Send",
  captchaFailed: "Captcha verification failed. Please try again.",
  tooMany: "Too many messages. Please try again later.",
} as const;

export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_EMAIL_MAX = 254;
/** The modal closes this long after 'Message Sent!' (docs/product/plans-and-billing.md#contact-form). */
export const CONTACT_CLOSE_AFTER_MS = 2000;

export function contactSubject(tier: string | null): string {
  return `[${tier ?? "Non User"}] Question on Pricing/Billing`;
}

/** The product's rules: both required after trimming, the email must contain '@'. First failure wins. */
export function validateContact(email: string, message: string): string | null {
  const e = email.trim();
  const m = message.trim();
  if (!e) return CONTACT_MESSAGES.emailRequired;
  if (!m) return CONTACT_MESSAGES.messageRequired;
  if (!e.includes("@")) return CONTACT_MESSAGES.invalidEmail;
  return null;
}
