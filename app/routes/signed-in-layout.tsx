import { Outlet } from "react-router";
import type { Route } from "./+types/signed-in-layout";
import { unlessQueryOnly } from "../lib/revalidation";
import { guardSignedIn } from "../server/auth/signed-in-guard.server";
import { cloudflareContext } from "../server/request-context.server";

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
