// The positions the wheel ledger owns, in the positions panel (decision 271): read-only cards with a link to
// their campaign (changing one is recording an event), and the one setting of which basis they carry.
import { Link } from "react-router";
import { formatCompactMoney, formatPrice } from "#app/lib/format.ts";
import {
  COST_BASIS_CHOICES,
  COST_BASIS_LABELS,
  type CostBasisChoice,
  type LedgerPosition,
} from "#app/lib/wheel/ledger.ts";

export function LedgerPositionCards({
  lots,
  prices,
}: {
  lots: readonly LedgerPosition[];
  prices: Record<string, number | null> | undefined;
}) {
  return (
    <>
      {lots.map((p) => {
        const price = prices?.[p.symbol] ?? null;
        return (
          <li
            key={`ledger-${p.symbol}`}
            className="rounded-lg border border-brand-700/60 bg-ink-850 p-3 text-sm"
            data-testid="ledger-position-card"
          >
            <div className="flex items-center justify-between">
              <span className="font-semibold text-white">{p.symbol}</span>
              <Link
                to={`/wheels/campaigns#campaign-${p.campaignId}`}
                className="text-xs text-brand-300 hover:text-brand-200"
                aria-label={`${p.symbol} campaign`}
              >
                Campaign
              </Link>
            </div>
            <div className="mt-1 tabular-nums text-slate-300">
              {p.shares} sh @ ${formatPrice(p.costBasis)}
            </div>
            <div className="text-xs text-slate-500">
              {price !== null
                ? `now $${formatPrice(price)} · ${formatCompactMoney(price * p.shares)} · `
                : ""}
              from your wheel ledger
            </div>
          </li>
        );
      })}
    </>
  );
}

export function CostBasisChoiceSelect({
  value,
  onChange,
}: {
  value: CostBasisChoice;
  onChange: (choice: CostBasisChoice) => void;
}) {
  return (
    <label className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-300">
      <span>Cost basis of campaign shares</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as CostBasisChoice)}
        className="rounded-lg border border-ink-600 bg-ink-900 px-2 py-1 text-sm text-white"
      >
        {COST_BASIS_CHOICES.map((c) => (
          <option key={c} value={c}>
            {COST_BASIS_LABELS[c]}
          </option>
        ))}
      </select>
    </label>
  );
}
