import { fillBasisText } from "#app/lib/model-labels.ts";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Form, useFetcher, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { deferredComponent } from "#app/lib/deferred-component.ts";
import type { MarketBannerInput } from "#app/lib/market-banner.ts";
import type { PlanTier } from "#app/lib/plans.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import type { FavoriteRecord } from "#app/lib/wheel/client.ts";
import type { ServedStrategies } from "#app/lib/wheel/results.ts";
import {
  cashLimitText,
  premiumAsShown,
  WHEEL_PARAMS,
  wheelScreenFromQuery,
  wheelScreenQuery,
  type WheelScreenQuery,
} from "#app/lib/wheel/screen.ts";
import {
  applyFilters,
  DEFAULT_FILTERS,
  nextSort,
  sortStrategies,
  WHEEL_DEFAULTS,
  WHEEL_MESSAGES,
  WHEEL_TIMING,
  type Position,
  type RiskLevel,
  type SortState,
  type WheelFilters,
  type WheelStrategy,
  type WheelType,
} from "#app/lib/wheel/wheel.ts";
import { newYorkDate } from "#app/engine/time.ts";
import {
  LEDGER_INPUT_MESSAGES,
  soldPrefill,
  type CostBasisChoice,
  type LedgerPosition,
  type RecordFormValues,
} from "#app/lib/wheel/ledger.ts";
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
import { useFavorites } from "#app/components/wheel/use-favorites.ts";
import {
  BelowBasisSwitch,
  CashControl,
  DteSelect,
  FiltersPanel,
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
  /** The cash the strategies are sized to: the address's `cash`, else the saved one. */
  cashAvailable: number;
  /** The screen the loader answered (decision 317): risk levels resolved against the saved ones. */
  screen: Omit<WheelScreenQuery, "cspRisk" | "ccRisk" | "cash"> & { cspRisk: RiskLevel; ccRisk: RiskLevel };
  positions: Position[];
  /** The positions list's version: the screen's saves name it (decision 225). */
  positionsVersion: number;
  /** Open campaigns holding shares, at the chosen basis: read-only here (decision 271). */
  ledgerPositions: LedgerPosition[];
  ccCostBasis: CostBasisChoice;
  tickers: string[];
  usingFallback: boolean;
  /** Every saved trade (null: unreadable); the hearts and the panel read it. */
  favorites: FavoriteRecord[] | null;
  banner: MarketBannerInput;
  nowMs: number;
  /** Each screen's answer at the address's filters; `cashLimited`: tickers the cash leaves out. */
  firstView: Record<WheelType, ServedStrategies> & { cashLimited: string[] };
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

/** "I sold this" starts from the premium the row shows, to the cent ($2.62, not $2.6225). */
const shownPremium = (s: WheelStrategy): WheelStrategy => ({ ...s, premium: premiumAsShown(s.premium) });

/**
 * The screen's filters as the address holds them (decision 317): the URL's value, else what the loader answered.
 * A change navigates (a history entry, so Back returns to it) and the loader screens again; a tab switch shows
 * what the loader already sent.
 */
function useScreenAddress(answered: WheelsPageData["screen"]) {
  const [params, setParams] = useSearchParams();
  // While a change is on its way the controls already show it (the address changes once the loader answered).
  const pending = useNavigation().location;
  const search = pending?.pathname === "/wheels" ? pending.search : `?${params}`;
  const query = useMemo(() => wheelScreenFromQuery(new URLSearchParams(search)), [search]);
  const state = {
    tab: query.tab,
    cspRisk: query.cspRisk ?? answered.cspRisk,
    ccRisk: query.ccRisk ?? answered.ccRisk,
    dte: query.dte,
    below: query.below,
  };
  const go = (patch: Partial<typeof state>) =>
    setParams(wheelScreenQuery({ ...state, ...patch }), { preventScrollReset: true });
  const hrefOf = (patch: Partial<typeof state>) => {
    const q = wheelScreenQuery({ ...state, ...patch }).toString();
    return q ? `/wheels?${q}` : "/wheels";
  };
  return [state, go, hrefOf] as const;
}

export function WheelsPage({ data }: { data: WheelsPageData }) {
  const toast = useToast();
  const isFree = data.positionLimit === 0;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const updating = navigation.state !== "idle" && navigation.location?.pathname === "/wheels";

  const [screen, go, hrefOf] = useScreenAddress(data.screen);
  const tab = screen.tab;
  const risk: Record<WheelType, RiskLevel> = { CSP: screen.cspRisk, CC: screen.ccRisk };
  const tabIds = useTabIds();
  const cash = data.cashAvailable;
  const [cashInput, setCashInput] = useState(String(cash));
  // The answered cash is the input's again after each save (and on Back).
  useEffect(() => setCashInput(String(cash)), [cash]);
  const riskSave = useFetcher();
  // The switch shows a click at once; the address (in a transition) takes over once it changes.
  const [belowDraft, setBelowDraft] = useState<boolean | null>(null);
  useEffect(() => setBelowDraft(null), [screen.below]);
  const { positions, ledgerLots, basisChoice, storePositions, changeBasis, canAdd } = usePositions(
    data,
    () => void revalidator.revalidate(),
  );
  const favorites = useFavorites(data.favorites);
  const { shareStrategy, shareDialog } = useStrategyActions();
  const [filters, setFilters] = useState<Record<WheelType, Omit<WheelFilters, "maxDaysToExpiration">>>({
    CSP: DEFAULT_FILTERS,
    CC: DEFAULT_FILTERS,
  });
  const [symbolsText, setSymbolsText] = useState<Record<WheelType, string>>({ CSP: "", CC: "" });
  const [sort, setSort] = useState<Record<WheelType, SortState>>(DEFAULT_SORT);
  const [panels, setPanels] = useState({ filters: false, settings: false, positions: true });
  const toggle = (k: keyof typeof panels) => setPanels((p) => ({ ...p, [k]: !p[k] }));
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
    setSold({ prefill: soldPrefill(tab, shownPremium(s), today), today });
  };
  const [confetti, setConfetti] = useState({ show: false, seed: 0 });
  const lastCount = useRef(0);

  const current = data.firstView[tab];
  const maxDte = screen.dte;
  const visible = useMemo(
    () =>
      sortStrategies(
        applyFilters(current.result?.strategies ?? [], { ...filters[tab], maxDaysToExpiration: maxDte }),
        sort[tab],
      ),
    [current.result, filters, tab, sort, maxDte],
  );

  // Confetti for 3 s when the number of strategies grows.
  useEffect(() => {
    const count = visible.length;
    const grew = count > lastCount.current && lastCount.current > 0;
    lastCount.current = count;
    if (!grew) return;
    setConfetti((c) => ({ show: true, seed: c.seed + 1 }));
    const timer = setTimeout(() => setConfetti((c) => ({ ...c, show: false })), WHEEL_TIMING.confetti);
    return () => clearTimeout(timer);
  }, [visible.length]);

  // Covered calls are screened again every hour while there are positions.
  const screenedCount = positions.length + ledgerLots.length;
  useEffect(() => {
    if (tab !== "CC" || screenedCount === 0) return;
    const timer = setInterval(() => void revalidator.revalidate(), WHEEL_DEFAULTS.ccAutoRefreshMs);
    return () => clearInterval(timer);
  }, [tab, screenedCount, revalidator]);

  const changeRisk = (level: RiskLevel) => {
    const field = tab === "CSP" ? WHEEL_PARAMS.cspRisk : WHEEL_PARAMS.ccRisk;
    go(tab === "CSP" ? { cspRisk: level } : { ccRisk: level });
    // The address shows it now; the saved preference follows for the next bare visit.
    void riskSave.submit({ intent: "risk", [field]: level }, { method: "post", action: "/wheels" });
  };

  const exportCsv = async () => {
    const { exportFileName, strategiesCsv } = await import("#app/lib/wheel/csv.ts");
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

  const setFilter = ({ maxDaysToExpiration, ...patch }: Partial<WheelFilters>) => {
    setFilters((f) => ({ ...f, [tab]: { ...f[tab], ...patch } }));
    if (maxDaysToExpiration !== undefined && maxDaysToExpiration !== maxDte) go({ dte: maxDaysToExpiration });
  };
  const portfolioValue = positions.reduce(
    (sum, p) => sum + (current.result?.currentPrices[p.symbol] ?? p.costBasis) * p.shares,
    0,
  );
  const figures = strategyFigures(tab, visible, cash, portfolioValue, positions.length);
  const cashLimited = tab === "CSP" ? data.firstView.cashLimited : [];
  const fitting = data.tickers.length - (data.firstView.CSP.result?.empty.length ?? data.tickers.length);
  const favoritesShown = favorites.list.filter((f) => f.type === tab);

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
        onSelect={(t) => go({ tab: t })}
        hrefOf={(t) => hrefOf({ tab: t })}
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
          loading={false}
          count={visible.length}
          cards={figures.mini}
          showFilters={panels.filters}
          onToggleFilters={() => toggle("filters")}
          showSettings={panels.settings}
          onToggleSettings={() => toggle("settings")}
        />

        <div className={`${panels.settings ? "flex" : "hidden"} mb-4 flex-wrap items-start gap-4 md:flex`}>
          {tab === "CSP" ? <CashControl value={cashInput} onInput={setCashInput} /> : null}
          {/* The filters as a plain GET form: each change navigates with JS; Apply submits it without. */}
          <Form
            method="get"
            preventScrollReset
            className="flex flex-wrap items-start gap-4"
            aria-label="Screen filters"
            data-testid="screen-form"
          >
            {tab === "CC" ? <input type="hidden" name={WHEEL_PARAMS.tab} value="cc" /> : null}
            <input
              type="hidden"
              name={tab === "CSP" ? WHEEL_PARAMS.ccRisk : WHEEL_PARAMS.cspRisk}
              value={tab === "CSP" ? risk.CC : risk.CSP}
            />
            {screen.below ? <input type="hidden" name={WHEEL_PARAMS.below} value="1" /> : null}
            <RiskSelect
              name={tab === "CSP" ? WHEEL_PARAMS.cspRisk : WHEEL_PARAMS.ccRisk}
              level={risk[tab]}
              maxDte={maxDte}
              onChange={changeRisk}
            />
            <DteSelect name={WHEEL_PARAMS.dte} value={maxDte} onChange={(dte) => go({ dte })} />
            <noscript>
              <button type="submit" className="mb-5 rounded-lg border border-ink-600 px-3 py-2 text-sm">
                Apply
              </button>
            </noscript>
          </Form>
          <div className="ml-auto flex gap-2">
            <button
              type="button"
              onClick={() => toggle("filters")}
              aria-expanded={panels.filters}
              className="hidden rounded-lg border border-ink-600 px-3 py-2 text-sm text-slate-200 hover:border-brand-500 md:block"
            >
              Filters
            </button>
            <button
              type="button"
              onClick={() => void revalidator.revalidate()}
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
        {panels.filters ? (
          <div className="mb-4">
            <FiltersPanel
              filters={{ ...filters[tab], maxDaysToExpiration: maxDte }}
              onFilter={setFilter}
              symbolsText={symbolsText[tab]}
              onSymbolsText={(text) => setSymbolsText((t) => ({ ...t, [tab]: text }))}
              sort={sort[tab]}
              defaultSortKey={DEFAULT_SORT[tab].key}
              onSort={(next) => setSort((s) => ({ ...s, [tab]: next }))}
            />
          </div>
        ) : null}

        <div
          aria-busy={updating}
          className={updating ? "opacity-60 transition-opacity" : undefined}
          data-testid="screen-results"
        >
          {tab === "CC" ? (
            <PositionsPanel
              positions={positions}
              ledgerLots={ledgerLots}
              limit={data.positionLimit}
              isFree={isFree}
              prices={current.result?.currentPrices}
              basisChoice={basisChoice}
              onBasis={changeBasis}
              open={panels.positions}
              onToggleOpen={() => toggle("positions")}
              onAdd={() => canAdd() && setPositionDialog({ existing: null })}
              onAddMany={() => setBulkOpen(true)}
              onEdit={(p) => setPositionDialog({ existing: p })}
              onRemove={(p) => storePositions(positions.filter((x) => x.symbol !== p.symbol))}
            />
          ) : null}

          <SummaryCards cards={figures.summary} loading={false} />

          {cashLimited.length > 0 ? (
            <p
              className="mb-3 rounded-lg border border-amber-700/50 bg-amber-950/40 px-3 py-2 text-sm text-amber-200"
              data-testid="cash-limit"
            >
              {cashLimitText(cash, fitting, data.tickers.length)}
            </p>
          ) : null}

          {tab === "CC" && !isFree && positions.length > 0 ? (
            <BelowBasisSwitch
              checked={belowDraft ?? screen.below}
              onChange={(below) => {
                setBelowDraft(below);
                go({ below });
              }}
              belowBasis={current.result?.belowBasis ?? []}
            />
          ) : null}
          {visible.length === 0 ? (
            <EmptyState
              tab={tab}
              isFree={isFree}
              hasPositions={positions.length > 0}
              empty={(current.result?.empty ?? []).filter((t) => !cashLimited.includes(t))}
              error={current.error}
            />
          ) : (
            <StrategyTable
              type={tab}
              rows={visible}
              loading={false}
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
                    saved={favorites.savedIds.has(s.id)}
                    onToggle={(x) => favorites.toggle(tab, x)}
                  />
                ),
              }}
            />
          )}
          {current.result ? (
            <p className="mt-2 text-xs text-slate-500">
              {`Premiums at ${fillBasisText(visible[0]?.fill_basis_label)}, with the mid and the bid shown`};
              probabilities risk-neutral, at expiry.
              {current.result.simulated ? (
                <span className="ml-1 font-semibold text-amber-300">Simulated data.</span>
              ) : null}
            </p>
          ) : null}
        </div>

        <FavoritesPanel
          list={favoritesShown}
          error={favorites.loadError}
          busy={favorites.busy}
          onView={(type, s) => setAnalysis({ type, s })}
          onShare={(type, s) => void shareStrategy(type, s)}
          onRemove={(f) => void favorites.remove(f)}
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
