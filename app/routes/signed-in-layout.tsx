import { Outlet } from "react-router";
import type { Route } from "./+types/signed-in-layout";
import { requireSession } from "../server/auth/session.server";

/** Guard for sign-in-required routes; each child loader that reads data also checks on its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSession(context.cloudflare.env, request);
  return null;
}

export default function SignedInLayout() {
  return <Outlet />;
}
