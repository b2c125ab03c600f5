/**
 * Marks the document head's module preloads `fetchpriority="low"` (decision 206).
 *
 * React Router's <Scripts> preloads every module the page hydrates with, and React hoists those links into the
 * <head>, where a browser fetches them at high priority, side by side with the document itself. The page is
 * server-rendered with its stylesheet inline, so nothing on screen waits for that script: on a slow phone link
 * it only competes with the HTML for bandwidth and delays the first paint. At low priority the browser still
 * fetches the modules early and in parallel, after the document's own bytes.
 *
 * The stream is held only until `</head>` (the shell's first flush in practice) and passed through untouched
 * after it. Works on bytes: the markers are ASCII, which never occurs inside a multi-byte UTF-8 character.
 */
const HEAD_END = "</head>";
const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
/** A head larger than this is passed on as it is (ours is the stylesheet plus tags, about 70 KB). */
const MAX_HEAD_BYTES = 512 * 1024;

const HEAD_END_BYTES = new TextEncoder().encode(HEAD_END);
const utf8 = new TextDecoder();
const encoder = new TextEncoder();

export function withLowPriorityModulePreloads(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let passing = false;

  const release = (controller: TransformStreamDefaultController<Uint8Array>) => {
    for (const chunk of held) controller.enqueue(chunk);
    held = [];
    passing = true;
  };

  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (passing) {
          controller.enqueue(chunk);
          return;
        }
        held.push(chunk);
        heldBytes += chunk.byteLength;
        const bytes = held.length === 1 ? chunk : concat(held, heldBytes);
        const end = indexOfBytes(bytes, HEAD_END_BYTES);
        if (end === -1) {
          if (heldBytes > MAX_HEAD_BYTES) release(controller);
          return;
        }
        const headEnd = end + HEAD_END_BYTES.byteLength;
        const head = utf8.decode(bytes.subarray(0, headEnd));
        controller.enqueue(encoder.encode(head.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD)));
        if (headEnd < bytes.byteLength) controller.enqueue(bytes.subarray(headEnd));
        held = [];
        passing = true;
      },
      flush(controller) {
        if (!passing) release(controller);
      },
    }),
  );
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0];
  const last = haystack.byteLength - needle.byteLength;
  for (let i = haystack.indexOf(first); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.byteLength && haystack[i + j] === needle[j]) j++;
    if (j === needle.byteLength) return i;
  }
  return -1;
}
