// The covered-call tab's positions: the stored list (edit, remove), the ledger's read-only lots, the basis choice.
import { buttonClass } from "#app/components/ui/button-class.ts";
import { Link } from "react-router";
import { formatCompactMoney, formatPrice } from "#app/lib/format.ts";
import type { Position } from "#app/lib/wheel/wheel.ts";
import type { CostBasisChoice, LedgerPosition } from "#app/lib/wheel/ledger.ts";
import { CostBasisChoiceSelect, LedgerPositionCards } from "#app/components/wheel/LedgerPositions.tsx";

export function PositionsPanel({
  positions,
  ledgerLots,
  limit,
  isFree,
  prices,
  basisChoice,
  onBasis,
  open,
  onToggleOpen,
  onAdd,
  onAddMany,
  onEdit,
  onRemove,
}: {
  positions: Position[];
  ledgerLots: LedgerPosition[];
  limit: number;
  isFree: boolean;
  /** The screen's current prices by symbol, once it answered. */
  prices: Record<string, number | null> | undefined;
  basisChoice: CostBasisChoice;
  onBasis: (choice: CostBasisChoice) => void;
  open: boolean;
  onToggleOpen: () => void;
  onAdd: () => void;
  onAddMany: () => void;
  onEdit: (p: Position) => void;
  onRemove: (p: Position) => void;
}) {
  const addButtons = (
    <div className="flex gap-2">
      {isFree ? (
        <>
          <Link to="/pricing" className={buttonClass({ size: "sm" })}>
            Upgrade
          </Link>
        </>
      ) : (
        <>
          <button type="button" onClick={onAdd} className={buttonClass({ size: "sm" })}>
            Add Position
          </button>
          <button
            type="button"
            onClick={onAddMany}
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            Add Multiple
          </button>
        </>
      )}
    </div>
  );

  return (
    <section
      className="mb-4 rounded-xl border border-ink-700 bg-ink-900 p-4"
      aria-labelledby="positions-heading"
      data-testid="positions-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className="flex items-center gap-2 text-left"
          aria-expanded={open}
          onClick={onToggleOpen}
        >
          <h2 id="positions-heading" className="text-lg font-semibold text-white">
            Your Stock Positions
          </h2>
          <span className="text-sm text-slate-400">
            ({positions.length}/{limit})
          </span>
          <span aria-hidden="true" className="text-slate-400 md:hidden">
            {open ? "▲" : "▼"}
          </span>
        </button>
        {addButtons}
      </div>
      <ul
        className={`${open ? "grid" : "hidden"} mt-3 grid-cols-2 gap-2 sm:grid-cols-3 md:grid lg:grid-cols-5`}
      >
        <LedgerPositionCards lots={ledgerLots} prices={prices} />
        {positions.map((p) => {
          const price = prices?.[p.symbol] ?? null;
          return (
            <li
              key={p.symbol}
              className="rounded-lg border border-ink-700 bg-ink-850 p-3 text-sm"
              data-testid="position-card"
            >
              <div className="flex items-center justify-between">
                <span className="font-semibold text-white">{p.symbol}</span>
                <span className="flex gap-1">
                  <button
                    type="button"
                    onClick={() => onEdit(p)}
                    className="text-xs text-slate-400 hover:text-white"
                    aria-label={`Edit ${p.symbol}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    onClick={() => onRemove(p)}
                    className="text-xs text-slate-400 hover:text-red-300"
                    aria-label={`Remove ${p.symbol}`}
                  >
                    Remove
                  </button>
                </span>
              </div>
              <div className="mt-1 tabular-nums text-slate-300">
                {p.shares} sh @ ${formatPrice(p.costBasis)}
              </div>
              {price !== null ? (
                <div className="text-xs tabular-nums text-slate-500">
                  now ${formatPrice(price)} · {formatCompactMoney(price * p.shares)}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {ledgerLots.length ? <CostBasisChoiceSelect value={basisChoice} onChange={onBasis} /> : null}
    </section>
  );
}
