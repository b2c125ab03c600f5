import { Outlet } from "react-router";
import type { Route } from "./+types/signed-in-layout";
import { unlessQueryOnly } from "#app/lib/revalidation.ts";
import { guardSignedIn } from "#app/server/auth/signed-in-guard.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** Guard for sign-in-required routes; each child loader that reads data also checks on its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await guardSignedIn(context.get(cloudflareContext).env, request);
  return null;
}

// Each child loader checks the session itself, so a query-only change need not run the guard again.
export const shouldRevalidate = unlessQueryOnly;

export default function SignedInLayout() {
  return <Outlet />;
}
