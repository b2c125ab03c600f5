// The fixed wheel universe the track record logs (decision 267), screened as /wheels screens it. The jobs layer
// hands it to the track record's log after a refresh; the wheel and the track record never import each other.
import { combineStrategies, DEFAULT_FILTERS, RISK_LEVELS, WHEEL_DEFAULTS } from "#app/lib/wheel/wheel.ts";
import type { MarketSource } from "#app/server/market/types.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS, type PublishedWheelIdea } from "#app/server/market/universe.server.ts";
import { cspBatch } from "#app/server/wheel/strategies.server.ts";

/**
 * The fixed wheel universe (decision 267): the cash-secured puts /wheels shows at the defaults (100,000 of cash,
 * 45 days, no minimum return, 3 per ticker) for each risk level over the default universe, from this refresh's
 * chains only (`refreshed`: the symbols whose chain this run stored). No position, cash or watchlist of any user
 * enters it; covered calls need a position and are not logged.
 */
export async function wheelUniverseIdeas(
  env: Parameters<typeof cspBatch>[0],
  refreshed: readonly string[],
  nowMs: number,
): Promise<PublishedWheelIdea[]> {
  const fresh = new Set(refreshed);
  const tickers = DEFAULT_UNIVERSE_SYMBOLS.filter((s) => fresh.has(s));
  if (!tickers.length) return [];
  const out: PublishedWheelIdea[] = [];
  for (const riskLevel of RISK_LEVELS) {
    const batch = await cspBatch(
      env,
      {
        tickers,
        riskLevel,
        cashAmount: WHEEL_DEFAULTS.cash,
        maxDaysToExpiration: DEFAULT_FILTERS.maxDaysToExpiration,
        minReturn: DEFAULT_FILTERS.minReturn,
      },
      nowMs,
    );
    const sources = new Map<string, MarketSource>();
    for (const [ticker, r] of Object.entries(batch.results)) if (r.source) sources.set(ticker, r.source);
    const list = combineStrategies(
      Object.values(batch.results).flatMap((r) => (r.source ? r.strategies : [])),
    );
    list.forEach((candidate, i) =>
      out.push({ candidate, source: sources.get(candidate.symbol)!, riskLevel, rank: i + 1 }),
    );
  }
  return out;
}
