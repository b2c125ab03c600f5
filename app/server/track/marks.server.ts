// Daily marks of a logged idea for the management rule (decision 266): the cost to close the position at each
// session's close after publication, at mid and at the fill basis the idea showed (buy back shorts, sell longs).
// On the simulated market they are rebuilt from the market's state: each contract priced at that session's close
// exactly as the demo chain prices it, so no marks are stored for demo ideas.
import type { DailyMark } from "../../engine/grading";
import { buyFillPrice, sellFillPrice } from "../../engine/hygiene";
import {
  daysBetween,
  isTradingDay,
  newYorkDateOf,
  nextTradingDay,
  sessionOn,
} from "../../lib/market-calendar";
import { demoContractQuotes } from "../market/providers/demo/chain.server";
import { closeOn } from "../market/providers/demo/prices.server";
import { universeEntry } from "../market/universe.server";

export interface MarkedLeg {
  type: "call" | "put";
  side: "sell" | "buy";
  strike: number;
}

export interface IdeaMarks {
  mid: DailyMark[];
  fill: DailyMark[];
  /** The stock's close per session (a covered call's stock leg). */
  stock: Map<string, number>;
}

/** Cost to close per share from each leg's bid and ask: at mid, and at the fill basis (halfway to the natural). */
export function closeCosts(legs: readonly MarkedLeg[], quotes: readonly { bid: number; ask: number }[]) {
  let mid = 0;
  let fill = 0;
  legs.forEach((leg, i) => {
    const { bid, ask } = quotes[i]!;
    const m = (bid + ask) / 2;
    if (leg.side === "sell") {
      mid += m;
      fill += buyFillPrice(bid, ask);
    } else {
      mid -= m;
      fill -= sellFillPrice(bid, ask);
    }
  });
  // Marks are money per share: round off float dust so the engine's 50% comparison is exact at the cent.
  return { mid: Math.round(mid * 1e6) / 1e6, fill: Math.round(fill * 1e6) / 1e6 };
}

/**
 * The simulated market's closing marks of a position from its publication to the last session before expiry,
 * or null when the symbol is not in the simulated universe.
 */
export function simulatedDailyMarks(
  symbol: string,
  expiration: string,
  legs: readonly MarkedLeg[],
  publishedAtMs: number,
): IdeaMarks | null {
  const entry = universeEntry(symbol);
  if (!entry) return null;
  const out: IdeaMarks = { mid: [], fill: [], stock: new Map() };
  const first = newYorkDateOf(publishedAtMs);
  let day = isTradingDay(first) ? first : nextTradingDay(first);
  for (; day < expiration; day = nextTradingDay(day)) {
    const session = sessionOn(day);
    if (!session || session.closeMs <= publishedAtMs) continue;
    const dte = daysBetween(day, expiration);
    const costs = closeCosts(legs, demoContractQuotes(entry, session.closeMs, expiration, legs));
    out.mid.push({ date: day, dte, closeCost: costs.mid });
    out.fill.push({ date: day, dte, closeCost: costs.fill });
    out.stock.set(day, closeOn(entry, day));
  }
  return out;
}
