import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToReadableStream } from "react-dom/server";
import { StylesheetContext } from "#app/components/shell/InlineStylesheet.tsx";
import { withLowPriorityModulePreloads } from "#app/server/http/module-preload-priority.server.ts";
import { withCriticalStylesheet } from "#app/server/http/critical-stylesheet.server.ts";
import { NonceContext } from "#app/lib/nonce.ts";
import { cspNonceContext } from "#app/server/request-context.server.ts";
import { edgeCacheRefusal } from "#app/server/http/cache-control.server.ts";
// The processed stylesheet as text, inlined into every document (decision 185); the client build links none.
import stylesheet from "./app.css?inline";
// The same sheet as a hashed asset: what a document carrying only its own rules loads later (decision 293).
import fullStylesheetHref from "./app.css?url";

const BOT_PATTERN =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|whatsapp|telegram|linkedin|discord/i;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <StylesheetContext.Provider value={import.meta.env.DEV ? undefined : stylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      // A Suspense boundary that is ready is written in place. By default React moves one that ends past the first
      // 12.8 KB of HTML (the inline stylesheet alone is more) to the end of the stream and reveals it later, which
      // paints it late and shifts the page (decision 185).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: request.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell streamed are logged; React already rendered the boundary.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and link previews get the complete document (social preview tags included), and so does a page the
  // edge will share (decision 282): its copy is served to crawlers too, and a render that fails late must say 500
  // (never cached) rather than leave a broken 200 in the cache.
  const wholeDocument =
    BOT_PATTERN.test(request.headers.get("user-agent") ?? "") ||
    edgeCacheRefusal(request, responseStatusCode, responseHeaders) === null;
  if (wholeDocument) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A document sent whole carries only the rules its markup uses (decision 293).
  const document =
    wholeDocument && !import.meta.env.DEV
      ? withCriticalStylesheet(await new Response(body).text(), stylesheet, fullStylesheetHref)
      : body;
  return withLowPriorityModulePreloads(
    new Response(document, { headers: responseHeaders, status: responseStatusCode }),
  );
}
