import { redirect } from "react-router";
import type { Route } from "./+types/redirect-trade-ideas";
import { landingPath } from "../lib/return-address";
import { pageUrl } from "../server/http/route-url.server";

/** /suggested-trades (the default landing after sign-in) and /dashboard lead to the trade ideas screen. */
export const loader = ({ request }: Route.LoaderArgs) => {
  const url = pageUrl(request);
  return redirect(landingPath(url.pathname) + url.search);
};
