import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { deferredComponent } from "#app/lib/deferred-component.ts";
import type { MarketBannerInput } from "#app/lib/market-banner.ts";
import type { PlanTier } from "#app/lib/plans.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { logUnexpected, savePreferences } from "#app/lib/wheel-client.ts";
import type { ServedStrategies } from "#app/lib/wheel-results.ts";
import {
  applyFilters,
  DEFAULT_FILTERS,
  nextSort,
  sortStrategies,
  WHEEL_MESSAGES,
  WHEEL_TIMING,
  type Position,
  type RiskLevel,
  type SortState,
  type WheelFilters,
  type WheelStrategy,
  type WheelType,
} from "#app/lib/wheel.ts";
import { newYorkDate } from "#app/engine/time.ts";
import {
  LEDGER_INPUT_MESSAGES,
  soldPrefill,
  type CostBasisChoice,
  type LedgerPosition,
  type RecordFormValues,
} from "#app/lib/wheel-ledger.ts";
import { MarketBanner } from "#app/components/market/MarketBanner.tsx";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { TabList, TabPanel, useTabIds, type Tab } from "#app/components/ui/Tabs.tsx";
import { Confetti } from "#app/components/wheel/Confetti.tsx";
import { FavoriteButton, FavoritesPanel } from "#app/components/wheel/Favorites.tsx";
import { BulkPositionsDialog, PositionDialog } from "#app/components/wheel/PositionDialogs.tsx";
import { PositionsPanel } from "#app/components/wheel/PositionsPanel.tsx";
import { SoldDialog } from "#app/components/wheel/SoldDialog.tsx";
import { StrategyTable } from "#app/components/wheel/StrategyTable.tsx";
import { usePositions } from "#app/components/wheel/use-positions.ts";
import { useStrategyActions } from "#app/components/wheel/use-strategy-actions.ts";
import { useWheelStrategies } from "#app/components/wheel/use-wheel-strategies.ts";
import {
  BelowBasisSwitch,
  CashControl,
  FiltersPanel,
  isValidCash,
  RiskSelect,
} from "#app/components/wheel/WheelsControls.tsx";
import { WheelsSections } from "#app/components/wheel/WheelsSections.tsx";
import {
  EmptyState,
  MobileHeader,
  strategyFigures,
  SummaryCards,
} from "#app/components/wheel/WheelsSummary.tsx";
// Opened by a click: its code (the payoff chart, the why text) loads then, not with the page (the /wheels route's JS
// budget, decision 185).
const AnalysisModal = deferredComponent(() =>
  import("#app/components/wheel/AnalysisModal.tsx").then((m) => m.AnalysisModal),
);

export interface WheelsPageData {
  plan: PlanTier;
  positionLimit: number;
  cashAvailable: number;
  cspRiskLevel: RiskLevel;
  ccRiskLevel: RiskLevel;
  positions: Position[];
  /** The positions list's version: the screen's saves name it (decision 225). */
  positionsVersion: number;
  /** Open campaigns holding shares, at the chosen basis: read-only here (decision 271). */
  ledgerPositions: LedgerPosition[];
  ccCostBasis: CostBasisChoice;
  tickers: string[];
  usingFallback: boolean;
  favoriteIds: string[];
  banner: MarketBannerInput;
  nowMs: number;
  /** Each screen's first answer, rendered by the server at the saved settings and default filters (decision 287). */
  firstView: Record<WheelType, ServedStrategies>;
}

const STRATEGY_TABS: readonly Tab<WheelType>[] = (["CSP", "CC"] as const).map((t) => ({
  value: t,
  label: (
    <>
      <span className="block font-semibold">{t === "CSP" ? "Cash Secured Puts" : "Covered Calls"}</span>
      <span className="block text-xs text-slate-400">
        {t} · {t === "CSP" ? "Generate income with available cash" : "Generate income from stock positions"}
      </span>
    </>
  ),
}));

const DEFAULT_SORT: Record<WheelType, SortState> = {
  CSP: { key: "annualizedReturn", dir: "desc" },
  CC: { key: "returnOnCapital", dir: "desc" },
};

export function WheelsPage({ data }: { data: WheelsPageData }) {
  const toast = useToast();
  const isFree = data.positionLimit === 0;

  const [tab, setTab] = useState<WheelType>("CSP");
  const tabIds = useTabIds();
  const [cash, setCash] = useState(data.cashAvailable);
  const [cashInput, setCashInput] = useState(String(data.cashAvailable));
  const [risk, setRisk] = useState<Record<WheelType, RiskLevel>>({
    CSP: data.cspRiskLevel,
    CC: data.ccRiskLevel,
  });
  const { positions, ledgerLots, basisChoice, screened, storePositions, changeBasis, canAdd } =
    usePositions(data);
  const { favoriteIds, favVersion, toggleFavorite, favoriteRemoved, shareStrategy, shareDialog } =
    useStrategyActions(data.favoriteIds);
  const [filters, setFilters] = useState<Record<WheelType, WheelFilters>>({
    CSP: DEFAULT_FILTERS,
    CC: DEFAULT_FILTERS,
  });
  const [symbolsText, setSymbolsText] = useState<Record<WheelType, string>>({ CSP: "", CC: "" });
  const [sort, setSort] = useState<Record<WheelType, SortState>>(DEFAULT_SORT);
  const [showFilters, setShowFilters] = useState(false);
  const [showSettings, setShowSettings] = useState(false);
  const [positionsOpen, setPositionsOpen] = useState(true);
  const [includeBelowBasis, setIncludeBelowBasis] = useState(false);
  const [analysis, setAnalysis] = useState<{ type: WheelType; s: WheelStrategy } | null>(null);
  const [positionDialog, setPositionDialog] = useState<{ existing: Position | null } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [sold, setSold] = useState<{ prefill: RecordFormValues; today: string } | null>(null);
  const soldThis = (s: WheelStrategy) => {
    // Free: the ledger's upgrade words (the positions' own), not a form the server would refuse.
    if (isFree) {
      toast({
        message: REFUSAL_MESSAGES.freePositions,
        kind: "error",
        durationMs: WHEEL_TIMING.positionLimitToast,
        action: { label: "Upgrade", href: "/pricing" },
      });
      return;
    }
    const today = newYorkDate(Date.now());
    setSold({ prefill: soldPrefill(tab, s, today), today });
  };
  const [confetti, setConfetti] = useState({ show: false, seed: 0 });
  const lastCount = useRef(0);

  const maxDte = filters[tab].maxDaysToExpiration;
  const { current, refresh } = useWheelStrategies(data.firstView, {
    tab,
    tickers: data.tickers,
    isFree,
    risk,
    cash,
    maxDte,
    screened,
    includeBelowBasis,
  });
  const visible = useMemo(() => {
    return sortStrategies(applyFilters(current.result?.strategies ?? [], filters[tab]), sort[tab]);
  }, [current.result, filters, tab, sort]);

  // Confetti for 3 s when the number of strategies grows.
  useEffect(() => {
    if (current.status !== "ready") return;
    const count = visible.length;
    const grew = count > lastCount.current;
    lastCount.current = count;
    if (!grew) return;
    setConfetti((c) => ({ show: true, seed: c.seed + 1 }));
    const timer = setTimeout(() => setConfetti((c) => ({ ...c, show: false })), WHEEL_TIMING.confetti);
    return () => clearTimeout(timer);
  }, [visible.length, current.status]);

  const applyCash = () => {
    if (!isValidCash(cashInput)) return;
    const value = Number(cashInput);
    setCash(value);
    savePreferences({ cashAvailable: value }).catch((e) => logUnexpected("cash save failed", e));
  };
  const changeRisk = (level: RiskLevel) => {
    setRisk((r) => ({ ...r, [tab]: level }));
    savePreferences(tab === "CSP" ? { cspRiskLevel: level } : { ccRiskLevel: level }).catch((e) =>
      logUnexpected("risk save failed", e),
    );
  };

  const exportCsv = async () => {
    const { exportFileName, strategiesCsv } = await import("#app/lib/wheel-csv.ts");
    const blob = new Blob([strategiesCsv(visible)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = exportFileName(tab);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const setFilter = (patch: Partial<WheelFilters>) =>
    setFilters((f) => ({ ...f, [tab]: { ...f[tab], ...patch } }));
  const loading = current.status !== "ready";
  const portfolioValue = positions.reduce(
    (sum, p) => sum + (current.result?.currentPrices[p.symbol] ?? p.costBasis) * p.shares,
    0,
  );
  const figures = strategyFigures(tab, visible, cash, portfolioValue, positions.length);

  return (
    <div>
      <Confetti show={confetti.show} seed={confetti.seed} />
      <h1 className="mb-4 text-2xl font-semibold tracking-tight text-white sm:text-3xl">Wheels</h1>
      <WheelsSections active="strategies" />
      <MarketBanner banner={data.banner} nowMs={data.nowMs} className="mb-4" />

      <TabList
        label="Strategy type"
        look="cards"
        tabs={STRATEGY_TABS}
        selected={tab}
        onSelect={setTab}
        ids={tabIds}
        className="mb-2"
      />
      <TabPanel value={tab} ids={tabIds}>
        {tab === "CSP" && data.usingFallback ? (
          <p className="mb-2 text-xs text-slate-500">
            Your watchlist is empty: showing AAPL, TSLA, SPY, QQQ and MSFT.
          </p>
        ) : null}

        <MobileHeader
          tab={tab}
          loading={loading}
          count={visible.length}
          cards={figures.mini}
          showFilters={showFilters}
          onToggleFilters={() => setShowFilters((v) => !v)}
          showSettings={showSettings}
          onToggleSettings={() => setShowSettings((v) => !v)}
        />

        <div className={`${showSettings ? "flex" : "hidden"} mb-4 flex-wrap items-end gap-4 md:flex`}>
          {tab === "CSP" ? (
            <CashControl value={cashInput} onInput={setCashInput} onApply={applyCash} />
          ) : null}
          <RiskSelect level={risk[tab]} maxDte={maxDte} onChange={changeRisk} />
          <div className="ml-auto flex gap-2">
            <button
              type="button"
              onClick={() => setShowFilters((v) => !v)}
              aria-expanded={showFilters}
              className="hidden rounded-lg border border-ink-600 px-3 py-2 text-sm text-slate-200 hover:border-brand-500 md:block"
            >
              Filters
            </button>
            <button
              type="button"
              onClick={refresh}
              className="rounded-lg border border-ink-600 px-3 py-2 text-sm text-slate-200 hover:border-brand-500"
            >
              Refresh
            </button>
            <button
              type="button"
              onClick={() => void exportCsv()}
              disabled={!visible.length}
              className="rounded-lg border border-ink-600 px-3 py-2 text-sm text-slate-200 hover:border-brand-500 disabled:opacity-50"
            >
              Export
            </button>
          </div>
        </div>
        {showFilters ? (
          <div className="mb-4">
            <FiltersPanel
              filters={filters[tab]}
              onFilter={setFilter}
              symbolsText={symbolsText[tab]}
              onSymbolsText={(text) => setSymbolsText((t) => ({ ...t, [tab]: text }))}
              sort={sort[tab]}
              defaultSortKey={DEFAULT_SORT[tab].key}
              onSort={(next) => setSort((s) => ({ ...s, [tab]: next }))}
            />
          </div>
        ) : null}

        {tab === "CC" ? (
          <PositionsPanel
            positions={positions}
            ledgerLots={ledgerLots}
            limit={data.positionLimit}
            isFree={isFree}
            prices={current.result?.currentPrices}
            basisChoice={basisChoice}
            onBasis={changeBasis}
            open={positionsOpen}
            onToggleOpen={() => setPositionsOpen((v) => !v)}
            onAdd={() => canAdd() && setPositionDialog({ existing: null })}
            onAddMany={() => setBulkOpen(true)}
            onEdit={(p) => setPositionDialog({ existing: p })}
            onRemove={(p) => storePositions(positions.filter((x) => x.symbol !== p.symbol))}
          />
        ) : null}

        <SummaryCards cards={figures.summary} loading={loading} />

        {tab === "CC" && !isFree && positions.length > 0 ? (
          <BelowBasisSwitch
            checked={includeBelowBasis}
            onChange={setIncludeBelowBasis}
            belowBasis={current.result?.belowBasis ?? []}
          />
        ) : null}
        {!loading && visible.length === 0 ? (
          <EmptyState
            tab={tab}
            isFree={isFree}
            hasPositions={positions.length > 0}
            empty={current.result?.empty ?? []}
            error={current.error}
          />
        ) : (
          <StrategyTable
            type={tab}
            rows={visible}
            loading={loading}
            sort={sort[tab]}
            onSort={(key) => setSort((s) => ({ ...s, [tab]: nextSort(s[tab], key) }))}
            withPosition={tab === "CC" && positions.length > 0}
            actions={{
              onAnalyze: (s) => setAnalysis({ type: tab, s }),
              onSold: soldThis,
              onShare: (s) => void shareStrategy(tab, s),
              favoriteButton: (s) => (
                <FavoriteButton
                  s={s}
                  saved={favoriteIds.has(s.id)}
                  onToggle={(x) => toggleFavorite(tab, x)}
                />
              ),
            }}
          />
        )}
        {current.result && !loading ? (
          <p className="mt-2 text-xs text-slate-500">
            {typeof visible[0]?.fill_basis_label === "string"
              ? `Premiums at ${visible[0].fill_basis_label}, with the mid and the bid shown`
              : "Premiums at the mid with the bid shown"}
            ; probabilities risk-neutral, at expiry.
            {current.result.simulated ? (
              <span className="ml-1 font-semibold text-amber-300">Simulated data.</span>
            ) : null}
          </p>
        ) : null}

        <FavoritesPanel
          type={tab}
          version={favVersion}
          onView={(type, s) => setAnalysis({ type, s })}
          onShare={(type, s) => void shareStrategy(type, s)}
          onRemoved={favoriteRemoved}
        />

        {analysis ? (
          <Suspense fallback={null}>
            <AnalysisModal type={analysis.type} s={analysis.s} onClose={() => setAnalysis(null)} />
          </Suspense>
        ) : null}
        {positionDialog ? (
          <PositionDialog
            existing={positionDialog.existing}
            onClose={() => setPositionDialog(null)}
            onSave={(p) => {
              if (ledgerLots.some((x) => x.symbol === p.symbol)) {
                window.alert(LEDGER_INPUT_MESSAGES.ledgerOwns(p.symbol));
                return;
              }
              if (!positionDialog.existing && positions.some((x) => x.symbol === p.symbol)) {
                window.alert(WHEEL_MESSAGES.duplicateSymbols([p.symbol]));
                return;
              }
              const next = positionDialog.existing
                ? positions.map((x) => (x.symbol === p.symbol ? p : x))
                : [...positions, p];
              setPositionDialog(null);
              storePositions(next);
            }}
          />
        ) : null}
        {bulkOpen ? (
          <BulkPositionsDialog
            existing={positions}
            onClose={() => setBulkOpen(false)}
            onSave={(list) => {
              setBulkOpen(false);
              storePositions(list);
            }}
          />
        ) : null}
        {sold ? (
          <SoldDialog
            prefill={sold.prefill}
            today={sold.today}
            onClose={() => setSold(null)}
            onSaved={() => {
              setSold(null);
              toast({
                message: "Recorded in your wheel ledger.",
                kind: "success",
                action: { label: "View campaigns", href: "/wheels/campaigns" },
              });
            }}
          />
        ) : null}
        {shareDialog}
      </TabPanel>
    </div>
  );
}
