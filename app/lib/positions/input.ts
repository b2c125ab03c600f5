// The spread position ledger's contract (decision 333): what the UI sends to /api/positions, what it gets back,
// the geometry a credit spread must have, and the words of every refusal. Pure and shared by the server and the
// browser, so the form can check what the server will check with the same messages.
import { z } from "zod";
import { isIsoDate } from "#app/engine/time.ts";
import { MANAGEMENT_RULE } from "#app/engine/management.ts";
import { formatGrouped, formatUsd } from "#app/lib/format.ts";
import { cleanSymbolInput, SYMBOL_RE } from "#app/lib/symbols.ts";

// ---------------------------------------------------------------- types
export const SPREAD_STRATEGIES = [
  "BULL_PUT_SPREAD",
  "BEAR_CALL_SPREAD",
  "IRON_CONDOR",
  "CUSTOM_CREDIT_SPREAD",
] as const;
export type SpreadStrategy = (typeof SPREAD_STRATEGIES)[number];

export type LegRight = "put" | "call";
export type LegSide = "short" | "long";

/** One leg, one lot per contract of the position. Strike in dollars, expiration 'YYYY-MM-DD'. */
export interface PositionLegInput {
  right: LegRight;
  side: LegSide;
  strike: number;
  expiration: string;
}

/** How a position is managed: its alerts read these (defaults: the one management rule, decision 266). */
export interface PositionSettings {
  /** Share of the credit kept at which to take profit, (0, 1]. */
  profitTargetShare: number;
  /** Loss, as a multiple of the credit, at which to close, (0, 10]. */
  lossLimitMultiple: number;
  /** Days to expiration at which to close, 0..365. */
  exitDte: number;
  /** How near a short strike the underlying may come (percent of the strike) before the position is "tested". */
  testedDistancePercent: number;
  alerts: boolean;
}

export const DEFAULT_POSITION_SETTINGS: Readonly<PositionSettings> = {
  profitTargetShare: MANAGEMENT_RULE.profitTakeShare,
  lossLimitMultiple: MANAGEMENT_RULE.lossLimitMultiple,
  exitDte: MANAGEMENT_RULE.exitDte,
  testedDistancePercent: 2,
  alerts: true,
};

export type PositionStatus = "open" | "closed";
export type CloseReason = "closed" | "rolled" | "expired" | "assigned";

/** A position as GET /api/positions lists it. Credits and debits per share; realizedPnl in dollars. */
export interface PositionRecord {
  id: string;
  symbol: string;
  strategy: SpreadStrategy;
  status: PositionStatus;
  contracts: number;
  legs: PositionLegInput[];
  openCredit: number;
  openedOn: string;
  /** The latest leg's expiration. */
  expiration: string;
  closedOn: string | null;
  closeDebit: number | null;
  closeReason: CloseReason | null;
  /** The published idea it was taken from, if any. */
  tradeId: string | null;
  settings: PositionSettings;
  rolledFrom: string | null;
  rolledTo: string | null;
  /** (openCredit - closeDebit) x 100 x contracts, to the cent; null while open. */
  realizedPnl: number | null;
}

/** GET /api/positions, and what the /positions loader gets from `positionsOf`. */
export interface PositionsView {
  positions: PositionRecord[];
  /** The user's last event number (0: none): the next write sends it. */
  version: number;
  openCount: number;
  /** The plan's open-position cap (null: no cap). */
  limit: number | null;
  alertsAllowed: boolean;
}

/** What an assignment hands on (the UI records the shares in a wheel campaign through the wheel's ledger API). */
export interface Assignment {
  symbol: string;
  right: LegRight;
  strike: number;
  contracts: number;
  date: string;
}

/** A user's event log holds at most this many events (as the wheel ledger's MAX_LEDGER_EVENTS). */
export const MAX_POSITION_EVENTS = 5000;
export const MAX_CONTRACTS = 1000;
const MAX_STRIKE = 1_000_000;

// ---------------------------------------------------------------- words
const STRATEGY_NAMES: Record<SpreadStrategy, string> = {
  BULL_PUT_SPREAD: "bull put spread",
  BEAR_CALL_SPREAD: "bear call spread",
  IRON_CONDOR: "iron condor",
  CUSTOM_CREDIT_SPREAD: "custom credit spread",
};

export const POSITION_MESSAGES = {
  signedOut: "Sign in to track your positions",
  json: "Invalid JSON",
  action: "Choose what to do: open, close, roll, expire, assign, settings or void",
  version: "Send the version your list was read at (GET /api/positions)",
  positionId: "Choose the position",
  position: "Describe the position: symbol, strategy, legs, contracts, credit and date",
  symbolRequired: "Symbol is required",
  symbol: "Invalid symbol format",
  strategy: "Choose the strategy: bull put spread, bear call spread, iron condor or custom credit spread",
  legs: "Enter the legs: 2 for a vertical, 4 for an iron condor",
  leg: "Each leg needs put or call, short or long, a strike and an expiration",
  right: "Choose put or call for each leg",
  side: "Choose short or long for each leg",
  strike: "Each strike must be a price greater than 0",
  date: (field: string) => `Enter the ${field} as YYYY-MM-DD`,
  contracts: `Contracts must be a whole number from 1 to ${formatGrouped(MAX_CONTRACTS)}`,
  credit: "The credit must be greater than 0 (per share, as the broker shows it)",
  debit: "The closing debit can't be negative (per share; 0 if it expired worthless)",
  settlement: "The settlement price must be greater than 0",
  tradeId: "Invalid trade id",
  reason: "The reason is too long (200 characters at most)",
  profitTarget: "The profit target is a share of the credit above 0 and at most 1 (0.5 = half)",
  lossLimit: "The loss limit is a multiple of the credit above 0 and at most 10",
  exitDte: "The exit is a whole number of days to expiration from 0 to 365",
  testedDistance: "The tested distance is a percent from 0 to 20",
  alerts: "Alerts are on or off",
  settingsEmpty: "Nothing to change in the settings",
  futureDate: "The date can't be in the future",
  legCount: (strategy: SpreadStrategy) =>
    strategy === "IRON_CONDOR"
      ? "An iron condor has 4 legs: a short and a long put, a short and a long call"
      : strategy === "CUSTOM_CREDIT_SPREAD"
        ? "A custom credit spread has 2 or 4 legs"
        : `A ${STRATEGY_NAMES[strategy]} has 2 legs`,
  pattern: (strategy: SpreadStrategy) =>
    strategy === "BULL_PUT_SPREAD"
      ? "A bull put spread is a short put and a long put"
      : strategy === "BEAR_CALL_SPREAD"
        ? "A bear call spread is a short call and a long call"
        : strategy === "IRON_CONDOR"
          ? "An iron condor is a short and a long put, and a short and a long call"
          : "Each short leg needs a long leg of the same right and expiration",
  pairExpiration: "Each short leg and its long leg must share the expiration",
  condorExpiration: "An iron condor's four legs share one expiration",
  putOrder: "The short put's strike must be above the long put's (a credit spread)",
  callOrder: "The short call's strike must be below the long call's (a credit spread)",
  sidesOrder: "The put side must be below the call side: the short put's strike under the short call's",
  creditAboveWidth: (width: number) =>
    `The credit can't be more than the spread's width (${formatUsd(width)} per share)`,
  expiredAtOpen: "A leg can't expire before the position was opened",
  notFound: "Position not found",
  notOpen: "This position is already closed",
  closedBeforeOpened: "The closing date can't be before the position was opened",
  expireTooEarly: "A position expires on or after its expiration: close it to record an earlier exit",
  assignLeg: "Choose a short leg of the position: only a short option is assigned",
  rolledOn: "This position was rolled into another: void that one first",
  openLimit: "Your plan's open positions are used up",
  stale: "Your positions changed while saving. Reload and try again.",
  full: `A position log holds at most ${formatGrouped(MAX_POSITION_EVENTS)} events`,
} as const;

// ---------------------------------------------------------------- geometry
/** The legs' pairs: one short and one long of the same right and expiration. */
interface LegPair {
  right: LegRight;
  expiration: string;
  short: PositionLegInput;
  long: PositionLegInput;
}

/** Legs grouped by right and expiration, each group one short and one long; null when they do not pair. */
function pairsOf(legs: readonly PositionLegInput[]): LegPair[] | null {
  const groups = new Map<string, PositionLegInput[]>();
  for (const leg of legs) {
    const key = `${leg.right} ${leg.expiration}`;
    groups.set(key, [...(groups.get(key) ?? []), leg]);
  }
  const pairs: LegPair[] = [];
  for (const group of groups.values()) {
    const short = group.find((l) => l.side === "short");
    const long = group.find((l) => l.side === "long");
    if (group.length !== 2 || !short || !long) return null;
    pairs.push({ right: short.right, expiration: short.expiration, short, long });
  }
  return pairs;
}

/** The latest leg's expiration: the position is open until then. */
export function positionExpiration(legs: readonly PositionLegInput[]): string {
  return legs.reduce(
    (latest, l) => (l.expiration > latest ? l.expiration : latest),
    legs[0]?.expiration ?? "",
  );
}

/**
 * The most the position can lose before its credit, per share: the wider side when the sides are a put and a
 * call (only one can finish in the money), the sum when both pairs are of one right.
 */
export function positionWidth(legs: readonly PositionLegInput[]): number {
  const pairs = pairsOf(legs) ?? [];
  const widths = pairs.map((p) => Math.abs(p.short.strike - p.long.strike));
  const oneRight = pairs.length > 1 && pairs.every((p) => p.right === pairs[0]!.right);
  return oneRight ? widths.reduce((a, b) => a + b, 0) : Math.max(0, ...widths);
}

const strikeOrderIssue = (pair: LegPair): string | null => {
  if (pair.right === "put" && !(pair.short.strike > pair.long.strike)) return POSITION_MESSAGES.putOrder;
  if (pair.right === "call" && !(pair.short.strike < pair.long.strike)) return POSITION_MESSAGES.callOrder;
  return null;
};

/**
 * Why these legs are not a credit position of this strategy (the message shown), or null when they are. Bull put:
 * short put above long put; bear call: short call below long call; condor: both, the put side below the call side,
 * one expiration; custom: 2 or 4 legs, each short paired with a long of its right and expiration, each pair a
 * credit vertical. `openCredit`, when given, must not exceed the width (`positionWidth`).
 */
export function legsGeometryIssue(
  strategy: SpreadStrategy,
  legs: readonly PositionLegInput[],
  openCredit?: number,
): string | null {
  const counts = strategy === "CUSTOM_CREDIT_SPREAD" ? [2, 4] : strategy === "IRON_CONDOR" ? [4] : [2];
  if (!counts.includes(legs.length)) return POSITION_MESSAGES.legCount(strategy);
  const rights = (right: LegRight, side: LegSide) =>
    legs.filter((l) => l.right === right && l.side === side).length;
  const expected: Partial<Record<SpreadStrategy, [number, number]>> = {
    BULL_PUT_SPREAD: [1, 0],
    BEAR_CALL_SPREAD: [0, 1],
    IRON_CONDOR: [1, 1],
  };
  const want = expected[strategy];
  if (want) {
    const [puts, calls] = want;
    const fits =
      rights("put", "short") === puts &&
      rights("put", "long") === puts &&
      rights("call", "short") === calls &&
      rights("call", "long") === calls;
    if (!fits) return POSITION_MESSAGES.pattern(strategy);
  }
  const pairs = pairsOf(legs);
  if (!pairs)
    return want ? POSITION_MESSAGES.pairExpiration : POSITION_MESSAGES.pattern("CUSTOM_CREDIT_SPREAD");
  for (const pair of pairs) {
    const issue = strikeOrderIssue(pair);
    if (issue) return issue;
  }
  const put = pairs.find((p) => p.right === "put");
  const call = pairs.find((p) => p.right === "call");
  if (strategy === "IRON_CONDOR" && put && call) {
    if (put.expiration !== call.expiration) return POSITION_MESSAGES.condorExpiration;
    if (!(put.short.strike < call.short.strike)) return POSITION_MESSAGES.sidesOrder;
  }
  // A custom put-and-call position has its put side below its call side too (an iron fly may touch).
  if (strategy === "CUSTOM_CREDIT_SPREAD" && put && call && put.short.strike > call.short.strike)
    return POSITION_MESSAGES.sidesOrder;
  const width = positionWidth(legs);
  if (openCredit !== undefined && openCredit > width + 1e-9) return POSITION_MESSAGES.creditAboveWidth(width);
  return null;
}

// ---------------------------------------------------------------- schemas
const isoDate = (field: string) =>
  z
    .string({ error: POSITION_MESSAGES.date(field) })
    .refine(isIsoDate, { message: POSITION_MESSAGES.date(field) });

const id = z.string({ error: POSITION_MESSAGES.positionId }).min(1, POSITION_MESSAGES.positionId).max(64);

const price = (message: string, min: "positive" | "notNegative") =>
  z
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && (min === "positive" ? v > 0 : v >= 0) && v <= MAX_STRIKE, {
      message,
    });

const contracts = z
  .number({ error: POSITION_MESSAGES.contracts })
  .int({ error: POSITION_MESSAGES.contracts })
  .min(1, POSITION_MESSAGES.contracts)
  .max(MAX_CONTRACTS, POSITION_MESSAGES.contracts);

export const legSchema = z
  .object(
    {
      right: z.enum(["put", "call"], { error: POSITION_MESSAGES.right }),
      side: z.enum(["short", "long"], { error: POSITION_MESSAGES.side }),
      strike: price(POSITION_MESSAGES.strike, "positive"),
      expiration: isoDate("expiration"),
    },
    { error: POSITION_MESSAGES.leg },
  )
  .strict();

const legsSchema = z
  .array(legSchema, { error: POSITION_MESSAGES.legs })
  .min(2, POSITION_MESSAGES.legs)
  .max(4, POSITION_MESSAGES.legs);

/** Each setting on its own; a partial one is merged into the position's (or the defaults). */
export const settingsSchema = z
  .object(
    {
      profitTargetShare: z
        .number({ error: POSITION_MESSAGES.profitTarget })
        .gt(0, POSITION_MESSAGES.profitTarget)
        .max(1, POSITION_MESSAGES.profitTarget),
      lossLimitMultiple: z
        .number({ error: POSITION_MESSAGES.lossLimit })
        .gt(0, POSITION_MESSAGES.lossLimit)
        .max(10, POSITION_MESSAGES.lossLimit),
      exitDte: z
        .number({ error: POSITION_MESSAGES.exitDte })
        .int({ error: POSITION_MESSAGES.exitDte })
        .min(0, POSITION_MESSAGES.exitDte)
        .max(365, POSITION_MESSAGES.exitDte),
      testedDistancePercent: z
        .number({ error: POSITION_MESSAGES.testedDistance })
        .min(0, POSITION_MESSAGES.testedDistance)
        .max(20, POSITION_MESSAGES.testedDistance),
      alerts: z.boolean({ error: POSITION_MESSAGES.alerts }),
    },
    { error: POSITION_MESSAGES.settingsEmpty },
  )
  .strict();
export const settingsPatchSchema = settingsSchema.partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Stored settings read back: anything missing or out of range is the default (never a failed read). */
export function settingsOf(stored: unknown): PositionSettings {
  const parsed = settingsPatchSchema.safeParse(stored);
  return { ...DEFAULT_POSITION_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

const symbol = z
  .string({ error: POSITION_MESSAGES.symbolRequired })
  .max(12, POSITION_MESSAGES.symbol)
  .transform(cleanSymbolInput)
  .refine((s) => s.length > 0, POSITION_MESSAGES.symbolRequired)
  .refine((s) => SYMBOL_RE.test(s), POSITION_MESSAGES.symbol);

/** Geometry, the credit within the width, and no leg expired at the open. */
const withGeometry = <T extends { legs: PositionLegInput[]; openCredit: number }>(
  value: T,
  ctx: z.RefinementCtx,
  strategy: SpreadStrategy | null,
  openedOn: string | null,
) => {
  const issue = strategy ? legsGeometryIssue(strategy, value.legs, value.openCredit) : null;
  if (issue) ctx.addIssue({ code: "custom", message: issue, path: ["legs"] });
  else if (openedOn && value.legs.some((l) => l.expiration < openedOn))
    ctx.addIssue({ code: "custom", message: POSITION_MESSAGES.expiredAtOpen, path: ["legs"] });
};

export const openPositionSchema = z
  .object(
    {
      symbol,
      strategy: z.enum(SPREAD_STRATEGIES, { error: POSITION_MESSAGES.strategy }),
      legs: legsSchema,
      contracts,
      openCredit: price(POSITION_MESSAGES.credit, "positive"),
      openedOn: isoDate("opening date"),
      tradeId: z
        .string({ error: POSITION_MESSAGES.tradeId })
        .min(1)
        .max(100, POSITION_MESSAGES.tradeId)
        .nullish(),
      settings: settingsPatchSchema.optional(),
    },
    { error: POSITION_MESSAGES.position },
  )
  .strict()
  .superRefine((p, ctx) => withGeometry(p, ctx, p.strategy, p.openedOn));
export type OpenPositionInput = z.infer<typeof openPositionSchema>;

const version = z
  .number({ error: POSITION_MESSAGES.version })
  .int(POSITION_MESSAGES.version)
  .min(0, POSITION_MESSAGES.version)
  .max(Number.MAX_SAFE_INTEGER, POSITION_MESSAGES.version);

const closeDebit = price(POSITION_MESSAGES.debit, "notNegative");

/** The body of POST /api/positions: the version read, and one action. */
export const positionActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ version, action: z.literal("open"), position: openPositionSchema }).strict(),
    z
      .object({
        version,
        action: z.literal("close"),
        positionId: id,
        closedOn: isoDate("closing date"),
        closeDebit,
      })
      .strict(),
    z
      .object({
        version,
        action: z.literal("roll"),
        positionId: id,
        closedOn: isoDate("closing date"),
        closeDebit,
        legs: legsSchema,
        openCredit: price(POSITION_MESSAGES.credit, "positive"),
        contracts: contracts.optional(),
      })
      .strict()
      // The strategy is the rolled position's: the server checks the geometry against it (`rollGeometryIssue`).
      .superRefine((r, ctx) => withGeometry(r, ctx, null, r.closedOn)),
    z
      .object({ version, action: z.literal("expire"), positionId: id, on: isoDate("expiration date") })
      .strict(),
    z
      .object({
        version,
        action: z.literal("assign"),
        positionId: id,
        on: isoDate("assignment date"),
        leg: z
          .number({ error: POSITION_MESSAGES.assignLeg })
          .int({ error: POSITION_MESSAGES.assignLeg })
          .min(0, POSITION_MESSAGES.assignLeg)
          .max(3, POSITION_MESSAGES.assignLeg),
        settlement: price(POSITION_MESSAGES.settlement, "positive").optional(),
      })
      .strict(),
    z
      .object({
        version,
        action: z.literal("settings"),
        positionId: id,
        settings: settingsPatchSchema.refine((s) => Object.values(s).some((v) => v !== undefined), {
          message: POSITION_MESSAGES.settingsEmpty,
        }),
      })
      .strict(),
    z
      .object({
        version,
        action: z.literal("void"),
        positionId: id,
        reason: z.string({ error: POSITION_MESSAGES.reason }).max(200, POSITION_MESSAGES.reason).optional(),
      })
      .strict(),
  ],
  { error: POSITION_MESSAGES.action },
);
export type PositionAction = z.infer<typeof positionActionSchema>;
export type PositionActionName = PositionAction["action"];
