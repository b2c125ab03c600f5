// The roll finder's contract (GET /api/positions/:id/rolls): what it answers and every word the screen shows with
// it. Pure and shared, and without zod: the finder's browser code imports it (the request's schemas are the
// server's, rolls.server.ts).
import type { RollCandidate, RollStatus } from "#app/engine/positions/rolls.ts";

export type { RollCandidate };

/** What the numbers were priced with: shipped beside them. */
export interface RollAssumptions {
  /** The engine's code, and its words. */
  fillBasis: string;
  fillBasisLabel: string;
  /** Continuous, decimal. */
  rate: number;
  rateSource: string;
  /** Continuous, decimal; null when the chain has none (0 is used). */
  dividendYield: number | null;
  model: string;
  probabilityLabel: string;
  /** The realised-volatility forecast the score's edge is taken at; null: no edge claimed. */
  forecastVol: number | null;
}

export interface RollsView {
  positionId: string;
  symbol: string;
  /** "no_chain": no cached chain for the symbol (no numbers, never a guess). */
  status: RollStatus | "no_chain";
  /** The chain's quote time (ISO), null without one. */
  quoteTime: string | null;
  spot: number | null;
  assumptions: RollAssumptions | null;
  /** Per share, at the fill basis and at the natural price; null without the legs' quotes. */
  closeDebit: number | null;
  closeDebitNatural: number | null;
  /** Dollars, the whole position at the fill basis. */
  closeDollars: number | null;
  closeInstead: boolean;
  testedSide: "put" | "call" | null;
  /** Best quality score first. */
  candidates: RollCandidate[];
}

export const ROLL_MESSAGES = {
  notFound: "Position not found",
  wheelNotFound: "Option not found",
  query: "allowBelowBasis is 1 or 0",
  title: "Find a roll",
  notAProfit:
    "A credit roll is not a profit: it buys back this position at a loss and sells more time, which extends the risk.",
  closeInstead: "No roll here pays a net credit. Closing now costs",
  noChain: "No quotes are cached for this symbol yet: the roll finder needs the chain.",
  missingLeg: "A leg of this position has no two-sided quote in the chain: its close can't be priced.",
  noCandidates: "No later expiration lists these strikes.",
  record: "Record this roll",
  failed: "Could not find rolls. Please try again.",
  wheelFailed: "Could not record the roll in your wheel campaign. Please try again.",
  belowBasis: "Allow strikes below my cost basis",
  adjustedBasis: "New adjusted basis",
} as const;
