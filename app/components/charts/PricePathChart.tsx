import { formatDecimal, formatPrice, formatUsd } from "#app/lib/format.ts";
import { useId } from "react";

export interface PricePathChartProps {
  /** Closing prices, one per step, the last one at expiry. */
  path: readonly number[];
  /** Horizontal reference lines (strike, break-even). */
  levels: readonly { value: number; label: string; tone: "strike" | "breakeven" }[];
  /** Label of one step, e.g. "Week". */
  stepLabel: string;
  label: string;
  width?: number;
  height?: number;
}

const TONE = { strike: "#94a3b8", breakeven: "#fbbf24" } as const;

/** A small price-path line with reference levels, in our own SVG; the text alternative lists the path. */
export function PricePathChart({
  path,
  levels,
  stepLabel,
  label,
  width = 320,
  height = 150,
}: PricePathChartProps) {
  const descId = useId();
  const pad = { l: 40, r: 70, t: 10, b: 22 };
  const values = [...path, ...levels.map((l) => l.value)];
  const lo = Math.min(...values) * 0.98;
  const hi = Math.max(...values) * 1.02;
  const x = (i: number) => pad.l + (i / Math.max(1, path.length - 1)) * (width - pad.l - pad.r);
  const y = (v: number) => pad.t + ((hi - v) / (hi - lo)) * (height - pad.t - pad.b);
  const line = path
    .map((v, i) => `${i === 0 ? "M" : "L"}${formatDecimal(x(i), 1)},${formatDecimal(y(v), 1)}`)
    .join(" ");
  const description = `${label}: ${path
    .map((v, i) => `${i === 0 ? "today" : `${stepLabel.toLowerCase()} ${i}`} $${formatPrice(v)}`)
    .join(", ")}. ${levels.map((l) => `${l.label} $${formatPrice(l.value)}`).join(", ")}.`;
  return (
    <figure className="w-full">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={label}
        aria-describedby={descId}
      >
        {levels.map((l) => (
          <g key={l.label}>
            <line
              x1={pad.l}
              x2={width - pad.r}
              y1={y(l.value)}
              y2={y(l.value)}
              stroke={TONE[l.tone]}
              strokeDasharray="4 3"
              strokeWidth={1}
            />
            <text x={width - pad.r + 4} y={y(l.value) + 4} fill={TONE[l.tone]} fontSize={10}>
              {l.label}
            </text>
          </g>
        ))}
        <path d={line} fill="none" stroke="#38bdf8" strokeWidth={2} />
        {path.map((v, i) => (
          <circle key={i} cx={x(i)} cy={y(v)} r={2.5} fill="#38bdf8" />
        ))}
        <text x={4} y={y(path[0]!) + 4} fill="#cbd5e1" fontSize={10}>
          {formatUsd(path[0]!, 0)}
        </text>
        {path.map((_, i) => (
          <text key={i} x={x(i)} y={height - 6} fill="#94a3b8" fontSize={9} textAnchor="middle">
            {i === 0 ? "Today" : `${stepLabel[0]}${i}`}
          </text>
        ))}
      </svg>
      <figcaption id={descId} className="sr-only">
        {description}
      </figcaption>
    </figure>
  );
}
