import { useId, useMemo, useState, type ReactNode } from "react";
import { PayoffChart } from "#app/components/charts/PayoffChart.tsx";
import { PricePathChart } from "#app/components/charts/PricePathChart.tsx";
import type { OptionType } from "#app/engine/bsm.ts";
import {
  CALL_EXAMPLE,
  GUIDE_RATE,
  POSITION_SIZE_PERCENT,
  PUT_EXAMPLE,
  RECOMMENDED_DTE,
  breakEven,
  exampleNumbers,
  explore,
  round2,
  type GuideExample,
} from "#app/lib/options-guide.ts";
import { formatDecimal, formatGrouped, formatPercent, formatUsd } from "#app/lib/format.ts";

const usd = (v: number) => formatUsd(v);
const signedUsd = (v: number) => `${v < 0 ? "-" : "+"}$${formatGrouped(Math.abs(v), 0, 3)}`;

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-ink-700 bg-ink-900/60 p-5">
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      <div className="mt-3 space-y-3 text-slate-300">{children}</div>
    </section>
  );
}

function Slider({
  label,
  value,
  min,
  max,
  step,
  unit,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  unit?: string;
  onChange: (v: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex justify-between text-sm text-slate-300">
        <span>{label}</span>
        <span className="font-mono text-white">
          {value}
          {unit}
        </span>
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-1 w-full accent-emerald-400"
      />
    </div>
  );
}

/** A bought call or put on a $100 stock: move the strike with the slider, the price with the chart marker. */
function LongOptionPayoff({ type }: { type: OptionType }) {
  const [strike, setStrike] = useState(100);
  const spot = 100;
  const premium = round2(explore({ type, spot, strike, volPercent: 25, days: 30 }).premium);
  const legs = useMemo(() => [{ type, side: "buy" as const, strike }], [type, strike]);
  const name = type === "call" ? "Call" : "Put";
  return (
    <div className="rounded-lg border border-ink-700 p-4">
      <h3 className="font-semibold text-white">
        Buy a {name.toLowerCase()} — {type === "call" ? "the right to buy" : "the right to sell"} 100 shares
      </h3>
      <p className="mt-1 text-sm text-slate-400">
        Stock at {usd(spot)}, 30 days, 25% volatility: premium {usd(premium)} per share ({usd(premium * 100)}{" "}
        per contract). Break-even {usd(breakEven(type, strike, premium))}.
      </p>
      <div className="mt-3">
        <Slider label="Strike" value={strike} min={80} max={120} step={1} unit="" onChange={setStrike} />
      </div>
      <PayoffChart
        legs={legs}
        netCredit={-premium}
        underlyingPrice={spot}
        interactive
        label={`Long ${strike} ${name.toLowerCase()}`}
        className="mt-3"
      />
      <p className="mt-2 text-xs text-slate-400">
        Use the arrow keys on the chart (or drag across it) to read the profit or loss at other prices.
      </p>
    </div>
  );
}

export function CallsAndPuts() {
  return (
    <Card title="Calls and puts">
      <p>
        An option is a contract on 100 shares. A <strong className="text-white">call</strong> gives the buyer
        the right to buy the shares at the strike price until expiration; a{" "}
        <strong className="text-white">put</strong> gives the right to sell them at the strike. The buyer pays
        a premium for that right and can lose at most the premium. The seller collects the premium and takes
        on the obligation — the side Wheelhouse&apos;s income strategies take, with the risk defined by a
        second option or by cash and shares.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <LongOptionPayoff type="call" />
        <LongOptionPayoff type="put" />
      </div>
    </Card>
  );
}

export function Moneyness() {
  const rows = [
    ["In the money (ITM)", "Stock above the strike", "Stock below the strike", "Has intrinsic value"],
    ["At the money (ATM)", "Stock at the strike", "Stock at the strike", "Most time value"],
    ["Out of the money (OTM)", "Stock below the strike", "Stock above the strike", "Only time value"],
  ];
  return (
    <Card title="Strike price and moneyness">
      <p>
        The strike is the price at which the option lets you buy (call) or sell (put). Where the stock trades
        relative to the strike decides whether exercising is worth anything today.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[520px] text-left text-sm">
          <caption className="sr-only">Moneyness of calls and puts</caption>
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Term
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Call
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Put
              </th>
              <th scope="col" className="py-2 font-medium">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([term, call, put, value]) => (
              <tr key={term} className="border-t border-ink-700">
                <th scope="row" className="py-2 pr-3 font-medium text-white">
                  {term}
                </th>
                <td className="py-2 pr-3">{call}</td>
                <td className="py-2 pr-3">{put}</td>
                <td className="py-2">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

export function ExpirationTypes() {
  return (
    <Card title="Expiration types">
      <ul className="list-disc space-y-2 pl-5">
        <li>
          <strong className="text-white">Weekly</strong> options expire every Friday (daily on the most traded
          index ETFs). Cheap and fast-decaying, they react sharply to every move.
        </li>
        <li>
          <strong className="text-white">Monthly</strong> options expire on the third Friday of the month.
          They have the most open interest and the tightest markets on most stocks.
        </li>
        <li>
          <strong className="text-white">LEAPS</strong> are long-term options with more than one year to
          expiration. Little daily decay; they behave more like the stock itself.
        </li>
      </ul>
      <p>
        For selling premium, {RECOMMENDED_DTE.min} to {RECOMMENDED_DTE.max} days to expiration is the usual
        balance: time decay is speeding up, and there is still time to adjust.
      </p>
    </Card>
  );
}

/** Premium = intrinsic + time value; the engine's Black-Scholes-Merton price with the user's vol and days. */
export function PremiumExplorer() {
  const [type, setType] = useState<OptionType>("call");
  const [vol, setVol] = useState(25);
  const [days, setDays] = useState(30);
  const [strike, setStrike] = useState(105);
  const spot = 100;
  const r = explore({ type, spot, strike, volPercent: vol, days });
  return (
    <Card title="Premium and time value">
      <p>
        Premium = intrinsic value (what exercising is worth now) + time value (what the chance of a better
        price before expiration is worth). Time value grows with days left and with implied volatility, and
        shrinks to zero at expiration; interest rates and dividends move it a little.
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-3">
          <fieldset className="flex gap-4 text-sm">
            <legend className="sr-only">Option type</legend>
            {(["call", "put"] as const).map((t) => (
              <label key={t} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="explorer-type"
                  value={t}
                  checked={type === t}
                  onChange={() => setType(t)}
                  className="accent-emerald-400"
                />
                {t === "call" ? "Call" : "Put"}
              </label>
            ))}
          </fieldset>
          <Slider
            label="Strike (stock at $100)"
            value={strike}
            min={80}
            max={120}
            step={1}
            onChange={setStrike}
          />
          <Slider
            label="Implied volatility"
            value={vol}
            min={5}
            max={100}
            step={1}
            unit="%"
            onChange={setVol}
          />
          <Slider label="Days to expiration" value={days} min={1} max={365} step={1} onChange={setDays} />
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm" aria-live="polite" data-testid="explorer-output">
          <div className="rounded-lg bg-ink-850 p-3">
            <dt className="text-slate-400">Premium</dt>
            <dd className="font-mono text-xl text-white" data-testid="explorer-premium">
              {usd(r.premium)}
            </dd>
          </div>
          <div className="rounded-lg bg-ink-850 p-3">
            <dt className="text-slate-400">Moneyness</dt>
            <dd className="font-mono text-xl text-white">{r.moneyness}</dd>
          </div>
          <div className="rounded-lg bg-ink-850 p-3">
            <dt className="text-slate-400">Intrinsic value</dt>
            <dd className="font-mono text-white">{usd(r.intrinsic)}</dd>
          </div>
          <div className="rounded-lg bg-ink-850 p-3">
            <dt className="text-slate-400">Time value</dt>
            <dd className="font-mono text-white">{usd(r.timeValue)}</dd>
          </div>
          <div className="rounded-lg bg-ink-850 p-3">
            <dt className="text-slate-400">Theta (per day)</dt>
            <dd className="font-mono text-white" data-testid="explorer-theta">
              {r.thetaPerDay < 0 ? "-" : ""}${formatDecimal(Math.abs(r.thetaPerDay), 3)}
            </dd>
          </div>
          <div className="rounded-lg bg-ink-850 p-3">
            <dt className="text-slate-400">Delta</dt>
            <dd className="font-mono text-white">{formatDecimal(r.delta, 2)}</dd>
          </div>
        </dl>
      </div>
      <p className="text-xs text-slate-400">
        Per share; one contract is 100 shares. Black-Scholes-Merton model, European exercise, risk-free rate{" "}
        {formatPercent(GUIDE_RATE * 100, 0)}, no dividends. A teaching model: real quotes include a bid/ask
        spread and the volatility smile.
      </p>
    </Card>
  );
}

function ExampleCard({ example }: { example: GuideExample }) {
  const n = exampleNumbers(example);
  const legs = useMemo(
    () => [{ type: example.type, side: "buy" as const, strike: example.strike }],
    [example],
  );
  const formula =
    example.type === "call"
      ? `Break-even = strike + premium = ${usd(example.strike)} + ${usd(n.premium)} = ${usd(n.breakEven)}`
      : `Break-even = strike - premium = ${usd(example.strike)} - ${usd(n.premium)} = ${usd(n.breakEven)}`;
  return (
    <Card title={example.title}>
      <p>{example.story}</p>
      <p>
        Premium {usd(n.premium)} per share, so the contract costs {usd(n.cost)} — also the most you can lose.
      </p>
      <p className="rounded-md bg-ink-850 px-3 py-2 font-mono text-sm text-white">{formula}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-white">Price path (one scenario)</h3>
          <PricePathChart
            path={example.path}
            stepLabel="Week"
            label={`XYZ price over the ${example.days} days`}
            levels={[
              { value: example.strike, label: "Strike", tone: "strike" },
              { value: n.breakEven, label: "Break-even", tone: "breakeven" },
            ]}
          />
        </div>
        <div>
          <h3 className="text-sm font-semibold text-white">Payoff at expiration</h3>
          <PayoffChart
            legs={legs}
            netCredit={-n.premium}
            underlyingPrice={example.spot}
            interactive
            label={`Long ${example.strike} ${example.type}`}
          />
        </div>
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Profit or loss at expiration</caption>
        <thead className="text-slate-400">
          <tr>
            <th scope="col" className="py-1 font-medium">
              XYZ at expiration
            </th>
            <th scope="col" className="py-1 font-medium">
              Profit / loss (1 contract)
            </th>
          </tr>
        </thead>
        <tbody>
          {n.outcomes.map((o) => (
            <tr key={o.price} className="border-t border-ink-700">
              <td className="py-1 font-mono">{usd(o.price)}</td>
              <td className={`py-1 font-mono ${o.pnl >= 0 ? "text-emerald-300" : "text-red-300"}`}>
                {signedUsd(o.pnl)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-400">
        In this path XYZ ends at {usd(example.path.at(-1)!)}. Risk: if XYZ does not get past the break-even by
        expiration, part or all of the {usd(n.cost)} is lost; time decay works against the buyer every day.
      </p>
    </Card>
  );
}

export function Examples() {
  return (
    <div className="space-y-6">
      <ExampleCard example={CALL_EXAMPLE} />
      <ExampleCard example={PUT_EXAMPLE} />
      <Card title="Risk notes">
        <ul className="list-disc space-y-2 pl-5">
          <li>A bought option can expire worthless: the whole premium is the risk.</li>
          <li>
            A sold option collects the premium but can lose much more; Wheelhouse ideas define that risk with
            a bought option (spreads), cash (cash-secured puts) or shares (covered calls).
          </li>
          <li>
            Earnings and economic releases inside the trade can move the stock through any strike overnight.
          </li>
          <li>Wide bid/ask spreads cost money on entry and exit; always use limit orders.</li>
        </ul>
      </Card>
    </div>
  );
}

const CHECKLIST = [
  "I know my maximum loss in dollars and can afford it.",
  `The position is ${POSITION_SIZE_PERCENT.min}-${POSITION_SIZE_PERCENT.max}% of my portfolio or less.`,
  "I checked earnings, ex-dividend and economic events before expiration.",
  "The bid/ask spread is tight and open interest is healthy.",
  "I have a profit target and a point where I close at a loss.",
  "I will enter with a limit order, not at market.",
];

export function Practice() {
  const [checked, setChecked] = useState<boolean[]>(() => CHECKLIST.map(() => false));
  const done = checked.filter(Boolean).length;
  return (
    <div className="space-y-6">
      <Card title="A basic buying strategy, step by step">
        <ol className="list-decimal space-y-2 pl-5">
          <li>Form a view: direction, how far, and by when.</li>
          <li>
            Choose an expiration longer than your view needs — {RECOMMENDED_DTE.min} to {RECOMMENDED_DTE.max}{" "}
            days is a common start.
          </li>
          <li>Choose a strike: at the money for balance, out of the money for cheaper, riskier bets.</li>
          <li>Size it: risk no more than {POSITION_SIZE_PERCENT.max}% of your portfolio on one idea.</li>
          <li>Enter with a limit order near the middle of the bid/ask and write down your exit plan.</li>
        </ol>
      </Card>
      <Card title="Hedging example: a protective put">
        <p>
          You own 100 shares of XYZ at $100 and worry about a drop before earnings. Buying one 95-strike put
          for about {usd(explore({ type: "put", spot: 100, strike: 95, volPercent: 30, days: 30 }).premium)}{" "}
          per share caps the loss below $95 until expiration: at $80 the shares lose $2,000 but the put gains
          $1,500. The cost is the premium, paid whether or not the drop comes — insurance, not free
          protection.
        </p>
      </Card>
      <Card title="Common mistakes">
        <ul className="list-disc space-y-2 pl-5">
          <li>Buying short-dated, far out-of-the-money options because they are cheap.</li>
          <li>
            Ignoring implied volatility: buying before earnings and losing to the volatility crush after.
          </li>
          <li>Selling premium without a defined maximum loss.</li>
          <li>Reading probability of profit as expected profit: high win rates come with larger losses.</li>
          <li>Trading illiquid options with wide bid/ask spreads.</li>
          <li>Putting too much of the account into one trade.</li>
        </ul>
      </Card>
      <Card title="Pre-trade checklist">
        <p className="text-sm text-slate-400">For your own review; nothing here is saved.</p>
        <ul className="space-y-2">
          {CHECKLIST.map((item, i) => (
            <li key={item}>
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  checked={checked[i]}
                  onChange={(e) => setChecked((c) => c.map((v, j) => (j === i ? e.target.checked : v)))}
                  className="mt-1 accent-emerald-400"
                />
                <span>{item}</span>
              </label>
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-400" aria-live="polite">
          {done} of {CHECKLIST.length} checked
        </p>
      </Card>
    </div>
  );
}
