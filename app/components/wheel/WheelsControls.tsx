// The /wheels settings and filters: risk level, days to expiration, available cash, the filters panel and the
// below-basis switch. The risk level and the days are fields of the page's GET form and the cash of its POST form
// (decision 317), so they work before hydration.
import { Form } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import {
  cashHint,
  FILTER_PRESETS,
  MAX_DTE_OPTIONS,
  parseSymbolList,
  RISK_LEVELS,
  riskWindowText,
  SORT_FIELDS,
  WHEEL_DEFAULTS,
  WHEEL_MESSAGES,
  type RiskLevel,
  type SortState,
  type WheelFilters,
} from "#app/lib/wheel/wheel.ts";
import { wheelDteWindow } from "#app/engine/wheel/windows.ts";

export function RiskSelect({
  name,
  level,
  maxDte,
  onChange,
}: {
  name: string;
  level: RiskLevel;
  maxDte: number;
  onChange: (level: RiskLevel) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-slate-400">Risk level</span>
      <select
        name={name}
        value={level}
        onChange={(e) => onChange(e.target.value as RiskLevel)}
        className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 capitalize text-white"
        data-testid="risk-select"
      >
        {RISK_LEVELS.map((r) => (
          <option key={r} value={r} className="capitalize">
            {r[0]!.toUpperCase() + r.slice(1)}
          </option>
        ))}
      </select>
      <span className="text-xs text-slate-500" data-testid="risk-window">
        {riskWindowText(wheelDteWindow(level, maxDte))}
      </span>
    </label>
  );
}

/** The days to expiration the screens read (the address's `dte`). */
export function DteSelect({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number;
  onChange: (days: number) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-slate-400">Max days to expiration</span>
      <select
        name={name}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-white"
        data-testid="dte-select"
      >
        {MAX_DTE_OPTIONS.map((d) => (
          <option key={d} value={d}>
            {d === 365 ? "Any" : `${d} days`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Cash typed but not applied stays with the page (it outlives the tab switch). */
export function isValidCash(value: string): boolean {
  const cash = Number(value);
  return Number.isFinite(cash) && cash >= WHEEL_DEFAULTS.minCash;
}

/** Posts `intent=cash` to the route's action, which saves it and shows the address without any `cash`. */
export function CashControl({ value, onInput }: { value: string; onInput: (value: string) => void }) {
  const valid = isValidCash;
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex flex-col gap-1 text-sm"
      onSubmit={(e) => {
        if (!valid(value)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="cash" />
      <label htmlFor="cash" className="text-slate-400">
        Available cash
      </label>
      <div className="flex gap-2">
        <input
          id="cash"
          name="cash"
          type="number"
          min={WHEEL_DEFAULTS.minCash}
          step={WHEEL_DEFAULTS.cashStep}
          value={value}
          onChange={(e) => onInput(e.target.value)}
          className="w-36 rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 tabular-nums text-white"
        />
        <button type="submit" disabled={!valid(value)} className={buttonClass()}>
          Update
        </button>
      </div>
      <span className="text-xs text-slate-500" data-testid="cash-hint">
        {cashHint(Number(value))}
      </span>
    </Form>
  );
}

/** Visible on the CC tab whenever there are positions: the server leaves these calls out by default. */
export function BelowBasisSwitch({
  checked,
  onChange,
  belowBasis,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Positions whose every call is struck below the basis. */
  belowBasis: string[];
}) {
  return (
    <div
      className="mb-3 rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm"
      data-testid="below-basis-switch"
    >
      <label className="flex items-center gap-2 font-medium text-slate-200">
        <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {WHEEL_MESSAGES.includeBelowBasis}
      </label>
      <p className="mt-1 text-xs text-slate-400" data-testid="below-basis-guardrail">
        {checked ? WHEEL_MESSAGES.belowBasisIncluded : WHEEL_MESSAGES.belowBasisLeftOut}
      </p>
      {!checked && belowBasis.length ? (
        <p className="mt-1 text-xs text-amber-300">{WHEEL_MESSAGES.belowBasisOnly(belowBasis)}</p>
      ) : null}
    </div>
  );
}

export function FiltersPanel({
  filters,
  onFilter,
  symbolsText,
  onSymbolsText,
  sort,
  defaultSortKey,
  onSort,
}: {
  filters: WheelFilters;
  onFilter: (patch: Partial<WheelFilters>) => void;
  symbolsText: string;
  onSymbolsText: (text: string) => void;
  sort: SortState;
  defaultSortKey: string;
  onSort: (sort: SortState) => void;
}) {
  return (
    <div
      className="grid gap-3 rounded-xl border border-ink-700 bg-ink-900 p-4 sm:grid-cols-2 lg:grid-cols-4"
      data-testid="filters-panel"
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-slate-400">Min return %</span>
        <input
          type="number"
          min={0}
          step={0.1}
          value={filters.minReturn}
          onChange={(e) => onFilter({ minReturn: Math.max(0, Number(e.target.value) || 0) })}
          className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-white"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-slate-400">Symbols</span>
        <input
          value={symbolsText}
          placeholder="AAPL, MSFT"
          onChange={(e) => {
            onSymbolsText(e.target.value);
            onFilter({ symbols: parseSymbolList(e.target.value) });
          }}
          className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 uppercase text-white placeholder:normal-case"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-slate-400">Sort by</span>
        <select
          value={`${sort.key}:${sort.dir}`}
          onChange={(e) => {
            const [key, dir] = e.target.value.split(":") as [string, "asc" | "desc"];
            onSort({ key, dir });
          }}
          className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-white"
        >
          {[...new Set([defaultSortKey, ...SORT_FIELDS, sort.key])].flatMap((k) =>
            (["desc", "asc"] as const).map((d) => (
              <option key={`${k}:${d}`} value={`${k}:${d}`}>
                {k} {d === "desc" ? "(high first)" : "(low first)"}
              </option>
            )),
          )}
        </select>
      </label>
      <div className="flex flex-col gap-1 text-sm">
        <span className="text-slate-400">Presets</span>
        <div className="flex flex-wrap gap-1">
          {(Object.keys(FILTER_PRESETS) as (keyof typeof FILTER_PRESETS)[]).map((name) => (
            <button
              key={name}
              type="button"
              onClick={() => {
                onFilter(FILTER_PRESETS[name]);
                if (name === "Clear All") onSymbolsText("");
              }}
              className="rounded-md border border-ink-600 px-2 py-1 text-xs text-slate-200 hover:border-brand-500"
            >
              {name}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
