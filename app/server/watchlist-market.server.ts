// What the watchlist screen needs from the market module: ticker info for the user's symbols in their
// order (known symbols without data yet reported as missing) and whether a symbol can be added.
import type { TickerCardData } from "../lib/ticker-card";
import type { WorkerEnv } from "./env.server";
import { getTickerInfos, isKnownSymbol } from "./market/market.server";

export interface WatchlistTickers {
  tickers: TickerCardData[];
  /** In the list but without data (unknown to the provider now, or still loading). */
  missing: string[];
  /** True when any card comes from the simulated market (the page labels it). */
  simulated: boolean;
}

export async function watchlistTickerInfos(
  env: WorkerEnv,
  symbols: readonly string[],
): Promise<WatchlistTickers> {
  if (symbols.length === 0) return { tickers: [], missing: [], simulated: false };
  const result = await getTickerInfos(env, symbols);
  const bySymbol = new Map(result.infos.map((i) => [i.symbol, i]));
  const tickers: TickerCardData[] = [];
  const missing: string[] = [];
  for (const s of symbols) {
    const info = bySymbol.get(s);
    if (info) tickers.push(info);
    else missing.push(s);
  }
  return { tickers, missing, simulated: result.infos.some((i) => i.source === "demo") };
}

export function isKnownWatchlistSymbol(env: WorkerEnv, symbol: string): Promise<boolean> {
  return isKnownSymbol(env, symbol);
}
