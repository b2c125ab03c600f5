import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { getAuth } from "#app/server/auth/auth.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const auth = getAuth(context.get(cloudflareContext).env, request);
  const res = await auth.api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

export const loader = () => redirect("/");
