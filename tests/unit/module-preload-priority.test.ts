import { describe, expect, it } from "vitest";
import { withLowPriorityModulePreloads } from "../../app/server/http/module-preload-priority.server";

const encoder = new TextEncoder();

function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function textOf(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const p of parts) {
    bytes.set(p, offset);
    offset += p.byteLength;
  }
  return { text: new TextDecoder().decode(bytes), chunks: parts.length };
}

const HEAD =
  "<!DOCTYPE html><html><head><title>Prix — €</title>" +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-2.js" nonce="n"/>' +
  '<link rel="icon" href="/favicon.svg"/><style>body{}</style></head>';

describe("withLowPriorityModulePreloads", () => {
  it("lowers every module preload in the head and nothing else", async () => {
    const body = '<body><p>Le prix — 5 €</p><link rel="modulepreload" href="/late.js"/></body></html>';
    const { text } = await textOf(withLowPriorityModulePreloads(streamOf([HEAD + body])));
    expect(text).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-1.js"');
    expect(text).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/root-2.js"');
    expect(text.match(/fetchpriority/g)).toHaveLength(2);
    // What follows the head is passed on byte for byte.
    expect(text.endsWith(body)).toBe(true);
    expect(text).toContain("<title>Prix — €</title>");
  });

  it("finds the head's end across chunks, even inside a multi-byte character's split", async () => {
    const bytes = encoder.encode(HEAD + "<body>naïve €</body></html>");
    // Cut in the middle of "</head>" and in the middle of the "€" of the title (a 3-byte character).
    const headEnd = new TextDecoder().decode(bytes).indexOf("</head>");
    const euro = bytes.indexOf(0xe2);
    const cuts = [0, euro + 1, headEnd + 3, bytes.byteLength];
    const chunks = cuts.slice(1).map((end, i) => bytes.subarray(cuts[i], end));
    const { text } = await textOf(withLowPriorityModulePreloads(streamOf(chunks)));
    expect(text.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(text).toContain("<title>Prix — €</title>");
    expect(text.endsWith("<body>naïve €</body></html>")).toBe(true);
  });

  it("passes a stream without a head on unchanged", async () => {
    const json = '{"a":"<link rel=\\"modulepreload\\""}';
    const { text } = await textOf(withLowPriorityModulePreloads(streamOf([json.slice(0, 5), json.slice(5)])));
    expect(text).toBe(json);
  });

  it("stops holding after the head: later chunks go out as they come", async () => {
    const { chunks } = await textOf(
      withLowPriorityModulePreloads(streamOf([HEAD, "<body>", "<p>one</p>", "<p>two</p></body>"])),
    );
    expect(chunks).toBe(4);
  });
});
