import { useEffect, useState } from "react";
import { formatCalendarDate, formatGrouped, formatPercent, formatPrice } from "#app/lib/format.ts";
import type { FavoriteRecord } from "#app/lib/wheel/client.ts";
import {
  displayPremium,
  formatSavedAt,
  periodReturnText,
  strikeOf,
  WHEEL_MESSAGES,
  WHEEL_TIMING,
  type WheelStrategy,
  type WheelType,
} from "#app/lib/wheel/wheel.ts";
import { LiquidityDots } from "#app/components/wheel/StrategyTable.tsx";

const Spinner = () => (
  <span
    aria-hidden="true"
    className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-slate-500 border-t-transparent"
  />
);

/**
 * The heart: filled when the trade's id is in the favorites list, at once on a click (the list changes first, the
 * request follows); 'Saved!' for 2 s once the server has it.
 */
export function FavoriteButton({
  s,
  saved,
  onToggle,
}: {
  s: WheelStrategy;
  saved: boolean;
  onToggle: (s: WheelStrategy) => Promise<boolean>;
}) {
  const [bubble, setBubble] = useState(false);
  useEffect(() => {
    if (!bubble) return;
    const t = setTimeout(() => setBubble(false), WHEEL_TIMING.savedBubble);
    return () => clearTimeout(t);
  }, [bubble]);
  return (
    <span className="relative">
      <button
        type="button"
        aria-pressed={saved}
        aria-label={saved ? `Remove ${s.symbol} from favorites` : `Save ${s.symbol} to favorites`}
        data-testid="favorite-toggle"
        onClick={async () => {
          const nowSaved = await onToggle(s);
          if (nowSaved && !saved) setBubble(true);
        }}
        className="rounded-md p-1.5 text-slate-400 hover:bg-ink-800 hover:text-rose-300 disabled:opacity-60"
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path
            d="M8 13.5S2 10 2 5.8A3 3 0 0 1 8 4.3a3 3 0 0 1 6 1.5C14 10 8 13.5 8 13.5Z"
            fill={saved ? "#fb7185" : "none"}
            stroke={saved ? "#fb7185" : "currentColor"}
            strokeWidth="1.3"
          />
        </svg>
      </button>
      {bubble ? (
        <span
          role="status"
          className="absolute -top-7 left-1/2 -translate-x-1/2 whitespace-nowrap rounded bg-emerald-600 px-2 py-0.5 text-xs font-semibold text-white"
        >
          Saved!
        </span>
      ) : null}
    </span>
  );
}

/**
 * Favorite Trades panel: a table on medium+ screens, cards on phones; the active tab's type, from the list the
 * loader read and the hearts change (no request of its own).
 */
export function FavoritesPanel({
  list,
  error,
  busy,
  onView,
  onShare,
  onRemove,
}: {
  list: FavoriteRecord[];
  /** The list could not be read. */
  error: string | null;
  /** Trade ids whose save or removal is on its way. */
  busy: ReadonlySet<string>;
  onView: (type: WheelType, s: WheelStrategy) => void;
  onShare: (type: WheelType, s: WheelStrategy) => void;
  onRemove: (f: FavoriteRecord) => void;
}) {
  const isBusy = (f: FavoriteRecord) => busy.has(f.trade.id);
  const remove = onRemove;
  return (
    <section className="mt-8" aria-labelledby="favorites-heading" data-testid="favorites-panel">
      <h2 id="favorites-heading" className="mb-3 text-lg font-semibold text-white">
        Favorite Trades{" "}
        <span className="text-slate-400" data-testid="favorites-count">
          ({list.length})
        </span>
      </h2>
      {error ? (
        <p className="text-sm text-red-400">{error}</p>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-600 p-4 text-sm text-slate-400">
          {WHEEL_MESSAGES.favoritesEmpty}
        </p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-ink-700 bg-ink-900 md:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-ink-700 text-xs uppercase tracking-wide text-slate-400">
                <tr>
                  {[
                    "Type",
                    "Symbol",
                    "DTE",
                    "Strike",
                    "Liquidity",
                    "Premium",
                    "Return",
                    "Saved",
                    "Actions",
                  ].map((h) => (
                    <th
                      key={h}
                      scope="col"
                      className={`px-3 py-2 font-medium ${h === "Actions" ? "text-right" : ""}`}
                    >
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-800">
                {list.map((f) => (
                  <tr key={f.id} className={isBusy(f) ? "opacity-50" : ""} data-testid="favorite-row">
                    <td className="px-3 py-2 text-xs font-semibold text-brand-400">{f.type}</td>
                    <td className="px-3 py-2 font-semibold text-white">{f.trade.symbol}</td>
                    <td className="px-3 py-2 tabular-nums">{f.trade.daysToExpiration}d</td>
                    <td className="px-3 py-2 tabular-nums">${formatPrice(strikeOf(f.trade))}</td>
                    <td className="px-3 py-2">
                      <LiquidityDots s={f.trade} />
                    </td>
                    <td className="px-3 py-2 tabular-nums">
                      ${formatGrouped(Math.round(displayPremium(f.trade)))}
                    </td>
                    <td className="px-3 py-2 tabular-nums">
                      {formatPercent(Number(f.trade.annualizedReturn ?? 0), 1)}
                      <div className="text-xs text-slate-400">{periodReturnText(f.trade)}</div>
                    </td>
                    <td className="px-3 py-2 text-slate-400">{formatSavedAt(f.savedAt)}</td>
                    <td className="px-3 py-2">
                      <FavoriteActions
                        f={f}
                        busy={isBusy(f)}
                        onView={onView}
                        onShare={onShare}
                        onRemove={remove}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden">
            {list.map((f) => {
              const t = f.trade;
              return (
                <li
                  key={f.id}
                  className={`rounded-xl border border-ink-700 bg-ink-900 p-3 text-sm ${isBusy(f) ? "opacity-50" : ""}`}
                  data-testid="favorite-card"
                >
                  <div className="flex items-center justify-between">
                    <span className="font-semibold text-white">
                      {t.symbol} <span className="text-xs text-brand-400">{f.type}</span>
                    </span>
                    <span className="text-xs capitalize text-slate-400">{String(t.riskLevel ?? "")}</span>
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-400">
                    <dt>DTE</dt>
                    <dd className="text-right text-slate-200">
                      {t.daysToExpiration}d · {formatCalendarDate(t.expirationDate)}
                    </dd>
                    <dt>Strike</dt>
                    <dd className="text-right text-slate-200">
                      ${formatPrice(strikeOf(t))} · price ${formatPrice(t.currentPrice)}
                    </dd>
                    <dt>Premium</dt>
                    <dd className="text-right text-slate-200">
                      ${formatGrouped(Math.round(displayPremium(t)))} ·{" "}
                      {formatPercent(Number(t.annualizedReturn ?? 0), 1)} ann. · {periodReturnText(t)}
                    </dd>
                    <dt>Liquidity · win</dt>
                    <dd className="flex items-center justify-end gap-2 text-slate-200">
                      <LiquidityDots s={t} />{" "}
                      {t.winProbability != null ? `${Math.round(Number(t.winProbability))}%` : "N/A"}
                    </dd>
                    <dt>Saved</dt>
                    <dd className="text-right text-slate-200">{formatSavedAt(f.savedAt)}</dd>
                    {f.type === "CSP" ? (
                      <>
                        <dt>Collateral</dt>
                        <dd className="text-right text-slate-200">
                          ${formatGrouped(Math.round(Number(t.cashRequired ?? (strikeOf(t) ?? 0) * 100)))}
                        </dd>
                      </>
                    ) : null}
                  </dl>
                  <div className="mt-2">
                    <FavoriteActions
                      f={f}
                      busy={isBusy(f)}
                      onView={onView}
                      onShare={onShare}
                      onRemove={remove}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

function FavoriteActions({
  f,
  busy,
  onView,
  onShare,
  onRemove,
}: {
  f: FavoriteRecord;
  busy: boolean;
  onView: (type: WheelType, s: WheelStrategy) => void;
  onShare: (type: WheelType, s: WheelStrategy) => void;
  onRemove: (f: FavoriteRecord) => void;
}) {
  const btn =
    "rounded-md border border-ink-600 px-2 py-1 text-xs text-slate-200 hover:border-brand-500 disabled:opacity-50";
  return (
    <div className="flex justify-end gap-1">
      <button type="button" className={btn} onClick={() => onView(f.type, f.trade)}>
        View Details
      </button>
      <button type="button" className={btn} onClick={() => onShare(f.type, f.trade)}>
        Share Trade
      </button>
      <button
        type="button"
        className={`${btn} inline-flex items-center gap-1 hover:border-red-500 hover:text-red-300`}
        disabled={busy}
        onClick={() => onRemove(f)}
      >
        {busy ? <Spinner /> : null}Remove
      </button>
    </div>
  );
}
