import { redirect } from "react-router";

/** Any unknown path redirects to / (docs/product/app-shell.md#routes-and-access). */
export const loader = () => redirect("/");
export const action = () => redirect("/");
