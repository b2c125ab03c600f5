// Google and Apple buttons. They submit the surrounding form with intent=google|apple, so the server
// applies the same checks (policies on sign-up) and answers 'not enabled' when a provider is missing.
import { AUTH_MESSAGES } from "#app/lib/auth-errors.ts";

function GoogleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden>
      <path
        fill="#4285F4"
        d="M17.6 9.2c0-.6-.1-1.2-.2-1.7H9v3.3h4.8a4.1 4.1 0 0 1-1.8 2.7v2.2h2.9c1.7-1.6 2.7-3.9 2.7-6.5z"
      />
      <path
        fill="#34A853"
        d="M9 18c2.4 0 4.5-.8 6-2.2l-2.9-2.2c-.8.5-1.8.9-3.1.9-2.4 0-4.4-1.6-5.1-3.8H.9v2.3A9 9 0 0 0 9 18z"
      />
      <path fill="#FBBC05" d="M3.9 10.7a5.4 5.4 0 0 1 0-3.4V5H.9a9 9 0 0 0 0 8l3-2.3z" />
      <path
        fill="#EA4335"
        d="M9 3.6c1.3 0 2.5.5 3.5 1.4l2.6-2.6A9 9 0 0 0 .9 5l3 2.3C4.6 5.2 6.6 3.6 9 3.6z"
      />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg width="16" height="18" viewBox="0 0 16 18" aria-hidden fill="currentColor">
      <path d="M13.2 9.6c0-2.3 1.9-3.4 2-3.5a4.3 4.3 0 0 0-3.4-1.8c-1.4-.2-2.8.8-3.5.8-.7 0-1.8-.8-3-.8A4.5 4.5 0 0 0 1.5 6.6c-1.6 2.8-.4 6.9 1.1 9.2.8 1.1 1.7 2.3 2.9 2.3 1.1-.1 1.6-.8 3-.8s1.8.8 3 .7c1.2 0 2-1.1 2.8-2.2.9-1.3 1.2-2.5 1.2-2.6 0 0-2.3-.9-2.3-3.6zM10.9 2.9c.6-.8 1.1-1.8.9-2.9-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1.1.1 2.1-.5 2.8-1.3z" />
    </svg>
  );
}

interface SocialButtonsProps {
  enabled: { google: boolean; apple: boolean };
  busy: boolean;
  /** Shown instead of submitting when the form's own checks fail on the client (e.g. policy boxes). */
  precheck?: () => string | null;
  onError: (message: string) => void;
  label: (provider: "Google" | "Apple") => string;
}

export function SocialButtons({ enabled, busy, precheck, onError, label }: SocialButtonsProps) {
  const click = (provider: "google" | "apple") => (event: React.MouseEvent<HTMLButtonElement>) => {
    const problem = precheck?.() ?? (enabled[provider] ? null : AUTH_MESSAGES["operation-not-allowed"]);
    if (problem) {
      event.preventDefault();
      onError(problem);
    }
  };
  const cls =
    "flex w-full items-center justify-center gap-2 rounded-lg border border-ink-600 bg-ink-850 px-4 py-2.5 text-sm font-medium text-slate-100 transition-colors hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-60";
  return (
    <div className="grid gap-3">
      <button
        type="submit"
        name="intent"
        value="google"
        formNoValidate
        disabled={busy}
        onClick={click("google")}
        className={cls}
      >
        <GoogleIcon />
        {busy ? "Please wait..." : label("Google")}
      </button>
      <button
        type="submit"
        name="intent"
        value="apple"
        formNoValidate
        disabled={busy}
        onClick={click("apple")}
        className={cls}
      >
        <AppleIcon />
        {busy ? "Please wait..." : label("Apple")}
      </button>
    </div>
  );
}
