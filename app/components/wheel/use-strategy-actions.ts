// The actions on a strategy row that go to the API: the favorite heart and the share link.
import { useCallback, useState } from "react";
import { formatPrice } from "#app/lib/format.ts";
import {
  addFavorite,
  createShareLink,
  isExpectedRefusal,
  removeFavoriteByTrade,
  WheelApiError,
} from "#app/lib/wheel-client.ts";
import { WHEEL_MESSAGES, WHEEL_TIMING, type WheelStrategy, type WheelType } from "#app/lib/wheel.ts";
import { useShare } from "#app/components/share/ShareDialog.tsx";
import { useToast } from "#app/components/shell/Toaster.tsx";

export function useStrategyActions(savedIds: readonly string[]) {
  const toast = useToast();
  const [share, shareDialog] = useShare(WHEEL_MESSAGES.copyFailedModal);
  const [favoriteIds, setFavoriteIds] = useState(() => new Set(savedIds));
  const [favVersion, setFavVersion] = useState(0);

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

  /** A favorite removed from the favorites panel empties its heart on the table. */
  const favoriteRemoved = (id: string) =>
    setFavoriteIds((set) => {
      const next = new Set(set);
      next.delete(id);
      return next;
    });

  return { favoriteIds, favVersion, toggleFavorite, favoriteRemoved, shareStrategy, shareDialog };
}
