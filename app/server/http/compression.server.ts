// Serving a body compressed ahead of time (decision 200). A large cached answer is gzipped once per cache
// entry instead of once per request: the bytes then cost nothing to produce and a seventh to send.
import { gzipSync } from "node:zlib";

/**
 * Whether the request's Accept-Encoding lets us answer with gzip (RFC 9110 §12.5.3): `gzip` (or its
 * alias `x-gzip`) listed with a weight above 0, or `*` above 0 when gzip itself is not listed. A missing
 * header means the client did not ask for any coding, so it gets the plain body.
 */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  let star: boolean | null = null;
  for (const part of acceptEncoding.split(",")) {
    const [coding, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const accepted = Number.isFinite(weight) && weight > 0;
    if (coding === "gzip" || coding === "x-gzip") return accepted;
    if (coding === "*") star = accepted;
  }
  return star ?? false;
}

/** gzip of UTF-8 text; level 6 (zlib's default) is within a few percent of 9 on JSON at a third of the CPU. */
export function gzipText(text: string): Uint8Array<ArrayBuffer> {
  // A copy of its own (not a view into zlib's buffer), as a Response body takes it.
  return new Uint8Array(gzipSync(text, { level: 6 }));
}

/**
 * A 200 whose body was gzipped beforehand: `encodeBody: "manual"` tells the Workers runtime the bytes are
 * already in the Content-Encoding (otherwise it would compress them again on the way out).
 */
export function gzippedResponse(body: Uint8Array<ArrayBuffer>, headers: Record<string, string>): Response {
  return new Response(body, {
    headers: { ...headers, "Content-Encoding": "gzip" },
    encodeBody: "manual",
  });
}
