// Which navigations re-run a parent route's loader. Pure; used by the route modules.
import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * For parent loaders that read nothing from the query (the shell, the sign-in guard): a navigation that
 * only changes the query of the same page, such as a /spreads filter change or "Show more", runs the
 * page's loader alone. A failed load then lands on the page's own error boundary, not the whole shell's.
 * Submissions and explicit revalidation (Refresh, auto-refresh) still re-run everything.
 */
export function unlessQueryOnly({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search)
    return false;
  return defaultShouldRevalidate;
}
