import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ErrorPage, errorPageText } from "#app/components/shell/ErrorPage.tsx";

function routeError(status: number, data: unknown = null) {
  // The shape React Router gives route error responses (isRouteErrorResponse checks these fields).
  return { status, statusText: "", internal: false, data };
}

describe("error page", () => {
  it("never shows an exception's message or stack", () => {
    const error = new Error("D1_ERROR: no such table: secret_internal_table");
    const html = renderToStaticMarkup(createElement(ErrorPage, { error }));
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("secret_internal_table");
    expect(html).not.toContain("at ");
    expect(html).toContain('href="/"');
  });

  it("words 404, 403 and 429 for people", () => {
    expect(errorPageText(routeError(404)).heading).toBe("Page not found");
    expect(errorPageText(routeError(403, "Upgrade to PRO to track up to 10 symbols")).message).toBe(
      "Upgrade to PRO to track up to 10 symbols",
    );
    expect(errorPageText(routeError(429)).message).toBe("Too many attempts. Please try again later");
  });

  it("treats server error responses like exceptions", () => {
    expect(errorPageText(routeError(500, "stack here"))).toEqual({
      heading: "Something went wrong",
      message: "An unexpected error occurred. Please try again in a moment.",
    });
  });
});

describe("user data messages", () => {
  it("shows 'Failed to fetch user data' for the guard's 503, and nothing else a 503 carries", () => {
    expect(errorPageText(routeError(503, "Failed to fetch user data. Please try again.")).message).toBe(
      "Failed to fetch user data. Please try again.",
    );
    expect(errorPageText(routeError(503, "D1_ERROR: secret")).message).not.toContain("secret");
  });
});
