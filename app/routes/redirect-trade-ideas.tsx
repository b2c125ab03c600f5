import { redirect } from "react-router";

/** /suggested-trades (the default landing after sign-in) and /dashboard lead to the trade ideas screen. */
export const loader = () => redirect("/spreads");
