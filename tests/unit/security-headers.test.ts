import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  createCspNonce,
  NON_DOCUMENT_CSP,
  withSecurityHeaders,
} from "#app/server/security-headers.server.ts";

describe("security headers", () => {
  it("makes a fresh base64 nonce per call", () => {
    const a = createCspNonce();
    const b = createCspNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
  });

  it("allows inline script only with the nonce and forbids framing", () => {
    const csp = contentSecurityPolicy("abc", { dev: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("ws:");
    expect(contentSecurityPolicy("abc", { dev: true })).toContain("connect-src 'self' ws: wss:");
  });

  const html = () =>
    new Response("<!doctype html>", { headers: { "Content-Type": "text/html; charset=utf-8" } });

  it("sets every header on a page, HSTS only in production", () => {
    const dev = withSecurityHeaders(html(), { nonce: "n", production: false, dev: false });
    expect(dev.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(dev.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(dev.headers.get("Permissions-Policy")).toContain("geolocation=()");
    expect(dev.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin-allow-popups");
    expect(dev.headers.get("Content-Security-Policy")).toContain("'nonce-n'");
    expect(dev.headers.get("Strict-Transport-Security")).toBeNull();
    const prod = withSecurityHeaders(html(), { nonce: "n", production: true, dev: false });
    expect(prod.headers.get("Strict-Transport-Security")).toContain("max-age=63072000");
  });

  it("gives an answer that is not a page the API policy: nothing loads, no framing, no nonce", () => {
    for (const type of ["application/json", "text/plain;charset=UTF-8", "image/png", "text/csv"]) {
      const res = withSecurityHeaders(new Response("x", { headers: { "Content-Type": type } }), {
        nonce: "n",
        production: true,
        dev: false,
      });
      expect(res.headers.get("Content-Security-Policy"), type).toBe(NON_DOCUMENT_CSP);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("Strict-Transport-Security")).toContain("max-age=63072000");
      // Document-only policies are not sent where they do nothing.
      expect(res.headers.get("Permissions-Policy")).toBeNull();
      expect(res.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    }
    expect(NON_DOCUMENT_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("copies responses whose headers are immutable (e.g. redirects from fetch)", () => {
    const immutable = Response.redirect("http://localhost/x", 302);
    const res = withSecurityHeaders(immutable, { nonce: "n", production: false, dev: false });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("http://localhost/x");
    expect(res.headers.get("Content-Security-Policy")).toContain("nonce-n");
  });
});
