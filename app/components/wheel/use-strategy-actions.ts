// The share link of a strategy row (the hearts are use-favorites.ts).
import { useCallback } from "react";
import { formatPrice } from "#app/lib/format.ts";
import { createShareLink, WheelApiError } from "#app/lib/wheel/client.ts";
import { WHEEL_MESSAGES, WHEEL_TIMING, type WheelStrategy, type WheelType } from "#app/lib/wheel/wheel.ts";
import { useShare } from "#app/components/share/ShareDialog.tsx";
import { useToast } from "#app/components/shell/Toaster.tsx";

export function useStrategyActions() {
  const toast = useToast();
  const [share, shareDialog] = useShare(WHEEL_MESSAGES.copyFailedModal);

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

  return { shareStrategy, shareDialog };
}
