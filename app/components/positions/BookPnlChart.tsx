// The book's open P&L at each stored daily close: the sum the engine's bookDaily makes of the open positions'
// closes, drawn by the position chart's own PnlSvg (no reference line: a book has no one max profit).
import type { DailyMarkPoint } from "#app/lib/positions/client.ts";
import { BOOK_TEXT } from "#app/components/positions/book-text.ts";
import { PnlEmpty, PnlSvg } from "#app/components/positions/PnlSvg.tsx";

export function BookPnlChart({ points }: { points: readonly DailyMarkPoint[] }) {
  return (
    <div>
      {points.length === 0 ? (
        <PnlEmpty text={BOOK_TEXT.chartEmpty} testId="book-pnl-empty" />
      ) : (
        <PnlSvg points={points} reference={null} label={BOOK_TEXT.chartLabel} testId="book-pnl-chart" />
      )}
      <p className="mt-1 text-[11px] text-slate-400">{BOOK_TEXT.chartBasis}</p>
    </div>
  );
}
