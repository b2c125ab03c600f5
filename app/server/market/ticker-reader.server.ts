// Ticker info for a list of symbols: the caches first (KV, then D1's last good copy). For a signed-in
// user's watchlist, a known symbol nobody has cached yet is refreshed inline within a time budget (the
// only place a request may reach a provider, see docs/ARCHITECTURE.md); public requests read caches only.
import { cleanSymbolInput, normaliseSymbol } from "#app/lib/symbols.ts";
import { marketStatus } from "#app/lib/market-calendar/index.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS, kvGetJson, readCached } from "#app/server/market/cache.server.ts";
import { withDeadline } from "#app/server/market/deadline.server.ts";
import { getMarketProvider } from "#app/server/market/provider.server.ts";
import { refreshTickerInfos } from "#app/server/market/refresh/inline.server.ts";
import type { TickerInfo } from "#app/server/market/ticker-info.server.ts";

export interface TickerInfoResult {
  infos: TickerInfo[];
  /** Symbols that are malformed or that no provider knows. */
  unknown: string[];
  /** Known symbols whose data could not be produced in time (try again shortly). */
  pending: string[];
}

/** How long one request may spend producing ticker info for symbols nobody has cached yet. */
const INLINE_REFRESH_BUDGET_MS = 2500;
const INLINE_REFRESH_MAX_SYMBOLS = 5;

export interface ReadTickerOptions {
  /**
   * May a known symbol nobody has cached yet be loaded from the provider now? Only for a signed-in
   * user's own watchlist; a public request reads the caches only, so it can never spend provider budget.
   */
  refreshMissing: boolean;
}

export async function readTickerInfos(
  env: WorkerEnv,
  rawSymbols: readonly string[],
  nowMs: number,
  { refreshMissing }: ReadTickerOptions,
): Promise<TickerInfoResult> {
  const unknown: string[] = [];
  const symbols: string[] = [];
  for (const raw of rawSymbols) {
    const s = normaliseSymbol(raw);
    if (!s) unknown.push(cleanSymbolInput(raw));
    else if (!symbols.includes(s)) symbols.push(s);
  }
  // An expired hot copy: the last good one is stale only while the market is open (when the cron
  // should be keeping it warm); after the close it is simply the closing snapshot.
  const open = marketStatus(nowMs).isOpen;
  const cached = await readCached<TickerInfo>(env, symbols.map(KV_KEYS.tickerInfo), (info) => ({
    ...info,
    stale: info.stale || open,
  }));
  const found = new Map<string, TickerInfo>();
  for (const s of symbols) {
    const info = cached.get(KV_KEYS.tickerInfo(s));
    if (info) found.set(s, info);
  }
  const missing = symbols.filter((s) => !found.has(s));
  const pending: string[] = [];
  if (missing.length && !refreshMissing) {
    // Caches only: what an earlier check learned about the symbol decides between "coming" and "unknown".
    const known = await Promise.all(missing.map((s) => kvGetJson<{ known: boolean }>(env, KV_KEYS.known(s))));
    missing.forEach((s, i) => (known[i]?.known ? pending : unknown).push(s));
  } else if (missing.length) {
    // One budget for checking and loading everything missing: a slow provider makes symbols pending,
    // never a slow page.
    const deadline = Date.now() + INLINE_REFRESH_BUDGET_MS;
    // One provider instance for the check and the refresh: the check's quote is reused, and the
    // provider's caps are the isolate's.
    const provider = getMarketProvider(env);
    const checks = await Promise.all(
      missing.map((s) =>
        withDeadline(provider.isKnownSymbol(s), deadline, `${s} check`).then(
          (ok) => ({ s, ok }),
          (error) => {
            console.error(
              `ticker info: could not check ${s}`,
              error instanceof Error ? error.message : error,
            );
            return { s, ok: null };
          },
        ),
      ),
    );
    const known: string[] = [];
    for (const { s, ok } of checks) {
      if (ok === null) pending.push(s);
      else (ok ? known : unknown).push(s);
    }
    const toRefresh = known.slice(0, INLINE_REFRESH_MAX_SYMBOLS);
    pending.push(...known.slice(INLINE_REFRESH_MAX_SYMBOLS));
    if (toRefresh.length) {
      const refreshed = await withDeadline(
        refreshTickerInfos(env, provider, toRefresh, deadline, nowMs),
        deadline + 250,
        "inline refresh",
      ).catch((error) => {
        console.error("ticker info: inline refresh failed", error instanceof Error ? error.message : error);
        return new Map<string, TickerInfo>();
      });
      for (const s of toRefresh) {
        const info = refreshed.get(s);
        if (info) found.set(s, info);
        else pending.push(s);
      }
    }
  }
  return { infos: symbols.filter((s) => found.has(s)).map((s) => found.get(s)!), unknown, pending };
}
