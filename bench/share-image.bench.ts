/**
 * Share image CPU (issue 12: under 50 ms CPU per image cold, a KV hit under 2 ms), figures printed, never
 * asserted. "Per image cold" is read as an image rendered because KV does not hold it yet, in a running isolate;
 * the once-per-isolate costs are printed apart (decision 208). Node's V8 (the engine workerd runs), the production render path of
 * app/server/share-image/engine.server.ts, split into its parts:
 *  - one-time per isolate: wasm compile (yoga, resvg), wasm instantiate + init, font copy (unpacked from WOFF at build time)
 *    and font parse. On Workers a .wasm imported as a module arrives already compiled (the runtime
 *    compiles it when the Worker is loaded, outside any request), so the compile is reported apart.
 *  - per image: satori layout (-> SVG), resvg parse (SVG -> tree), resvg rasterise, PNG encode.
 *    "First image" is the first render in a fresh process after the one-time setup: V8 still runs
 *    satori's JavaScript in its interpreter and compiles resvg's wasm functions on their first call, so it
 *    costs more than a warm render of the same card.
 *  - a KV hit: content hash + lookup in an in-memory KV.
 * CPU is the main thread's (where the isolate runs the request; Linux schedstat, read after a 10 us
 * futex wait so the kernel has brought the thread's runtime up to date). The whole process's CPU
 * (getrusage) is printed beside totals: it adds V8's background threads, mostly the optimising compiler
 * recompiling resvg's hot wasm functions during the first renders, and concurrent GC.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { cachedShareImage } from "#app/server/share-image/cache.server.ts";
import { CARD_FONT_FILES, CARD_FONT_TABLES_OMITTED } from "#app/server/share-image/card-fonts.server.ts";
import { woffToSfnt } from "#app/server/share-image/woff.server.ts";
import {
  initShareImageEngine,
  provideShareImageAssets,
  renderCardPng,
  type CardFont,
  type RenderStage,
} from "#app/server/share-image/engine.server.ts";
import { tradeCard, tradeCardContent } from "#app/server/share-image/trade-card.server.ts";
import { wheelCard, wheelCardContent } from "#app/server/share-image/wheel-card.server.ts";
import type { IdeaPayload } from "#app/lib/idea-view.ts";
import { fixtureIdeas } from "../tests/worker/fixtures/trade-ideas";

const processCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const threadStat = `/proc/self/task/${process.pid}/schedstat`;
const settle = new Int32Array(new SharedArrayBuffer(4));
const threadCpu = () => {
  Atomics.wait(settle, 0, 0, 0.01);
  return Number(readFileSync(threadStat, "utf8").split(" ")[0]) / 1e6;
};

/** Marks CPU at each call; `split()` returns the CPU spent since the previous mark. */
function stopwatch() {
  let p = processCpu();
  let t = threadCpu();
  return () => {
    const p1 = processCpu();
    const t1 = threadCpu();
    const d = { process: p1 - p, thread: t1 - t };
    p = p1;
    t = t1;
    return d;
  };
}
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((q / 100) * s.length))]!;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

console.log(
  `Machine load average (1, 5, 15 min): ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on 2 cores; Node ${process.version}`,
);

const require = createRequire(import.meta.url);
const file = (spec: string) => new Uint8Array(readFileSync(require.resolve(spec)));
const yogaBytes = file("satori/yoga.wasm");
const resvgBytes = file("@resvg/resvg-wasm/index_bg.wasm");
const cardFontSfnt = (spec: string) => woffToSfnt(file(spec), { omit: CARD_FONT_TABLES_OMITTED });
const regularSfnt = cardFontSfnt(CARD_FONT_FILES.regular);
const boldSfnt = cardFontSfnt(CARD_FONT_FILES.bold);

// One-time setup ------------------------------------------------------------------------------------
const setup = stopwatch();
const yoga = await WebAssembly.compile(yogaBytes);
const resvg = await WebAssembly.compile(resvgBytes);
const compile = setup();
let wasmInit = { process: 0, thread: 0 };
let fontUnpack = { process: 0, thread: 0 };
provideShareImageAssets({
  yoga,
  resvg,
  fonts: () => {
    wasmInit = setup();
    // The Worker gets these unpacked at build time (scripts/card-fonts-plugin.ts): only the base64 decode is
    // left per isolate, which this stands for.
    const fonts: CardFont[] = [
      { name: "Inter", data: regularSfnt.slice(0), weight: 400, style: "normal" },
      { name: "Inter", data: boldSfnt.slice(0), weight: 700, style: "normal" },
    ];
    fontUnpack = setup();
    return fonts;
  },
});
await initShareImageEngine();
const fontParse = setup();
const perIsolate = {
  process: wasmInit.process + fontUnpack.process + fontParse.process,
  thread: wasmInit.thread + fontUnpack.thread + fontParse.thread,
};
console.log(
  `Share image wasm compile (at Worker load on Workers, not in a request): yoga ${(yogaBytes.length / 1024).toFixed(0)} KiB + ` +
    `resvg ${(resvgBytes.length / 1024).toFixed(0)} KiB: ${ms(compile.thread)} CPU (process ${ms(compile.process)}; V8 compiles lazily, see first image)`,
);
console.log(
  `Share image one-time setup per isolate: ${ms(perIsolate.thread)} CPU (process ${ms(perIsolate.process)}) = ` +
    `wasm instantiate + init ${ms(wasmInit.thread)}, font unpack ${ms(fontUnpack.thread)}, font parse ${ms(fontParse.thread)}`,
);

// Per image -----------------------------------------------------------------------------------------
const STAGES: RenderStage[] = ["layout", "parse", "rasterise", "encode"];
async function timedRender(card: Parameters<typeof renderCardPng>[0]) {
  const parts: Record<RenderStage, { process: number; thread: number }> = {} as never;
  const lap = stopwatch();
  const png = await renderCardPng(card, undefined, (stage) => (parts[stage] = lap()));
  const total = STAGES.reduce(
    (a, s) => ({ process: a.process + parts[s].process, thread: a.thread + parts[s].thread }),
    { process: 0, thread: 0 },
  );
  return { png, parts, total };
}
const describe = (parts: Record<RenderStage, { thread: number }>) =>
  `satori layout ${ms(parts.layout.thread)}, resvg parse ${ms(parts.parse.thread)}, ` +
  `rasterise ${ms(parts.rasterise.thread)}, PNG encode ${ms(parts.encode.thread)}`;

const ideas = fixtureIdeas(60) as unknown as IdeaPayload[];
const first = await timedRender(tradeCard(tradeCardContent(ideas[0]!)));
console.log(
  `Share image 1200x630 first image of a fresh isolate, after setup: ${ms(first.total.thread)} CPU (process ${ms(first.total.process)}) = ` +
    describe(first.parts) +
    `; PNG ${(first.png.length / 1024).toFixed(0)} KiB`,
);
console.log(
  `Share image first request of a fresh isolate (setup + first image, compile excluded; once per isolate): ${ms(perIsolate.thread + first.total.thread)} CPU`,
);

const warm: Record<RenderStage | "total" | "process", number[]> = {
  layout: [],
  parse: [],
  rasterise: [],
  encode: [],
  total: [],
  process: [],
};
const wheel = {
  type: "CSP" as const,
  symbol: "AAPL",
  expirationDate: "2026-12-18",
  strike: 225,
  premium: 2.35,
  returnOnCapital: 1.04,
  annualizedReturn: 15.2,
  winProbability: 78,
  currentPrice: 238.5,
  asOf: "2026-11-23T16:00:00.000Z",
  source: "demo",
};
const early: number[] = [];
for (let i = 1; i < 60; i++) {
  // Every fifth image is a wheel card: the two card kinds share the render path.
  const card =
    i % 5 === 0
      ? wheelCard(wheelCardContent({ ...wheel, strike: 200 + i }))
      : tradeCard(tradeCardContent(ideas[i]!));
  const r = await timedRender(card);
  // The first 10 warm the JIT: printed one by one, the percentiles are of the renders after.
  if (i <= 10) {
    early.push(r.total.thread);
    continue;
  }
  for (const s of STAGES) warm[s].push(r.parts[s].thread);
  warm.total.push(r.total.thread);
  warm.process.push(r.total.process);
}
console.log(
  `Share image render on a KV miss, running isolate (${warm.total.length} cards after 10; target under 50 ms): ` +
    `p50 ${ms(pct(warm.total, 50))}  p95 ${ms(pct(warm.total, 95))} CPU ` +
    `(process p95 ${ms(pct(warm.process, 95))}); ` +
    `p50 by stage: satori layout ${ms(pct(warm.layout, 50))}, resvg parse ${ms(pct(warm.parse, 50))}, ` +
    `rasterise ${ms(pct(warm.rasterise, 50))}, PNG encode ${ms(pct(warm.encode, 50))}`,
);

console.log(
  `Share image renders 2-11 of a fresh isolate (the JIT warming up): ${early.map((v) => v.toFixed(0)).join(", ")} ms CPU`,
);

// KV hit --------------------------------------------------------------------------------------------
const kv = new Map<string, ArrayBuffer>();
const env = {
  SHARE_KV: {
    get: async (key: string) => kv.get(key) ?? null,
    put: async (key: string, value: Uint8Array) => void kv.set(key, value.slice().buffer),
  } as unknown as KVNamespace,
};
const content = tradeCardContent(ideas[0]!);
const render = { mayRender: async () => true };
await cachedShareImage(env, "trade", content, tradeCard, render);
const hits: number[] = [];
for (let i = 0; i < 200; i++) {
  const u0 = threadCpu();
  const r = await cachedShareImage(env, "trade", content, tradeCard, render);
  if (!r?.cached) throw new Error("expected a KV hit");
  hits.push(threadCpu() - u0);
}
console.log(
  `Share image KV hit (target under 2 ms): p50 ${pct(hits, 50).toFixed(2)} ms  p95 ${pct(hits, 95).toFixed(2)} ms CPU ` +
    `(in-memory KV: hash + lookup)`,
);
