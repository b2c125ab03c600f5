// Cloudflare Turnstile widget (explicit render). Only mounted when the server has Turnstile keys; if the
// script cannot load (offline), it says so and the server refuses the message without a token.
import { useEffect, useRef, useState } from "react";
import { useNonce } from "#app/lib/nonce.ts";

const SCRIPT_SRC = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

interface TurnstileApi {
  render: (el: HTMLElement, opts: Record<string, unknown>) => string;
  reset: (id?: string) => void;
  remove: (id: string) => void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<void> | null = null;
function loadScript(nonce: string | undefined): Promise<void> {
  if (window.turnstile) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_SRC;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error("turnstile script failed to load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function TurnstileWidget({
  siteKey,
  onToken,
}: {
  siteKey: string;
  onToken: (token: string | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const nonce = useNonce();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let widgetId: string | null = null;
    let cancelled = false;
    loadScript(nonce)
      .then(() => {
        if (cancelled || !ref.current || !window.turnstile) return;
        widgetId = window.turnstile.render(ref.current, {
          sitekey: siteKey,
          theme: "dark",
          callback: (token: string) => onToken(token),
          "expired-callback": () => onToken(null),
          "error-callback": () => onToken(null),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (widgetId && window.turnstile) window.turnstile.remove(widgetId);
    };
  }, [siteKey, nonce, onToken]);
  return (
    <div>
      <div ref={ref} />
      {failed ? (
        <p className="text-xs text-amber-300">
          The captcha could not load. Check your connection and try again.
        </p>
      ) : null}
    </div>
  );
}
