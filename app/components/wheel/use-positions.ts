// The /wheels positions: the stored list (saved whole, with its version, decision 225), the ledger's read-only lots
// and their chosen basis (decision 271), with the plan's limits said before the server's check decides.
import { useMemo, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import type { PlanTier } from "#app/lib/plans.ts";
import { createPositionsSaver } from "#app/lib/wheel/positions-sync.ts";
import { isExpectedRefusal, savePositions as savePositionsApi } from "#app/lib/wheel/client.ts";
import { WHEEL_MESSAGES, WHEEL_TIMING, type Position } from "#app/lib/wheel/wheel.ts";
import type { CostBasisChoice, LedgerPosition } from "#app/lib/wheel/ledger.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";

export interface PositionsStart {
  plan: PlanTier;
  positionLimit: number;
  positions: Position[];
  positionsVersion: number;
  ledgerPositions: LedgerPosition[];
  ccCostBasis: CostBasisChoice;
}

/**
 * `saved` runs once a positions save is stored and nothing else waits: the page's loader screens the covered calls
 * again. The ledger lots' basis is saved by the route's action (a fetcher), whose answer brings the lots again.
 */
export function usePositions(data: PositionsStart, saved: () => void) {
  const toast = useToast();
  const navigate = useNavigate();
  const isFree = data.positionLimit === 0;
  const [positions, setPositions] = useState<Position[]>(data.positions);
  const ledgerLots = data.ledgerPositions;
  const basis = useFetcher();
  const pendingBasis = basis.formData?.get("ccCostBasis");
  const basisChoice: CostBasisChoice =
    pendingBasis === "broker" || pendingBasis === "adjusted" ? pendingBasis : data.ccCostBasis;
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

  const changeBasis = (choice: CostBasisChoice) =>
    void basis.submit({ intent: "basis", ccCostBasis: choice }, { method: "post", action: "/wheels" });

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
        if (!idle) return;
        setPositions(snapshot.positions);
        saved();
      },
      (error: unknown) => {
        if (isExpectedRefusal(error)) toast({ message: error.message, kind: "error" });
        else console.error("positions save failed", error);
      },
    );
  };

  /** Whether another position fits the plan; if not, the plan's words are shown. */
  const canAdd = (): boolean => {
    if (positions.length >= data.positionLimit) {
      if (data.plan === "Elite Plan") toast({ message: REFUSAL_MESSAGES.elitePositions, kind: "error" });
      else
        toast({
          message: REFUSAL_MESSAGES.proPositions,
          kind: "error",
          durationMs: WHEEL_TIMING.positionLimitToast,
          action: { label: "View Pricing", href: "/pricing" },
        });
      return false;
    }
    return true;
  };

  return { positions, ledgerLots, basisChoice, screened, storePositions, changeBasis, canAdd };
}
