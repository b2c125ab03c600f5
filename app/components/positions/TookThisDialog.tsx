// "I took this" (decision 334): the card's spread recorded in the position ledger at the fill the card showed,
// every field editable, linked to the idea by its trade id; saved through POST /api/positions.
import { useState } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import { Field, SelectField } from "#app/components/ui/Field.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { sendPositionChangeFresh } from "#app/lib/positions/client.ts";
import { FormError, type FormErrorState } from "#app/components/positions/FormError.tsx";
import { LegFields } from "#app/components/positions/LegFields.tsx";
import { ACTION_TEXT, STRATEGY_NAMES } from "#app/components/positions/text.ts";
import {
  openChangeFromForm,
  STRATEGIES,
  TOOK_TEXT,
  type TookThisPrefill,
} from "#app/components/positions/took-this.ts";

export function TookThisDialog({
  prefill,
  onClose,
  onSaved,
}: {
  prefill: TookThisPrefill;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [error, setError] = useState<FormErrorState | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    const result = await sendPositionChangeFresh(
      openChangeFromForm(new FormData(e.currentTarget), prefill.legs.length),
    );
    setBusy(false);
    // The form keeps what was typed: it is not re-rendered from the prefill.
    if (result.ok) onSaved();
    else setError({ message: result.message, upgrade: result.upgrade });
  };
  return (
    <Dialog title={TOOK_TEXT.title} subtitle={TOOK_TEXT.note} onClose={onClose} testId="took-dialog">
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
        <LegFields legs={prefill.legs} />
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
