import { LEGAL_LAST_UPDATED } from "../lib/legal/documents";
import { sitemapXml } from "../lib/seo";
import { publicOrigin } from "../server/env.server";
import type { Route } from "./+types/seo.sitemap";
import { cloudflareContext } from "../server/request-context.server";
import { edgeCached } from "../server/http/cache-control.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(context.get(cloudflareContext).env, request);
  return new Response(sitemapXml(origin, LEGAL_LAST_UPDATED), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      ...edgeCached(["content"], { browserMaxAge: 3600 }),
    },
  });
}
