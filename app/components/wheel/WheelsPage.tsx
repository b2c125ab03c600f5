import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { deferredComponent } from "../../lib/deferred-component";
import { Link, useNavigate } from "react-router";
import { formatCompactMoney, formatPercent, formatPrice } from "../../lib/format";
import type { MarketBannerInput } from "../../lib/market-banner";
import type { PlanTier } from "../../lib/plans";
import { createPositionsSaver } from "../../lib/positions-sync";
import { REFUSAL_MESSAGES } from "../../lib/entitlements";
import {
  addFavorite,
  createShareLink,
  fetchCcStrategies,
  fetchCspStrategies,
  removeFavoriteByTrade,
  savePositions as savePositionsApi,
  isExpectedRefusal,
  logUnexpected,
  savePreferences,
  WheelApiError,
  type StrategiesResult,
} from "../../lib/wheel-client";
import type { ServedStrategies } from "../../lib/wheel-results";
import {
  applyFilters,
  cashHint,
  DEFAULT_FILTERS,
  displayPremium,
  FILTER_PRESETS,
  MAX_DTE_OPTIONS,
  nextSort,
  parseSymbolList,
  positionsKey,
  RISK_LEVELS,
  riskWindowText,
  SORT_FIELDS,
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
} from "../../lib/wheel";
import { wheelDteWindow } from "../../engine/wheel-windows";
import { MarketBanner } from "../market/MarketBanner";
import { useShare } from "../share/ShareDialog";
import { useToast } from "../shell/Toaster";
import { Confetti } from "./Confetti";
import { FavoriteButton, FavoritesPanel } from "./Favorites";
import { BulkPositionsDialog, PositionDialog } from "./PositionDialogs";
import { CostBasisChoiceSelect, LedgerPositionCards } from "./LedgerPositions";
import { SoldDialog } from "./SoldDialog";
// Opened by a click: its code (the payoff chart, the why text) loads then, not with the page (the /wheels route's JS
// budget, decision 185).
const AnalysisModal = deferredComponent(() => import("./AnalysisModal").then((m) => m.AnalysisModal));
import { newYorkDate } from "../../engine/time";
import {
  LEDGER_INPUT_MESSAGES,
  soldPrefill,
  type CostBasisChoice,
  type LedgerPosition,
  type RecordFormValues,
} from "../../lib/wheel-ledger";
import { StrategyTable } from "./StrategyTable";
import { WheelsSections } from "./WheelsSections";

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

type TabState = {
  status: "idle" | "loading" | "ready";
  result: StrategiesResult | null;
  error: string | null;
};

const DEFAULT_SORT: Record<WheelType, SortState> = {
  CSP: { key: "annualizedReturn", dir: "desc" },
  CC: { key: "returnOnCapital", dir: "desc" },
};

const pct = (v: number | null) => formatPercent(v, 1);
const avg = (list: WheelStrategy[], f: (s: WheelStrategy) => number) =>
  list.length ? list.reduce((a, s) => a + f(s), 0) / list.length : null;

/**
 * Income if the best put of each ticker were sold until the cash is committed (best annualized first):
 * the honest reading of "potential income" when every row is sized to the same cash.
 */
function potentialIncome(list: WheelStrategy[], cash: number): number {
  const best = new Map<string, WheelStrategy>();
  for (const s of [...list].sort((a, b) => b.annualizedReturn - a.annualizedReturn))
    if (!best.has(s.symbol)) best.set(s.symbol, s);
  let left = cash;
  let income = 0;
  for (const s of best.values()) {
    const collateral = Number(s.cashRequired ?? 0);
    if (collateral > 0 && collateral <= left) {
      left -= collateral;
      income += displayPremium(s);
    }
  }
  return income;
}

export function WheelsPage({ data }: { data: WheelsPageData }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [share, shareDialog] = useShare(WHEEL_MESSAGES.copyFailedModal);
  const isFree = data.positionLimit === 0;

  const [tab, setTab] = useState<WheelType>("CSP");
  const [cash, setCash] = useState(data.cashAvailable);
  const [cashInput, setCashInput] = useState(String(data.cashAvailable));
  const [risk, setRisk] = useState<Record<WheelType, RiskLevel>>({
    CSP: data.cspRiskLevel,
    CC: data.ccRiskLevel,
  });
  const [positions, setPositions] = useState<Position[]>(data.positions);
  const [ledgerLots, setLedgerLots] = useState<LedgerPosition[]>(data.ledgerPositions);
  const [basisChoice, setBasisChoice] = useState<CostBasisChoice>(data.ccCostBasis);
  // The covered-call screen's list: the stored positions and the ledger's lots (the server re-applies the rule).
  const screened = useMemo(
    () => [
      ...positions,
      ...ledgerLots.map(({ symbol, shares, costBasis }) => ({ symbol, shares, costBasis })),
    ],
    [positions, ledgerLots],
  );
  // One saver per screen: saves go one after another, and one refused as stale is re-applied and retried.
  const [positionsSaver] = useState(() =>
    createPositionsSaver({
      initial: { positions: data.positions, version: data.positionsVersion },
      send: savePositionsApi,
    }),
  );
  const [filters, setFilters] = useState<Record<WheelType, WheelFilters>>({
    CSP: DEFAULT_FILTERS,
    CC: DEFAULT_FILTERS,
  });
  const [symbolsText, setSymbolsText] = useState<Record<WheelType, string>>({ CSP: "", CC: "" });
  const [sort, setSort] = useState<Record<WheelType, SortState>>(DEFAULT_SORT);
  const [tabs, setTabs] = useState<Record<WheelType, TabState>>(() => ({
    CSP: { status: "ready", ...data.firstView.CSP },
    CC: { status: "ready", ...data.firstView.CC },
  }));
  const [nonce, setNonce] = useState<Record<WheelType, number>>({ CSP: 0, CC: 0 });
  const [favoriteIds, setFavoriteIds] = useState(() => new Set(data.favoriteIds));
  const [favVersion, setFavVersion] = useState(0);
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

  const posKey = positionsKey(screened);
  const maxDte = filters[tab].maxDaysToExpiration;

  // What each screen's answer depends on; the server rendered both at the first settings.
  const requestKey = (t: WheelType) =>
    JSON.stringify(
      t === "CSP"
        ? [t, data.tickers, risk.CSP, cash, maxDte, nonce.CSP]
        : [t, posKey, risk.CC, maxDte, includeBelowBasis, nonce.CC, isFree],
    );
  // Each screen's first answer came with the document: the first visit to its tab asks nothing more.
  const served = useRef<Record<WheelType, string | null> | null>(null);
  served.current ??= { CSP: requestKey("CSP"), CC: requestKey("CC") };

  // Strategies: reload on tab, cash, risk, positions (CC), the holding-period filter, or a refresh.
  useEffect(() => {
    const first = served.current![tab];
    served.current![tab] = null;
    if (first === requestKey(tab)) return;
    if (tab === "CC" && (isFree || screened.length === 0)) {
      setTabs((t) => ({ ...t, CC: { status: "ready", result: null, error: null } }));
      return;
    }
    let live = true;
    setTabs((t) => ({ ...t, [tab]: { ...t[tab], status: "loading" } }));
    const load =
      tab === "CSP"
        ? fetchCspStrategies({
            tickers: data.tickers,
            riskLevel: risk.CSP,
            cashAmount: cash,
            maxDaysToExpiration: maxDte,
          })
        : fetchCcStrategies({
            positions: screened,
            riskLevel: risk.CC,
            maxDaysToExpiration: maxDte,
            includeBelowCostBasis: includeBelowBasis,
          });
    load
      .then((result) => live && setTabs((t) => ({ ...t, [tab]: { status: "ready", result, error: null } })))
      .catch((error: unknown) => {
        // Spec: batch failures are logged and treated as empty.
        console.error(`wheel ${tab} load failed`, error);
        if (live)
          setTabs((t) => ({
            ...t,
            [tab]: {
              status: "ready",
              result: null,
              error: error instanceof Error ? error.message : WHEEL_MESSAGES.fetchCspFailed,
            },
          }));
      });
    return () => {
      live = false;
    };
    // positions are compared by posKey (symbol, shares, basis), not by identity
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab, cash, risk.CSP, risk.CC, posKey, maxDte, includeBelowBasis, nonce[tab], isFree, data.tickers]);

  // CC auto-refresh every hour while there are positions.
  useEffect(() => {
    if (tab !== "CC" || screened.length === 0) return;
    const timer = setInterval(
      () => setNonce((n) => ({ ...n, CC: n.CC + 1 })),
      WHEEL_DEFAULTS.ccAutoRefreshMs,
    );
    return () => clearInterval(timer);
  }, [tab, screened.length]);

  const current = tabs[tab];
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

  const cashValue = Number(cashInput);
  const cashOk = Number.isFinite(cashValue) && cashValue >= WHEEL_DEFAULTS.minCash;
  const applyCash = () => {
    if (!cashOk) return;
    setCash(cashValue);
    savePreferences({ cashAvailable: cashValue }).catch((e) => logUnexpected("cash save failed", e));
  };
  const changeBasis = (choice: CostBasisChoice) => {
    setBasisChoice(choice);
    savePreferences({ ccCostBasis: choice }).then(
      (prefs) => prefs.ledgerPositions && setLedgerLots(prefs.ledgerPositions),
      (e) => logUnexpected("cost basis save failed", e),
    );
  };
  const changeRisk = (level: RiskLevel) => {
    setRisk((r) => ({ ...r, [tab]: level }));
    savePreferences(tab === "CSP" ? { cspRiskLevel: level } : { ccRiskLevel: level }).catch((e) =>
      logUnexpected("risk save failed", e),
    );
  };

  const toggleFavorite = useCallback(
    async (type: WheelType, s: WheelStrategy): Promise<boolean> => {
      const saved = favoriteIds.has(s.id);
      try {
        if (saved) await removeFavoriteByTrade(s.id);
        else await addFavorite(type, s);
        setFavoriteIds((set) => {
          const next = new Set(set);
          if (saved) next.delete(s.id);
          else next.add(s.id);
          return next;
        });
        setFavVersion((v) => v + 1);
        return !saved;
      } catch (error) {
        // A refusal (signed out, a bad request) is said to the user; only the unexpected is logged.
        if (isExpectedRefusal(error)) toast({ message: error.message, kind: "error" });
        else console.error("favorite toggle failed", error);
        return saved;
      }
    },
    [favoriteIds, toast],
  );

  const shareStrategy = useCallback(
    async (type: WheelType, s: WheelStrategy) => {
      try {
        const position =
          type === "CC" && typeof s.shares === "number"
            ? { shares: s.shares, costBasis: Number(s.costBasis ?? s.currentPrice) }
            : null;
        const { shareUrl } = await createShareLink(type, s, position);
        const name = type === "CSP" ? "cash secured put" : "covered call";
        await share({
          url: shareUrl,
          title: `${s.symbol} ${name} · Wheelhouse`,
          text: `${s.symbol} ${name}: $${formatPrice(Number(s.putStrike ?? s.callStrike))} strike, ${s.expirationDate}`,
        });
      } catch (error) {
        const message =
          error instanceof WheelApiError && error.message === WHEEL_MESSAGES.networkError
            ? WHEEL_MESSAGES.networkError
            : WHEEL_MESSAGES.shareFailed;
        toast({ message, kind: "error", durationMs: WHEEL_TIMING.clipboardMessage });
      }
    },
    [share, toast],
  );

  /** Spec: the list updates at once, then saves; the server's plan check still decides. */
  const storePositions = (next: Position[]) => {
    if (isFree) {
      toast({
        message: REFUSAL_MESSAGES.freePositions,
        kind: "info",
        durationMs: WHEEL_TIMING.positionLimitToast,
        action: { label: "View Pricing", href: "/pricing" },
      });
      navigate("/pricing");
      return;
    }
    let list = next;
    if (list.length > data.positionLimit) {
      if (data.plan === "Elite Plan") {
        const skipped = list.length - data.positionLimit;
        list = list.slice(0, data.positionLimit);
        toast({ message: WHEEL_MESSAGES.eliteSkipped(skipped), kind: "error" });
      } else {
        toast({
          message: REFUSAL_MESSAGES.proPositions,
          kind: "error",
          durationMs: WHEEL_TIMING.positionLimitToast,
          action: { label: "View Pricing", href: "/pricing" },
        });
        return;
      }
    } else if (
      positions.length >= data.positionLimit &&
      next.length > positions.length &&
      data.plan === "Elite Plan"
    ) {
      toast({ message: REFUSAL_MESSAGES.elitePositions, kind: "error" });
      return;
    }
    setPositions(list);
    positionsSaver.save(positions, list).then(
      // The stored list, which may hold positions saved from another window; shown once nothing else waits.
      ({ snapshot, idle }) => {
        if (idle) setPositions(snapshot.positions);
      },
      (error: unknown) => {
        if (isExpectedRefusal(error)) toast({ message: error.message, kind: "error" });
        else console.error("positions save failed", error);
      },
    );
  };

  const addClick = () => {
    if (positions.length >= data.positionLimit) {
      if (data.plan === "Elite Plan") toast({ message: REFUSAL_MESSAGES.elitePositions, kind: "error" });
      else
        toast({
          message: REFUSAL_MESSAGES.proPositions,
          kind: "error",
          durationMs: WHEEL_TIMING.positionLimitToast,
          action: { label: "View Pricing", href: "/pricing" },
        });
      return;
    }
    setPositionDialog({ existing: null });
  };

  const exportCsv = async () => {
    const { exportFileName, strategiesCsv } = await import("../../lib/wheel-csv");
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
  const avgReturn = avg(visible, (s) => s.annualizedReturn);
  // The annual average carries the average period return and holding period beside it.
  const avgPeriod = avg(visible, (s) => Number(s.period_return ?? s.returnOnCapital));
  const avgDays = avg(visible, (s) => s.daysToExpiration);
  const portfolioValue = positions.reduce(
    (sum, p) => sum + (current.result?.currentPrices[p.symbol] ?? p.costBasis) * p.shares,
    0,
  );
  const third =
    tab === "CSP"
      ? { label: "Cash", value: formatCompactMoney(cash, "K") }
      : { label: "Positions", value: String(positions.length) };

  const riskSelect = (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-slate-400">Risk level</span>
      <select
        value={risk[tab]}
        onChange={(e) => changeRisk(e.target.value as RiskLevel)}
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
        {riskWindowText(wheelDteWindow(risk[tab], maxDte))}
      </span>
    </label>
  );

  // Visible on the CC tab whenever there are positions: the server leaves these calls out by default.
  const belowBasisSwitch = (
    <div
      className="mb-3 rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm"
      data-testid="below-basis-switch"
    >
      <label className="flex items-center gap-2 font-medium text-slate-200">
        <input
          type="checkbox"
          role="switch"
          checked={includeBelowBasis}
          onChange={(e) => setIncludeBelowBasis(e.target.checked)}
        />
        {WHEEL_MESSAGES.includeBelowBasis}
      </label>
      <p className="mt-1 text-xs text-slate-400" data-testid="below-basis-guardrail">
        {includeBelowBasis ? WHEEL_MESSAGES.belowBasisIncluded : WHEEL_MESSAGES.belowBasisLeftOut}
      </p>
      {!includeBelowBasis && current.result?.belowBasis.length ? (
        <p className="mt-1 text-xs text-amber-300">
          {WHEEL_MESSAGES.belowBasisOnly(current.result.belowBasis)}
        </p>
      ) : null}
    </div>
  );

  const cashControl = (
    <form
      className="flex flex-col gap-1 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        applyCash();
      }}
    >
      <label htmlFor="cash" className="text-slate-400">
        Available cash
      </label>
      <div className="flex gap-2">
        <input
          id="cash"
          type="number"
          min={WHEEL_DEFAULTS.minCash}
          step={WHEEL_DEFAULTS.cashStep}
          value={cashInput}
          onChange={(e) => setCashInput(e.target.value)}
          className="w-36 rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 tabular-nums text-white"
        />
        <button
          type="submit"
          disabled={!cashOk}
          className="rounded-lg bg-brand-500 px-3 py-2 font-semibold text-ink-950 hover:bg-brand-400 disabled:opacity-50"
        >
          Update
        </button>
      </div>
      <span className="text-xs text-slate-500" data-testid="cash-hint">
        {cashHint(cashValue)}
      </span>
    </form>
  );

  const filtersPanel = (
    <div
      className="grid gap-3 rounded-xl border border-ink-700 bg-ink-900 p-4 sm:grid-cols-2 lg:grid-cols-5"
      data-testid="filters-panel"
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-slate-400">Max days to expiration</span>
        <select
          value={filters[tab].maxDaysToExpiration}
          onChange={(e) => setFilter({ maxDaysToExpiration: Number(e.target.value) })}
          className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-white"
        >
          {MAX_DTE_OPTIONS.map((d) => (
            <option key={d} value={d}>
              {d === 365 ? "Any" : `${d} days`}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-slate-400">Min return %</span>
        <input
          type="number"
          min={0}
          step={0.1}
          value={filters[tab].minReturn}
          onChange={(e) => setFilter({ minReturn: Math.max(0, Number(e.target.value) || 0) })}
          className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-white"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-slate-400">Symbols</span>
        <input
          value={symbolsText[tab]}
          placeholder="AAPL, MSFT"
          onChange={(e) => {
            setSymbolsText((t) => ({ ...t, [tab]: e.target.value }));
            setFilter({ symbols: parseSymbolList(e.target.value) });
          }}
          className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 uppercase text-white placeholder:normal-case"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-slate-400">Sort by</span>
        <select
          value={`${sort[tab].key}:${sort[tab].dir}`}
          onChange={(e) => {
            const [key, dir] = e.target.value.split(":") as [string, "asc" | "desc"];
            setSort((s) => ({ ...s, [tab]: { key, dir } }));
          }}
          className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-white"
        >
          {[...new Set([DEFAULT_SORT[tab].key, ...SORT_FIELDS, sort[tab].key])].flatMap((k) =>
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
                setFilter(FILTER_PRESETS[name]);
                if (name === "Clear All") setSymbolsText((t) => ({ ...t, [tab]: "" }));
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

  const summary = [
    {
      label: "Annual Avg Return",
      value: pct(avgReturn),
      sub:
        avgPeriod === null || avgDays === null
          ? undefined
          : `avg ${pct(avgPeriod)} in ${Math.round(avgDays)}d`,
    },
    { label: "Opportunities", value: String(visible.length) },
    tab === "CSP"
      ? {
          label: "Potential Income",
          value: formatCompactMoney(potentialIncome(visible, cash)),
          tip: "Best put per ticker, sold until the cash is committed",
        }
      : { label: "Portfolio Value", value: formatCompactMoney(portfolioValue) },
  ];

  const emptyState = () => {
    if (tab === "CC" && isFree)
      return (
        <div
          className="rounded-xl border border-dashed border-ink-600 p-6 text-center"
          data-testid="cc-free-empty"
        >
          <p className="mx-auto max-w-xl text-slate-300">{REFUSAL_MESSAGES.freePositions}</p>
          <Link
            to="/pricing"
            className="mt-4 inline-block rounded-lg bg-brand-500 px-4 py-2 font-semibold text-ink-950 hover:bg-brand-400"
          >
            Upgrade
          </Link>
        </div>
      );
    const hint =
      tab === "CC" && positions.length === 0
        ? "Add your stock positions to see covered call ideas."
        : tab === "CSP"
          ? "Try more cash, another risk level, or wider filters."
          : "Try another risk level or wider filters, or add positions.";
    return (
      <div
        className="rounded-xl border border-dashed border-ink-600 p-6 text-center"
        data-testid="empty-state"
      >
        <p className="text-lg font-semibold text-white">{WHEEL_MESSAGES.noStrategiesYet}</p>
        <p className="mt-1 text-slate-300">{tab === "CSP" ? WHEEL_MESSAGES.noCsp : WHEEL_MESSAGES.noCc}</p>
        <p className="mt-1 text-sm text-slate-400">{hint}</p>
        {tab === "CSP" && current.result && current.result.empty.length ? (
          <p className="mt-2 text-sm text-slate-400">
            No profitable CSP strategy for: {current.result.empty.join(", ")}
          </p>
        ) : null}
        {current.error ? <p className="mt-2 text-sm text-red-400">{current.error}</p> : null}
      </div>
    );
  };

  const addButtons = (
    <div className="flex gap-2">
      {isFree ? (
        <>
          <Link
            to="/pricing"
            className="rounded-lg bg-brand-500 px-3 py-1.5 text-sm font-semibold text-ink-950"
          >
            Upgrade
          </Link>
        </>
      ) : (
        <>
          <button
            type="button"
            onClick={addClick}
            className="rounded-lg bg-brand-500 px-3 py-1.5 text-sm font-semibold text-ink-950 hover:bg-brand-400"
          >
            Add Position
          </button>
          <button
            type="button"
            onClick={() => setBulkOpen(true)}
            className="rounded-lg border border-ink-600 px-3 py-1.5 text-sm text-slate-200 hover:border-brand-500"
          >
            Add Multiple
          </button>
        </>
      )}
    </div>
  );

  return (
    <div>
      <Confetti show={confetti.show} seed={confetti.seed} />
      <h1 className="mb-4 text-2xl font-semibold tracking-tight text-white sm:text-3xl">Wheels</h1>
      <WheelsSections active="strategies" />
      <MarketBanner banner={data.banner} nowMs={data.nowMs} className="mb-4" />

      <div
        role="tablist"
        aria-label="Strategy type"
        className="mb-2 grid grid-cols-2 gap-2 sm:inline-grid sm:w-auto"
      >
        {(["CSP", "CC"] as const).map((t) => (
          <button
            key={t}
            role="tab"
            type="button"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={`rounded-lg border px-4 py-2 text-left ${tab === t ? "border-brand-500 bg-brand-500/10 text-white" : "border-ink-600 text-slate-300 hover:border-ink-600 hover:bg-ink-850"}`}
          >
            <span className="block font-semibold">{t === "CSP" ? "Cash Secured Puts" : "Covered Calls"}</span>
            <span className="block text-xs text-slate-400">
              {t} ·{" "}
              {t === "CSP" ? "Generate income with available cash" : "Generate income from stock positions"}
            </span>
          </button>
        ))}
      </div>
      {tab === "CSP" && data.usingFallback ? (
        <p className="mb-2 text-xs text-slate-500">
          Your watchlist is empty: showing AAPL, TSLA, SPY, QQQ and MSFT.
        </p>
      ) : null}

      {/* Mobile sticky header: count, filters and settings toggles, three mini cards. */}
      <div
        className="sticky top-0 z-20 -mx-4 mb-3 border-b border-ink-700 bg-ink-950/95 px-4 py-2 backdrop-blur md:hidden"
        data-testid="mobile-header"
      >
        <div className="flex items-center justify-between">
          <span className="text-sm text-slate-300">
            <strong className="text-white">{loading ? "..." : visible.length}</strong> {tab} strategies
          </span>
          <div className="flex gap-2">
            <button
              type="button"
              aria-expanded={showFilters}
              onClick={() => setShowFilters((v) => !v)}
              className="rounded-md border border-ink-600 px-2 py-1 text-xs text-slate-200"
            >
              Filters
            </button>
            <button
              type="button"
              aria-expanded={showSettings}
              onClick={() => setShowSettings((v) => !v)}
              className="rounded-md border border-ink-600 px-2 py-1 text-xs text-slate-200"
            >
              Settings
            </button>
          </div>
        </div>
        <div className="mt-2 grid grid-cols-3 gap-2 text-center">
          {[
            { label: "Avg Return", value: pct(avgReturn) },
            { label: "Found", value: String(visible.length) },
            third,
          ].map((c) => (
            <div key={c.label} className="rounded-lg bg-ink-900 px-2 py-1">
              <div className="text-[10px] uppercase text-slate-500">{c.label}</div>
              <div className="text-sm font-semibold tabular-nums text-white">{c.value}</div>
            </div>
          ))}
        </div>
      </div>

      <div className={`${showSettings ? "flex" : "hidden"} mb-4 flex-wrap items-end gap-4 md:flex`}>
        {tab === "CSP" ? cashControl : null}
        {riskSelect}
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
            onClick={() => setNonce((n) => ({ ...n, [tab]: n[tab] + 1 }))}
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
      {showFilters ? <div className="mb-4">{filtersPanel}</div> : null}

      {tab === "CC" ? (
        <section
          className="mb-4 rounded-xl border border-ink-700 bg-ink-900 p-4"
          aria-labelledby="positions-heading"
          data-testid="positions-panel"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <button
              type="button"
              className="flex items-center gap-2 text-left"
              aria-expanded={positionsOpen}
              onClick={() => setPositionsOpen((v) => !v)}
            >
              <h2 id="positions-heading" className="text-lg font-semibold text-white">
                Your Stock Positions
              </h2>
              <span className="text-sm text-slate-400">
                ({positions.length}/{data.positionLimit})
              </span>
              <span aria-hidden="true" className="text-slate-400 md:hidden">
                {positionsOpen ? "▲" : "▼"}
              </span>
            </button>
            {addButtons}
          </div>
          <ul
            className={`${positionsOpen ? "grid" : "hidden"} mt-3 grid-cols-2 gap-2 sm:grid-cols-3 md:grid lg:grid-cols-5`}
          >
            <LedgerPositionCards lots={ledgerLots} prices={current.result?.currentPrices} />
            {positions.map((p) => {
              const price = current.result?.currentPrices[p.symbol] ?? null;
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
                        onClick={() => setPositionDialog({ existing: p })}
                        className="text-xs text-slate-400 hover:text-white"
                        aria-label={`Edit ${p.symbol}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        onClick={() => storePositions(positions.filter((x) => x.symbol !== p.symbol))}
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
          {ledgerLots.length ? <CostBasisChoiceSelect value={basisChoice} onChange={changeBasis} /> : null}
        </section>
      ) : null}

      <div className="mb-4 hidden grid-cols-3 gap-3 md:grid" data-testid="summary-cards">
        {summary.map((c) => (
          <div
            key={c.label}
            className="rounded-xl border border-ink-700 bg-ink-900 px-4 py-3"
            title={"tip" in c ? c.tip : undefined}
          >
            <div className="text-xs uppercase tracking-wide text-slate-400">{c.label}</div>
            <div className="mt-1 text-2xl font-semibold tabular-nums text-white">
              {loading ? "..." : c.value}
            </div>
            {"sub" in c && c.sub && !loading ? (
              <div className="text-xs tabular-nums text-slate-400" data-testid="avg-period-return">
                {c.sub}
              </div>
            ) : null}
          </div>
        ))}
      </div>

      {tab === "CC" && !isFree && positions.length > 0 ? belowBasisSwitch : null}
      {!loading && visible.length === 0 ? (
        emptyState()
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
              <FavoriteButton s={s} saved={favoriteIds.has(s.id)} onToggle={(x) => toggleFavorite(tab, x)} />
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
        onRemoved={(id) =>
          setFavoriteIds((set) => {
            const next = new Set(set);
            next.delete(id);
            return next;
          })
        }
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
    </div>
  );
}
