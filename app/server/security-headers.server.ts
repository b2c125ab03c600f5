// Security headers for every response the Worker sends (pages, data requests, API routes, assets it serves).
// A document (HTML, or an answer with no type, such as a redirect) gets the page policy with this render's nonce;
// any other answer (JSON, images, CSV, text) gets the policy an API answer needs, which is also what keeps a shared
// copy of it small and free of a nonce (decision 295).

export function createCspNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function contentSecurityPolicy(nonce: string, opts: { dev: boolean }): string {
  const turnstile = "https://challenges.cloudflare.com";
  return [
    "default-src 'self'",
    // Only scripts from our origin and the inline bootstrap React Router renders with the nonce.
    `script-src 'self' 'nonce-${nonce}' ${turnstile}`,
    // React style attributes and Tailwind's dev-time <style> tags need inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
    `frame-src ${turnstile} https://www.youtube-nocookie.com`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https://checkout.stripe.com https://billing.stripe.com https://accounts.google.com https://appleid.apple.com",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The policy of an answer that is not a page: it loads nothing and may not be framed. CSP, Permissions-Policy and
 * Cross-Origin-Opener-Policy act only on documents, so an API answer needs no more (OWASP's REST guidance).
 */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of the one script the Worker answers with, the push service worker (/push-sw.js, decision 336): a
 * service worker takes its CSP from its own script's answer, and this one loads nothing but a notification's icon.
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; img-src 'self'; frame-ancestors 'none'";

function isScript(response: Response): boolean {
  return /^\s*text\/javascript\b/i.test(response.headers.get("Content-Type") ?? "");
}

/** A page a browser renders with our scripts: HTML, or no declared type (redirects, empty answers). */
function isDocument(response: Response): boolean {
  const type = response.headers.get("Content-Type");
  return type === null || /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(type);
}

export interface SecurityHeaderOptions {
  nonce: string;
  production: boolean;
  dev: boolean;
}

/** Returns a response carrying the security headers (headers of some responses are immutable: copy then). */
export function withSecurityHeaders(response: Response, opts: SecurityHeaderOptions): Response {
  let res = response;
  try {
    res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    res = new Response(response.body, response);
    res.headers.set("X-Content-Type-Options", "nosniff");
  }
  const h = res.headers;
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  if (isDocument(res)) {
    h.set("Content-Security-Policy", contentSecurityPolicy(opts.nonce, { dev: opts.dev }));
    h.set(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    );
    h.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  } else {
    h.set("Content-Security-Policy", isScript(res) ? SERVICE_WORKER_CSP : NON_DOCUMENT_CSP);
  }
  if (opts.production) h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  return res;
}
