/**
 * The wheel campaign ledger (decision 270): an append-only list of a user's events turned into
 * campaigns, each with both cost bases, a reconciliation of its P&L under them, and its returns.
 *
 * Conventions (each figure carries its own in `RETURN_CONVENTIONS` / `BASIS_CONVENTIONS`):
 *   campaign        one underlying, from the first short put or share purchase while none is open, until no
 *                   shares and no short options remain; events are applied by date, then in recorded order.
 *   option money    premium and closing price are per share; one contract is CONTRACT_SIZE shares.
 *   broker basis    per lot, FIFO: an assigned put's shares cost strike - that put's premium per share; bought
 *                   shares their price. A call's premium is added to the proceeds when it is called away. Fees
 *                   are expensed when paid; dividends are income.
 *   adjusted basis  (net share cost + fees - all net option cash of the campaign - dividends) / shares held,
 *                   where net share cost = cash paid for shares - cash received for shares.
 *   bases at close  a closed campaign holds no shares, so it keeps both bases as they stood after the last event
 *                   that left it holding shares (before the call-away or sale that closed it).
 *   open options    valued at their mark when one is given, else at the premium received (no unrealised).
 *   dividends       belong to the campaign holding shares when the ex-date opens, paid on those shares, even if
 *                   the shares are gone by the pay date.
 *   capital         collateral of open short puts (strike x 100 x contracts) + cash paid for the shares held.
 *   a roll          a buy to close and a sell to open of the same underlying and option type on the same trading
 *                   day; linked as one step.
 *   exercise        the option holder exercising early against a short option: a put's shares are bought (as in
 *                   assign), a call's shares delivered (as in called away).
 * Pure: no clock, no I/O; dates are New York trading days as YYYY-MM-DD.
 */
import { DAY_MS } from "#app/engine/units.ts";

export const CONTRACT_SIZE = 100;

export const LEDGER_EVENT_KINDS = [
  "sell_to_open",
  "buy_to_close",
  "expire",
  "assign",
  "exercise",
  "called_away",
  "buy_shares",
  "sell_shares",
  "dividend",
  "fee",
  "void",
] as const;
export type LedgerEventKind = (typeof LEDGER_EVENT_KINDS)[number];
export type OptionType = "put" | "call";

export interface LedgerEvent {
  id: string;
  /** Trading day, YYYY-MM-DD. */
  date: string;
  symbol: string;
  kind: LedgerEventKind;
  optionType?: OptionType;
  strike?: number;
  /** YYYY-MM-DD. */
  expiration?: string;
  contracts?: number;
  /** Option events: premium or closing price per share. Share events: price per share. */
  price?: number;
  shares?: number;
  /** Dividend: cash per share. Fee event: dollars. */
  amount?: number;
  /** Dividend: the ex-date (YYYY-MM-DD). */
  exDate?: string;
  /** Commission charged with this event, dollars. */
  fee?: number;
  /** The id of the event this one corrects: that event is replaced by this one (kind "void": removed). */
  corrects?: string;
  note?: string;
}

export interface OpenOption {
  key: string;
  optionType: OptionType;
  strike: number;
  expiration: string;
  contracts: number;
  /** Average premium received per share. */
  premium: number;
}

interface Lot {
  shares: number;
  /** Cash paid per share (strike for an assignment): the capital it ties up. */
  paid: number;
  /** The broker's basis per share. */
  basis: number;
}

export interface LedgerStep {
  /** "roll" links a buy to close with the sell to open that replaces it. */
  kind: LedgerEventKind | "roll";
  date: string;
  eventIds: string[];
  /** Cash of the step, dollars (+ received, - paid). */
  cash: number;
  optionType?: OptionType;
}

export interface Valuation {
  /** Current share price. */
  price?: number;
  /** Current mark per share of open options, by option key (optionKey()). */
  optionMarks?: Record<string, number>;
}

export interface CampaignReturns {
  daysInTrade: number;
  idleDays: number;
  peakCapital: number;
  /** Sum over days of the capital at each day's close, dollar-days. */
  capitalDays: number;
  /** Fractions (0.05 = 5%); null when there is no capital to divide by. */
  pnlOverPeakCapital: number | null;
  /** Null also when the campaign is younger than MIN_DAYS_TO_ANNUALISE (see `annualised`). */
  simpleAnnualised: number | null;
  capitalWeightedAnnualised: number | null;
  /** False while daysInTrade < MIN_DAYS_TO_ANNUALISE: the annualised figures are withheld (decision 274). */
  annualised: boolean;
}

export interface CampaignPnl {
  brokerRealised: number;
  brokerUnrealised: number;
  adjustedRealised: number;
  adjustedUnrealised: number;
  total: number;
  /** brokerRealised + brokerUnrealised - (adjustedRealised + adjustedUnrealised): 0 up to rounding. */
  difference: number;
}

export interface BasesAtClose {
  /** Per share. */
  brokerBasis: number;
  /** Per share. */
  adjustedBasis: number;
  shares: number;
}

export interface Campaign {
  id: string;
  symbol: string;
  status: "open" | "closed";
  startDate: string;
  endDate: string | null;
  eventIds: string[];
  steps: LedgerStep[];
  sharesHeld: number;
  openOptions: OpenOption[];
  /** Every cash flow of the campaign, dollars. */
  netCash: number;
  optionCash: number;
  shareCash: number;
  dividends: number;
  fees: number;
  brokerBasis: number | null;
  adjustedBasis: number | null;
  /**
   * A closed campaign's bases as of its close: both bases of the shares it held just before its last shares
   * left (called away or sold), and how many those were. Null while open, and for a campaign that never held
   * shares (a put that expired or was bought back).
   */
  basesAtClose: BasesAtClose | null;
  priceUsed: number | null;
  pnl: CampaignPnl;
  returns: CampaignReturns;
}

/** Why the ledger refuses an event: a code and its numbers (app/lib/wheel/ledger.ts writes the words). */
export type LedgerRefusal =
  | { code: "noOpenOption" }
  | { code: "tooManyContracts"; open: number }
  | { code: "assignNeedsPut" }
  | { code: "calledAwayNeedsCall" }
  | { code: "uncoveredCall" }
  | { code: "notEnoughShares"; held: number }
  | { code: "sharesCoverCalls" }
  | { code: "noCampaign"; symbol: string }
  | { code: "noSharesAtExDate" }
  | { code: "exDateAfterPay" }
  | { code: "missingField"; field: LedgerField }
  | { code: "unknownCorrection" }
  | { code: "alreadyCorrected" }
  | { code: "campaignStart" };

/** The event fields a kind may require; "premium" is a sold option's price. */
export type LedgerField =
  "optionType" | "strike" | "expiration" | "contracts" | "premium" | "price" | "shares" | "amount" | "exDate";

export type LedgerResult =
  { ok: true; campaigns: Campaign[] } | { ok: false; eventId: string; refusal: LedgerRefusal };

/**
 * Annualised returns are shown from this many days in trade (decision 274). x 365 on a shorter span turns a
 * day's noise into thousands of percent; a week is the shortest listed option cycle, so a campaign of one
 * weekly put is the shortest that annualises what a wheel actually earns.
 */
export const MIN_DAYS_TO_ANNUALISE = 7;

export function optionKey(optionType: OptionType, strike: number, expiration: string): string {
  return `${optionType}:${strike}:${expiration}`;
}

/** Whole days from a to b (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The events that stand: corrected ones replaced by their correction, voids dropped. */
export function effectiveEvents(
  events: readonly LedgerEvent[],
): { ok: true; events: LedgerEvent[] } | { ok: false; eventId: string; refusal: LedgerRefusal } {
  const byId = new Map(events.map((e) => [e.id, e]));
  const corrected = new Set<string>();
  for (const e of events) {
    if (!e.corrects) continue;
    if (!byId.has(e.corrects)) return { ok: false, eventId: e.id, refusal: { code: "unknownCorrection" } };
    if (corrected.has(e.corrects)) return { ok: false, eventId: e.id, refusal: { code: "alreadyCorrected" } };
    corrected.add(e.corrects);
  }
  return { ok: true, events: events.filter((e) => !corrected.has(e.id) && e.kind !== "void") };
}

/** Events in the order they apply: by date, then as recorded (a stable sort keeps the input order). */
function ordered(events: readonly LedgerEvent[]): LedgerEvent[] {
  return [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

class CampaignState {
  readonly eventIds: string[] = [];
  readonly steps: LedgerStep[] = [];
  readonly options = new Map<string, OpenOption>();
  lots: Lot[] = [];
  optionCash = 0;
  shareCash = 0;
  dividends = 0;
  fees = 0;
  brokerRealised = 0;
  endDate: string | null = null;
  peakCapital = 0;
  /** Capital and "a short option is open" at the close of each day with an event, by date. */
  readonly dayClose = new Map<string, { capital: number; optionOpen: boolean }>();
  /** Peak capital within each day (for a campaign opened and closed the same day). */
  readonly dayPeak = new Map<string, number>();
  /** Both bases the last time the campaign held shares (what applied when it closed). */
  lastHeldBases: BasesAtClose | null = null;

  constructor(
    readonly id: string,
    readonly symbol: string,
    readonly startDate: string,
  ) {}

  get shares(): number {
    return this.lots.reduce((s, l) => s + l.shares, 0);
  }
  get coveredShares(): number {
    let n = 0;
    for (const o of this.options.values()) if (o.optionType === "call") n += o.contracts * CONTRACT_SIZE;
    return n;
  }
  get capital(): number {
    let c = this.lots.reduce((s, l) => s + l.shares * l.paid, 0);
    for (const o of this.options.values())
      if (o.optionType === "put") c += o.strike * CONTRACT_SIZE * o.contracts;
    return c;
  }
  get isEmpty(): boolean {
    return this.shares === 0 && this.options.size === 0;
  }
  get netCash(): number {
    return this.optionCash + this.shareCash + this.dividends - this.fees;
  }
  get brokerCost(): number {
    return this.lots.reduce((s, l) => s + l.basis * l.shares, 0);
  }
  /** Keeps both bases while shares are held, so a closed campaign still shows those that applied. */
  noteBases() {
    const shares = this.shares;
    if (shares > 0)
      this.lastHeldBases = {
        brokerBasis: this.brokerCost / shares,
        adjustedBasis: -this.netCash / shares,
        shares,
      };
  }
  note(date: string) {
    const capital = this.capital;
    this.peakCapital = Math.max(this.peakCapital, capital);
    this.dayPeak.set(date, Math.max(this.dayPeak.get(date) ?? 0, capital));
    this.dayClose.set(date, { capital, optionOpen: this.options.size > 0 });
  }

  /** Removes shares FIFO; returns the lots taken (for the broker's realised P&L). */
  takeShares(n: number): Lot[] {
    const taken: Lot[] = [];
    let left = n;
    while (left > 0) {
      const lot = this.lots[0];
      const take = Math.min(lot.shares, left);
      taken.push({ ...lot, shares: take });
      lot.shares -= take;
      left -= take;
      if (lot.shares === 0) this.lots.shift();
    }
    return taken;
  }
}

function need<T>(value: T | undefined, field: LedgerField): T {
  if (value === undefined || value === null) throw new LedgerError({ code: "missingField", field });
  return value;
}

/** Thrown inside the build to stop at the first refused event; caught in buildLedger. */
class LedgerError extends Error {
  constructor(readonly refusal: LedgerRefusal) {
    super(refusal.code);
  }
}

/** Shares held by `state` at the close of each day, to find the holding when an ex-date opens. */
interface ShareHistory {
  /** [date, shares at that day's close], in order. */
  closes: [string, number][];
}

function sharesWhenOpens(history: ShareHistory, date: string): number {
  let shares = 0;
  for (const [d, n] of history.closes) {
    if (d >= date) break;
    shares = n;
  }
  return shares;
}

/**
 * Builds every campaign from a user's events (any order; corrections applied) and values them as of `asOf`
 * with `marks` by symbol. The first event the rules refuse stops the build with its refusal (a code): the server
 * refuses a write that would make its ledger fail.
 */
export function buildLedger(
  events: readonly LedgerEvent[],
  asOf: string,
  marks: Record<string, Valuation> = {},
): LedgerResult {
  const { refused: _refused, ...result } = build(events, asOf, marks, EMPTY_IDS);
  return result;
}

const EMPTY_IDS: ReadonlySet<string> = new Set();

/** An event the lenient build left out, with the rule that refused it. */
export interface LedgerOmission {
  eventId: string;
  refusal: LedgerRefusal;
}

/**
 * Builds the ledger once, leaving out each event of `optional` that the rules refuse (as if it had not been
 * given) and going on: the same campaigns and refusals as building again without each refused optional event,
 * one at a time in trading order, but in one pass (an import's preview checks every row of a file this way).
 * An optional event that corrects another is treated as required: leaving it out would bring back what it
 * replaced. The build still stops at the first required event refused.
 */
export function buildLedgerLeniently(
  events: readonly LedgerEvent[],
  asOf: string,
  optional: ReadonlySet<string>,
  marks: Record<string, Valuation> = {},
): LedgerResult & { refused: LedgerOmission[] } {
  return build(events, asOf, marks, optional);
}

function build(
  events: readonly LedgerEvent[],
  asOf: string,
  marks: Record<string, Valuation>,
  optional: ReadonlySet<string>,
): LedgerResult & { refused: LedgerOmission[] } {
  const refused: LedgerOmission[] = [];
  // Only an event that corrects another can fail the corrections' check, and such an event is never optional.
  const skippable = (e: LedgerEvent) => e.corrects === undefined && optional.has(e.id);
  const effective = effectiveEvents(events);
  if (!effective.ok) return { ...effective, refused };
  const open = new Map<string, CampaignState>();
  const all: CampaignState[] = [];
  const histories = new Map<CampaignState, ShareHistory>();

  for (const event of ordered(effective.events)) {
    // What a refused event changed before its rule refused it, undone when it is left out. Only the campaign it
    // opened and its fee are written before a rule can refuse it (apply() checks before it moves anything else).
    let undo: (() => void) | null = null;
    try {
      let state = open.get(event.symbol);
      if (event.kind === "dividend") {
        const exDate = need(event.exDate, "exDate");
        if (exDate > event.date) throw new LedgerError({ code: "exDateAfterPay" });
        const perShare = need(event.amount, "amount");
        // The campaign of this symbol that held shares when the ex-date opened (latest first).
        const holder = [...all]
          .reverse()
          .find((c) => c.symbol === event.symbol && sharesWhenOpens(histories.get(c)!, exDate) > 0);
        if (!holder) throw new LedgerError({ code: "noSharesAtExDate" });
        const cash = perShare * sharesWhenOpens(histories.get(holder)!, exDate);
        holder.dividends += cash;
        holder.brokerRealised += cash;
        chargeFee(holder, event);
        holder.eventIds.push(event.id);
        holder.steps.push({
          kind: "dividend",
          date: event.date,
          eventIds: [event.id],
          cash: cash - (event.fee ?? 0),
        });
        holder.noteBases();
        continue;
      }
      if (!state) {
        const starts =
          (event.kind === "sell_to_open" && event.optionType === "put") || event.kind === "buy_shares";
        if (!starts) {
          if (event.kind === "fee" || event.kind === "sell_to_open")
            throw new LedgerError(
              event.kind === "fee" ? { code: "noCampaign", symbol: event.symbol } : { code: "uncoveredCall" },
            );
          throw new LedgerError({ code: "campaignStart" });
        }
        const created = new CampaignState(event.id, event.symbol, event.date);
        state = created;
        open.set(event.symbol, created);
        all.push(created);
        histories.set(created, { closes: [] });
        undo = () => {
          open.delete(event.symbol);
          all.pop();
          histories.delete(created);
        };
      } else {
        const held = state;
        const { fees, brokerRealised } = held;
        undo = () => {
          held.fees = fees;
          held.brokerRealised = brokerRealised;
        };
      }
      const cash = apply(state, event);
      state.eventIds.push(event.id);
      // A sell to open joins an unlinked buy to close of the same option type that day: one roll step.
      const closed =
        event.kind === "sell_to_open"
          ? state.steps.find(
              (st) =>
                st.kind === "buy_to_close" && st.date === event.date && st.optionType === event.optionType,
            )
          : undefined;
      if (closed) {
        closed.kind = "roll";
        closed.eventIds.push(event.id);
        closed.cash += cash;
      } else {
        state.steps.push({
          kind: event.kind,
          date: event.date,
          eventIds: [event.id],
          cash,
          ...(event.optionType ? { optionType: event.optionType } : {}),
        });
      }
      state.note(event.date);
      state.noteBases();
      const history = histories.get(state)!;
      const last = history.closes[history.closes.length - 1];
      if (last && last[0] === event.date) last[1] = state.shares;
      else history.closes.push([event.date, state.shares]);
      if (state.isEmpty) {
        state.endDate = event.date;
        open.delete(event.symbol);
      }
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
      if (!skippable(event)) return { ok: false, eventId: event.id, refusal: error.refusal, refused };
      undo?.();
      refused.push({ eventId: event.id, refusal: error.refusal });
    }
  }
  return { ok: true, campaigns: all.map((s) => summarise(s, asOf, marks[s.symbol] ?? {})), refused };
}

function chargeFee(state: CampaignState, event: LedgerEvent) {
  const fee = event.fee ?? 0;
  state.fees += fee;
  state.brokerRealised -= fee;
}

/** Applies one event to its campaign; returns the event's cash (dollars, + received). */
function apply(state: CampaignState, event: LedgerEvent): number {
  chargeFee(state, event);
  const fee = event.fee ?? 0;
  switch (event.kind) {
    case "sell_to_open": {
      const type = need(event.optionType, "optionType");
      const strike = need(event.strike, "strike");
      const expiration = need(event.expiration, "expiration");
      const contracts = need(event.contracts, "contracts");
      const premium = need(event.price, "premium");
      if (type === "call" && state.coveredShares + contracts * CONTRACT_SIZE > state.shares)
        throw new LedgerError({ code: "uncoveredCall" });
      const key = optionKey(type, strike, expiration);
      const held = state.options.get(key);
      if (held) {
        held.premium = (held.premium * held.contracts + premium * contracts) / (held.contracts + contracts);
        held.contracts += contracts;
      } else state.options.set(key, { key, optionType: type, strike, expiration, contracts, premium });
      const cash = premium * CONTRACT_SIZE * contracts;
      state.optionCash += cash;
      return cash - fee;
    }
    case "buy_to_close":
    case "expire":
    case "assign":
    case "exercise":
    case "called_away": {
      const type = need(event.optionType, "optionType");
      const strike = need(event.strike, "strike");
      const expiration = need(event.expiration, "expiration");
      const contracts = need(event.contracts, "contracts");
      if (event.kind === "assign" && type !== "put") throw new LedgerError({ code: "assignNeedsPut" });
      if (event.kind === "called_away" && type !== "call")
        throw new LedgerError({ code: "calledAwayNeedsCall" });
      const key = optionKey(type, strike, expiration);
      const held = state.options.get(key);
      if (!held) throw new LedgerError({ code: "noOpenOption" });
      if (contracts > held.contracts)
        throw new LedgerError({ code: "tooManyContracts", open: held.contracts });
      const shares = contracts * CONTRACT_SIZE;
      let cash = -fee;
      if (event.kind === "buy_to_close") {
        const price = need(event.price, "price");
        state.optionCash -= price * shares;
        state.brokerRealised += (held.premium - price) * shares;
        cash -= price * shares;
      } else if (event.kind === "expire") {
        state.brokerRealised += held.premium * shares;
      } else if (type === "put") {
        // Assigned (or exercised against): shares bought at the strike; the put's premium lowers their basis.
        state.lots.push({ shares, paid: strike, basis: strike - held.premium });
        state.shareCash -= strike * shares;
        cash -= strike * shares;
      } else {
        // Called away: shares delivered at the strike; the call's premium is part of the proceeds.
        if (shares > state.shares) throw new LedgerError({ code: "notEnoughShares", held: state.shares });
        for (const lot of state.takeShares(shares))
          state.brokerRealised += (strike + held.premium - lot.basis) * lot.shares;
        state.shareCash += strike * shares;
        cash += strike * shares;
      }
      held.contracts -= contracts;
      if (held.contracts === 0) state.options.delete(key);
      return cash;
    }
    case "buy_shares": {
      const shares = need(event.shares, "shares");
      const price = need(event.price, "price");
      state.lots.push({ shares, paid: price, basis: price });
      state.shareCash -= price * shares;
      return -price * shares - fee;
    }
    case "sell_shares": {
      const shares = need(event.shares, "shares");
      const price = need(event.price, "price");
      if (shares > state.shares) throw new LedgerError({ code: "notEnoughShares", held: state.shares });
      if (state.shares - shares < state.coveredShares) throw new LedgerError({ code: "sharesCoverCalls" });
      for (const lot of state.takeShares(shares)) state.brokerRealised += (price - lot.basis) * lot.shares;
      state.shareCash += price * shares;
      return price * shares - fee;
    }
    case "fee": {
      const amount = need(event.amount, "amount");
      state.fees += amount;
      state.brokerRealised -= amount;
      return -amount - fee;
    }
    case "dividend":
    case "void":
      return 0;
  }
}

function summarise(state: CampaignState, asOf: string, valuation: Valuation): Campaign {
  const shares = state.shares;
  const netCash = state.netCash;
  const price = valuation.price ?? null;
  const openOptions = [...state.options.values()].map((o) => ({ ...o }));
  // An open option's liability at its mark (else at the premium received).
  let optionLiability = 0;
  let optionUnrealised = 0;
  for (const o of openOptions) {
    const mark = valuation.optionMarks?.[o.key] ?? o.premium;
    optionLiability += mark * CONTRACT_SIZE * o.contracts;
    optionUnrealised += (o.premium - mark) * CONTRACT_SIZE * o.contracts;
  }
  // Without a price, shares are valued at the broker's basis (no unrealised): both bases still agree.
  const brokerCost = state.brokerCost;
  const marketValue = price === null ? brokerCost : price * shares;
  const brokerUnrealised = marketValue - brokerCost + optionUnrealised;
  // Premium-adjusted: every realised dollar is folded into the basis of the shares held.
  const adjustedBasis = shares > 0 ? -netCash / shares : null;
  const adjustedRealised = shares > 0 ? 0 : netCash;
  const adjustedUnrealised =
    shares > 0 ? marketValue - adjustedBasis! * shares - optionLiability : -optionLiability;
  const brokerTotal = state.brokerRealised + brokerUnrealised;
  const adjustedTotal = adjustedRealised + adjustedUnrealised;
  const endDate = state.endDate;
  return {
    id: state.id,
    symbol: state.symbol,
    status: endDate ? "closed" : "open",
    startDate: state.startDate,
    endDate,
    eventIds: state.eventIds,
    steps: state.steps,
    sharesHeld: shares,
    openOptions,
    netCash,
    optionCash: state.optionCash,
    shareCash: state.shareCash,
    dividends: state.dividends,
    fees: state.fees,
    brokerBasis: shares > 0 ? brokerCost / shares : null,
    adjustedBasis,
    basesAtClose: endDate ? state.lastHeldBases : null,
    priceUsed: price,
    pnl: {
      brokerRealised: state.brokerRealised,
      brokerUnrealised,
      adjustedRealised,
      adjustedUnrealised,
      total: adjustedTotal,
      difference: brokerTotal - adjustedTotal,
    },
    returns: returnsOf(state, endDate ?? asOf, adjustedTotal),
  };
}

function returnsOf(state: CampaignState, end: string, pnl: number): CampaignReturns {
  const span = Math.max(0, daysBetween(state.startDate, end));
  let capitalDays = 0;
  let idleDays = 0;
  if (span === 0) {
    // Opened (and perhaps closed) within one day: one day at that day's peak capital.
    capitalDays = state.dayPeak.get(state.startDate) ?? 0;
    const close = state.dayClose.get(state.startDate);
    if (close && !close.optionOpen && !state.endDate) idleDays = 1;
  } else {
    let current = { capital: 0, optionOpen: false };
    for (let i = 0; i < span; i++) {
      const day = addDays(state.startDate, i);
      current = state.dayClose.get(day) ?? current;
      capitalDays += current.capital;
      if (!current.optionOpen) idleDays += 1;
    }
  }
  const daysInTrade = Math.max(1, span);
  const peak = state.peakCapital;
  const annualised = daysInTrade >= MIN_DAYS_TO_ANNUALISE;
  return {
    daysInTrade,
    idleDays,
    peakCapital: peak,
    capitalDays,
    pnlOverPeakCapital: peak > 0 ? pnl / peak : null,
    simpleAnnualised: annualised && peak > 0 ? ((pnl / peak) * 365) / daysInTrade : null,
    capitalWeightedAnnualised: annualised && capitalDays > 0 ? (pnl / capitalDays) * 365 : null,
    annualised,
  };
}
