/**
 * Open positions benchmark (figures printed, never asserted; the issue "Manage what you opened"): every user's
 * open positions marked live and their alerts evaluated, as a queue consumer would on a market refresh.
 * 10,000 users x 10 positions = 100,000 positions over 40 symbols, each symbol a chain priced by the engine's BSM
 * on a skewed smile (8 weekly expirations to ~53 days, strikes 60%-140% of spot at listed steps, a spread of 3%
 * of the price with a cent floor, quotes up to 10 minutes old, 1% of positions with a stale leg and 0.5% with a
 * missing one). Positions: bull puts, bear calls, condors, cash-secured puts and covered calls, short strikes
 * 4-12% out of the money, opened 1-30 days ago, 1-10 contracts. Timed: finding each leg's quote in its symbol's
 * chain, markPosition and evaluatePositionAlerts, over two refreshes (the first fires what the state has not
 * seen, the second is the steady state). CPU is the process's (process.cpuUsage), the best of 5 rounds after a
 * warm-up; the wall-time figure is a projection from it, not a measurement.
 */
import { availableParallelism, loadavg } from "node:os";
import {
  bsmPriceGreeksInto,
  evaluatePositionAlerts,
  INITIAL_ALERT_STATE,
  markPosition,
  type AlertContext,
  type AlertState,
  type Greeks,
  type LegQuote,
  type MarkContext,
  type Position,
  type PositionLeg,
  type PositionStrategy,
} from "#app/engine/index.ts";
import { yearsToExpiration } from "#app/engine/time.ts";

const USERS = 10_000;
const POSITIONS_PER_USER = 10;
const SYMBOLS = 40;
const ROUNDS = 5;
/** The projection's queue: consumers running at once and positions per message batch. */
const CONSUMERS = 10;
const BATCH = 100;
/** Assumed per-batch storage cost in the projection (read the batch's positions and states, write the changed). */
const ASSUMED_IO_MS_PER_BATCH = 50;

const NOW_MS = Date.parse("2026-12-03T15:30:00Z"); // Thursday 10:30 New York
const TODAY_MS = Date.parse("2026-12-03T00:00:00Z");
const RATE = 0.043;
const EXPIRATIONS = [
  "2026-12-04",
  "2026-12-11",
  "2026-12-18",
  "2026-12-24",
  "2027-01-02",
  "2027-01-08",
  "2027-01-15",
  "2027-01-22",
];

// A small seeded generator (mulberry32): the same universe on every run.
let seed = 20261203;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (lo: number, hi: number) => lo + (hi - lo) * random();
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

interface SymbolChain {
  symbol: string;
  spot: number;
  dividendYield: number;
  step: number;
  /** `${expiration}|${right}|${strike}` -> quote */
  quotes: Map<string, LegQuote>;
}

const greeks: Greeks = { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };
const key = (expiration: string, right: string, strike: number) => `${expiration}|${right}|${strike}`;

function buildChain(i: number): SymbolChain {
  const spot = Math.round(between(20, 500) * 100) / 100;
  const atmIv = between(0.15, 0.6);
  const skew = between(0.1, 0.4); // IV change per unit of log-moneyness, puts richer
  const dividendYield = random() < 0.6 ? between(0, 0.03) : 0;
  const step = spot < 50 ? 1 : spot < 200 ? 2.5 : 5;
  const quotes = new Map<string, LegQuote>();
  for (const expiration of EXPIRATIONS) {
    const T = yearsToExpiration(NOW_MS, expiration);
    const first = Math.ceil((0.6 * spot) / step) * step;
    for (let k = first; k <= 1.4 * spot; k += step) {
      const strike = Math.round(k * 100) / 100;
      const iv = Math.max(0.05, atmIv - skew * Math.log(strike / spot) + 0.02 / Math.sqrt(T * 52));
      for (const right of ["put", "call"] as const) {
        const price = bsmPriceGreeksInto(right === "call", spot, strike, T, RATE, dividendYield, iv, greeks);
        const half = Math.max(0.01, 0.015 * price);
        quotes.set(key(expiration, right, strike), {
          bid: Math.max(0, Math.round((price - half) * 100) / 100),
          ask: Math.round((price + half) * 100) / 100 + 0.01,
          iv,
          delta: greeks.delta,
          quoteTimeMs: NOW_MS - Math.floor(random() * 10 * 60_000),
        });
      }
    }
  }
  return { symbol: `S${String(i).padStart(2, "0")}`, spot, dividendYield, step, quotes };
}

const chains = Array.from({ length: SYMBOLS }, (_, i) => buildChain(i));
const snap = (c: SymbolChain, x: number) => Math.round(Math.round(x / c.step) * c.step * 100) / 100;

const STRATEGIES: readonly PositionStrategy[] = [
  ...Array<PositionStrategy>(7).fill("BULL_PUT_SPREAD"),
  ...Array<PositionStrategy>(4).fill("BEAR_CALL_SPREAD"),
  ...Array<PositionStrategy>(4).fill("IRON_CONDOR"),
  ...Array<PositionStrategy>(3).fill("CASH_SECURED_PUT"),
  ...Array<PositionStrategy>(2).fill("COVERED_CALL"),
];

interface Held {
  position: Position;
  chain: SymbolChain;
  /** Quotes made stale (older than 30 minutes) or removed for this position's first leg. */
  fault: "none" | "stale" | "missing";
}

function makePosition(): Held {
  const chain = pick(chains);
  const strategy = pick(STRATEGIES);
  const expiration = pick(EXPIRATIONS.slice(1));
  const contracts = 1 + Math.floor(random() * 10);
  const s = chain.spot;
  const legs: PositionLeg[] = [];
  const add = (right: "put" | "call", side: "short" | "long", strike: number) =>
    legs.push({ right, side, strike, expiration, quantity: contracts });
  const width = chain.step * (1 + Math.floor(random() * 3));
  const putShort = snap(chain, s * (1 - between(0.04, 0.12)));
  const callShort = snap(chain, s * (1 + between(0.04, 0.12)));
  if (strategy === "BULL_PUT_SPREAD" || strategy === "IRON_CONDOR") {
    add("put", "short", putShort);
    add("put", "long", putShort - width);
  }
  if (strategy === "BEAR_CALL_SPREAD" || strategy === "IRON_CONDOR") {
    add("call", "short", callShort);
    add("call", "long", callShort + width);
  }
  if (strategy === "CASH_SECURED_PUT") add("put", "short", putShort);
  if (strategy === "COVERED_CALL") add("call", "short", callShort);
  // The open credit: today's mid credit moved by what the market did since (a few tenths either way).
  let mid = 0;
  for (const l of legs) {
    const q = chain.quotes.get(key(l.expiration, l.right, l.strike))!;
    mid += (l.side === "short" ? 1 : -1) * 0.5 * (q.bid + q.ask);
  }
  const cap = legs.length > 1 ? width : Infinity;
  const openCredit = Math.min(0.95 * cap, Math.max(0.05, Math.round(mid * between(0.7, 1.5) * 100) / 100));
  const opened = new Date(TODAY_MS - Math.floor(between(1, 30)) * 86_400_000).toISOString().slice(0, 10);
  const roll = random();
  return {
    position: {
      underlying: chain.symbol,
      strategy,
      legs,
      openCredit,
      openedDate: opened < expiration ? opened : expiration,
      contracts,
      stockCostPerShare: strategy === "COVERED_CALL" ? Math.round(s * between(0.85, 1.1) * 100) / 100 : null,
    },
    chain,
    fault: roll < 0.01 ? "stale" : roll < 0.015 ? "missing" : "none",
  };
}

const held: Held[] = Array.from({ length: USERS * POSITIONS_PER_USER }, makePosition);
const contexts = new Map<SymbolChain, MarkContext>(
  chains.map((c) => [
    c,
    {
      spot: c.spot,
      spotQuoteTimeMs: NOW_MS - 30_000,
      rate: RATE,
      dividendYield: c.dividendYield,
      nowMs: NOW_MS,
    },
  ]),
);
// A quarter of the symbols report inside the window, a tenth go ex-dividend before the nearer expirations.
const alertContexts = new Map<SymbolChain, AlertContext>(
  chains.map((c, i) => [
    c,
    {
      nextEarningsDate: i % 4 === 0 ? "2026-12-17" : null,
      earningsKnownAtOpen: false,
      nextDividend:
        i % 10 === 0 ? { exDate: "2026-12-10", amount: Math.round(c.spot * 0.004 * 100) / 100 } : null,
    },
  ]),
);
const STALE_QUOTE: LegQuote = { bid: 1, ask: 1.1, iv: 0.3, quoteTimeMs: NOW_MS - 45 * 60_000 };

/** One refresh over every position: find the legs' quotes, mark, evaluate; counts what the caller would act on. */
function refresh(states: AlertState[]) {
  let fired = 0;
  const byCode: Record<string, number> = {};
  let changed = 0;
  let notOk = 0;
  const quotes: (LegQuote | null)[] = [null, null, null, null];
  for (let i = 0; i < held.length; i++) {
    const { position, chain, fault } = held[i]!;
    const legs = position.legs;
    quotes.length = legs.length;
    for (let j = 0; j < legs.length; j++) {
      const l = legs[j]!;
      quotes[j] = chain.quotes.get(key(l.expiration, l.right, l.strike)) ?? null;
    }
    if (fault === "stale") quotes[0] = STALE_QUOTE;
    else if (fault === "missing") quotes[0] = null;
    const mark = markPosition(position, quotes, contexts.get(chain)!);
    const out = evaluatePositionAlerts(position, mark, {}, states[i]!, alertContexts.get(chain)!);
    fired += out.fired.length;
    for (const f of out.fired) byCode[f.code] = (byCode[f.code] ?? 0) + 1;
    if (out.skipped !== null) notOk++;
    if (out.state !== states[i]) {
      changed++;
      states[i] = out.state;
    }
  }
  return { fired, byCode, changed, notOk };
}

const cpuMs = (f: () => void) => {
  const t0 = process.cpuUsage();
  f();
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000;
};

console.log(
  `Machine load average (1, 5, 15 min): ${loadavg()
    .map((x) => Math.round(x * 100) / 100)
    .join(", ")} on ${availableParallelism()} CPUs`,
);
console.log(
  `positions: ${held.length} (${USERS} users x ${POSITIONS_PER_USER}) over ${SYMBOLS} symbols, ${chains.reduce((n, c) => n + c.quotes.size, 0)} quotes`,
);

// Warm-up, and the counts of the two refreshes.
const warm = held.map(() => INITIAL_ALERT_STATE);
const first = refresh(warm);
const second = refresh(warm);
console.log(
  `first refresh: ${first.fired} alerts fired (${JSON.stringify(first.byCode)}), ${first.changed} states to store, ${first.notOk} marks not ok (stale or missing)`,
);
console.log(
  `second refresh: ${second.fired} alerts fired, ${second.changed} states to store (crossings only)`,
);

let bestFirst = Infinity;
let bestSteady = Infinity;
for (let r = 0; r < ROUNDS; r++) {
  const states = held.map(() => INITIAL_ALERT_STATE);
  bestFirst = Math.min(
    bestFirst,
    cpuMs(() => refresh(states)),
  );
  bestSteady = Math.min(
    bestSteady,
    cpuMs(() => refresh(states)),
  );
}
const perPosition = (ms: number) => (ms / held.length) * 1000;
console.log(
  `CPU, first refresh (alerts firing): ${Math.round(bestFirst)} ms total, ${Math.round(perPosition(bestFirst) * 100) / 100} us per position (goal < 2000 us)`,
);
console.log(
  `CPU, steady refresh: ${Math.round(bestSteady)} ms total, ${Math.round(perPosition(bestSteady) * 100) / 100} us per position (goal < 2000 us)`,
);

const batches = Math.ceil(held.length / BATCH);
const batchCpuMs = (bestFirst / held.length) * BATCH;
const wallCpuOnly = (Math.ceil(batches / CONSUMERS) * batchCpuMs) / 1000;
const wallWithIo = (Math.ceil(batches / CONSUMERS) * (batchCpuMs + ASSUMED_IO_MS_PER_BATCH)) / 1000;
console.log(
  `projection (not measured): ${batches} batches of ${BATCH} positions over ${CONSUMERS} concurrent consumers: ` +
    `${Math.round(batchCpuMs * 100) / 100} ms CPU per batch; wall ${Math.round(wallCpuOnly * 100) / 100} s on CPU alone, ` +
    `${Math.round(wallWithIo * 10) / 10} s with an assumed ${ASSUMED_IO_MS_PER_BATCH} ms of storage per batch`,
);
