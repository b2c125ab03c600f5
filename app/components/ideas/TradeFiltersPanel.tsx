import { useId, useState } from "react";
import {
  activeFilterCount,
  addEnteredSymbols,
  DEFAULT_FILTERS,
  FILTER_LIMITS,
  strategyDisplayName,
  SPREAD_STRATEGIES,
  type StrategyFilter,
  type TradeFilters,
} from "#app/lib/trade-ideas.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";
import { controlClass } from "#app/components/ui/Field.tsx";

interface Props {
  filters: TradeFilters;
  /** Symbols present in the loaded ideas (only these can be selected). */
  available: ReadonlySet<string>;
  /** `push` adds a history entry (symbol and strategy changes); slider moves replace the current one. */
  onChange: (next: TradeFilters, push?: boolean) => void;
}

function Slider({
  id,
  label,
  value,
  min,
  max,
  step,
  display,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  display: string;
  onChange: (v: number) => void;
}) {
  return (
    <div>
      <div className="flex justify-between text-sm">
        <label htmlFor={id} className="text-slate-300">
          {label}
        </label>
        <span className="font-medium text-white" data-testid={`${id}-value`}>
          {display}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-1 w-full accent-brand-500"
      />
    </div>
  );
}

/**
 * Symbols, strategy and four sliders; every value lives in the URL query
 * (docs/product/trade-ideas.md#filters).
 */
export function TradeFiltersPanel({ filters, available, onChange }: Props) {
  const [entry, setEntry] = useState("");
  const [hint, setHint] = useState<string | null>(null);
  // Phones start with the filters folded behind a toggle (inside the panel's heading, so the heading order
  // holds on every width); from the lg breakpoint they are always shown.
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const active = activeFilterCount(filters);
  const set = (patch: Partial<TradeFilters>, push = false) => onChange({ ...filters, ...patch }, push);
  const p = FILTER_LIMITS.probability;

  return (
    <aside
      aria-label="Filters"
      className="h-fit rounded-xl border border-ink-700 bg-ink-850 p-4 lg:sticky lg:top-20"
    >
      <div className={`flex items-center justify-between ${open ? "mb-3" : "lg:mb-3"}`}>
        <h2 className="hidden font-semibold text-white lg:block">Filters</h2>
        <h2 className="lg:hidden">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((o) => !o)}
            className="-m-1 flex items-center gap-2 rounded p-1 font-semibold text-white"
            data-testid="filters-toggle"
          >
            <span aria-hidden="true" className={`text-xs transition-transform ${open ? "rotate-90" : ""}`}>
              ▶
            </span>
            Filters
            <span className="text-sm font-normal text-slate-300">
              {active === 0 ? "(none active)" : `(${active} active)`}
            </span>
          </button>
        </h2>
        <button
          type="button"
          onClick={() => {
            setHint(null);
            onChange(DEFAULT_FILTERS, true);
          }}
          className="text-xs text-slate-400 underline hover:text-white"
        >
          Reset
        </button>
      </div>
      <div id={bodyId} className={`${open ? "block" : "hidden"} lg:block`}>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const next = addEnteredSymbols(entry, filters.symbols, available);
            if (next.length === filters.symbols.length) {
              setHint("None of those symbols has ideas in this list.");
              return;
            }
            setHint(null);
            setEntry("");
            set({ symbols: next }, true);
          }}
        >
          <label htmlFor="symbol-entry" className="sr-only">
            Add symbols
          </label>
          <input
            id="symbol-entry"
            value={entry}
            onChange={(e) => setEntry(e.target.value)}
            placeholder="Symbols, e.g. SPY, QQQ"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={`min-w-0 flex-1 text-sm uppercase placeholder:normal-case ${controlClass}`}
          />
          <button type="submit" className={buttonClass({ size: "sm" })}>
            Add
          </button>
        </form>
        {hint ? (
          <p className="mt-1 text-xs text-amber-300" role="status">
            {hint}
          </p>
        ) : null}
        {filters.symbols.length ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Selected symbols">
            {filters.symbols.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  onClick={() => set({ symbols: filters.symbols.filter((x) => x !== s) }, true)}
                  className="rounded-full bg-ink-700 px-2.5 py-0.5 text-xs text-white hover:bg-ink-600"
                  aria-label={`Remove ${s}`}
                >
                  {s} ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="mt-4">
          <label htmlFor="strategy" className="text-sm text-slate-300">
            Strategy
          </label>
          <select
            id="strategy"
            value={filters.strategy}
            onChange={(e) => set({ strategy: e.target.value as StrategyFilter }, true)}
            className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-900 px-2 py-1.5 text-sm text-white"
          >
            <option value="ALL">All</option>
            {SPREAD_STRATEGIES.map((s) => (
              <option key={s} value={s}>
                {strategyDisplayName(s)}
              </option>
            ))}
          </select>
        </div>

        <div className="mt-4 grid gap-4">
          <Slider
            id="min-ror"
            label="Min return on risk"
            value={filters.minReturnOnRisk}
            {...FILTER_LIMITS.minReturnOnRisk}
            display={`${filters.minReturnOnRisk}%`}
            onChange={(v) => set({ minReturnOnRisk: v })}
          />
          <fieldset>
            <div className="flex justify-between text-sm">
              <legend className="text-slate-300">Probability of profit</legend>
              <span className="font-medium text-white" data-testid="probability-value">
                {filters.probabilityMin}% – {filters.probabilityMax}%
              </span>
            </div>
            <div className="wh-dual-range relative mt-1 h-6">
              <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded bg-ink-600" />
              <div
                className="absolute top-1/2 h-1 -translate-y-1/2 rounded bg-brand-500"
                style={{ left: `${filters.probabilityMin}%`, right: `${100 - filters.probabilityMax}%` }}
              />
              <input
                type="range"
                aria-label="Minimum probability of profit"
                min={p.min}
                max={p.max}
                step={p.step}
                value={filters.probabilityMin}
                onChange={(e) =>
                  set({ probabilityMin: Math.min(Number(e.target.value), filters.probabilityMax) })
                }
              />
              <input
                type="range"
                aria-label="Maximum probability of profit"
                min={p.min}
                max={p.max}
                step={p.step}
                value={filters.probabilityMax}
                onChange={(e) =>
                  set({ probabilityMax: Math.max(Number(e.target.value), filters.probabilityMin) })
                }
              />
            </div>
          </fieldset>
          <Slider
            id="max-dte"
            label="Days to expiration"
            value={filters.maxDaysToExpiration}
            {...FILTER_LIMITS.maxDaysToExpiration}
            display={filters.maxDaysToExpiration === 0 ? "Any" : `≤ ${filters.maxDaysToExpiration}`}
            onChange={(v) => set({ maxDaysToExpiration: v })}
          />
          <Slider
            id="min-liquidity"
            label="Min liquidity"
            value={filters.minLiquidity}
            {...FILTER_LIMITS.minLiquidity}
            display={`${filters.minLiquidity} / 5`}
            onChange={(v) => set({ minLiquidity: v })}
          />
        </div>
      </div>
    </aside>
  );
}
