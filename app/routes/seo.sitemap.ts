import { LEGAL_LAST_UPDATED } from "#app/lib/legal/documents.ts";
import { sitemapXml } from "#app/lib/seo.ts";
import { publicOrigin } from "#app/server/env.server.ts";
import type { Route } from "./+types/seo.sitemap";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(context.get(cloudflareContext).env, request);
  return new Response(sitemapXml(origin, LEGAL_LAST_UPDATED), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      ...edgeCached(["content"], { browserMaxAge: 3600 }),
    },
  });
}
