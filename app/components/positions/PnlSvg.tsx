// The P&L-at-each-close drawing the position's chart and the book's chart share (our own small SVG): the cost to
// close (what a market order pays) as the line, the mid dashed, zero and an optional reference line (a position's
// max profit), the first and last dates, and the points as words for a screen reader.
import { useId } from "react";
import { formatDecimal, formatUsd } from "#app/lib/format.ts";
import type { DailyMarkPoint } from "#app/lib/positions/client.ts";

const W = 320;
const H = 120;
const PAD = { l: 48, r: 8, t: 8, b: 18 };

function pathOf(
  values: readonly (number | null)[],
  x: (i: number) => number,
  y: (v: number) => number,
): string {
  let d = "";
  let pen = false;
  values.forEach((v, i) => {
    if (v === null) {
      pen = false;
      return;
    }
    d += `${pen ? "L" : "M"}${formatDecimal(x(i), 1)},${formatDecimal(y(v), 1)}`;
    pen = true;
  });
  return d;
}

/** One chart of stored closes; `points` is not empty. */
export function PnlSvg({
  points,
  reference,
  label,
  testId,
}: {
  points: readonly DailyMarkPoint[];
  reference: number | null;
  label: string;
  testId: string;
}) {
  const descId = useId();
  const natural = points.map((p) => p.pnlNatural);
  const mid = points.map((p) => p.pnlMid);
  const known = [...natural, ...mid, 0, ...(reference === null ? [] : [reference])].filter(
    (v): v is number => v !== null,
  );
  let lo = Math.min(...known);
  let hi = Math.max(...known);
  if (hi - lo < 1) [lo, hi] = [lo - 1, hi + 1];
  const x = (i: number) =>
    PAD.l + (points.length === 1 ? 0.5 : i / (points.length - 1)) * (W - PAD.l - PAD.r);
  const y = (v: number) => PAD.t + ((hi - v) / (hi - lo)) * (H - PAD.t - PAD.b);
  const last = points[points.length - 1]!;
  const description = `${label}: ${points
    .map((p) => `${p.date} ${p.pnlNatural === null ? "no value" : formatUsd(p.pnlNatural)}`)
    .join(", ")}.`;
  return (
    <figure className="w-full" data-testid={testId}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={label}
        aria-describedby={descId}
      >
        <line x1={PAD.l} x2={W - PAD.r} y1={y(0)} y2={y(0)} stroke="#475569" strokeWidth={1} />
        <text x={PAD.l - 4} y={y(0) + 3} fill="#94a3b8" fontSize={9} textAnchor="end">
          $0
        </text>
        {reference !== null ? (
          <g>
            <line
              x1={PAD.l}
              x2={W - PAD.r}
              y1={y(reference)}
              y2={y(reference)}
              stroke="#34d399"
              strokeDasharray="4 3"
              strokeWidth={1}
            />
            <text x={PAD.l - 4} y={y(reference) + 3} fill="#34d399" fontSize={9} textAnchor="end">
              {formatUsd(reference, 0)}
            </text>
          </g>
        ) : null}
        <path d={pathOf(mid, x, y)} fill="none" stroke="#94a3b8" strokeDasharray="3 3" strokeWidth={1.5} />
        <path d={pathOf(natural, x, y)} fill="none" stroke="#38bdf8" strokeWidth={2} />
        {natural.map((v, i) =>
          v === null ? null : <circle key={points[i]!.date} cx={x(i)} cy={y(v)} r={2.5} fill="#38bdf8" />,
        )}
        <text x={PAD.l} y={H - 4} fill="#94a3b8" fontSize={9}>
          {points[0]!.date.slice(5)}
        </text>
        <text x={W - PAD.r} y={H - 4} fill="#94a3b8" fontSize={9} textAnchor="end">
          {last.date.slice(5)}
        </text>
      </svg>
      <figcaption className="mt-1 flex gap-3 text-[11px] text-slate-400">
        <span>
          <span className="mr-1 inline-block h-0.5 w-3 bg-sky-400 align-middle" aria-hidden="true" />
          at the cost to close
        </span>
        <span>
          <span
            className="mr-1 inline-block h-0.5 w-3 border-t border-dashed border-slate-400 align-middle"
            aria-hidden="true"
          />
          at mid
        </span>
      </figcaption>
      <p id={descId} className="sr-only">
        {description}
      </p>
    </figure>
  );
}

/** Shown instead of a chart without stored closes. */
export function PnlEmpty({ text, testId }: { text: string; testId: string }) {
  return (
    <p
      className="rounded-lg border border-dashed border-ink-700 px-3 py-4 text-xs text-slate-400"
      data-testid={testId}
    >
      {text}
    </p>
  );
}
