// The /positions page's one writer: each change is sent at the version the page last read or wrote (a 409 is
// re-sent once at the current one, app/lib/positions/client.ts), then the loader reads the list again.
import { useCallback, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { sendPositionChange, type ChangeResult, type PositionChange } from "#app/lib/positions/client.ts";

export type SendChange = (change: PositionChange) => Promise<ChangeResult>;

export function usePositionChange(version: number): SendChange {
  const at = useRef(version);
  const revalidator = useRevalidator();
  useEffect(() => {
    at.current = version;
  }, [version]);
  return useCallback(
    async (change) => {
      const result = await sendPositionChange(change, at.current);
      if (result.ok) {
        at.current = result.version;
        await revalidator.revalidate();
      }
      return result;
    },
    [revalidator],
  );
}
