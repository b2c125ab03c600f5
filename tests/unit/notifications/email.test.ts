import { describe, expect, it } from "vitest";
import { alertEmail, unsubscribeHeaders } from "#app/server/email/notification-templates.server.ts";

const links = {
  preferencesUrl: "https://wheelhouse.example/notifications",
  unsubscribeUrl: "https://wheelhouse.example/unsubscribe?token=t",
  oneClickUrl: "https://wheelhouse.example/api/notifications/unsubscribe?token=t",
};
const items = [
  {
    title: "AAPL reports earnings Wed, Nov 25, 2026",
    message: "AAPL reports <soon> & more.",
    why: "Why: rule. Data: Simulated data, as of Nov 23, 2026, 9:55 AM EST.",
  },
  {
    title: "CPI (Consumer Price Index) Thu, Nov 26, 2026",
    message: "CPI at 08:30.",
    why: "Why: high impact. Data: published release calendars, as of now.",
  },
];

describe("alert emails", () => {
  it("a daily digest is one email with every alert, its why line, in both parts", () => {
    const email = alertEmail("u@example.com", items, "daily", links);
    expect(email.subject).toBe("Your daily Wheelhouse digest: 2 alerts");
    expect(email.kind).toBe("notification-digest-daily");
    for (const item of items) {
      expect(email.text).toContain(item.title);
      expect(email.text).toContain(item.why);
    }
    expect(email.text).toContain("Unsubscribe: https://wheelhouse.example/unsubscribe?token=t");
    expect(email.html).toContain("AAPL reports &lt;soon&gt; &amp; more.");
    expect(email.html.match(/Why: /g)).toHaveLength(2);
    expect(email.html).toContain('href="https://wheelhouse.example/unsubscribe?token=t"');
  });

  it("weekly and realtime subjects", () => {
    expect(alertEmail("u@example.com", items, "weekly", links).subject).toBe(
      "Your weekly Wheelhouse digest: 2 alerts",
    );
    expect(alertEmail("u@example.com", items.slice(0, 1), "realtime", links).subject).toBe(
      "Wheelhouse alert: AAPL reports earnings Wed, Nov 25, 2026",
    );
    expect(alertEmail("u@example.com", items, "realtime", links).subject).toBe("Wheelhouse: 2 market alerts");
  });

  it("carries RFC 8058 one-click headers pointing at the POST endpoint", () => {
    expect(alertEmail("u@example.com", items, "realtime", links).headers).toEqual(
      unsubscribeHeaders(links.oneClickUrl),
    );
    expect(unsubscribeHeaders(links.oneClickUrl)).toEqual({
      "List-Unsubscribe": "<https://wheelhouse.example/api/notifications/unsubscribe?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});
