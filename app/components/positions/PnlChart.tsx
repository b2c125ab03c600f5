// A position's P&L at each stored daily close (option_position_marks), drawn by PnlSvg with the max profit as the
// reference line. Intraday marks are not stored, so the chart is the closes only.
import type { DailyMarkPoint } from "#app/lib/positions/client.ts";
import { POSITIONS_TEXT } from "#app/components/positions/text.ts";
import { PnlEmpty, PnlSvg } from "#app/components/positions/PnlSvg.tsx";

export function PnlChart({
  points,
  maxProfit,
  symbol,
}: {
  points: readonly DailyMarkPoint[];
  maxProfit: number | null;
  symbol: string;
}) {
  if (points.length === 0) return <PnlEmpty text={POSITIONS_TEXT.chartEmpty} testId="pnl-chart-empty" />;
  return (
    <PnlSvg
      points={points}
      reference={maxProfit}
      label={POSITIONS_TEXT.chartLabel(symbol)}
      testId="pnl-chart"
    />
  );
}
