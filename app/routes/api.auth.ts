import type { Route } from "./+types/api.auth";
import { getAuth } from "#app/server/auth/auth.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return getAuth(context.get(cloudflareContext).env, request).handler(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return getAuth(context.get(cloudflareContext).env, request).handler(request);
}
