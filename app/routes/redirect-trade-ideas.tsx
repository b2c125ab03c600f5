import { redirect } from "react-router";
import type { Route } from "./+types/redirect-trade-ideas";
import { landingPath } from "#app/lib/return-address.ts";
import { pageUrl } from "#app/server/http/route-url.server.ts";

/** /suggested-trades (the default landing after sign-in) and /dashboard lead to the trade ideas screen. */
export const loader = ({ request }: Route.LoaderArgs) => {
  const url = pageUrl(request);
  return redirect(landingPath(url.pathname) + url.search);
};
