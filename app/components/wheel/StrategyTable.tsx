import { fillBasisText } from "#app/lib/model-labels.ts";
import { formatCalendarDate, formatGrouped, formatPercent, formatPrice } from "#app/lib/format.ts";
import {
  displayPremium,
  periodReturnText,
  strikeOf,
  WHEEL_DEFAULTS,
  WHEEL_MESSAGES,
  type SortState,
  type WheelStrategy,
  type WheelType,
} from "#app/lib/wheel/wheel.ts";

const money0 = (v: number) => `$${formatGrouped(Math.round(v))}`;
const pct = (v: unknown, digits = 1) => formatPercent(typeof v === "number" ? v : null, digits);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function LiquidityDots({ s }: { s: WheelStrategy }) {
  const point = num(s.liquidityPoint ?? s.liquidity_point);
  if (point === null) return <span className="text-slate-500">-</span>;
  const liq = (s.liquidity ?? {}) as { volume?: number; openInterest?: number };
  const volume = num(s.volume ?? liq.volume);
  const oi = num(s.openInterest ?? liq.openInterest);
  const tip = `Volume: ${volume ?? "N/A"} · Open interest: ${oi ?? "N/A"}`;
  return (
    <span
      className="inline-flex gap-0.5"
      role="img"
      title={tip}
      aria-label={`Liquidity ${point} of 5. ${tip}`}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} className={`h-2 w-2 rounded-full ${i <= point ? "bg-brand-400" : "bg-ink-600"}`} />
      ))}
    </span>
  );
}

/** Earnings / ex-dividend / FOMC / CPI before expiry (engine EventFlags). */
export function EventBadges({ s, type }: { s: WheelStrategy; type: WheelType }) {
  const ev = s.events as
    { earnings?: boolean; exDividend?: boolean; fomc?: boolean; cpi?: boolean } | undefined;
  if (!ev) return null;
  const badges: [string, string, string][] = [];
  if (ev.earnings) badges.push(["Earnings", "Earnings before expiry", "bg-amber-500/15 text-amber-300"]);
  if (ev.exDividend)
    badges.push([
      "Ex-div",
      type === "CC"
        ? "Ex-dividend before expiry: an in-the-money call may be assigned early, the day before"
        : "Ex-dividend before expiry",
      type === "CC" ? "bg-red-500/15 text-red-300" : "bg-sky-500/15 text-sky-300",
    ]);
  if (ev.fomc) badges.push(["FOMC", "FOMC decision before expiry", "bg-violet-500/15 text-violet-300"]);
  if (ev.cpi) badges.push(["CPI", "CPI release before expiry", "bg-violet-500/15 text-violet-300"]);
  if (!badges.length) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {badges.map(([label, title, cls]) => (
        <span
          key={label}
          title={title}
          className={`rounded px-1 py-px text-[10px] font-semibold uppercase ${cls}`}
        >
          {label}
        </span>
      ))}
    </span>
  );
}

interface Column {
  key: string;
  label: string;
  className?: string;
  title?: string;
}

const CSP_COLUMNS: Column[] = [
  { key: "symbol", label: "Symbol" },
  { key: "daysToExpiration", label: "DTE" },
  { key: "putStrike", label: "Strike" },
  { key: "totalPremium", label: "Premium" },
  { key: "liquidityPoint", label: "Liquidity", className: "hidden sm:table-cell" },
  { key: "annualizedReturn", label: "Annual Return %", title: WHEEL_MESSAGES.annualizedTooltip },
  { key: "breakEvenPrice", label: "Break Even", className: "hidden lg:table-cell" },
];

const CC_COLUMNS = (withPosition: boolean): Column[] => [
  { key: "symbol", label: "Symbol" },
  ...(withPosition ? [{ key: "shares", label: "Position", className: "hidden md:table-cell" }] : []),
  { key: "daysToExpiration", label: "DTE" },
  { key: "callStrike", label: "Strike" },
  { key: "totalPremium", label: "Premium" },
  { key: "returnOnCapital", label: "Return", title: WHEEL_MESSAGES.annualizedTooltip },
  { key: "liquidityPoint", label: "Liquidity", className: "hidden sm:table-cell" },
];

export interface RowActions {
  onAnalyze: (s: WheelStrategy) => void;
  onShare: (s: WheelStrategy) => void;
  favoriteButton: (s: WheelStrategy) => React.ReactNode;
  /** "I sold this": record the row in the wheel ledger at the fill it shows. */
  onSold: (s: WheelStrategy) => void;
}

export function StrategyTable({
  type,
  rows,
  loading,
  sort,
  onSort,
  actions,
  withPosition = false,
}: {
  type: WheelType;
  rows: WheelStrategy[];
  loading: boolean;
  sort: SortState;
  onSort: (key: string) => void;
  actions: RowActions;
  withPosition?: boolean;
}) {
  const columns = type === "CSP" ? CSP_COLUMNS : CC_COLUMNS(withPosition);
  return (
    <div data-testid={`${type.toLowerCase()}-table`}>
      <div className="md:hidden">
        <PhoneSort columns={columns} sort={sort} onSort={onSort} />
        <ul className="grid gap-3" data-testid="strategy-cards" aria-busy={loading}>
          {loading
            ? Array.from({ length: WHEEL_DEFAULTS.skeletonRows }, (_, i) => (
                <li
                  key={i}
                  data-testid="skeleton-card"
                  aria-hidden="true"
                  className="h-28 animate-pulse rounded-xl border border-ink-700 bg-ink-900"
                />
              ))
            : rows.map((s) => (
                <StrategyCard key={s.id} s={s} type={type} actions={actions} withPosition={withPosition} />
              ))}
        </ul>
      </div>
      <div className="hidden overflow-x-auto rounded-xl border border-ink-700 bg-ink-900 md:block">
        <table className="w-full min-w-[560px] text-left text-sm">
          <thead className="border-b border-ink-700 text-xs uppercase tracking-wide text-slate-400">
            <tr>
              {columns.map((c) => {
                const active = sort.key === c.key;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={`px-3 py-2.5 font-medium ${c.className ?? ""}`}
                    aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
                  >
                    <button
                      type="button"
                      onClick={() => onSort(c.key)}
                      title={c.title}
                      className={`inline-flex items-center gap-1 hover:text-white ${active ? "text-white" : ""}`}
                    >
                      {c.label}
                      <span aria-hidden="true" className="text-[10px]">
                        {active ? (sort.dir === "asc" ? "▲" : "▼") : ""}
                      </span>
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-800">
            {loading
              ? Array.from({ length: WHEEL_DEFAULTS.skeletonRows }, (_, i) => (
                  <tr key={i} data-testid="skeleton-row" aria-hidden="true">
                    {columns.map((c) => (
                      <td key={c.key} className={`px-3 py-3.5 ${c.className ?? ""}`}>
                        <span className="block h-3.5 w-16 animate-pulse rounded bg-ink-700" />
                      </td>
                    ))}
                    <td className="px-3 py-3.5">
                      <span className="ml-auto block h-3.5 w-20 animate-pulse rounded bg-ink-700" />
                    </td>
                  </tr>
                ))
              : rows.map((s) =>
                  type === "CSP" ? (
                    <CspRow key={s.id} s={s} actions={actions} />
                  ) : (
                    <CcRow key={s.id} s={s} actions={actions} withPosition={withPosition} />
                  ),
                )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Actions({ s, actions }: { s: WheelStrategy; actions: RowActions }) {
  return (
    <td className="px-3 py-2.5">
      <ActionButtons s={s} actions={actions} />
    </td>
  );
}

function ActionButtons({ s, actions }: { s: WheelStrategy; actions: RowActions }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <button
        type="button"
        onClick={() => actions.onAnalyze(s)}
        className="rounded-md border border-ink-600 px-2 py-1 text-xs font-medium text-slate-200 hover:border-brand-500 hover:text-white"
      >
        View Analysis
      </button>
      <button
        type="button"
        onClick={() => actions.onSold(s)}
        aria-label={`I sold this ${s.symbol}`}
        className="rounded-md border border-ink-600 px-2 py-1 text-xs font-medium text-slate-200 hover:border-brand-500 hover:text-white"
      >
        I sold this
      </button>
      {actions.favoriteButton(s)}
      <button
        type="button"
        onClick={() => actions.onShare(s)}
        aria-label={`Share Trade ${s.symbol}`}
        title="Share Trade"
        className="rounded-md p-1.5 text-slate-400 hover:bg-ink-800 hover:text-white"
      >
        <svg width="16" height="16" viewBox="0 0 16 16" fill="none" aria-hidden="true">
          <path
            d="M11 5.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM5 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm6 4.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM6.8 9l2.5 1.5M9.3 5.5 6.8 7"
            stroke="currentColor"
            strokeWidth="1.3"
          />
        </svg>
      </button>
    </div>
  );
}

/**
 * One strategy as a card, for phones (at 390 px the table was 573 px wide in a 356 px box,
 * hiding the return and the actions). Same figures as the row, the return and the actions always in view.
 */
function StrategyCard({
  s,
  type,
  actions,
  withPosition,
}: {
  s: WheelStrategy;
  type: WheelType;
  actions: RowActions;
  withPosition: boolean;
}) {
  const strike = strikeOf(s) ?? 0;
  const natural = num(s.premium_natural);
  const be = num(s.breakEvenPrice ?? s.breakEven);
  const basis = num(s.costBasis);
  const guard = type === "CC" && s.costBasisGuardrail === true;
  return (
    <li
      data-testid="strategy-card"
      className={`rounded-xl border border-ink-700 bg-ink-900 p-3 text-sm ${guard ? "bg-red-950/20" : ""}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <span className="font-semibold text-white">{s.symbol}</span>{" "}
          <span className="text-xs tabular-nums text-slate-400">${formatPrice(s.currentPrice)}</span>
          <EventBadges s={s} type={type} />
        </div>
        <div className="text-right tabular-nums" title={WHEEL_MESSAGES.annualizedTooltip}>
          <div className="font-semibold text-white" data-testid="card-annual-return">
            {pct(s.annualizedReturn)} <span className="text-xs font-normal text-slate-400">annual</span>
          </div>
          <div className="text-xs text-slate-400">
            <span data-testid="period-return">{periodReturnText(s)}</span> · win {pct(s.winProbability, 0)}
          </div>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-400">
        <dt>Strike · DTE</dt>
        <dd className="text-right tabular-nums text-slate-200">
          ${formatPrice(strike)} · {s.daysToExpiration}d ({formatCalendarDate(s.expirationDate)})
        </dd>
        <dt>Premium</dt>
        <dd className="text-right tabular-nums text-slate-200">
          <span className="text-emerald-300">{money0(displayPremium(s))}</span> · $
          {formatPrice(num(s.premium))}/sh
          {natural !== null ? ` · bid $${formatPrice(natural)}` : ""}
        </dd>
        {type === "CSP" ? (
          <>
            <dt>Break even</dt>
            <dd className="text-right tabular-nums text-slate-200">
              {be === null ? "N/A" : `$${formatPrice(be)}`} · {pct(s.cushionPercent)} cushion
            </dd>
          </>
        ) : (
          <>
            <dt>Upside</dt>
            <dd className="text-right tabular-nums text-slate-200">+{pct(num(s.upsidePotential))}</dd>
            {withPosition ? (
              <>
                <dt>Position</dt>
                <dd className="text-right tabular-nums text-slate-200">
                  {num(s.shares) ?? "-"} sh{basis === null ? "" : ` · basis $${formatPrice(basis)}`}
                </dd>
              </>
            ) : null}
          </>
        )}
        <dt>Liquidity</dt>
        <dd className="flex justify-end">
          <LiquidityDots s={s} />
        </dd>
      </dl>
      {guard ? (
        <p className="mt-1 text-[11px] font-semibold text-red-300" data-testid="guardrail">
          Below cost basis
        </p>
      ) : null}
      <div className="mt-2 border-t border-ink-800 pt-2">
        <ActionButtons s={s} actions={actions} />
      </div>
    </li>
  );
}

/** On phones the table's header is not shown, so the sort is a select and a direction button. */
function PhoneSort({
  columns,
  sort,
  onSort,
}: {
  columns: Column[];
  sort: SortState;
  onSort: (key: string) => void;
}) {
  return (
    <div className="mb-2 flex items-center gap-2 text-xs text-slate-400">
      <label className="flex items-center gap-2">
        Sort by
        <select
          value={sort.key}
          onChange={(e) => onSort(e.target.value)}
          className="rounded-md border border-ink-600 bg-ink-850 px-2 py-1 text-slate-200"
        >
          {columns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        onClick={() => onSort(sort.key)}
        aria-label={
          sort.dir === "asc" ? "Sorted ascending; sort descending" : "Sorted descending; sort ascending"
        }
        className="rounded-md border border-ink-600 px-2 py-1 text-slate-200"
      >
        {sort.dir === "asc" ? "▲" : "▼"}
      </button>
    </div>
  );
}

function SymbolCell({ s, type }: { s: WheelStrategy; type: WheelType }) {
  return (
    <td className="px-3 py-2.5 align-top">
      <div className="font-semibold text-white">{s.symbol}</div>
      <div className="text-xs tabular-nums text-slate-400">${formatPrice(s.currentPrice)}</div>
      <EventBadges s={s} type={type} />
    </td>
  );
}

function DteCell({ s }: { s: WheelStrategy }) {
  return (
    <td className="px-3 py-2.5 align-top tabular-nums">
      <div className="text-white">{s.daysToExpiration}d</div>
      <div className="text-xs text-slate-400">{formatCalendarDate(s.expirationDate)}</div>
    </td>
  );
}

function PremiumCell({ s }: { s: WheelStrategy }) {
  const natural = num(s.premium_natural);
  const mid = num(s.premium_mid) ?? num(s.premium);
  return (
    <td className="px-3 py-2.5 align-top tabular-nums">
      <div className="font-medium text-emerald-300">{money0(displayPremium(s))}</div>
      <div
        className="text-xs text-slate-400"
        title={`Per share at ${fillBasisText(s.fill_basis_label)}; mid and bid beside it`}
      >
        ${formatPrice(num(s.premium))}/sh
        {mid !== null && natural !== null ? (
          <span className="hidden xl:inline">
            {" "}
            · mid ${formatPrice(mid)} · bid ${formatPrice(natural)}
          </span>
        ) : null}
      </div>
    </td>
  );
}

function CspRow({ s, actions }: { s: WheelStrategy; actions: RowActions }) {
  const strike = strikeOf(s) ?? 0;
  const contracts = num(s.contracts);
  const be = num(s.breakEvenPrice ?? s.breakEven);
  return (
    <tr data-testid="strategy-row" className="hover:bg-ink-850">
      <SymbolCell s={s} type="CSP" />
      <DteCell s={s} />
      <td className="px-3 py-2.5 align-top tabular-nums">
        <div className="text-white">
          ${formatPrice(strike)}
          {contracts !== null ? <span className="ml-1 text-xs text-slate-400">x{contracts}</span> : null}
        </div>
        <div className="text-xs text-slate-400">{pct((strike / s.currentPrice) * 100)} of price</div>
      </td>
      <PremiumCell s={s} />
      <td className="hidden px-3 py-2.5 align-top sm:table-cell">
        <LiquidityDots s={s} />
      </td>
      <td className="px-3 py-2.5 align-top tabular-nums" title={WHEEL_MESSAGES.annualizedTooltip}>
        <div className="font-semibold text-white">{pct(s.annualizedReturn)}</div>
        <div className="text-xs text-slate-400">
          <span data-testid="period-return">{periodReturnText(s)}</span> · win {pct(s.winProbability, 0)}
        </div>
      </td>
      <td className="hidden px-3 py-2.5 align-top tabular-nums lg:table-cell">
        <div className="text-white">{be === null ? "N/A" : `$${formatPrice(be)}`}</div>
        <div className="text-xs text-slate-400">{pct(s.cushionPercent)} cushion</div>
      </td>
      <Actions s={s} actions={actions} />
    </tr>
  );
}

function CcRow({
  s,
  actions,
  withPosition,
}: {
  s: WheelStrategy;
  actions: RowActions;
  withPosition: boolean;
}) {
  const strike = strikeOf(s) ?? 0;
  const guard = s.costBasisGuardrail === true;
  const basis = num(s.costBasis);
  return (
    <tr data-testid="strategy-row" className={`hover:bg-ink-850 ${guard ? "bg-red-950/20" : ""}`}>
      <SymbolCell s={s} type="CC" />
      {withPosition ? (
        <td className="hidden px-3 py-2.5 align-top tabular-nums md:table-cell">
          <div className="text-white">{num(s.shares) ?? "-"} sh</div>
          <div className="text-xs text-slate-400">{basis === null ? "" : `basis $${formatPrice(basis)}`}</div>
        </td>
      ) : null}
      <DteCell s={s} />
      <td className="px-3 py-2.5 align-top tabular-nums">
        <div className="text-white">${formatPrice(strike)}</div>
        <div className="text-xs text-slate-400">+{pct(num(s.upsidePotential))} upside</div>
        {guard ? (
          <div
            className="mt-0.5 text-[11px] font-semibold text-red-300"
            title="The strike is below your cost basis: assignment would lock in a loss"
            data-testid="guardrail"
          >
            Below cost basis
          </div>
        ) : null}
      </td>
      <PremiumCell s={s} />
      <td className="px-3 py-2.5 align-top tabular-nums" title={WHEEL_MESSAGES.annualizedTooltip}>
        <div className="font-semibold text-white" data-testid="period-return">
          {periodReturnText(s)}
        </div>
        <div className="text-xs text-slate-400">{pct(s.annualizedReturn)} annualized</div>
      </td>
      <td className="hidden px-3 py-2.5 align-top sm:table-cell">
        <LiquidityDots s={s} />
      </td>
      <Actions s={s} actions={actions} />
    </tr>
  );
}
