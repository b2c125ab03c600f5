// A position's alert settings (decision 334): the management rule's numbers, editable per position on a paid plan
// (the server refuses a Free one too). The profit target is typed as a percent and sent as the share it is.
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { formatDecimal } from "#app/lib/format.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import type { PositionRecord } from "#app/lib/positions/client.ts";
import { FormError, type FormErrorState } from "#app/components/positions/FormError.tsx";
import { ALERT_TEXT, POSITIONS_TEXT } from "#app/components/positions/text.ts";
import { numberOf } from "#app/components/positions/took-this.ts";
import type { SendChange } from "#app/components/positions/use-position-change.ts";

export function AlertSettings({
  position,
  allowed,
  send,
}: {
  position: PositionRecord;
  allowed: boolean;
  send: SendChange;
}) {
  const s = position.settings;
  const [error, setError] = useState<FormErrorState | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setSaved(false);
    const result = await send({
      action: "settings",
      positionId: position.id,
      settings: {
        profitTargetShare: numberOf(form.get("profitTarget")) / 100,
        lossLimitMultiple: numberOf(form.get("lossLimit")),
        exitDte: numberOf(form.get("exitDte")),
        testedDistancePercent: numberOf(form.get("tested")),
        alerts: form.get("alerts") === "on",
      },
    });
    setBusy(false);
    if (result.ok) {
      setError(null);
      setSaved(true);
    } else setError({ message: result.message, upgrade: result.upgrade });
  };
  return (
    <details className="rounded-lg bg-ink-900 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-slate-200">
        {ALERT_TEXT.heading}: {s.alerts ? "on" : "off"}
      </summary>
      {allowed ? null : (
        <p className="mt-2 text-amber-200">
          {REFUSAL_MESSAGES.positionAlerts}.{" "}
          <Link to="/pricing" className="font-medium underline">
            {POSITIONS_TEXT.upgrade}
          </Link>
        </p>
      )}
      <form
        onSubmit={submit}
        aria-label={`${ALERT_TEXT.heading} ${position.symbol}`}
        noValidate
        className="mt-2"
      >
        <fieldset disabled={!allowed} className="grid grid-cols-2 gap-3 disabled:opacity-60">
          <Field
            label={ALERT_TEXT.profitTarget}
            name="profitTarget"
            inputMode="decimal"
            defaultValue={formatDecimal(s.profitTargetShare * 100, 0)}
          />
          <Field
            label={ALERT_TEXT.lossLimit}
            name="lossLimit"
            inputMode="decimal"
            defaultValue={String(s.lossLimitMultiple)}
          />
          <Field
            label={ALERT_TEXT.exitDte}
            name="exitDte"
            inputMode="numeric"
            defaultValue={String(s.exitDte)}
          />
          <Field
            label={ALERT_TEXT.tested}
            name="tested"
            inputMode="decimal"
            defaultValue={String(s.testedDistancePercent)}
          />
          <label className="col-span-2 flex items-center gap-2 text-slate-300">
            <input
              type="checkbox"
              name="alerts"
              defaultChecked={s.alerts}
              className="h-4 w-4 accent-brand-500"
            />
            {ALERT_TEXT.alerts}
          </label>
          <div className="col-span-2 flex items-center gap-3">
            <Button type="submit" size="sm" disabled={busy}>
              {ALERT_TEXT.save}
            </Button>
            {saved ? (
              <span role="status" className="text-emerald-300">
                {ALERT_TEXT.saved}
              </span>
            ) : null}
          </div>
        </fieldset>
        <FormError error={error} />
      </form>
    </details>
  );
}
