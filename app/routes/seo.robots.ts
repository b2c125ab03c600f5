import { robotsTxt } from "#app/lib/seo.ts";
import { publicOrigin } from "#app/server/env.server.ts";
import type { Route } from "./+types/seo.robots";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(context.get(cloudflareContext).env, request);
  return new Response(robotsTxt(origin), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...edgeCached(["content"], { browserMaxAge: 3600 }),
    },
  });
}
