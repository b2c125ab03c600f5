import { redirect } from "react-router";
import type { Route } from "./+types/redirect-trade-ideas";
import { landingPath } from "../lib/return-address";

/** /suggested-trades (the default landing after sign-in) and /dashboard lead to the trade ideas screen. */
export const loader = ({ request }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  return redirect(landingPath(url.pathname) + url.search);
};
