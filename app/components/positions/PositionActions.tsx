// Close, expired, roll and void (decision 334): each a small form in a dialog, sent through the page's writer.
// A roll closes the position at a debit and opens the new legs at a credit, linked to it.
import { useState } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { formatDecimal } from "#app/lib/format.ts";
import type { PositionChange, PositionRecord } from "#app/lib/positions/client.ts";
import { FormError, type FormErrorState } from "#app/components/positions/FormError.tsx";
import { LegFields } from "#app/components/positions/LegFields.tsx";
import { ACTION_TEXT } from "#app/components/positions/text.ts";
import { legsFromForm, numberOf } from "#app/components/positions/took-this.ts";
import type { SendChange } from "#app/components/positions/use-position-change.ts";

type ActionName = "close" | "expire" | "roll" | "void";

const NOTES: Partial<Record<ActionName, string>> = {
  expire: ACTION_TEXT.expireNote,
  roll: ACTION_TEXT.rollNote,
  void: ACTION_TEXT.voidNote,
};

/** The change a form describes. */
function changeOf(name: ActionName, position: PositionRecord, form: FormData): PositionChange {
  const positionId = position.id;
  const text = (k: string) => String(form.get(k) ?? "");
  switch (name) {
    case "close":
      return {
        action: "close",
        positionId,
        closedOn: text("closedOn"),
        closeDebit: numberOf(form.get("closeDebit")),
      };
    case "expire":
      return { action: "expire", positionId, on: text("on") };
    case "roll":
      return {
        action: "roll",
        positionId,
        closedOn: text("closedOn"),
        closeDebit: numberOf(form.get("closeDebit")),
        legs: legsFromForm(form, position.legs.length),
        openCredit: numberOf(form.get("openCredit")),
        contracts: numberOf(form.get("contracts")),
      };
    case "void":
      return text("reason")
        ? { action: "void", positionId, reason: text("reason") }
        : { action: "void", positionId };
  }
}

function ActionForm({
  name,
  position,
  today,
  costToClose,
  send,
  onDone,
}: {
  name: ActionName;
  position: PositionRecord;
  today: string;
  costToClose: number | null;
  send: SendChange;
  onDone: () => void;
}) {
  const [error, setError] = useState<FormErrorState | null>(null);
  const [busy, setBusy] = useState(false);
  const text = ACTION_TEXT[name];
  const debit = costToClose === null ? "" : formatDecimal(Math.max(0, costToClose), 2);
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    const result = await send(changeOf(name, position, new FormData(e.currentTarget)));
    setBusy(false);
    if (result.ok) onDone();
    else setError({ message: result.message, upgrade: result.upgrade });
  };
  const closing = name === "close" || name === "roll";
  return (
    <Dialog title={text.title} subtitle={NOTES[name]} onClose={onDone} testId={`${name}-dialog`}>
      <form onSubmit={submit} aria-label={text.title} noValidate>
        <div className="grid grid-cols-2 gap-3">
          {closing ? (
            <>
              <Field label="Closed on" name="closedOn" type="date" defaultValue={today} max={today} />
              <Field label="Debit per share" name="closeDebit" inputMode="decimal" defaultValue={debit} />
            </>
          ) : null}
          {name === "expire" ? (
            <Field label="Expired on" name="on" type="date" defaultValue={position.expiration} />
          ) : null}
          {name === "roll" ? (
            <>
              <Field label="New credit per share" name="openCredit" inputMode="decimal" />
              <Field
                label="Contracts"
                name="contracts"
                inputMode="numeric"
                defaultValue={String(position.contracts)}
              />
            </>
          ) : null}
          {name === "void" ? (
            <Field
              label="Reason (optional)"
              name="reason"
              maxLength={200}
              className="col-span-2 flex flex-col gap-1"
            />
          ) : null}
        </div>
        {name === "roll" ? <LegFields legs={position.legs} /> : null}
        <FormError error={error} />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onDone}>
            {ACTION_TEXT.cancel}
          </Button>
          <Button type="submit" variant={name === "void" ? "danger" : "primary"} disabled={busy}>
            {busy ? ACTION_TEXT.saving : text.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function PositionActions({
  position,
  today,
  costToClose,
  send,
}: {
  position: PositionRecord;
  today: string;
  /** The mark's cost to close per share (natural), the close's prefill; null without a mark. */
  costToClose: number | null;
  send: SendChange;
}) {
  const [open, setOpen] = useState<ActionName | null>(null);
  const names: ActionName[] = ["close", "roll", "expire", "void"];
  return (
    <div className="flex flex-wrap gap-2">
      {names.map((name) => (
        <Button
          key={name}
          size="sm"
          variant={name === "void" ? "ghost" : "secondary"}
          onClick={() => setOpen(name)}
          aria-label={`${ACTION_TEXT[name].button} ${position.symbol}`}
        >
          {ACTION_TEXT[name].button}
        </Button>
      ))}
      {open ? (
        <ActionForm
          name={open}
          position={position}
          today={today}
          costToClose={costToClose}
          send={send}
          onDone={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
