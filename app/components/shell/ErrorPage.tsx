import { isRouteErrorResponse } from "react-router";
import { USER_DATA_MESSAGES } from "#app/lib/user-data-messages.ts";
import { buttonClass } from "#app/components/ui/button-class.ts";

export interface ErrorPageText {
  heading: string;
  message: string;
}

/** What a user sees for an error: friendly words, never a stack trace or an internal message. */
export function errorPageText(error: unknown): ErrorPageText {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return { heading: "Page not found", message: "The page you are looking for does not exist." };
    if (error.status === 403) {
      return {
        heading: "Not allowed",
        message:
          typeof error.data === "string" && error.data ? error.data : "You do not have access to this page.",
      };
    }
    if (error.status === 429)
      return { heading: "Slow down", message: "Too many attempts. Please try again later" };
    // The one server-error text a user may see: the signed-in user could not be read
    // (docs/product/accounts-and-auth.md#user-data-messages).
    if (error.status === 503 && error.data === USER_DATA_MESSAGES.fetchFailed)
      return { heading: "Something went wrong", message: USER_DATA_MESSAGES.fetchFailed };
    if (error.status < 500)
      return {
        heading: `Error ${error.status}`,
        message: "That request could not be completed. Please check it and try again.",
      };
  }
  return {
    heading: "Something went wrong",
    message: "An unexpected error occurred. Please try again in a moment.",
  };
}

export function ErrorPage({ error }: { error: unknown }) {
  const { heading, message } = errorPageText(error);
  return (
    <section className="mx-auto max-w-lg py-24 text-center" role="alert">
      <h1 className="text-2xl font-semibold text-white">{heading}</h1>
      <p className="mt-3 text-slate-400">{message}</p>
      <a href="/" className={buttonClass({ size: "lg", className: "mt-8" })}>
        Back to home
      </a>
    </section>
  );
}
