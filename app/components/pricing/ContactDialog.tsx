// 'Contact Our Team' (docs/product/plans-and-billing.md#contact-form): idle -> sending -> 'Message Sent!'
// (closes after 2 s and resets) or 'Failed to Send'. Signed-in users write from their account address;
// visitors pass Turnstile when the server has keys.
import { useCallback, useEffect, useState } from "react";
import {
  CONTACT_CLOSE_AFTER_MS,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES,
  validateContact,
} from "#app/lib/contact.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { Field, TextareaField } from "#app/components/ui/Field.tsx";
import { postJson } from "#app/components/pricing/billing-client.ts";
import { TurnstileWidget } from "#app/components/pricing/TurnstileWidget.tsx";

type Phase = "idle" | "sending" | "sent" | "failed";

interface Props {
  open: boolean;
  onClose: () => void;
  accountEmail: string | null;
  turnstileSiteKey: string | null;
}

const BUTTON_LABEL: Record<Phase, string> = {
  idle: "Send Message",
  sending: "Sending...",
  sent: CONTACT_MESSAGES.sent,
  failed: CONTACT_MESSAGES.failed,
};

export function ContactDialog({ open, onClose, accountEmail, turnstileSiteKey }: Props) {
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const needsCaptcha = !accountEmail && Boolean(turnstileSiteKey);

  const reset = useCallback(() => {
    setEmail("");
    setMessage("");
    setPhase("idle");
    setError(null);
    setToken(null);
  }, []);

  useEffect(() => {
    if (phase !== "sent") return;
    const timer = setTimeout(() => {
      onClose();
      reset();
    }, CONTACT_CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [phase, onClose, reset]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (phase === "sending" || phase === "sent") return;
    const invalid = validateContact(accountEmail ?? email, message);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setPhase("sending");
    const answer = await postJson<{ ok: true }>(
      "/api/contact",
      {
        email: (accountEmail ?? email).trim(),
        message: message.trim(),
        recaptchaToken: accountEmail ? null : token,
      },
      CONTACT_MESSAGES.failed,
    );
    if (answer.ok) setPhase("sent");
    else {
      setPhase("failed");
      setError(answer.error);
    }
  }

  const onToken = useCallback((t: string | null) => setToken(t), []);

  return (
    <Dialog open={open} onClose={onClose} title={CONTACT_MESSAGES.title} subtitle={CONTACT_MESSAGES.subtitle}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          id="contact-email"
          label="Email"
          type="email"
          value={accountEmail ?? email}
          readOnly={Boolean(accountEmail)}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          controlClassName="w-full text-sm read-only:text-slate-400"
        />
        <TextareaField
          id="contact-message"
          label="Message"
          value={message}
          maxLength={CONTACT_MESSAGE_MAX}
          onChange={(e) => setMessage(e.target.value)}
          rows={5}
          controlClassName="w-full text-sm"
          placeholder="How can we help with pricing or billing?"
        />
        {needsCaptcha && open ? <TurnstileWidget siteKey={turnstileSiteKey!} onToken={onToken} /> : null}
        {error ? (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <button
            type="submit"
            disabled={phase === "sending" || phase === "sent"}
            className={buttonClass({
              variant: phase === "failed" ? "danger" : phase === "sent" ? "success" : "primary",
            })}
          >
            {BUTTON_LABEL[phase]}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
