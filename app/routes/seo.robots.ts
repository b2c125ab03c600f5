import { robotsTxt } from "../lib/seo";
import { publicOrigin } from "../server/env.server";
import type { Route } from "./+types/seo.robots";
import { cloudflareContext } from "../server/request-context.server";
import { edgeCached } from "../server/http/cache-control.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(context.get(cloudflareContext).env, request);
  return new Response(robotsTxt(origin), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...edgeCached(["content"], { browserMaxAge: 3600 }),
    },
  });
}
