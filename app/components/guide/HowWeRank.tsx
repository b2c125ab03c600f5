// The public page /how-we-rank: how ideas and wheel strategies are ranked, in words a retail trader follows.
// Every number on it is read from the engine's constants, so the page cannot drift from what the screens do.
import { formatDecimal } from "#app/lib/format.ts";
import { Link } from "react-router";
import {
  FIT_WEIGHT,
  FORECAST_WEIGHTS,
  FORECAST_WINDOWS,
  LIQUIDITY_WEIGHT,
  MAX_CONDOR_TOUCH,
  EQUITY_RISK_PREMIUM,
  MIN_FORECAST_CLOSES,
  PHYSICAL_SKEW,
  PROFILE_TARGETS,
  SESSIONS_PER_YEAR,
  SPREAD_PROFILES,
  type ProfileTargets,
} from "#app/engine/quality.ts";
import { MIN_SHORT_BID } from "#app/engine/hygiene.ts";
import { MAX_IDEAS_PER_SYMBOL } from "#app/engine/spreads.ts";
import { FILL_BASIS_LABEL, MODEL_DESCRIPTION } from "#app/lib/model-labels.ts";
import { STRATEGIES_PER_TICKER, WHEEL_PROFILE_TARGETS, type RiskLevel } from "#app/engine/wheel/wheel.ts";
import { POP_EXPLANATIONS } from "#app/lib/idea-view.ts";
import { BOOK_RULES_TEXT, PROFILE_LABELS } from "#app/lib/trade-ideas.ts";
import { BOOK_SIZE } from "#app/engine/ranking.ts";
import {
  EDGE_CORRELATION,
  edgeCredit,
  FORECAST_CLASSES,
  FORECAST_FIT_CUTOFF,
  FULL_CREDIT_CORRELATION,
  MAX_EDGE_SHARE,
} from "#app/engine/forecast.ts";

const WHEEL_LEVELS: readonly RiskLevel[] = ["conservative", "balanced", "aggressive"];
const pct = (x: number) => `${Math.round(x * 100)}%`;
const d2 = (x: number) => formatDecimal(x, 2);
const CLASS_NAMES = {
  index: "broad indexes",
  sector: "sector ETFs",
  single: "single stocks",
  bond: "bonds",
  commodity: "commodities",
  crypto: "crypto-linked names",
} as const;
const otherCorrelations = FORECAST_CLASSES.filter((c) => c !== "index").map((c) => EDGE_CORRELATION[c]);
const creditList = FORECAST_CLASSES.map((c) => `${CLASS_NAMES[c]} ${pct(edgeCredit(c))}`).join(", ");
const band = (t: ProfileTargets) =>
  t.minDelta > 0 ? `${d2(t.minDelta)} to ${d2(t.maxDelta)}` : `below ${d2(t.maxDelta)}`;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-white">
        {title}
      </h2>
      <div className="mt-2 space-y-3 leading-relaxed text-slate-300">{children}</div>
    </section>
  );
}

function TargetsTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: { label: string; t: ProfileTargets }[];
  testId: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-ink-700">
      <table className="w-full min-w-[480px] text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-850 text-xs uppercase tracking-wide text-slate-400">
          <tr>
            <th scope="col" className="px-3 py-2">
              Profile
            </th>
            <th scope="col" className="px-3 py-2">
              Days to expiry allowed
            </th>
            <th scope="col" className="px-3 py-2">
              Days preferred
            </th>
            <th scope="col" className="px-3 py-2">
              Short strike delta
            </th>
            <th scope="col" className="px-3 py-2">
              Aim
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-800 tabular-nums">
          {rows.map(({ label, t }) => (
            <tr key={label}>
              <th scope="row" className="px-3 py-2 font-medium text-white">
                {label}
              </th>
              <td className="px-3 py-2">
                {t.minDte}-{t.maxDte}
              </td>
              <td className="px-3 py-2">
                {t.preferMinDte}-{t.preferMaxDte}
              </td>
              <td className="px-3 py-2">{band(t)}</td>
              <td className="px-3 py-2">{d2(t.targetDelta)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function HowWeRank() {
  const [w5, w21, w63] = FORECAST_WINDOWS;
  const [k5, k21, k63] = FORECAST_WEIGHTS;
  return (
    <article className="mx-auto max-w-3xl">
      <Link to="/options-guide" className="text-sm text-sky-300 hover:underline">
        ← Options guide
      </Link>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-white sm:text-3xl">
        How we rank trade ideas
      </h1>
      <p className="mt-2 leading-relaxed text-slate-300">
        Every credit spread idea and wheel strategy in Wheelhouse comes with a short reason ("Why this idea")
        written from the numbers below. This page explains those numbers, what they can and cannot tell you,
        and the assumptions behind them. It is education, not advice.
      </p>

      <Section id="short-version" title="The short version">
        <p>
          We ask one question of every candidate trade: if the stock moves about as much as we forecast, what
          is the trade worth, after the cost of filling it, for each dollar you put at risk? Then we take a
          little off for a poor fit with your profile (days to expiry, how far out the short strike is) and
          for thin trading. The higher the result, the higher the idea ranks.
        </p>
        <p className="rounded-lg border border-amber-500/40 bg-amber-950/30 px-3 py-2 text-amber-100">
          There is no sure edge. At the market's own prices a fairly priced spread is worth about zero, less
          what you pay to get filled. The only edge we claim is that options are often priced for bigger moves
          than the stock then makes, and our forecast of those moves can be wrong.
        </p>
      </Section>

      <Section id="edge" title="Where the claimed edge comes from">
        <p>
          An option's price implies how much the market expects the stock to move: its implied volatility
          (IV). The stock then moves with its realised volatility. On average, realised volatility has run
          below implied: option sellers are paid for taking the risk of a large move. That gap is the edge we
          claim, and it is an average, not a promise; in a sell-off realised volatility can run far above
          implied.
        </p>
        <p>
          For credit spreads the forecast is made for each expiration: its own implied volatility combined
          with the realised volatility of the last {w5}, {w21} and {w63} sessions (the days that carried an
          earnings report left out), with weights fitted per class of underlying on the history before{" "}
          {FORECAST_FIT_CUTOFF}, and never more than {pct(MAX_EDGE_SHARE)} away from the implied level. It
          needs at least {MIN_FORECAST_CLOSES} closes; with fewer we make no forecast and claim no edge, and
          the reason says so. Wheel strategies still use the older forecast from closes alone: the volatility
          of the last {w5}, {w21} and {w63} sessions, weighted {pct(k5)}, {pct(k21)} and {pct(k63)},
          annualised over {SESSIONS_PER_YEAR} sessions a year.
        </p>
        <p data-testid="forecast-record">
          What the forecast has earned: tested out of sample over the simulated market's whole history, the
          edge it states has foretold the edge later realised with a correlation of{" "}
          {formatDecimal(EDGE_CORRELATION.index, 2)} for broad indexes and between{" "}
          {formatDecimal(Math.min(...otherCorrelations), 2)} and{" "}
          {formatDecimal(Math.max(...otherCorrelations), 2)} for every other class. So the score credits each
          class only that share of its forecast's gap to the implied level, in full from a correlation of{" "}
          {formatDecimal(FULL_CREDIT_CORRELATION, 1)}: {creditList}. These figures describe the simulated
          market, not a real one.
        </p>
        <p>
          We then price every leg again with volatility at the credited forecast and compare: the credit you
          would get filled at, less what the trade would pay out on average. That is the edge at the forecast.
          The market's skew across strikes is kept at {pct(PHYSICAL_SKEW)} of its steepness: the extra price
          of far puts is partly insurance against crashes that ordinary moves do not pay back, so most of the
          premium sits in the puts, as on real markets. The stock is assumed to grow at the interest rate less
          its dividend, plus an equity risk premium of {pct(EQUITY_RISK_PREMIUM)} a year times its beta to the
          S&amp;P 500 (none for bonds): stocks are expected to rise a little, and a short put is paid for
          standing against that rise less than a short call is. When the forecast is above the implied level
          the edge is negative; such an idea can still be listed as the least bad one for your profile, and
          its reason says there is no volatility edge.
        </p>
      </Section>

      <Section id="score" title="The score">
        <p
          className="rounded-lg bg-ink-900 px-3 py-2 font-mono text-sm text-slate-200"
          data-testid="score-formula"
        >
          score = edge at the forecast ÷ capital at risk − {FIT_WEIGHT} × (1 − DTE fit) − {FIT_WEIGHT} × (1 −
          delta fit) − {LIQUIDITY_WEIGHT} × (1 − liquidity)
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong className="text-white">Capital at risk</strong> is the width of the spread less the
            credit. An iron condor counts both sides' risks added up, so it ranks as its two sides, not as
            twice one. For a cash-secured put it is the cash set aside (the strike); for a covered call, the
            shares at today's price.
          </li>
          <li>
            <strong className="text-white">DTE fit</strong> is 1 inside your profile's preferred days to
            expiry and falls to 0 at the edges of the allowed days.
          </li>
          <li>
            <strong className="text-white">Delta fit</strong> is 1 when the short strike's delta is at the
            profile's aim and falls towards the edges of its band.
          </li>
          <li>
            <strong className="text-white">Liquidity</strong> is 1 for options that traded well in the
            previous session (open interest and volume) and lower for thin ones. Today's volume is left out:
            it is near zero at the open and would reorder the list by the hour. Wheel strategies use the
            liquidity points shown in their table.
          </li>
          <li>
            The <strong className="text-white">cost of filling</strong> is already inside the edge (we use the
            credit you are likely to get, not the mid), so it lowers the score once.
          </li>
        </ul>
      </Section>

      <Section id="profiles" title="The three profiles">
        <p>
          You pick a profile on the trade ideas screen. Ideas outside its days to expiry or its delta band are
          not listed at all; inside them, the fits above decide how close to the aim an idea is.
        </p>
        <TargetsTable
          caption="Trade idea profiles"
          testId="spread-profiles"
          rows={SPREAD_PROFILES.map((p) => ({ label: PROFILE_LABELS[p], t: PROFILE_TARGETS[p] }))}
        />
        <p>What else keeps an idea off the list:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>an earnings report before expiry;</li>
          <li>
            a short call across an ex-dividend date worth less than the dividend in time value (it is likely
            to be assigned early);
          </li>
          <li>
            an iron condor with a {pct(MAX_CONDOR_TOUCH)} or higher chance of touching one of its short
            strikes;
          </li>
          <li>a short leg bid below ${formatDecimal(MIN_SHORT_BID, 2)}.</li>
        </ul>
        <p>
          At most {MAX_IDEAS_PER_SYMBOL} ideas per stock, one per expiration and strategy, so one symbol
          cannot fill the list.
        </p>
        <p>
          The first {BOOK_SIZE} ideas after your watchlist's are chosen as a book, not as a pile of the best
          scores, so that the list is not one bet:
        </p>
        <ul className="list-disc space-y-1 pl-5" data-testid="book-rules">
          {BOOK_RULES_TEXT.map((rule) => (
            <li key={rule}>{rule};</li>
          ))}
        </ul>
        <p>
          Wheel strategies (cash-secured puts and covered calls) use the same score per dollar of collateral,
          with these windows per risk level. For each stock we keep the best strike of each expiration, then
          the best {STRATEGIES_PER_TICKER} expirations; the table then sorts them by annualised return.
        </p>
        <TargetsTable
          caption="Wheel risk levels"
          testId="wheel-risk-levels"
          rows={WHEEL_LEVELS.map((r) => ({ label: PROFILE_LABELS[r], t: WHEEL_PROFILE_TARGETS[r] }))}
        />
      </Section>

      <Section id="pop" title="Probability of profit, four ways">
        <p>
          Each idea shows its probability of profit four ways, side by side. All four are the market's odds
          (risk-neutral, at expiry): they come from option prices, not from our forecast, and none of them is
          a prediction.
        </p>
        <dl className="space-y-2" data-testid="pop-methods-explained">
          {Object.values(POP_EXPLANATIONS).map((m) => (
            <div key={m.label}>
              <dt className="font-semibold text-white">{m.label}</dt>
              <dd>{m.explanation}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="touch" title="Probability of touch">
        <p>
          The chance that the stock reaches the short strike (either short strike for an iron condor) at any
          moment before expiry, not just at the close on the last day. It is often close to twice the chance
          of finishing beyond the strike. A touch is when a trade feels worst: it is when traders close at a
          loss and when early assignment becomes possible.
        </p>
      </Section>

      <Section id="expected-value" title="Expected value">
        <p>
          The expected value on a card is the credit at the fill less the average payout under the market's
          own odds. For a fairly priced spread it is about zero minus the cost of filling it: that is what
          fair pricing looks like, not a flaw in the idea. A clearly positive figure usually means quotes that
          will not fill at that price. It is not a forecast of profit, and the score does not use it.
        </p>
      </Section>

      <Section id="assumptions" title="The assumptions">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong className="text-white">Interest rate:</strong> the 13-week U.S. Treasury bill rate, with
            the date it was published; the last good value when the Treasury's data is unavailable. The
            simulated market uses its own simulated bill rate, and says so.
          </li>
          <li>
            <strong className="text-white">Dividend yield:</strong> from the stock's dividends; shown as
            unknown (and priced as zero) when we do not have them.
          </li>
          <li>
            <strong className="text-white">Fill price:</strong> {FILL_BASIS_LABEL}. Returns, break-evens and
            the edge all use it; the credit at the mid and at the natural price are shown beside it.
          </li>
          <li>
            <strong className="text-white">Model:</strong> {MODEL_DESCRIPTION}. US stock options are American;
            the early-assignment cases that matter (dividends) are screened out instead.
          </li>
          <li>
            <strong className="text-white">Quote time:</strong> every idea shows when its quotes were taken.
            Ideas are refreshed through the trading day; data from the simulated market is labelled as
            simulated.
          </li>
        </ul>
      </Section>

      <p className="mt-10 text-sm text-slate-400">
        More on the basics in the{" "}
        <Link to="/options-guide" className="text-sky-300 underline">
          options guide
        </Link>{" "}
        and the{" "}
        <Link to="/risk-disclosure" className="text-sky-300 underline">
          risk disclosure
        </Link>
        .
      </p>
    </article>
  );
}
