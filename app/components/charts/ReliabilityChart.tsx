import { useId } from "react";

export interface ReliabilityPoint {
  /** Bin range in predicted probability, 0-1. */
  from: number;
  to: number;
  count: number;
  meanPredicted: number | null;
  realised: number | null;
  /** 95% interval of the realised rate, from resampling whole expirations. */
  interval: { low: number; high: number };
}

/**
 * Predicted probability (x) against the realised win rate (y) per bin, with each bin's 95% interval (whole expirations resampled) and
 * count, and the diagonal a calibrated forecast sits on. Our own SVG, rendered on the server: crawlers and
 * readers without JavaScript get the chart and its text alternative.
 */
export function ReliabilityChart({
  points,
  label,
  width = 360,
  height = 300,
}: {
  points: readonly ReliabilityPoint[];
  label: string;
  width?: number;
  height?: number;
}) {
  const descId = useId();
  const pad = { l: 44, r: 12, t: 12, b: 40 };
  const w = width - pad.l - pad.r;
  const h = height - pad.t - pad.b;
  const x = (p: number) => pad.l + p * w;
  const y = (p: number) => pad.t + (1 - p) * h;
  const shown = points.filter((p) => p.count > 0 && p.meanPredicted !== null && p.realised !== null);
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  const description = shown.length
    ? `${label}: ${shown
        .map(
          (p) =>
            `predicted ${pct(p.from)}-${pct(p.to)}: ${p.count} ideas, predicted ${pct(p.meanPredicted!)}, realised ${pct(p.realised!)} (95% ${pct(p.interval.low)}-${pct(p.interval.high)})`,
        )
        .join("; ")}.`
    : `${label}: no settled ideas yet.`;
  return (
    <figure className="w-full max-w-md">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={descId}
        className="h-auto w-full"
        data-testid="reliability-chart"
      >
        <title id={descId}>{description}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(0)} x2={x(1)} y1={y(t)} y2={y(t)} stroke="#1e293b" />
            <text x={pad.l - 6} y={y(t) + 4} fontSize="11" textAnchor="end" fill="#94a3b8">
              {pct(t)}
            </text>
            <text x={x(t)} y={height - pad.b + 16} fontSize="11" textAnchor="middle" fill="#94a3b8">
              {pct(t)}
            </text>
          </g>
        ))}
        <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} stroke="#475569" strokeDasharray="4 4" />
        {shown.map((p) => (
          <g key={p.from}>
            <line
              x1={x(p.meanPredicted!)}
              x2={x(p.meanPredicted!)}
              y1={y(p.interval.low)}
              y2={y(p.interval.high)}
              stroke="#38bdf8"
              strokeWidth="2"
            />
            <circle
              cx={x(p.meanPredicted!)}
              cy={y(p.realised!)}
              r={3 + Math.min(5, Math.log10(p.count + 1) * 2)}
              fill="#38bdf8"
            />
            <text x={x(p.meanPredicted!) + 6} y={y(p.realised!) - 6} fontSize="10" fill="#cbd5e1">
              {p.count}
            </text>
          </g>
        ))}
        <text x={pad.l + w / 2} y={height - 6} fontSize="11" textAnchor="middle" fill="#cbd5e1">
          Predicted probability of profit
        </text>
        <text
          x={12}
          y={pad.t + h / 2}
          fontSize="11"
          textAnchor="middle"
          fill="#cbd5e1"
          transform={`rotate(-90 12 ${pad.t + h / 2})`}
        >
          Realised win rate
        </text>
      </svg>
      <figcaption className="mt-1 text-xs text-slate-400">
        Dots: realised win rate per bin (number beside it: ideas in the bin). Bars: 95% interval, resampling
        whole expirations. Dashed line: where a calibrated forecast sits.
      </figcaption>
    </figure>
  );
}
