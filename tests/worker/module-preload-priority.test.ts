import { describe, expect, it } from "vitest";
import { withLowPriorityModulePreloads } from "#app/server/http/module-preload-priority.server.ts";

// Runs in workerd: the rewriter is Workers' HTMLRewriter (decision 206's edit). The built document is
// checked in the browser journeys (tests/e2e/shell-quality.spec.ts, "document head").
const encoder = new TextEncoder();

function documentOf(chunks: (string | Uint8Array)[]): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

const HEAD =
  "<!DOCTYPE html><html><head><title>Prix — €</title>" +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>' +
  '<link href="/assets/root-2.js" rel="modulepreload" nonce="n"/>' +
  '<link rel="icon" href="/favicon.svg"/><style>body{}</style></head>';

describe("withLowPriorityModulePreloads", () => {
  it("lowers every module preload in the head and nothing else", async () => {
    const body = '<body><p>Le prix — 5 €</p><link rel="modulepreload" href="/late.js"/></body></html>';
    const text = await withLowPriorityModulePreloads(documentOf([HEAD + body])).text();
    expect(text).toMatch(
      /<link rel="modulepreload" href="\/assets\/entry.client-1.js"[^>]* fetchpriority="low"/,
    );
    expect(text).toMatch(/<link href="\/assets\/root-2.js" rel="modulepreload"[^>]* fetchpriority="low"/);
    expect(text.match(/fetchpriority/g)).toHaveLength(2);
    // What follows the head is passed on as it was.
    expect(text.endsWith(body)).toBe(true);
    expect(text).toContain("<title>Prix — €</title>");
  });

  it("finds links split across chunks, even inside a multi-byte character's split", async () => {
    const bytes = encoder.encode(HEAD + "<body>naïve €</body></html>");
    const text = new TextDecoder().decode(bytes);
    // Cut inside the first preload's tag and in the middle of the "€" of the title (a 3-byte character).
    const euro = bytes.indexOf(0xe2);
    const insideLink = text.indexOf("modulepreload") + 4;
    const cuts = [0, euro + 1, insideLink, bytes.byteLength];
    const chunks = cuts.slice(1).map((end, i) => bytes.subarray(cuts[i], end));
    const out = await withLowPriorityModulePreloads(documentOf(chunks)).text();
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(out).toContain("<title>Prix — €</title>");
    expect(out.endsWith("<body>naïve €</body></html>")).toBe(true);
  });

  it("keeps the response's status and headers", async () => {
    const source = new Response(HEAD, { status: 404, headers: { "Content-Type": "text/html", "X-A": "1" } });
    const out = withLowPriorityModulePreloads(source);
    expect(out.status).toBe(404);
    expect(out.headers.get("X-A")).toBe("1");
    await out.text();
  });
});
