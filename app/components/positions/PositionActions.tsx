// Close, expired, roll, assign and void (decision 334): each a small form in a dialog, sent through the page's
// writer. A roll closes the position at a debit and opens the new legs at a credit, linked to it; an assignment
// closes it and its shares are then recorded in the wheel ledger through the wheel's API (decision 338).
import { useContext, useState } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { Field, SelectField } from "#app/components/ui/Field.tsx";
import { formatDecimal } from "#app/lib/format.ts";
import { ASSIGN_TEXT } from "#app/lib/positions/assignment.ts";
import {
  recordAssignedShares,
  type ChangeResult,
  type PositionChange,
  type PositionRecord,
} from "#app/lib/positions/client.ts";
import { ReportAssignment } from "#app/components/positions/assign-outcome.ts";
import { legLabel } from "#app/components/positions/PositionCard.tsx";
import { FormError, type FormErrorState } from "#app/components/positions/FormError.tsx";
import { LegFields } from "#app/components/positions/LegFields.tsx";
import { ACTION_TEXT } from "#app/components/positions/text.ts";
import { legsFromForm, numberOf } from "#app/components/positions/took-this.ts";
import type { SendChange } from "#app/components/positions/use-position-change.ts";

type ActionName = "close" | "expire" | "roll" | "assign" | "void";

const NOTES: Partial<Record<ActionName, string>> = {
  expire: ACTION_TEXT.expireNote,
  roll: ACTION_TEXT.rollNote,
  assign: ASSIGN_TEXT.subtitle,
  void: ACTION_TEXT.voidNote,
};

const TEXT: Record<ActionName, { button: string; title: string; submit: string }> = {
  ...ACTION_TEXT,
  assign: { button: ASSIGN_TEXT.button, title: ASSIGN_TEXT.title, submit: ASSIGN_TEXT.submit },
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
    case "assign":
      return { action: "assign", positionId, on: text("on"), leg: numberOf(form.get("leg")) };
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

/** The indexes of the position's short legs: only a short option is assigned. */
const shortLegs = (position: PositionRecord) =>
  position.legs.flatMap((l, i) => (l.side === "short" ? [i] : []));

/** After a recorded assignment: its shares into the wheel ledger, and what the page then says. */
async function handOnAssignment(result: Extract<ChangeResult, { ok: true }>) {
  const assignment = result.assignment;
  if (!assignment) return { assignment: null, added: false, refusal: null };
  const wheel = await recordAssignedShares(assignment);
  return { assignment, added: wheel.ok, refusal: wheel.ok ? null : wheel.message };
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
  const report = useContext(ReportAssignment);
  const text = TEXT[name];
  const debit = costToClose === null ? "" : formatDecimal(Math.max(0, costToClose), 2);
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    const result = await send(changeOf(name, position, new FormData(e.currentTarget)));
    setBusy(false);
    if (!result.ok) return setError({ message: result.message, upgrade: result.upgrade });
    onDone();
    if (name === "assign") report(await handOnAssignment(result));
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
          {name === "assign" ? (
            <>
              <SelectField label={ASSIGN_TEXT.leg} name="leg" defaultValue={String(shortLegs(position)[0])}>
                {shortLegs(position).map((i) => (
                  <option key={i} value={i}>
                    {legLabel(position.legs[i]!)}
                  </option>
                ))}
              </SelectField>
              <Field label={ASSIGN_TEXT.date} name="on" type="date" defaultValue={today} max={today} />
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
  const names: ActionName[] = ["close", "roll", "expire", "assign", "void"];
  return (
    <div className="flex flex-wrap gap-2">
      {names.map((name) => (
        <Button
          key={name}
          size="sm"
          variant={name === "void" ? "ghost" : "secondary"}
          onClick={() => setOpen(name)}
          aria-label={`${TEXT[name].button} ${position.symbol}`}
        >
          {TEXT[name].button}
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
