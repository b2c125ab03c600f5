// A spread entered by hand on /positions: the "I took this" dialog with nothing prefilled and no idea linked (a trade
// taken elsewhere, or from an idea no longer listed). Its code loads on first use, as on the idea cards.
import { Suspense, useState } from "react";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { newYorkDate } from "#app/engine/time.ts";
import { deferredComponent } from "#app/lib/deferred-component.ts";
import {
  HAND_TEXT,
  handEntryPrefill,
  TOOK_TEXT,
  type TookThisPrefill,
} from "#app/components/positions/took-this.ts";

const TookThisDialog = deferredComponent(() =>
  import("#app/components/positions/TookThisDialog.tsx").then((m) => m.TookThisDialog),
);

export function HandEntryButton({ onSaved }: { onSaved: () => void }) {
  const toast = useToast();
  const [prefill, setPrefill] = useState<TookThisPrefill | null>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass({ variant: "secondary", size: "sm" })}
        onClick={() => setPrefill(handEntryPrefill(newYorkDate(Date.now())))}
      >
        {HAND_TEXT.button}
      </button>
      {prefill ? (
        <Suspense fallback={null}>
          <TookThisDialog
            byHand
            prefill={prefill}
            onClose={() => setPrefill(null)}
            onSaved={() => {
              setPrefill(null);
              toast({ message: TOOK_TEXT.saved, kind: "success", durationMs: 5000 });
              onSaved();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
