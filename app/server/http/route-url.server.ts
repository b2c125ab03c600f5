// React Router 8 hands loaders and actions the raw request: a client navigation's data request reads
// `/spreads.data?_routes=...` where v7 showed `/spreads`. An address the app writes back to the user (a return
// address, a canonical link) is built from the page's own URL, the same normalisation React Router applies to a
// loader's `url` argument (decision 230).

/** The page address a request stands for: without the `.data` suffix and the `_routes` parameter. */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return url;
}
