import { describe, expect, it } from "vitest";
import { DISALLOWED_PATHS, pageMeta, PUBLIC_PAGES, robotsTxt, sitemapXml } from "#app/lib/seo.ts";
import { LEGAL_DOCUMENTS, LEGAL_LAST_UPDATED } from "#app/lib/legal/documents.ts";
import { headingSlug } from "#app/lib/legal/slug.ts";
import { articleJsonLd, youtubeEmbedUrl, YOUTUBE_ID } from "#app/lib/howtos.ts";

describe("pageMeta", () => {
  const tags = pageMeta({
    title: "Terms & Conditions · Wheelhouse",
    description: "The terms.",
    path: "/terms",
    origin: "https://wheelhouse.example",
  });
  const find = (key: string, value: string) =>
    tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

  it("has the title, description and an absolute canonical link", () => {
    expect(tags[0]).toEqual({ title: "Terms & Conditions · Wheelhouse" });
    expect(find("name", "description")?.content).toBe("The terms.");
    expect(find("rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://wheelhouse.example/terms",
    });
  });

  it("has Open Graph and a large Twitter card with the default image", () => {
    expect(find("property", "og:url")?.content).toBe("https://wheelhouse.example/terms");
    expect(find("property", "og:image")?.content).toBe("https://wheelhouse.example/icons/og-default.png");
    expect(find("name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find("name", "robots")).toBeUndefined();
  });

  it("marks private pages noindex", () => {
    const t = pageMeta({ title: "x", description: "y", path: "/reset-password", origin: "", noindex: true });
    expect(t).toContainEqual({ name: "robots", content: "noindex" });
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt allows public pages, disallows private ones and names the sitemap", () => {
    const txt = robotsTxt("https://wheelhouse.example");
    expect(txt).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const p of ["/api/", "/admin", "/__dev/"]) expect(txt).toContain(`Disallow: ${p}\n`);
    expect(txt).toContain("Sitemap: https://wheelhouse.example/sitemap.xml\n");
    for (const page of PUBLIC_PAGES) {
      if (page.path === "/") continue;
      expect(DISALLOWED_PATHS.some((d) => page.path.startsWith(d))).toBe(false);
    }
  });

  it("the sitemap lists exactly the public pages as absolute URLs", () => {
    const xml = sitemapXml("https://wheelhouse.example", LEGAL_LAST_UPDATED);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGES.map((p) => `https://wheelhouse.example${p.path}`));
    expect(xml).not.toContain("/spreads");
    expect(xml).toContain(`<lastmod>${LEGAL_LAST_UPDATED}</lastmod>`);
  });

  it("escapes XML in the origin", () => {
    expect(sitemapXml("https://a.example/?x=1&y=2", "2026-11-23")).toContain("&amp;y=2");
  });
});

describe("legal documents", () => {
  it("anchors derive from headings and are unique within each document", () => {
    expect(headingSlug("Dispute resolution and binding arbitration")).toBe(
      "dispute-resolution-and-binding-arbitration",
    );
    expect(headingSlug("Disclaimer & liability")).toBe("disclaimer-and-liability");
    for (const doc of LEGAL_DOCUMENTS) {
      const slugs = doc.sections.map((s) => headingSlug(s.heading));
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("cover every section the product requires", () => {
    const headings = (path: string) =>
      LEGAL_DOCUMENTS.find((d) => d.path === path)!.sections.map((s) => s.heading.toLowerCase());
    const terms = headings("/terms").join(" | ");
    for (const w of [
      "introduction",
      "definitions",
      "nature of services",
      "personal responsibility",
      "intellectual property",
      "disclaimer",
      "arbitration",
      "contact",
    ])
      expect(terms).toContain(w);
    const privacy = headings("/privacy").join(" | ");
    for (const w of ["collect", "use", "sharing", "security", "retention", "rights", "account deletion"])
      expect(privacy).toContain(w);
    const risk = headings("/risk-disclosure").join(" | ");
    for (const w of [
      "market",
      "leverage",
      "liquidity",
      "volatility",
      "time decay",
      "assignment",
      "exercise",
      "strategy",
      "margin",
      "platform",
    ])
      expect(risk).toContain(w);
  });

  it("terms state 18+, the one-year arbitration limit, the pre-arbitration e-mail and the refund remedy", () => {
    const text = JSON.stringify(LEGAL_DOCUMENTS.find((d) => d.path === "/terms"));
    expect(text).toContain("at least 18 years old");
    expect(text).toContain("Arbitration must begin within one year");
    expect(text).toContain("pre-arbitration e-mail");
    expect(text).toContain("only remedy");
    expect(text).toContain("full refund");
  });
});

describe("how-tos", () => {
  it("only accepts 11-character YouTube ids and embeds through youtube-nocookie", () => {
    expect(YOUTUBE_ID.test("dQw4w9WgXcQ")).toBe(true);
    expect(YOUTUBE_ID.test("javascript:alert(1)")).toBe(false);
    expect(youtubeEmbedUrl("dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
    );
  });

  it("article structured data cannot close its script element", () => {
    const json = articleJsonLd({
      headline: "</script><script>alert(1)</script>",
      description: "d",
      url: "https://x.example/a",
      image: "https://x.example/i.png",
      dateModified: "2026-11-23",
    });
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)).toMatchObject({
      "@type": "Article",
      headline: "</script><script>alert(1)</script>",
    });
  });
});
