// Each tab's strategies on /wheels: the server's first answer (decision 287), then the batch APIs whenever a
// setting the answer depends on changes, a Refresh, or the covered calls' hourly refresh.
import { useEffect, useRef, useState } from "react";
import { fetchCcStrategies, fetchCspStrategies } from "#app/lib/wheel-client.ts";
import type { ServedStrategies, StrategiesResult } from "#app/lib/wheel-results.ts";
import {
  positionsKey,
  WHEEL_DEFAULTS,
  WHEEL_MESSAGES,
  type Position,
  type RiskLevel,
  type WheelType,
} from "#app/lib/wheel.ts";

export interface TabState {
  status: "idle" | "loading" | "ready";
  result: StrategiesResult | null;
  error: string | null;
}

/** What the shown tab's answer depends on. */
export interface StrategiesRequest {
  tab: WheelType;
  tickers: string[];
  isFree: boolean;
  risk: Record<WheelType, RiskLevel>;
  cash: number;
  maxDte: number;
  /** The covered-call screen's list: the stored positions and the ledger's lots. */
  screened: Position[];
  includeBelowBasis: boolean;
}

export function useWheelStrategies(
  firstView: Record<WheelType, ServedStrategies>,
  { tab, tickers, isFree, risk, cash, maxDte, screened, includeBelowBasis }: StrategiesRequest,
): { current: TabState; refresh: () => void } {
  const [tabs, setTabs] = useState<Record<WheelType, TabState>>(() => ({
    CSP: { status: "ready", ...firstView.CSP },
    CC: { status: "ready", ...firstView.CC },
  }));
  const [nonce, setNonce] = useState<Record<WheelType, number>>({ CSP: 0, CC: 0 });
  const posKey = positionsKey(screened);

  // What each screen's answer depends on; the server rendered both at the first settings.
  const requestKey = (t: WheelType) =>
    JSON.stringify(
      t === "CSP"
        ? [t, tickers, risk.CSP, cash, maxDte, nonce.CSP]
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
            tickers,
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
        // Batch failures are logged and treated as empty (docs/product/wheel.md#strategies).
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
  }, [tab, cash, risk.CSP, risk.CC, posKey, maxDte, includeBelowBasis, nonce[tab], isFree, tickers]);

  // CC auto-refresh every hour while there are positions.
  useEffect(() => {
    if (tab !== "CC" || screened.length === 0) return;
    const timer = setInterval(
      () => setNonce((n) => ({ ...n, CC: n.CC + 1 })),
      WHEEL_DEFAULTS.ccAutoRefreshMs,
    );
    return () => clearInterval(timer);
  }, [tab, screened.length]);

  return { current: tabs[tab], refresh: () => setNonce((n) => ({ ...n, [tab]: n[tab] + 1 })) };
}
