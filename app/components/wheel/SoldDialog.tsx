// "I sold this" (decision 270): a recommended CSP or CC recorded in the wheel ledger at the fill the row showed, every
// field editable, saved through POST /api/wheel/ledger with the same checks as the Campaigns form.
import { buttonClass } from "#app/components/ui/Button.tsx";
import { controlClass } from "#app/components/ui/Field.tsx";
import { useState } from "react";
import { Link } from "react-router";
import { ledgerInputFromForm, type RecordFormValues } from "#app/lib/wheel/ledger.ts";
import { recordLedgerEvent } from "#app/lib/wheel/client.ts";
import { Dialog } from "#app/components/ui/Dialog.tsx";

const inputClass = `${controlClass} mt-1 block w-full text-sm`;

function Field({ label, ...rest }: { label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="block text-xs text-slate-300">
      {label}
      <input className={inputClass} {...rest} />
    </label>
  );
}

export function SoldDialog({
  prefill,
  today,
  onClose,
  onSaved,
}: {
  prefill: RecordFormValues;
  today: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [error, setError] = useState<{ message: string; upgrade: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const reading = ledgerInputFromForm(new FormData(e.currentTarget));
    if (!reading.ok) return setError({ message: reading.message, upgrade: false });
    setBusy(true);
    const result = await recordLedgerEvent(reading.input);
    setBusy(false);
    if (result.ok) return onSaved();
    // The form keeps what was typed: it is not re-rendered from the prefill.
    setError({ message: result.message, upgrade: result.body?.redirectTo === "/pricing" });
  };
  const isPut = prefill.optionType === "put";
  return (
    <Dialog title={`I sold this ${isPut ? "put" : "call"}`} onClose={onClose} testId="sold-dialog">
      <form onSubmit={submit} aria-label="Record the sale" noValidate>
        <input type="hidden" name="kind" value="sell_to_open" />
        <input type="hidden" name="optionType" value={prefill.optionType} />
        <div className="grid grid-cols-2 gap-3">
          <Field label="Symbol" name="symbol" defaultValue={prefill.symbol} maxLength={7} required />
          <Field label="Trade date" name="date" type="date" defaultValue={prefill.date} max={today} />
          <Field label="Strike" name="strike" inputMode="decimal" defaultValue={prefill.strike} />
          <Field label="Expiration" name="expiration" type="date" defaultValue={prefill.expiration} />
          <Field label="Contracts" name="contracts" inputMode="numeric" defaultValue={prefill.contracts} />
          <Field label="Premium per share" name="price" inputMode="decimal" defaultValue={prefill.price} />
          <Field label="Commission ($)" name="fee" inputMode="decimal" />
        </div>
        <p className="mt-2 text-xs text-slate-500">
          Prefilled at the premium shown (its fill basis); change anything to match your broker&apos;s fill.
        </p>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-300">
            {error.message}{" "}
            {error.upgrade ? (
              <Link to="/pricing" className="underline">
                Upgrade
              </Link>
            ) : null}
          </p>
        ) : null}
        <div className="mt-3 flex justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-ink-600 px-3 py-2 text-sm text-slate-200"
          >
            Cancel
          </button>
          <button type="submit" disabled={busy} className={buttonClass()}>
            {busy ? "Saving..." : "Record in my ledger"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
