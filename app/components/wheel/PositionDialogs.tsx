import { useState } from "react";
import {
  cleanPositionSymbol,
  duplicateSymbols,
  validatePosition,
  WHEEL_MESSAGES,
  type Position,
  type PositionErrors,
} from "#app/lib/wheel/wheel.ts";
import { checkPositionsImport } from "#app/lib/wheel/client.ts";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { controlClass } from "#app/components/ui/Field.tsx";

const INPUT = `w-full ${controlClass}`;

function FieldError({ text, id }: { text?: string; id: string }) {
  return text ? (
    <p id={id} role="alert" className="mt-1 text-xs text-red-400">
      {text}
    </p>
  ) : null;
}

/** Add one position, or edit one (its symbol locked). */
export function PositionDialog({
  existing,
  onSave,
  onClose,
}: {
  existing: Position | null;
  onSave: (p: Position) => void;
  onClose: () => void;
}) {
  const [symbol, setSymbol] = useState(existing?.symbol ?? "");
  const [shares, setShares] = useState(existing ? String(existing.shares) : "");
  const [costBasis, setCostBasis] = useState(existing ? String(existing.costBasis) : "");
  const [errors, setErrors] = useState<PositionErrors>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validatePosition({ symbol, shares, costBasis });
    setErrors(found);
    if (Object.keys(found).length) return;
    onSave({ symbol, shares: Number(shares), costBasis: Number(costBasis) });
  };
  return (
    <Dialog
      title={existing ? `Edit ${existing.symbol} Position` : "Add Position"}
      onClose={onClose}
      testId="position-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <div>
          <label htmlFor="pos-symbol" className="mb-1 block text-sm text-slate-300">
            Symbol
          </label>
          <input
            id="pos-symbol"
            value={symbol}
            disabled={!!existing}
            onChange={(e) => setSymbol(cleanPositionSymbol(e.target.value))}
            placeholder="AAPL"
            autoComplete="off"
            className={`${INPUT} uppercase`}
            aria-invalid={!!errors.symbol}
            aria-describedby="pos-symbol-error"
          />
          <FieldError id="pos-symbol-error" text={errors.symbol} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="pos-shares" className="mb-1 block text-sm text-slate-300">
              Shares
            </label>
            <input
              id="pos-shares"
              type="number"
              inputMode="numeric"
              step={100}
              min={100}
              value={shares}
              onChange={(e) => setShares(e.target.value)}
              placeholder="100"
              className={INPUT}
              aria-invalid={!!errors.shares}
              aria-describedby="pos-shares-error"
            />
            <FieldError id="pos-shares-error" text={errors.shares} />
          </div>
          <div>
            <label htmlFor="pos-basis" className="mb-1 block text-sm text-slate-300">
              Cost Basis (per share)
            </label>
            <input
              id="pos-basis"
              type="number"
              inputMode="decimal"
              step="0.01"
              min={0}
              value={costBasis}
              onChange={(e) => setCostBasis(e.target.value)}
              placeholder="150.00"
              className={INPUT}
              aria-invalid={!!errors.costBasis}
              aria-describedby="pos-basis-error"
            />
            <FieldError id="pos-basis-error" text={errors.costBasis} />
          </div>
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" onClick={onClose} className={buttonClass({ variant: "ghost" })}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()}>
            {existing ? "Save Changes" : "Add Position"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

interface Row {
  symbol: string;
  shares: string;
  costBasis: string;
}

const blank = (): Row => ({ symbol: "", shares: "", costBasis: "" });
const isComplete = (r: Row) => r.symbol !== "" && r.shares !== "" && r.costBasis !== "";
const rowValid = (r: Row) => Object.keys(validatePosition(r, "bulk")).length === 0;

/**
 * Add several positions: the existing ones plus a blank row; a new blank row appears when the last is
 * complete. CSV import fills rows (papaparse, loaded on demand). Only valid rows are submitted.
 */
export function BulkPositionsDialog({
  existing,
  onSave,
  onClose,
}: {
  existing: Position[];
  onSave: (list: Position[]) => void;
  onClose: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => [
    ...existing.map((p) => ({ symbol: p.symbol, shares: String(p.shares), costBasis: String(p.costBasis) })),
    blank(),
  ]);
  const [importNote, setImportNote] = useState<string | null>(null);
  const [heldRows, setHeldRows] = useState<Row[] | null>(null);
  const [noData, setNoData] = useState<ReadonlySet<string>>(() => new Set());

  const update = (i: number, patch: Partial<Row>) =>
    setRows((list) => {
      const next = list.map((r, j) => (j === i ? { ...r, ...patch } : r));
      const last = next[next.length - 1];
      if (last && isComplete(last)) next.push(blank());
      return next;
    });
  const remove = (i: number) =>
    setRows((list) => {
      const next = list.filter((_, j) => j !== i);
      return next.length && !isComplete(next[next.length - 1]!) ? next : [...next, blank()];
    });

  // The server reads the file's rows (decision 257): duplicates among them block the import, rows already
  // held wait for the user's replace/skip choice, rows without market data are named.
  const importCsv = async (file: File) => {
    const { parsePositionsCsv } = await import("#app/lib/wheel/csv.ts");
    const parsed = parsePositionsCsv(await file.text());
    setHeldRows(null);
    if (!parsed.length) {
      setImportNote(`No rows found in ${file.name}.`);
      return;
    }
    const texts = parsed.map(({ symbol, shares, costBasis }) => ({ symbol, shares, costBasis }));
    let checked;
    try {
      checked = await checkPositionsImport(texts);
    } catch (error) {
      setImportNote(error instanceof Error ? error.message : WHEEL_MESSAGES.updatePositionsFailed);
      return;
    }
    const held = texts.filter((_, i) => checked[i]?.held);
    const fresh = texts.filter((_, i) => !checked[i]?.held);
    const missing = checked.filter((c) => c.marketData === false).map((c) => c.symbol);
    const bad = checked.filter((c) => Object.keys(c.errors).length > 0).length;
    setNoData(new Set(missing));
    setRows((list) => [...list.filter(isComplete), ...fresh, blank()]);
    if (held.length) setHeldRows(held);
    setImportNote(
      [
        `Imported ${fresh.length} row(s) from ${file.name}${bad ? `; ${bad} need fixing before they can be saved` : ""}.`,
        missing.length ? WHEEL_MESSAGES.noMarketData(missing) : "",
      ]
        .filter(Boolean)
        .join(" "),
    );
  };

  const resolveHeld = async (choice: "replace" | "skip") => {
    if (!heldRows) return;
    const { applyHeldRows } = await import("#app/lib/wheel/csv.ts");
    setRows((list) => [...applyHeldRows(list.filter(isComplete), heldRows, choice), blank()]);
    setHeldRows(null);
  };

  const valid = rows.filter(rowValid);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const dups = duplicateSymbols(valid);
    if (dups.length) {
      window.alert(`Duplicate symbols found: ${dups.join(", ")}`);
      return;
    }
    onSave(
      valid.map((r) => ({ symbol: r.symbol, shares: Number(r.shares), costBasis: Number(r.costBasis) })),
    );
  };

  return (
    <Dialog title="Add Multiple Positions" onClose={onClose} size="lg" testId="bulk-dialog">
      <form onSubmit={submit} noValidate>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-400">
          <p>One row per position. A new row appears when the last one is complete.</p>
          <label className="cursor-pointer rounded-lg border border-ink-600 px-3 py-1.5 font-medium text-slate-200 hover:border-brand-500">
            Import CSV
            <input
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              data-testid="csv-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void importCsv(file);
                e.target.value = "";
              }}
            />
          </label>
        </div>
        <p className="mb-3 text-xs text-slate-500">
          CSV columns: Symbol, Shares, Cost Basis (a header row is skipped).
        </p>
        {importNote ? (
          <p className="mb-3 text-sm text-slate-300" role="status" data-testid="import-note">
            {importNote}
          </p>
        ) : null}
        {heldRows ? (
          <div
            className="mb-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-200"
            data-testid="import-held"
          >
            <p>{WHEEL_MESSAGES.alreadyHeld(heldRows.map((r) => r.symbol))}</p>
            <div className="mt-2 flex gap-2">
              <button
                type="button"
                onClick={() => void resolveHeld("replace")}
                className="rounded-lg bg-amber-400 px-3 py-1 font-semibold text-ink-950"
              >
                Replace
              </button>
              <button
                type="button"
                onClick={() => void resolveHeld("skip")}
                className="rounded-lg border border-amber-400 px-3 py-1 font-semibold text-amber-200"
              >
                Skip
              </button>
            </div>
          </div>
        ) : null}
        <div className="space-y-2">
          <div className="grid grid-cols-[1fr_1fr_1fr_2rem] gap-2 text-xs uppercase tracking-wide text-slate-500">
            <span>Symbol</span>
            <span>Shares</span>
            <span>Cost Basis</span>
            <span />
          </div>
          {rows.map((r, i) => {
            const errs =
              isComplete(r) || r.symbol || r.shares || r.costBasis ? validatePosition(r, "bulk") : {};
            return (
              <div
                key={i}
                className="grid grid-cols-[1fr_1fr_1fr_2rem] items-start gap-2"
                data-testid="bulk-row"
              >
                <div>
                  <input
                    aria-label={`Row ${i + 1} symbol`}
                    value={r.symbol}
                    onChange={(e) => update(i, { symbol: cleanPositionSymbol(e.target.value) })}
                    className={`${INPUT} uppercase`}
                    placeholder="AAPL"
                  />
                  {errs.symbol ? <p className="mt-0.5 text-xs text-red-400">{errs.symbol}</p> : null}
                  {!errs.symbol && noData.has(r.symbol) ? (
                    <p className="mt-0.5 text-xs text-amber-300">No market data</p>
                  ) : null}
                </div>
                <div>
                  <input
                    aria-label={`Row ${i + 1} shares`}
                    type="number"
                    step={100}
                    value={r.shares}
                    onChange={(e) => update(i, { shares: e.target.value })}
                    className={INPUT}
                    placeholder="100"
                  />
                  {errs.shares ? <p className="mt-0.5 text-xs text-red-400">{errs.shares}</p> : null}
                </div>
                <div>
                  <input
                    aria-label={`Row ${i + 1} cost basis`}
                    type="number"
                    step="0.01"
                    value={r.costBasis}
                    onChange={(e) => update(i, { costBasis: e.target.value })}
                    className={INPUT}
                    placeholder="150.00"
                  />
                  {errs.costBasis ? <p className="mt-0.5 text-xs text-red-400">{errs.costBasis}</p> : null}
                </div>
                <button
                  type="button"
                  onClick={() => remove(i)}
                  aria-label={`Remove row ${i + 1}`}
                  className="mt-2 rounded p-1 text-slate-500 hover:text-red-400"
                >
                  ×
                </button>
              </div>
            );
          })}
        </div>
        <div className="mt-4 flex items-center justify-between gap-2">
          <span className="text-sm text-slate-400">{valid.length} valid position(s)</span>
          <div className="flex gap-2">
            <button type="button" onClick={onClose} className={buttonClass({ variant: "ghost" })}>
              Cancel
            </button>
            <button type="submit" disabled={valid.length === 0} className={buttonClass()}>
              Save Positions
            </button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
