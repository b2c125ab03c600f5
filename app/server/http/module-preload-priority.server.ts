/**
 * Marks the document head's module preloads `fetchpriority="low"` (decision 206).
 *
 * React Router's <Scripts> preloads every module the page hydrates with, and React hoists those links into the
 * <head>, where a browser fetches them at high priority, side by side with the document itself. The page is
 * server-rendered with its stylesheet inline, so nothing on screen waits for that script: on a slow phone link
 * it only competes with the HTML for bandwidth and delays the first paint. At low priority the browser still
 * fetches the modules early and in parallel, after the document's own bytes.
 *
 * Workers' streaming HTMLRewriter does the edit as the document passes: nothing is buffered, and a link split
 * across chunks or written with other attribute orders is still found.
 */
export function withLowPriorityModulePreloads(document: Response): Response {
  return new HTMLRewriter()
    .on('head link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("fetchpriority", "low");
      },
    })
    .transform(document);
}
