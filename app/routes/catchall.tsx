import { redirect } from "react-router";

/** Any unknown path redirects to / (spec). */
export const loader = () => redirect("/");
export const action = () => redirect("/");
