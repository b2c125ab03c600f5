/**
 * The action result of a form submission that never reached the server. After it, every loader is
 * unreachable too, so no route (the root included) revalidates: a failed revalidation would replace the
 * form and its message with the error page.
 */
export type OfflineActionResult = { error: string; offline: true };

export function offlineActionResult(message: string): OfflineActionResult {
  return { error: message, offline: true };
}

export function isOfflineActionResult(result: unknown): result is OfflineActionResult {
  return typeof result === "object" && result !== null && (result as { offline?: unknown }).offline === true;
}

/** A route's shouldRevalidate: no loader revalidates after an offline submission, the rest as usual. */
export function keepPageAfterOfflineAction({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  return isOfflineActionResult(actionResult) ? false : defaultShouldRevalidate;
}
