// One place that turns a page's title, description and path into the tags search engines and link
// previews read: <title>, description, canonical, Open Graph and the Twitter card.

export const SITE_NAME = "Wheelhouse";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/terms". */
  path: string;
  /** Absolute origin of the site (the root loader's `origin`). */
  origin: string;
  /** Absolute URL of a preview image; the site default otherwise. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** Pages that must not be indexed (private screens, expired shares). */
  noindex?: boolean;
}

export function defaultShareImage(origin: string): string {
  return `${origin}/icons/og-default.png`;
}

/** Meta descriptors for React Router's `meta` export. */
export function pageMeta(page: PageSeo) {
  const url = `${page.origin}${page.path}`;
  const image = page.image ?? defaultShareImage(page.origin);
  const tags = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  if (page.imageAlt) {
    tags.push({ property: "og:image:alt", content: page.imageAlt });
    tags.push({ name: "twitter:image:alt", content: page.imageAlt });
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The origin the root loader computed, read from a route's `meta` args. */
export function originFromMatches(matches: readonly unknown[]): string {
  for (const match of matches) {
    const m = match as { id?: string; loaderData?: { origin?: unknown } } | undefined;
    if (m?.id === "root" && typeof m.loaderData?.origin === "string") return m.loaderData.origin;
  }
  return "";
}

/** The public page that explains the ranking: every idea's reason, the wheel analysis and the guide link to it. */
export const HOW_WE_RANK_PATH = "/how-we-rank";
/** The public record of every published idea, graded at expiry (decision 265). */
export const TRACK_RECORD_PATH = "/track-record";

/** Public pages listed in the sitemap; private screens and share pages are left out. */
export const PUBLIC_PAGES: readonly { path: string; changefreq: "daily" | "weekly" | "monthly" }[] = [
  { path: "/", changefreq: "daily" },
  { path: "/pricing", changefreq: "monthly" },
  { path: "/options-guide", changefreq: "monthly" },
  { path: HOW_WE_RANK_PATH, changefreq: "monthly" },
  { path: TRACK_RECORD_PATH, changefreq: "daily" },
  { path: "/wheelhouse-howtos", changefreq: "monthly" },
  { path: "/wheelhouse-howtos/mobile-app-install", changefreq: "monthly" },
  { path: "/terms", changefreq: "monthly" },
  { path: "/privacy", changefreq: "monthly" },
  { path: "/risk-disclosure", changefreq: "monthly" },
  { path: "/signin", changefreq: "monthly" },
  { path: "/signup", changefreq: "monthly" },
];

/**
 * Paths crawlers are asked not to visit: APIs, the back office and development endpoints. Signed-in screens are
 * not listed: a crawler is redirected to /signin there anyway, and a disallow would mark them uncrawlable for
 * the signed-in user's own audits.
 */
export const DISALLOWED_PATHS: readonly string[] = ["/api/", "/admin", "/__dev/", "/signout"];

export function robotsTxt(origin: string): string {
  const lines = ["User-agent: *", "Allow: /", ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), ""];
  lines.push(`Sitemap: ${origin}/sitemap.xml`, "");
  return lines.join("\n");
}

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export function sitemapXml(origin: string, lastmod: string): string {
  const urls = PUBLIC_PAGES.map(
    (p) =>
      `  <url><loc>${xmlEscape(origin + p.path)}</loc><lastmod>${lastmod}</lastmod><changefreq>${p.changefreq}</changefreq></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
