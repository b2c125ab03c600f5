// The browser's calls of the spread position ledger's API (docs/product/api.md, decision 333) and the shapes the
// /positions page reads (decision 334). Type-only imports from input.ts: its zod schemas stay off the pages, the
// server checks every write and its words come back as the error.
import { callApi } from "#app/lib/api-client.ts";
import { wheelEventOfAssignment } from "#app/lib/positions/assignment.ts";
import type {
  Assignment,
  PositionAction,
  PositionLegInput,
  PositionRecord,
  PositionsView,
  SpreadStrategy,
} from "#app/lib/positions/input.ts";
import type { PositionMark } from "#app/engine/positions/types.ts";

/** One action of POST /api/positions without the version: the client adds the one it read. */
export type PositionChange = PositionAction extends infer A
  ? A extends { version: number }
    ? Omit<A, "version">
    : never
  : never;

export const POSITIONS_CLIENT_TEXT = {
  failed: "Could not save the position. Please try again.",
  readFailed: "Could not read your positions. Please try again.",
  wheelFailed: "Could not record the shares in your wheel campaign. Record them on Campaigns.",
} as const;

export type ChangeResult =
  | {
      ok: true;
      version: number;
      position: PositionRecord | null;
      /** An assign's shares, for the wheel ledger (null for every other action). */
      assignment: Assignment | null;
    }
  | {
      ok: false;
      status: number;
      message: string;
      /** A plan refusal: the words come with a link to /pricing. */
      upgrade: boolean;
    };

const fallback = () => POSITIONS_CLIENT_TEXT.failed;

/** GET /api/positions: the list and the version the next write sends. */
export async function readPositions(): Promise<
  { ok: true; view: PositionsView } | { ok: false; message: string }
> {
  const answer = await callApi<PositionsView>("/api/positions", {}, () => POSITIONS_CLIENT_TEXT.readFailed);
  return answer.ok ? { ok: true, view: answer.body } : { ok: false, message: answer.message };
}

/**
 * Sends one change at `version`. A 409 means the list changed elsewhere (another tab): its body carries the
 * current version, and the user's change is sent again once at it; the server checks it against the new list.
 */
export async function sendPositionChange(change: PositionChange, version: number): Promise<ChangeResult> {
  let at = version;
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await callApi<{ position?: PositionRecord; assignment?: Assignment; version: number }>(
      "/api/positions",
      { method: "POST", body: { ...change, version: at } },
      fallback,
    );
    if (answer.ok)
      return {
        ok: true,
        version: answer.body.version,
        position: answer.body.position ?? null,
        assignment: answer.body.assignment ?? null,
      };
    const current = answer.body?.version;
    if (answer.status === 409 && typeof current === "number" && attempt === 0) {
      at = current;
      continue;
    }
    return {
      ok: false,
      status: answer.status,
      message:
        answer.status === 403 && typeof answer.body?.message === "string"
          ? answer.body.message
          : answer.message,
      upgrade:
        answer.status === 403 &&
        (answer.body?.requiresUpgrade === true || answer.body?.redirectTo === "/pricing"),
    };
  }
  return { ok: false, status: 409, message: POSITIONS_CLIENT_TEXT.failed, upgrade: false };
}

/** Reads the version first (a page without the list, e.g. an idea card), then sends the change. */
export async function sendPositionChangeFresh(change: PositionChange): Promise<ChangeResult> {
  const read = await readPositions();
  if (!read.ok) return { ok: false, status: 0, message: read.message, upgrade: false };
  return sendPositionChange(change, read.view.version);
}

/**
 * Records an assignment's shares in the wheel ledger through the wheel's API (the features meet in the browser,
 * decision 333): the wheel's words come back when it refuses (a plan's campaign limit, shares not held).
 */
export async function recordAssignedShares(
  assignment: Assignment,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const answer = await callApi<{ status: string }>(
    "/api/wheel/ledger",
    { method: "POST", body: wheelEventOfAssignment(assignment) },
    () => POSITIONS_CLIENT_TEXT.wheelFailed,
  );
  return answer.ok ? { ok: true } : { ok: false, message: answer.message };
}

// ---------------------------------------------------------------- what the /positions loader returns

/** Closed positions per "Show more" (a user who trades weekly closes hundreds a year). */
export const CLOSED_PAGE_SIZE = 20;

/** How many closed positions the address asks for (`?closed=N`): CLOSED_PAGE_SIZE unless a positive number. */
export function closedShownFrom(search: URLSearchParams): number {
  const asked = Number.parseInt(search.get("closed") ?? "", 10);
  return Number.isFinite(asked) && asked > 0 ? asked : CLOSED_PAGE_SIZE;
}

/** What a mark was priced with besides the quotes: the risk-free rate (and its source), the dividend yield. */
export interface MarkAssumptions {
  /** Continuous, decimal. */
  rate: number;
  rateSource: string;
  /** Continuous, decimal; null when the chain has none (0 is used). */
  dividendYield: number | null;
}

/** The engine's mark, as the page shows it, or why there is none. */
export type MarkView =
  | { kind: "marked"; mark: PositionMark; quoteTime: string | null; assumptions: MarkAssumptions }
  /** No cached chain for the symbol at all. */
  | { kind: "no_chain" };

/** One stored daily closing mark (option_position_marks), P&L in dollars per position. */
export interface DailyMarkPoint {
  date: string;
  pnlMid: number | null;
  pnlNatural: number | null;
}

export interface OpenPositionView {
  position: PositionRecord;
  mark: MarkView;
  daily: DailyMarkPoint[];
}

/** A short option recorded in the wheel ledger ("I sold this"): listed here, managed on /wheels/campaigns. */
export interface WheelOptionView {
  key: string;
  campaignId: string;
  symbol: string;
  kind: "CSP" | "CC";
  strike: number;
  expiration: string;
  contracts: number;
  /** Average premium received per share: the position's credit and max profit. */
  premium: number;
  /** The day it was first sold, New York. */
  openedOn: string;
  /** A covered call's shares at the campaign's premium-adjusted cost, before this call's premium; else null. */
  stockCostPerShare: number | null;
}

export interface PositionsPageData {
  /** New York date of the page's read. */
  today: string;
  version: number;
  openCount: number;
  limit: number | null;
  /** The plan may open positions (Free: 0). */
  canOpen: boolean;
  alertsAllowed: boolean;
  /** Streamed: the list shows at once, each open position's mark when the chains are read. */
  open: Promise<OpenPositionView[]>;
  /** The newest closed positions, by closing date (a page of them: `closedShown`). */
  closed: PositionRecord[];
  /** Closed positions not shown yet, and the `closed` query that shows the next page. */
  closedRemaining: number;
  nextClosed: number;
  wheel: WheelOptionView[];
  /** Streamed: each wheel option's mark by its key, at the same chains as the spreads. */
  wheelMarks: Promise<Record<string, MarkView>>;
  /** The wheel ledger could not be read: the spreads still show. */
  wheelError: boolean;
}

export type { PositionLegInput, PositionRecord, SpreadStrategy };
