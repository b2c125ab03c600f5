// The /wheels favorites: one list, read by the loader, that both the hearts and the Favorite Trades panel show
// (decision 317). A heart or a Remove changes it at once; the API call follows, and a failure puts it back.
import { useCallback, useEffect, useRef, useState } from "react";
import { callApi } from "#app/lib/api-client.ts";
import type { FavoriteRecord } from "#app/lib/wheel/client.ts";
import { WHEEL_MESSAGES, type WheelStrategy, type WheelType } from "#app/lib/wheel/wheel.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";

const PENDING = "pending:";

export function useFavorites(loaded: FavoriteRecord[] | null) {
  const toast = useToast();
  const [list, setList] = useState<FavoriteRecord[]>(loaded ?? []);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const inFlight = useRef(0);
  // A new answer of the loader (a filter change, a revalidation) is the truth again once nothing is on its way.
  useEffect(() => {
    if (loaded && inFlight.current === 0) setList(loaded);
  }, [loaded]);

  const mark = (tradeId: string, on: boolean) =>
    setBusy((set) => {
      const next = new Set(set);
      if (on) next.add(tradeId);
      else next.delete(tradeId);
      return next;
    });

  const failed = useCallback(
    (what: string, status: number, message: string) => {
      // A refusal (a bad request, over the cap) is said to the user; the unexpected is logged.
      if (status >= 400 && status < 500) toast({ message, kind: "error" });
      else console.error(what, status, message);
    },
    [toast],
  );

  const remove = useCallback(
    async (f: FavoriteRecord) => {
      inFlight.current += 1;
      mark(f.trade.id, true);
      setList((l) => l.filter((x) => x.id !== f.id));
      const answer = f.id.startsWith(PENDING)
        ? null
        : await callApi(
            `/api/wheel/favorites/${encodeURIComponent(f.id)}`,
            { method: "DELETE" },
            () => "Failed to remove favorite",
          );
      inFlight.current -= 1;
      mark(f.trade.id, false);
      // A failed remove keeps the row (docs/product/wheel.md#favorites).
      if (answer && !answer.ok && answer.status !== 404) {
        setList((l) => [f, ...l.filter((x) => x.id !== f.id)]);
        failed("favorite remove failed", answer.status, answer.message);
      }
    },
    [failed],
  );

  const add = useCallback(
    async (type: WheelType, trade: WheelStrategy) => {
      const draft: FavoriteRecord = {
        id: `${PENDING}${trade.id}`,
        type,
        trade,
        savedAt: new Date().toISOString(),
      };
      inFlight.current += 1;
      mark(trade.id, true);
      setList((l) => [draft, ...l]);
      const answer = await callApi<{ favorite: FavoriteRecord }>(
        "/api/wheel/favorites",
        { method: "POST", body: { type, trade } },
        () => "Failed to save favorite",
      );
      inFlight.current -= 1;
      mark(trade.id, false);
      // Saved (201) or already saved (409, the stored id in the body): either way the heart stays full.
      const id = answer.ok ? answer.body.favorite.id : answer.status === 409 ? answer.body?.id : null;
      if (typeof id === "string") {
        setList((l) => l.map((x) => (x === draft ? { ...draft, id } : x)));
        return true;
      }
      setList((l) => l.filter((x) => x !== draft));
      if (!answer.ok) failed("favorite save failed", answer.status, answer.message);
      return false;
    },
    [failed],
  );

  /** Heart: saved or not, from the same list the panel counts. Resolves to whether it is saved now. */
  const toggle = useCallback(
    async (type: WheelType, s: WheelStrategy): Promise<boolean> => {
      const saved = list.find((f) => f.trade.id === s.id);
      if (saved) {
        await remove(saved);
        return false;
      }
      return add(type, s);
    },
    [list, add, remove],
  );

  const savedIds = new Set(list.map((f) => f.trade.id));
  return {
    list,
    savedIds,
    busy,
    toggle,
    remove,
    loadError: loaded === null ? WHEEL_MESSAGES.favoritesLoadFailed : null,
  };
}
