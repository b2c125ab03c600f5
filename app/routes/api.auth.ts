import type { Route } from "./+types/api.auth";
import { getAuth } from "../server/auth/auth.server";
import { cloudflareContext } from "../server/request-context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return getAuth(context.get(cloudflareContext).env, request).handler(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return getAuth(context.get(cloudflareContext).env, request).handler(request);
}
