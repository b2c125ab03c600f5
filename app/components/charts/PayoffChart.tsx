import { useId, useMemo, useState } from "react";
import {
  breakevens,
  payoffAt,
  payoffCurve,
  payoffExtremes,
  payoffWindow,
  type PayoffLeg,
} from "#app/lib/payoff.ts";
import { formatDecimal, formatGrouped, formatPrice } from "#app/lib/format.ts";

export interface PayoffChartProps {
  legs: readonly PayoffLeg[];
  /** Per share, positive for a credit. */
  netCredit: number;
  /** Current underlying price: drawn as a dashed line and the marker's start. */
  underlyingPrice?: number | null;
  /** Arrow keys / pointer move a price marker that reads out the P/L there. */
  interactive?: boolean;
  /** Short name for the text alternative, e.g. "SPY Bull Put Spread". */
  label?: string;
  width?: number;
  height?: number;
  className?: string;
}

const money = (v: number) => `${v < 0 ? "-" : v > 0 ? "+" : ""}$${formatGrouped(Math.abs(v))}`;
const price = (v: number) => `$${formatPrice(v)}`;

/**
 * Payoff at expiry, drawn in our own SVG (no chart library: route JS stays small). The curve is exact
 * (kinks at the strikes), profit above zero in green, loss below in red, breakevens marked. Focusable,
 * with a text alternative that says what the picture shows.
 */
export function PayoffChart({
  legs,
  netCredit,
  underlyingPrice,
  interactive = false,
  label = "Position",
  width = 320,
  height = 140,
  className,
}: PayoffChartProps) {
  const clipId = useId();
  const descId = useId();
  const model = useMemo(() => {
    const { low, high } = payoffWindow(legs, underlyingPrice);
    const curve = payoffCurve(legs, netCredit, low, high);
    const bes = breakevens(legs, netCredit);
    const ext = payoffExtremes(legs, netCredit);
    const pnls = curve.map((p) => p.pnl);
    let top = Math.max(0, ...pnls);
    let bottom = Math.min(0, ...pnls);
    if (top === bottom) {
      top += 1;
      bottom -= 1;
    }
    return { low, high, curve, bes, ext, top, bottom };
  }, [legs, netCredit, underlyingPrice]);

  const pad = { l: 6, r: 6, t: 10, b: 18 };
  const x = (p: number) => pad.l + ((p - model.low) / (model.high - model.low)) * (width - pad.l - pad.r);
  const y = (v: number) => pad.t + ((model.top - v) / (model.top - model.bottom)) * (height - pad.t - pad.b);
  const zeroY = y(0);
  const path = model.curve.map(
    (p, i) => `${i ? "L" : "M"}${formatDecimal(x(p.price), 1)},${formatDecimal(y(p.pnl), 1)}`,
  );
  const area = `${path.join(" ")} L${formatDecimal(x(model.high), 1)},${formatDecimal(zeroY, 1)} L${formatDecimal(x(model.low), 1)},${formatDecimal(zeroY, 1)} Z`;

  const step = (model.high - model.low) / 100;
  const start = underlyingPrice ?? (model.low + model.high) / 2;
  const [marker, setMarker] = useState<number | null>(null);
  const markerPrice = marker ?? start;
  const markerPnl = payoffAt(legs, netCredit, markerPrice);

  const summary =
    `${label}: payoff at expiry. Max profit ${Number.isFinite(model.ext.maxProfit) ? money(model.ext.maxProfit) : "unlimited"}, ` +
    `max loss ${Number.isFinite(model.ext.maxLoss) ? money(-model.ext.maxLoss) : "unlimited"}` +
    (model.bes.length ? `, breakeven ${model.bes.map(price).join(" and ")}` : "") +
    (underlyingPrice != null ? `, underlying now ${price(underlyingPrice)}` : "") +
    ".";

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!interactive) return;
    const big = e.shiftKey ? 10 : 1;
    let next: number | null = null;
    if (e.key === "ArrowRight" || e.key === "ArrowUp") next = markerPrice + step * big;
    else if (e.key === "ArrowLeft" || e.key === "ArrowDown") next = markerPrice - step * big;
    else if (e.key === "Home") next = model.low;
    else if (e.key === "End") next = model.high;
    if (next === null) return;
    e.preventDefault();
    setMarker(Math.min(model.high, Math.max(model.low, next)));
  };
  const onPointerMove = (e: React.PointerEvent<SVGSVGElement>) => {
    if (!interactive) return;
    const box = e.currentTarget.getBoundingClientRect();
    const fx = ((e.clientX - box.left) / box.width) * width;
    const p = model.low + ((fx - pad.l) / (width - pad.l - pad.r)) * (model.high - model.low);
    setMarker(Math.min(model.high, Math.max(model.low, p)));
  };

  return (
    <figure className={className}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={summary}
        aria-describedby={interactive ? descId : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerMove={onPointerMove}
        className="block rounded-md bg-ink-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        data-testid="payoff-chart"
      >
        <defs>
          <clipPath id={`${clipId}-up`}>
            <rect x="0" y="0" width={width} height={zeroY} />
          </clipPath>
          <clipPath id={`${clipId}-down`}>
            <rect x="0" y={zeroY} width={width} height={height - zeroY} />
          </clipPath>
        </defs>
        <path d={area} fill="#10b981" fillOpacity="0.22" clipPath={`url(#${clipId}-up)`} />
        <path d={area} fill="#ef4444" fillOpacity="0.22" clipPath={`url(#${clipId}-down)`} />
        <line x1={pad.l} x2={width - pad.r} y1={zeroY} y2={zeroY} stroke="#475569" strokeWidth="1" />
        <path d={path.join(" ")} fill="none" stroke="#e2e8f0" strokeWidth="1.75" />
        {underlyingPrice != null ? (
          <line
            x1={x(underlyingPrice)}
            x2={x(underlyingPrice)}
            y1={pad.t - 4}
            y2={height - pad.b}
            stroke="#94a3b8"
            strokeDasharray="3 3"
          />
        ) : null}
        {model.bes.map((b) => (
          <g key={b}>
            <circle cx={x(b)} cy={zeroY} r="3" fill="#fbbf24" />
            <text x={x(b)} y={height - 5} textAnchor="middle" fontSize="10" fill="#fbbf24">
              {formatPrice(b)}
            </text>
          </g>
        ))}
        {interactive && marker !== null ? (
          <g>
            <line
              x1={x(markerPrice)}
              x2={x(markerPrice)}
              y1={pad.t - 4}
              y2={height - pad.b}
              stroke="#38bdf8"
            />
            <circle cx={x(markerPrice)} cy={y(markerPnl)} r="3.5" fill="#38bdf8" />
          </g>
        ) : null}
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
      {interactive ? (
        <p id={descId} className="mt-1 text-xs text-slate-400" aria-live="polite">
          {marker === null
            ? "Use the arrow keys or the pointer on the chart to read the payoff at a price."
            : `At ${price(markerPrice)} on expiry: ${money(markerPnl)} per contract.`}
        </p>
      ) : null}
    </figure>
  );
}
