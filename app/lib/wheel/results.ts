// A wheel batch answer (docs/product/api.md#wheel-batch-response) and the screen's reading of one or more of
// them: shared by the browser's calls (client.ts) and the /wheels loader, which renders the first view.
import {
  combineStrategies,
  WHEEL_DEFAULTS,
  type Position,
  type WheelStrategy,
} from "#app/lib/wheel/wheel.ts";

export interface DataFreshness {
  optionsDataUpdated: string | null;
  stockDataUpdated: string | null;
  dataUpdateAttempted: string | null;
}

export interface BatchResponse<T> {
  status: string;
  timestamp: string;
  responseTimestamp: string;
  marketStatus: string;
  parameters: Record<string, unknown>;
  results: Record<
    string,
    {
      strategies: T[];
      currentPrice: number | null;
      asOf: string | null;
      source: string | null;
      note?: string;
      position?: Position & { currentValue: number | null };
    }
  >;
  dataFreshness: DataFreshness;
  simulated: boolean;
}

export interface StrategiesResult {
  strategies: WheelStrategy[];
  /** Tickers that came back with no strategy (the CSP empty state lists them). */
  empty: string[];
  /** Positions whose every covered call is struck below the cost basis (left out by default). */
  belowBasis: string[];
  dataFreshness: DataFreshness | null;
  marketStatus: string;
  simulated: boolean;
  currentPrices: Record<string, number | null>;
}

/** One screen's batch answers (the CC screen sends 10 positions per call) as the page holds them. */
export function strategiesResultOf(bodies: readonly BatchResponse<WheelStrategy>[]): StrategiesResult {
  const all: WheelStrategy[] = [];
  const empty: string[] = [];
  const belowBasis: string[] = [];
  const currentPrices: Record<string, number | null> = {};
  for (const body of bodies)
    for (const [ticker, r] of Object.entries(body.results)) {
      currentPrices[ticker] = r.currentPrice;
      if (r.strategies.length === 0) empty.push(ticker);
      if (r.note === "below_cost_basis") belowBasis.push(ticker);
      all.push(...r.strategies);
    }
  const last = bodies.at(-1);
  return {
    strategies: combineStrategies(all),
    empty,
    belowBasis,
    dataFreshness: last?.dataFreshness ?? null,
    marketStatus: last?.marketStatus ?? WHEEL_DEFAULTS.marketStatus,
    simulated: last?.simulated ?? true,
    currentPrices,
  };
}

/** A screen's first answer for the page: its result, or the words of why there is none. */
export interface ServedStrategies {
  result: StrategiesResult | null;
  error: string | null;
}
