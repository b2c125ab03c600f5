/* eslint-disable @typescript-eslint/no-explicit-any -- loader data under test is a plain object. */
// One reader decides "signed in" (decision 302, issue 42 item 1). better-auth reads its session cookie with its own
// parser (trimmed names and values, quotes dropped, %-decoded, first of a name wins), so a Cookie header the app's
// cache policy did not recognise could still sign the user in: `/`, `/pricing` and `/track-record` then left with a
// public edge Cache-Control and the user's email in the body. Here every spelling better-auth accepts goes through
// the real page handlers (React Router, better-auth's getSession, the security headers, the cache policy, as
// workers/app.ts orders them) and must come out private; spellings it does not accept must be private too.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { page } from "./route-build";
import { parseCookies as betterCallParseCookies } from "better-call";
import { requestWithCookie, signUpAndGetCookie, testEnv, ORIGIN } from "./helpers";
import * as home from "#app/routes/home.tsx";
import * as pricing from "#app/routes/pricing.tsx";
import * as trackRecord from "#app/routes/track-record.tsx";
import { edgeCacheRefusal } from "#app/server/http/cache-control.server.ts";
import {
  carriesSessionCookie,
  sessionCookieValue,
  setsSessionCookie,
} from "#app/server/http/session-cookie.server.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";

const MONDAY_11AM = new Date("2026-11-23T16:00:00Z");
const NAME = "better-auth.session_token";

const PAGES = [
  { url: "/", route: "", module: home },
  { url: "/pricing", route: "pricing", module: pricing },
  { url: "/track-record", route: "track-record", module: trackRecord },
] as const;

function expectPrivate(res: Response, label: string) {
  expect(res.headers.get("Cloudflare-CDN-Cache-Control"), label).toBeNull();
  expect(res.headers.get("Cache-Tag"), label).toBeNull();
  expect(res.headers.get("Cache-Control") ?? "", label).not.toMatch(/public/);
  expect(res.headers.get("Cache-Control") ?? "", label).toMatch(/^private\b|^no-store\b/);
}

let value: string; // the signed-in session cookie's raw value: "token.signature", %-encoded

beforeAll(async () => {
  await runJob("marketRefresh", testEnv, MONDAY_11AM);
  const cookie = await signUpAndGetCookie("spellings@example.com");
  value = /better-auth\.session_token=([^;]+)/.exec(cookie)![1]!;
}, 60_000);

afterEach(() => vi.restoreAllMocks());

/** Cookie headers carrying the real session in a spelling better-auth's parser accepts (the test env's name). */
const ACCEPTED: { label: string; header: () => string }[] = [
  { label: "plain", header: () => `${NAME}=${value}` },
  { label: "space before =", header: () => `${NAME} =${value}` },
  { label: "spaces around =", header: () => `${NAME} = ${value}` },
  { label: "tab before =", header: () => `${NAME}\t=${value}` },
  { label: "leading whitespace", header: () => `  ${NAME}=${value}` },
  { label: "trailing whitespace", header: () => `${NAME}=${value}  ` },
  { label: "quoted value", header: () => `${NAME}="${value}"` },
  { label: "value %-decoded", header: () => `${NAME}=${decodeURIComponent(value)}` },
  { label: "no space after ;", header: () => `theme=dark;${NAME}=${value}` },
  { label: "space before ;", header: () => `theme=dark ;${NAME} =${value}` },
  { label: "after a chunk with no =", header: () => `flag; ${NAME}=${value}` },
  { label: "duplicate, real one first", header: () => `${NAME}=${value}; ${NAME}=junk` },
  { label: "NBSP before the name", header: () => `theme=dark;\u00a0${NAME}=${value}` },
  {
    label: "after the D1 bookmark",
    header: () => `wh_d1b=0000002a-00000001-00004f7c-aaaaaaaa;${NAME} =${value}`,
  },
];

/** Spellings better-auth does not read as the session here, which must keep the answer private all the same. */
const NOT_READ_BY_BETTER_AUTH: { label: string; header: () => string }[] = [
  { label: "duplicate, junk first", header: () => `${NAME}=junk; ${NAME}=${value}` },
  { label: "upper case", header: () => `BETTER-AUTH.SESSION_TOKEN=${value}` },
  { label: "mixed case", header: () => `Better-Auth.Session_Token=${value}` },
  { label: "encoded dot %2E", header: () => `better-auth%2Esession_token=${value}` },
  { label: "encoded dot %2e", header: () => `better-auth%2esession_token=${value}` },
  { label: "encoded underscore", header: () => `better-auth.session%5Ftoken=${value}` },
  { label: "double-encoded dot", header: () => `better-auth%252Esession_token=${value}` },
  { label: "__Secure- prefix (production's name)", header: () => `__Secure-${NAME}=${value}` },
  { label: "__Secure- prefix, space before =", header: () => `__Secure-${NAME} =${value}` },
  { label: "__Host- prefix", header: () => `__Host-${NAME}=${value}` },
  { label: "dash form", header: () => `better-auth-session_token=${value}` },
  { label: "quoted name", header: () => `"${NAME}"=${value}` },
  { label: "two Cookie headers joined by ,", header: () => `theme=dark, ${NAME}=${value}` },
  { label: "empty value", header: () => `${NAME}=` },
];

describe("a signed-in cookie in any spelling better-auth accepts never leaves shareable", () => {
  for (const s of ACCEPTED) {
    it(`${s.label}: signed in, and /, /pricing, /track-record are private`, async () => {
      const header = s.header();
      // better-auth's own parser finds the session under this spelling...
      expect(betterCallParseCookies(header).get(NAME)).toBe(decodeURIComponent(value));
      for (const p of PAGES) {
        const res = await page(p.route, p.module, requestWithCookie(p.url, header));
        expect(res.status, `${s.label} ${p.url}`).toBe(200);
        // ...so the page is the signed-in user's (the danger)...
        expect(((await res.json()) as any).root.user?.email, `${s.label} ${p.url}`).toBe(
          "spellings@example.com",
        );
        // ...and it must never be kept for other visitors.
        expectPrivate(res, `${s.label} ${p.url}`);
      }
    });
  }

  for (const s of NOT_READ_BY_BETTER_AUTH) {
    it(`${s.label}: the cache policy still keeps /, /pricing, /track-record private`, async () => {
      for (const p of PAGES) {
        const res = await page(p.route, p.module, requestWithCookie(p.url, s.header()));
        expect(res.status, `${s.label} ${p.url}`).toBe(200);
        expectPrivate(res, `${s.label} ${p.url}`);
      }
    });
  }

  it("a visitor's other cookies (the D1 bookmark, a theme, analytics) still get the shared copy", async () => {
    const header = "wh_d1b=0000002a-00000001-00004f7c-aaaaaaaa; theme=dark; _ga=GA1.1.123.456";
    expect(carriesSessionCookie(header)).toBe(false);
    for (const p of PAGES) {
      const res = await page(p.route, p.module, requestWithCookie(p.url, header));
      expect(res.status).toBe(200);
      expect(res.headers.get("Cloudflare-CDN-Cache-Control"), p.url).toMatch(/^public, max-age=[1-9]/);
      expect(((await res.json()) as any).root.user).toBeNull();
    }
  });
});

describe("the one reader (app/server/http/session-cookie.server.ts)", () => {
  const v = "tok3n.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmE%3D";
  const decoded = decodeURIComponent(v);

  it("sessionCookieValue reads what better-auth's parser reads, in every spelling", () => {
    const headers = [
      `${NAME}=${v}`,
      `${NAME} =${v}`,
      `${NAME}= ${v}`,
      `\t${NAME}\t=\t${v}\t`,
      `${NAME}="${v}"`,
      `${NAME}="${v}`,
      `a=1;${NAME}=${v}`,
      `a=1 ;  ${NAME}=${v};b=2`,
      `flag; ${NAME}=${v}`,
      `flag;${NAME}=${v}`,
      `${NAME}=${v}; ${NAME}=other`,
      `${NAME}=other; ${NAME}=${v}`,
      `\u00a0${NAME}=${v}`,
      `${NAME}=${decoded}`,
      `${NAME}=%E0%A4%A`,
      `${NAME}=`,
      `BETTER-AUTH.SESSION_TOKEN=${v}`,
      `better-auth%2Esession_token=${v}`,
      `__Host-${NAME}=${v}`,
      `"${NAME}"=${v}`,
      `a=1, ${NAME}=${v}`,
      "",
    ];
    for (const header of headers) {
      const betterAuth = betterCallParseCookies(header).get(NAME) || null;
      expect(sessionCookieValue(header), JSON.stringify(header)).toBe(betterAuth);
      // whatever better-auth reads as a session, the conservative answer sees
      if (betterAuth !== null) expect(carriesSessionCookie(header), JSON.stringify(header)).toBe(true);
    }
    // The `__Secure-` name (production) is read the same way, and wins over the plain one as in better-auth.
    expect(sessionCookieValue(`__Secure-${NAME} = "${v}"`)).toBe(decoded);
    expect(sessionCookieValue(`${NAME}=plain; __Secure-${NAME}=${v}`)).toBe(decoded);
    expect(sessionCookieValue(new Request(ORIGIN, { headers: { Cookie: `${NAME} =${v}` } }))).toBe(decoded);
    expect(sessionCookieValue(new Request(ORIGIN))).toBeNull();
  });

  it("carriesSessionCookie: the name in any spelling counts as signed in", () => {
    const yes = [
      `${NAME}=${v}`,
      `${NAME} =${v}`,
      ` ${NAME} = ${v} `,
      `\t${NAME}\t=${v}`,
      `${NAME}="${v}"`,
      `"${NAME}"=${v}`,
      `'${NAME}'=${v}`,
      `a=1;${NAME}=${v}`,
      `a=1;;${NAME}=${v}`,
      `flag;${NAME}=${v}`,
      `${NAME}=x; ${NAME}=${v}`,
      `${NAME}=${v}; ${NAME}=x`,
      `${NAME}=`,
      `${NAME}`,
      `BETTER-AUTH.SESSION_TOKEN=${v}`,
      `Better-Auth.Session_Token=${v}`,
      `better-auth%2Esession_token=${v}`,
      `better-auth%2esession_token=${v}`,
      `better-auth.session%5Ftoken=${v}`,
      `better-auth%252Esession_token=${v}`,
      `%62etter-auth.%73ession_token=${v}`,
      `__Secure-${NAME}=${v}`,
      `__secure-${NAME.toUpperCase()}=${v}`,
      `__Host-${NAME}=${v}`,
      `__Secure-${NAME} =${v}`,
      `better-auth-session_token=${v}`,
      `better-auth.session-token=${v}`,
      `better-auth.sessiontoken=${v}`,
      `a=1, ${NAME}=${v}`,
      `\u00a0${NAME}=${v}`,
    ];
    for (const header of yes) expect(carriesSessionCookie(header), JSON.stringify(header)).toBe(true);
    const no = [
      "",
      "wh_d1b=0000002a-00000001-00004f7c-aaaaaaaa",
      "theme=dark; _ga=GA1.1.123.456; better-auth.dont_remember=x",
      "session=1; token=2",
    ];
    for (const header of no) expect(carriesSessionCookie(header), JSON.stringify(header)).toBe(false);
    expect(carriesSessionCookie(null)).toBe(false);
    expect(carriesSessionCookie(new Headers({ Cookie: `${NAME} =${v}` }))).toBe(true);
  });

  it("the cache policy asks the one reader", () => {
    const opted = () => new Headers({ "Cache-Tag": "content" });
    expect(edgeCacheRefusal(new Request(ORIGIN), 200, opted())).toBeNull();
    for (const header of [`${NAME} =${v}`, `better-auth%2Esession_token=${v}`, `__Host-${NAME}=${v}`]) {
      const request = new Request(ORIGIN, { headers: { Cookie: header } });
      expect(edgeCacheRefusal(request, 200, opted()), header).toBe("session cookie");
    }
  });

  it("setsSessionCookie: a Set-Cookie that gives the session cookie a value, not one that clears it", () => {
    const res = (...lines: string[]) => {
      const headers = new Headers();
      for (const line of lines) headers.append("Set-Cookie", line);
      return new Response(null, { headers });
    };
    expect(setsSessionCookie(res(`${NAME}=${v}; Path=/; HttpOnly`))).toBe(true);
    expect(setsSessionCookie(res(`__Secure-${NAME}=${v}; Path=/; Secure`))).toBe(true);
    expect(setsSessionCookie(res("wh_d1b=abc; Path=/", `${NAME}=${v}; Path=/`))).toBe(true);
    expect(setsSessionCookie(res(`${NAME}=; Max-Age=0; Path=/`))).toBe(false);
    expect(setsSessionCookie(res("wh_d1b=abc; Path=/"))).toBe(false);
    expect(setsSessionCookie(res())).toBe(false);
  });
});
