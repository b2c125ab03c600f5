// "I took this" (decision 334): the card's spread recorded in the position ledger at the fill the card showed,
// every field editable, linked to the idea by its trade id; saved through POST /api/positions. Opened by hand from
// /positions, nothing is prefilled and the strategy chosen sets the legs to fill in.
import { useState } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import { Field, SelectField } from "#app/components/ui/Field.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { sendPositionChangeFresh } from "#app/lib/positions/client.ts";
import { FormError, type FormErrorState } from "#app/components/positions/FormError.tsx";
import { LegFields } from "#app/components/positions/LegFields.tsx";
import { ACTION_TEXT, STRATEGY_NAMES } from "#app/components/positions/text.ts";
import {
  blankLegsOf,
  HAND_TEXT,
  openChangeFromForm,
  STRATEGIES,
  TOOK_TEXT,
  type TookThisPrefill,
} from "#app/components/positions/took-this.ts";
import type { SpreadStrategy } from "#app/lib/positions/client.ts";

export function TookThisDialog({
  prefill,
  onClose,
  onSaved,
  byHand = false,
}: {
  prefill: TookThisPrefill;
  onClose: () => void;
  onSaved: () => void;
  /** Entered by hand: the strategy chosen sets the blank legs. */
  byHand?: boolean;
}) {
  const [error, setError] = useState<FormErrorState | null>(null);
  const [busy, setBusy] = useState(false);
  const [strategy, setStrategy] = useState<SpreadStrategy>(prefill.strategy);
  const legs = byHand ? blankLegsOf(strategy, "") : prefill.legs;
  const words = byHand ? HAND_TEXT : TOOK_TEXT;
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    const result = await sendPositionChangeFresh(
      openChangeFromForm(new FormData(e.currentTarget), legs.length),
    );
    setBusy(false);
    // The form keeps what was typed: it is not re-rendered from the prefill.
    if (result.ok) onSaved();
    else setError({ message: result.message, upgrade: result.upgrade });
  };
  return (
    <Dialog title={words.title} subtitle={words.note} onClose={onClose} testId="took-dialog">
      <form onSubmit={submit} aria-label="Track the position" noValidate>
        <input type="hidden" name="tradeId" value={prefill.tradeId} />
        <div className="grid grid-cols-2 gap-3">
          <Field label="Symbol" name="symbol" defaultValue={prefill.symbol} maxLength={7} />
          <Field
            label="Credit per share"
            name="openCredit"
            inputMode="decimal"
            defaultValue={prefill.openCredit}
          />
          {/* The whole row: a strategy's name is too long for half a phone's width. */}
          <SelectField
            label="Strategy"
            name="strategy"
            defaultValue={prefill.strategy}
            className="col-span-2 flex flex-col gap-1"
            onChange={byHand ? (e) => setStrategy(e.currentTarget.value as SpreadStrategy) : undefined}
          >
            {STRATEGIES.map((s) => (
              <option key={s} value={s}>
                {STRATEGY_NAMES[s]}
              </option>
            ))}
          </SelectField>
          <Field
            label="Contracts"
            name="contracts"
            inputMode="numeric"
            defaultValue={String(prefill.contracts)}
          />
          <Field label="Opened on" name="openedOn" type="date" defaultValue={prefill.openedOn} />
        </div>
        {/* Keyed by the strategy: a new strategy's legs start blank rather than keep the last one's typing. */}
        <LegFields key={byHand ? strategy : "prefilled"} legs={legs} />
        <FormError error={error} />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {ACTION_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? ACTION_TEXT.saving : TOOK_TEXT.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
