// The /wheels screen's state in its address (decision 317): the tab, each tab's risk level, the days to
// expiration and the below-basis switch are search parameters, read by the loader and written by the page's
// form, so a reload, Back and a shared link show the same screen. Cash is a saved preference, never written
// here: the address names it only when someone wrote `cash=` by hand (it then applies to that view, unsaved).
// Bad values fall back to their defaults, never a 500.
import { formatDecimal, formatUsd } from "#app/lib/format.ts";
import {
  DEFAULT_FILTERS,
  MAX_DTE_OPTIONS,
  RISK_LEVELS,
  WHEEL_DEFAULTS,
  type RiskLevel,
  type WheelType,
} from "#app/lib/wheel/wheel.ts";

/** The search parameters' names (the form's field names too). */
export const WHEEL_PARAMS = {
  tab: "tab",
  cspRisk: "cspRisk",
  ccRisk: "ccRisk",
  dte: "dte",
  below: "below",
  cash: "cash",
} as const;

export interface WheelScreenQuery {
  tab: WheelType;
  /** null: the saved preference applies. */
  cspRisk: RiskLevel | null;
  ccRisk: RiskLevel | null;
  dte: number;
  /** Covered calls struck below the cost basis included (decision 244). */
  below: boolean;
  /** null: the saved cash applies. */
  cash: number | null;
}

// Read by lookup in fixed sets, not zod: this module ships to the browser (the page reads its own address and
// `shouldRevalidate` compares two), and zod would add about 17 KB gzip to /wheels for five enumerations. Every value
// is strict: one of its set, or a finite cash inside the screen's bounds; anything else is the default.
const TABS: Record<string, WheelType> = { csp: "CSP", cc: "CC" };
const BELOW_ON = new Set(["1", "true", "on"]);
const MAX_CASH = 1e10;

function param(params: URLSearchParams, name: string): string | null {
  const raw = params.get(name);
  return raw === null || raw === "" ? null : raw;
}

function riskOf(raw: string | null): RiskLevel | null {
  return raw !== null && (RISK_LEVELS as readonly string[]).includes(raw) ? (raw as RiskLevel) : null;
}

function dteOf(raw: string | null): number {
  const n = raw === null || !/^\d+$/.test(raw) ? NaN : Number(raw);
  return (MAX_DTE_OPTIONS as readonly number[]).includes(n) ? n : DEFAULT_FILTERS.maxDaysToExpiration;
}

function cashOf(raw: string | null): number | null {
  const n = raw === null || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(n) && n >= WHEEL_DEFAULTS.minCash && n <= MAX_CASH ? n : null;
}

export function wheelScreenFromQuery(params: URLSearchParams): WheelScreenQuery {
  const tab = param(params, WHEEL_PARAMS.tab);
  const below = param(params, WHEEL_PARAMS.below);
  return {
    tab: (tab !== null && TABS[tab.toLowerCase()]) || "CSP",
    cspRisk: riskOf(param(params, WHEEL_PARAMS.cspRisk)),
    ccRisk: riskOf(param(params, WHEEL_PARAMS.ccRisk)),
    dte: dteOf(param(params, WHEEL_PARAMS.dte)),
    below: below !== null && BELOW_ON.has(below),
    cash: cashOf(param(params, WHEEL_PARAMS.cash)),
  };
}

/**
 * The address of a screen state, as the page writes it: defaults left out (CSP, 45 days, below-basis off), a risk
 * level written whenever it is known (it stands against the saved one), cash never (a shared link must not carry
 * it).
 */
export function wheelScreenQuery(state: Omit<WheelScreenQuery, "cash">): URLSearchParams {
  const out = new URLSearchParams();
  if (state.tab !== "CSP") out.set(WHEEL_PARAMS.tab, state.tab.toLowerCase());
  if (state.cspRisk) out.set(WHEEL_PARAMS.cspRisk, state.cspRisk);
  if (state.ccRisk) out.set(WHEEL_PARAMS.ccRisk, state.ccRisk);
  if (state.dte !== DEFAULT_FILTERS.maxDaysToExpiration) out.set(WHEEL_PARAMS.dte, String(state.dte));
  if (state.below) out.set(WHEEL_PARAMS.below, "1");
  return out;
}

/** Whether two addresses show the same strategies: they differ at most in the tab (the loader answers both). */
export function sameStrategies(a: URLSearchParams, b: URLSearchParams): boolean {
  const strip = (p: URLSearchParams) => {
    const { tab: _tab, ...rest } = wheelScreenFromQuery(p);
    return JSON.stringify(rest);
  };
  return strip(a) === strip(b);
}

/** The CSP list when cash, not the market, leaves tickers out (docs/product/wheel.md#strategies). */
export function cashLimitText(cash: number, fitting: number, tickers: number): string {
  return `Your cash (${formatUsd(cash, 0)}) secures puts on ${fitting} of ${tickers} tickers; add cash to see more.`;
}

/** A per-share premium as the strategy row shows it (two decimals, format.ts's rounding): "I sold this" starts there. */
export function premiumAsShown(premium: number): number {
  return Number.isFinite(premium) ? Number(formatDecimal(premium, 2)) : premium;
}
