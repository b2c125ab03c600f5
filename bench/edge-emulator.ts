/**
 * A small local EMULATION of Workers Caching's documented behaviour, in front of `wrangler dev` for the load bench
 * (decision 283). It is not the service: wrangler dev has no Workers Caching, so the bench needs something that
 * answers as the edge would, and this follows the documentation (developers.cloudflare.com/workers/cache/:
 * configuration, cache keys, limitations) on the points the bench exercises:
 *   - only GET and HEAD are looked up and stored; a request with Authorization bypasses;
 *   - the key is the path and query (not the host), the variant is chosen by the response's Vary (request header
 *     values compared verbatim; `Vary: *` is not stored);
 *   - freshness from Cloudflare-CDN-Cache-Control, else CDN-Cache-Control, else Cache-Control: `private`/`no-store`
 *     are not stored, `s-maxage` wins over `max-age` and turns off stale-while-revalidate; no header at all on a
 *     200 is kept 2 hours (the documented heuristic); a response with Set-Cookie is not stored;
 *   - a stale copy within stale-while-revalidate is served while one background request refreshes it;
 *   - concurrent misses for a key are collapsed into one upstream request;
 *   - Cloudflare-CDN-Cache-Control and Cache-Tag are stripped from what the client receives; Cf-Cache-Status says
 *     HIT, MISS, EXPIRED, UPDATING or BYPASS.
 * Not emulated: tiering and eviction, per-version keys, purges, stale-if-error, Range, the anti-poisoning key headers.
 */
import {
  createServer,
  request as httpRequest,
  Agent,
  type IncomingHttpHeaders,
  type Server,
} from "node:http";

interface Stored {
  /** The request header values this variant was stored for (lower-case names, verbatim values). */
  vary: Record<string, string>;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  storedAt: number;
  freshMs: number;
  staleMs: number;
  refreshing: boolean;
}

interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface EdgeStats {
  HIT: number;
  MISS: number;
  EXPIRED: number;
  UPDATING: number;
  BYPASS: number;
}

/** Cloudflare-CDN-Cache-Control, else CDN-Cache-Control, else Cache-Control (the documented precedence). */
function cacheDirectives(headers: IncomingHttpHeaders): Map<string, string> | null {
  const raw =
    headers["cloudflare-cdn-cache-control"] ??
    headers["cdn-cache-control"] ??
    headers["cache-control"] ??
    null;
  if (raw === null) return null;
  const out = new Map<string, string>();
  for (const part of String(raw).split(",")) {
    const [name, value] = part.trim().split("=");
    if (name) out.set(name.toLowerCase(), (value ?? "").replace(/"/g, ""));
  }
  return out;
}

/** Seconds fresh and seconds stale-while-revalidate, or null when the response may not be stored. */
function storability(status: number, headers: IncomingHttpHeaders): { fresh: number; stale: number } | null {
  if (status !== 200) return null;
  if (headers["set-cookie"]) return null;
  if (String(headers.vary ?? "").includes("*")) return null;
  const d = cacheDirectives(headers);
  if (d === null) return { fresh: 7200, stale: 0 }; // the documented heuristic for a 200 without Cache-Control
  if (d.has("private") || d.has("no-store")) return null;
  const sMaxAge = d.get("s-maxage");
  const fresh = Number(sMaxAge ?? d.get("max-age") ?? 0);
  const blocksStale = sMaxAge !== undefined || d.has("must-revalidate") || d.has("proxy-revalidate");
  const stale = blocksStale ? 0 : Number(d.get("stale-while-revalidate") ?? 0);
  return { fresh: Number.isFinite(fresh) ? fresh : 0, stale: Number.isFinite(stale) ? stale : 0 };
}

function varyNames(headers: IncomingHttpHeaders): string[] {
  return String(headers.vary ?? "")
    .split(",")
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
}

function requestValue(headers: IncomingHttpHeaders, name: string): string {
  const v = headers[name];
  return Array.isArray(v) ? v.join(", ") : (v ?? "");
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

/** The headers a client receives, worked out once per answer (a stored copy is sent many times, as stored). */
const clientHeaders = new WeakMap<Fetched, Record<string, string | string[]>>();
function clientHeadersOf(f: Fetched): Record<string, string | string[]> {
  let headers = clientHeaders.get(f);
  if (headers) return headers;
  headers = {};
  for (const [name, value] of Object.entries(f.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (name === "cloudflare-cdn-cache-control" || name === "cache-tag") continue;
    headers[name] = value;
  }
  clientHeaders.set(f, headers);
  return headers;
}

/** Starts the emulator on `port`, forwarding to `upstream` (http://host:port). */
export function startEdgeEmulator(
  upstream: string,
  port: number,
): Promise<{
  origin: string;
  stats: EdgeStats;
  statsOf: (path: string) => EdgeStats;
  close: () => void;
}> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const cache = new Map<string, Stored[]>();
  const inflight = new Map<string, { leader: IncomingHttpHeaders; answer: Promise<Fetched> }>();
  const stats: EdgeStats = { HIT: 0, MISS: 0, EXPIRED: 0, UPDATING: 0, BYPASS: 0 };
  /** The same counts per path and query, so two targets measured at once are told apart. */
  const statsByPath = new Map<string, EdgeStats>();

  function fetchUpstream(method: string, path: string, headers: IncomingHttpHeaders, body?: Buffer) {
    return new Promise<Fetched>((resolve, reject) => {
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method,
          path,
          headers: { ...headers, host: target.host },
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  function store(key: string, reqHeaders: IncomingHttpHeaders, fetched: Fetched): boolean {
    const rule = storability(fetched.status, fetched.headers);
    if (!rule || rule.fresh + rule.stale <= 0) return false;
    const vary = Object.fromEntries(varyNames(fetched.headers).map((n) => [n, requestValue(reqHeaders, n)]));
    const variants = (cache.get(key) ?? []).filter((v) => !sameVariant(v.vary, reqHeaders));
    variants.push({
      vary,
      status: fetched.status,
      headers: fetched.headers,
      body: fetched.body,
      storedAt: Date.now(),
      freshMs: rule.fresh * 1000,
      staleMs: rule.stale * 1000,
      refreshing: false,
    });
    cache.set(key, variants);
    return true;
  }

  function sameVariant(vary: Record<string, string>, reqHeaders: IncomingHttpHeaders): boolean {
    return Object.entries(vary).every(([name, value]) => requestValue(reqHeaders, name) === value);
  }

  /** The Vary names last seen for a path: concurrent requests collapse only with requests of the same variant. */
  const varyByPath = new Map<string, string[]>();
  /** Collapse keys whose last answer could not be stored: their requests go straight upstream for a while. */
  const passUntil = new Map<string, number>();
  const PASS_MS = 10_000;

  function collapseKey(path: string, headers: IncomingHttpHeaders): string {
    const names = varyByPath.get(path) ?? [];
    return [path, ...names.map((n) => `${n}:${requestValue(headers, n)}`)].join("\n");
  }

  const server: Server = createServer((req, res) => {
    const method = req.method ?? "GET";
    const key = req.url ?? "/";
    const send = (f: Fetched, status: keyof EdgeStats, head: boolean) => {
      stats[status] += 1;
      let own = statsByPath.get(key);
      if (!own) statsByPath.set(key, (own = { HIT: 0, MISS: 0, EXPIRED: 0, UPDATING: 0, BYPASS: 0 }));
      own[status] += 1;
      const headers = { ...clientHeadersOf(f) };
      headers["cf-cache-status"] = status;
      headers["content-length"] = String(f.body.length);
      res.writeHead(f.status, headers);
      res.end(head ? undefined : f.body);
    };
    const fail = (error: unknown) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`edge emulator: upstream failed: ${String(error)}`);
    };
    const bypass = (head: boolean) =>
      fetchUpstream("GET", key, req.headers).then((own) => {
        if (store(key, req.headers, own)) return send(own, "MISS", head);
        return send(own, "BYPASS", head);
      }, fail);

    if ((method !== "GET" && method !== "HEAD") || req.headers.authorization) {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        fetchUpstream(method, key, req.headers, Buffer.concat(chunks)).then(
          (f) => send(f, "BYPASS", false),
          fail,
        );
      });
      return;
    }
    const head = method === "HEAD";
    const variant = (cache.get(key) ?? []).find((v) => sameVariant(v.vary, req.headers));
    const age = variant ? Date.now() - variant.storedAt : 0;
    if (variant && age < variant.freshMs) return send(variant, "HIT", head);
    // Past a fresh hit only: the collapse key is for refreshes and misses (a hit costs no more than its lookup).
    const ck = collapseKey(key, req.headers);
    if (variant) {
      if (age < variant.freshMs + variant.staleMs) {
        if (!variant.refreshing && !inflight.has(ck)) {
          variant.refreshing = true;
          const refresh = fetchUpstream("GET", key, req.headers).finally(() => inflight.delete(ck));
          inflight.set(ck, { leader: req.headers, answer: refresh });
          refresh.then(
            (f) => {
              if (!store(key, req.headers, f)) variant.refreshing = false;
            },
            () => {
              variant.refreshing = false;
            },
          );
        }
        return send(variant, "UPDATING", head);
      }
    }
    if ((passUntil.get(ck) ?? 0) > Date.now()) return void bypass(head);
    const pending = inflight.get(ck);
    if (pending) {
      // A collapsed answer serves this request only if it may be shared and is this request's variant.
      return void pending.answer.then((f) => {
        const shared = storability(f.status, f.headers) !== null;
        const same = varyNames(f.headers).every(
          (n) => requestValue(req.headers, n) === requestValue(pending.leader, n),
        );
        if (shared && same) return send(f, variant ? "EXPIRED" : "MISS", head);
        return bypass(head);
      }, fail);
    }
    const answer = fetchUpstream("GET", key, req.headers).finally(() => inflight.delete(ck));
    inflight.set(ck, { leader: req.headers, answer });
    answer.then((f) => {
      varyByPath.set(key, varyNames(f.headers));
      if (store(key, req.headers, f)) return send(f, variant ? "EXPIRED" : "MISS", head);
      passUntil.set(collapseKey(key, req.headers), Date.now() + PASS_MS);
      return send(f, "BYPASS", head);
    }, fail);
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        stats,
        statsOf: (path: string) => ({
          ...(statsByPath.get(path) ?? { HIT: 0, MISS: 0, EXPIRED: 0, UPDATING: 0, BYPASS: 0 }),
        }),
        close: () => {
          if (!server.listening) return;
          server.close();
          agent.destroy();
        },
      }),
    );
  });
}
