// `npm run forecast:check`: walk forward over the simulated market's whole history, by class, scoring the
// forecast of app/engine/forecast.ts against the implied level alone and the old HAR blend (app/engine/quality.ts)
// on the realised volatility of the next 30 and 21 sessions. Prints RMSE and bias (volatility points), the
// correlation of stated edge (IV - forecast) with realised edge (IV - later RV), and the weights fitted on data
// before FORECAST_FIT_CUTOFF (the constants table the engine commits). Every session from the epoch through the
// 2026-12-01 close (fixed, so the table re-derives); a few seconds.
import {
  FORECAST_CLASSES,
  FORECAST_FIT_CUTOFF,
  featureRow,
  fitRelative,
  forecastClassOf,
  realisedWindows,
  walkForward,
  type ForecastClass,
  type WalkRow,
} from "#app/engine/forecast.ts";
import { volatilityForecast } from "#app/engine/quality.ts";
import { sessionOn } from "#app/lib/market-calendar/index.ts";
import { dailyHistory } from "#app/server/market/providers/demo/prices.server.ts";
import {
  atmVol,
  earningsReactionDays,
  impliedAt,
  pendingReactionDay,
} from "#app/server/market/providers/demo/surface.server.ts";
import { universeEntry } from "#app/server/market/universe.server.ts";

const SAMPLE: Record<ForecastClass, string[]> = {
  index: ["SPY", "QQQ", "IWM", "DIA", "TQQQ"],
  sector: ["XLF", "XLE", "XLK", "XLV", "XLI", "XLU", "XBI", "SMH", "KRE", "EEM", "FXI", "ARKK"],
  single: ["AAPL", "MSFT", "NVDA", "TSLA", "JPM", "XOM", "PFE", "KO", "AMD", "NFLX", "BA", "DIS"],
  bond: ["TLT", "HYG"],
  commodity: ["GLD", "SLV", "GDX", "USO"],
  crypto: ["COIN", "MSTR", "MARA", "HOOD"],
};
for (const [cls, symbols] of Object.entries(SAMPLE))
  for (const s of symbols)
    if (forecastClassOf(s, universeEntry(s)!.kind) !== cls)
      throw new Error(`${s} is not in the ${cls} class`);
const HORIZONS = [30, 21];
const STEP = 1;
const ms = Date.parse("2026-12-01T22:00:00Z");

interface Row extends WalkRow {
  har: number;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function corr(a: readonly number[], b: readonly number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, i) => {
    ab += (x - ma) * (b[i]! - mb);
    aa += (x - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
}

function rowsOf(symbol: string, horizon: number): Row[] {
  const entry = universeEntry(symbol)!;
  const bars = dailyHistory(entry, symbol, 5000, ms).bars;
  const closes = bars.map((b) => b.close);
  const dates = bars.map((b) => b.date);
  const skip = new Set<string>();
  for (let y = Number(dates[0]!.slice(0, 4)); y <= Number(dates.at(-1)!.slice(0, 4)) + 1; y++)
    for (const d of earningsReactionDays(entry, y)) skip.add(d);
  const out: Row[] = [];
  for (let t = 63; t + horizon < closes.length; t += STEP) {
    const w = realisedWindows(closes.slice(0, t + 1), dates.slice(0, t + 1), skip);
    const har = volatilityForecast(closes.slice(Math.max(0, t - 64), t + 1))?.forecast;
    if (!w || har === undefined) continue;
    const end = dates[t + horizon]!;
    const days = (sessionOn(end)!.closeMs - sessionOn(dates[t]!)!.closeMs) / 86_400_000;
    const iv = atmVol(
      entry,
      impliedAt(entry, dates[t]!, 1),
      days / 365,
      end,
      pendingReactionDay(entry, dates[t]!, 1),
    );
    let sum = 0;
    for (let k = t + 1; k <= t + horizon; k++) sum += Math.log(closes[k]! / closes[k - 1]!) ** 2;
    const target = Math.sqrt((sum * 252) / horizon);
    out.push({ date: dates[t]!, targetEnd: end, iv, row: featureRow(iv, w), target, har });
  }
  return out;
}

const pts = (x: number) => (100 * x).toFixed(1).padStart(5);
const fitted: Partial<Record<ForecastClass, number[]>> = {};
for (const horizon of HORIZONS) {
  console.log(
    `\nNext ${horizon} sessions: RMSE / bias (vol points), walk-forward out of sample; edge corr = corr(IV - forecast, IV - later RV)`,
  );
  console.log("class      names forecasts   forecast      IV alone     HAR blend    edge corr");
  const all: { row: Row; f: number }[] = [];
  for (const cls of FORECAST_CLASSES) {
    const rows = SAMPLE[cls].flatMap((s) => rowsOf(s, horizon));
    const scored = walkForward(rows, 250).map((w) => ({ row: rows[w.index]!, f: w.forecast }));
    all.push(...scored);
    line(cls, SAMPLE[cls].length, scored);
    if (horizon === 30) {
      const before = rows.filter((r) => r.targetEnd < FORECAST_FIT_CUTOFF);
      fitted[cls] = fitRelative(before);
    }
  }
  line("all", Object.values(SAMPLE).flat().length, all);
}
console.log(
  `\nWeights [1, RV5/IV, RV21/IV, RV63/IV] fitted on the next 30 sessions' RV, data before ${FORECAST_FIT_CUTOFF}:`,
);
for (const cls of FORECAST_CLASSES)
  console.log(`  ${cls}: [${fitted[cls]!.map((x) => x.toFixed(3)).join(", ")}],`);

function line(cls: string, names: number, scored: { row: Row; f: number }[]) {
  const stat = (pick: (x: { row: Row; f: number }) => number) => {
    const e = scored.map((x) => pick(x) - x.row.target);
    return `${pts(Math.sqrt(mean(e.map((v) => v * v))))} / ${pts(mean(e))}`;
  };
  const edge = corr(
    scored.map((x) => x.row.iv - x.f),
    scored.map((x) => x.row.iv - x.row.target),
  );
  console.log(
    `${cls.padEnd(10)} ${String(names).padStart(5)} ${String(scored.length).padStart(9)}  ${stat((x) => x.f)}  ${stat((x) => x.row.iv)}  ${stat((x) => x.row.har)}  ${edge.toFixed(2).padStart(8)}`,
  );
}
