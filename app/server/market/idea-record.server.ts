// An idea at the server's edges (decision 292). The one idea type is the engine's `SpreadIdea` (with its source,
// `TradeIdea`); the screens read `IdeaPayload`, derived from it. Two things happen only here:
// - a record read back from the D1 history (share links of ideas no longer listed) is parsed once, with zod, into
//   `IdeaPayload`: a record from before a field existed lacks it, and one written before decision 292 carries the
//   older names, which are read into the one name;
// - the public JSON of /api/get_trades and /api/trade/:id is written by `ideaForApi`, the one place the API's
//   older aliases (decision 050) still exist.
import { z } from "zod";
import type { ScoreParts } from "#app/engine/index.ts";
import type { IdeaPayload } from "#app/lib/idea-view.ts";
import type { TradeIdea } from "#app/server/market/types.server.ts";

const finite = z.number().refine(Number.isFinite);
const maybeNumber = finite.nullable().optional();
const maybeText = z.string().nullable().optional();

const legSchema = z.object({
  occSymbol: z.string().optional(),
  type: z.enum(["call", "put"]),
  side: z.enum(["sell", "buy"]),
  strike: finite,
  bid: finite.optional(),
  ask: finite.optional(),
  mid: finite.optional(),
  fill: finite.optional(),
  iv: finite.optional(),
  delta: finite.optional(),
  liquidityPoint: finite.optional(),
  openInterest: finite.optional(),
  prevDayVolume: finite.nullable().optional(),
});

const eventSchema = z.object({
  date: z.string(),
  kind: z.enum(["FOMC", "CPI", "NFP", "EARNINGS", "EX_DIVIDEND", "OTHER"]),
  title: z.string().optional(),
});

const eventsSchema = z.preprocess(
  // A bare list (an early record) is the flags' list.
  (v) => (Array.isArray(v) ? { list: v } : v),
  z.object({
    earnings: z.boolean().optional(),
    exDividend: z.boolean().optional(),
    fomc: z.boolean().optional(),
    cpi: z.boolean().optional(),
    list: z.array(eventSchema).optional(),
  }),
);

const storedIdeaSchema = z.object({
  stock_symbol: z.string().min(1),
  strategy_type: z.string().min(1),
  trade_unique_identifier: z.string().min(1),
  expiration_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  return_on_risk: finite,
  net_credit: finite,
  probability_of_profit: finite,
  liquidity_point: finite,
  profit_target_perc: finite.optional(),
  return_on_capital: finite.optional(),
  net_credit_mid: finite.optional(),
  net_credit_natural: finite.optional(),
  fill_basis: z.string().optional(),
  fill_basis_label: z.string().optional(),
  probability_label: z.string().optional(),
  pop_methods: z
    .object({
      market_implied: finite.optional(),
      lognormal_atm: finite.optional(),
      delta: finite.optional(),
      credit_width: finite.optional(),
    })
    .optional(),
  prob_touch: finite.optional(),
  expected_value: finite.optional(),
  assumptions: z
    .object({
      r: finite,
      r_source: z.string(),
      r_as_of: z.string().nullable(),
      q: finite.nullable(),
      q_source: z.string(),
      model: z.string(),
    })
    .optional(),
  call_long_strike: maybeNumber,
  call_short_strike: maybeNumber,
  put_long_strike: maybeNumber,
  put_short_strike: maybeNumber,
  ex_dividend_date: maybeText,
  earnings_date: maybeText,
  underlyingPrice: finite.optional(),
  daysToExpiration: finite.optional(),
  width: finite.optional(),
  maxProfit: finite.optional(),
  maxLoss: finite.optional(),
  breakevenLow: maybeNumber,
  breakevenHigh: maybeNumber,
  evToMaxLoss: finite.optional(),
  modelVolatility: finite.optional(),
  cushion_sd: finite.optional(),
  liquidity_weight: finite.optional(),
  fill_cost_share: finite.optional(),
  score: finite.optional(),
  profile: z.enum(["conservative", "balanced", "aggressive"]).optional(),
  // Numbers only; app/lib/idea-why.ts reads them defensively and says nothing when they are not there.
  score_parts: z.custom<ScoreParts>((v) => typeof v === "object" && v !== null).optional(),
  events: eventsSchema.optional(),
  legs: z.array(legSchema).optional(),
  source: z.string().optional(),
  asOf: z.string().optional(),
}) satisfies z.ZodType<IdeaPayload>;

// Every field of the one type is read back: a field the schema lacked would be dropped from a shared idea.
const everyFieldRead: Record<Exclude<keyof TradeIdea, keyof z.infer<typeof storedIdeaSchema>>, never> = {};
void everyFieldRead;

type Stored = Record<string, unknown>;
const isObject = (v: unknown): v is Stored => typeof v === "object" && v !== null && !Array.isArray(v);

/** A record written before decision 292 may carry an older name only: read it into the one name. */
function withOneNamePerField(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const idea: Stored = { ...raw };
  idea.net_credit_mid ??= idea.creditMid;
  idea.net_credit_natural ??= idea.creditNatural;
  idea.expected_value ??= idea.expectedValue;
  if (idea.pop_methods === undefined && isObject(idea.pop))
    idea.pop_methods = {
      lognormal_atm: idea.pop.lognormal,
      delta: idea.pop.shortDelta,
      credit_width: idea.pop.creditToWidth,
    };
  for (const alias of ["creditMid", "creditNatural", "expectedValue", "pop"]) delete idea[alias];
  return idea;
}

/** A D1 history record as an idea, or null when it is not one (logged: a record the app wrote is broken). */
export function parseStoredIdea(raw: unknown): IdeaPayload | null {
  const parsed = storedIdeaSchema.safeParse(withOneNamePerField(raw));
  if (parsed.success) return parsed.data;
  console.error("stored trade idea does not parse", parsed.error.issues.slice(0, 3));
  return null;
}

/** An idea in the API's JSON: its fields and the older aliases (see ideaForApi). */
export type ApiIdea<T extends IdeaPayload> = T & {
  creditMid?: number;
  creditNatural?: number;
  pop?: { lognormal?: number; shortDelta?: number; creditToWidth?: number };
  expectedValue?: number;
};

/**
 * The idea as /api/get_trades and /api/trade/:id write it: every field of the one type, plus the names the API
 * carried before the honest-number fields of decision 050, kept for its readers and written nowhere else:
 * `creditMid` = net_credit_mid, `creditNatural` = net_credit_natural, `pop` = three of pop_methods,
 * `expectedValue` = expected_value.
 */
export function ideaForApi<T extends IdeaPayload>(idea: T): ApiIdea<T> {
  const pop = idea.pop_methods;
  return {
    ...idea,
    ...(idea.net_credit_mid !== undefined ? { creditMid: idea.net_credit_mid } : {}),
    ...(idea.net_credit_natural !== undefined ? { creditNatural: idea.net_credit_natural } : {}),
    ...(pop !== undefined
      ? { pop: { lognormal: pop.lognormal_atm, shortDelta: pop.delta, creditToWidth: pop.credit_width } }
      : {}),
    ...(idea.expected_value !== undefined ? { expectedValue: idea.expected_value } : {}),
  };
}
