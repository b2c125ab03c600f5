// The one axe check of the browser suites: serious or critical WCAG 2 A/AA violations of the page as a reader meets
// it. Items styled `content-visibility: auto` (the idea cards) skip layout while off screen and keep the size they
// last rendered at, or a placeholder, until they near the viewport; axe would read their buttons as clipped
// (target-size). A reader scrolling meets each one laid out, so the check lays every such item out first.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Scrolls every `content-visibility: auto` element into view once (two frames each), then back to the top. */
export async function layOutDeferredContent(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const deferred = Array.from(document.querySelectorAll<HTMLElement>("body *")).filter(
      (el) => getComputedStyle(el).contentVisibility === "auto",
    );
    const { scrollX, scrollY } = window;
    for (const el of deferred) {
      el.scrollIntoView({ block: "center" });
      // Two frames lay it out; a page whose frames are throttled still moves on after 100 ms.
      await Promise.race([
        new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        new Promise((done) => setTimeout(done, 100)),
      ]);
    }
    window.scrollTo(scrollX, scrollY);
    return deferred.length;
  });
}

export async function seriousViolations(
  page: Page,
  options: { fullTargets?: boolean } = {},
): Promise<string[]> {
  await layOutDeferredContent(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const nodes = options.fullTargets ? Infinity : 3;
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, nodes)
          .join(" | ")}`,
    );
}
