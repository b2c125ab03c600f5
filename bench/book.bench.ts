/**
 * The Balanced Pro 30 as a new user with an empty watchlist gets it (figures printed, never asserted; a unit test
 * holds the list rules): one cron refresh of the whole default universe on the simulated market through the real
 * pipeline, then the plan's list. Two dates: a calm one and a week into the simulated market's last stress spell.
 */
import { bookOnDate, type BookIdea } from "./book-on-date.ts";
import { bucketOf } from "#app/engine/buckets.ts";
import { bookDelta } from "#app/engine/ranking.ts";

const count = (list: BookIdea[], key: (i: BookIdea) => string) => {
  const m = new Map<string, number>();
  for (const i of list) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]);
};

for (const [label, iso] of [
  ["calm, 2026-11-23", "2026-11-23T16:00:00Z"],
  ["a week into a selloff, 2025-11-10", "2025-11-10T16:00:00Z"],
] as const) {
  const { pool, list } = await bookOnDate(new Date(iso));
  console.log(`${label}: ${pool.length} Balanced ideas in the pool, ${list.length} listed`);
  console.log(
    `  strategies: ${count(list, (i) => i.strategy_type)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  console.log(
    `  in the pool: ${count(pool, (i) => i.strategy_type)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  console.log(
    `  symbols: ${count(list, (i) => i.stock_symbol)
      .map(([k, n]) => `${k}${n > 1 ? ` x${n}` : ""}`)
      .join(" ")}`,
  );
  console.log(
    `  buckets: ${count(list, (i) => bucketOf(i.stock_symbol))
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  const spy = pool.find((i) => i.stock_symbol === "SPY")?.underlyingPrice ?? null;
  const { net, gross } = bookDelta(list, spy);
  console.log(
    `  beta-weighted delta (SPY shares, one contract each): net ${net.toFixed(1)}, gross ${gross.toFixed(1)}, |net|/gross ${(Math.abs(net) / gross).toFixed(2)}`,
  );
  const credits = list.map((i) => i.net_credit).sort((a, b) => a - b);
  const risks = list.map((i) => i.maxLoss).sort((a, b) => a - b);
  console.log(
    `  credit per share: min ${credits[0]?.toFixed(2)}, median ${credits[credits.length >> 1]?.toFixed(2)}`,
  );
  console.log(
    `  risk per contract: min $${risks[0]?.toFixed(0)}, median $${risks[risks.length >> 1]?.toFixed(0)}, max $${risks.at(-1)?.toFixed(0)}`,
  );
}
