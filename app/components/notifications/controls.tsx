// The preference controls: an on/off switch, a number field that commits a valid value on blur or Enter, a
// threshold's fieldset and the Elite-only note.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { Field } from "#app/components/ui/Field.tsx";

/** A preferences section's card and heading. */
export const card = "rounded-xl border border-ink-700 bg-ink-900 p-4 sm:p-5";
export const sectionHeading = "text-sm font-semibold text-white";

export function Switch({
  checked,
  onChange,
  label: text,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={text}
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-50 ${checked ? "bg-brand-500" : "bg-ink-600"}`}
    >
      <span
        className={`inline-block h-5 w-5 rounded-full bg-white transition ${checked ? "translate-x-5" : "translate-x-0.5"}`}
      />
    </button>
  );
}

export function EliteOnly() {
  return (
    <p className="mt-1 text-xs text-amber-300">
      {REFUSAL_MESSAGES.notificationCustomTiming}.{" "}
      <Link to="/pricing?highlight=notifications" className="underline hover:text-amber-200">
        Upgrade to Elite
      </Link>
    </p>
  );
}

/** One threshold's fieldset: its on/off switch in the legend, its number fields below. */
export function ThresholdGroup({
  title,
  switchLabel,
  enabled,
  onToggle,
  children,
}: {
  title: string;
  switchLabel: string;
  enabled: boolean;
  onToggle: (enabled: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="flex items-center gap-2 text-sm text-white">
        <Switch checked={enabled} label={switchLabel} onChange={onToggle} /> {title}
      </legend>
      {children}
    </fieldset>
  );
}

export function NumberField({
  id,
  text,
  value,
  range,
  disabled,
  suffix,
  onCommit,
}: {
  id: string;
  text: string;
  value: number;
  range: { min: number; max: number; step: number };
  disabled?: boolean;
  suffix?: string;
  onCommit: (v: number) => void;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const n = Number(draft);
  const valid =
    draft.trim() !== "" &&
    Number.isFinite(n) &&
    n >= range.min &&
    n <= range.max &&
    Math.abs(n / range.step - Math.round(n / range.step)) < 1e-9;
  const commit = () => {
    if (valid && n !== value) onCommit(n);
    if (!valid) setDraft(String(value));
  };
  return (
    <Field
      id={id}
      label={text}
      suffix={suffix}
      type="number"
      inputMode="decimal"
      min={range.min}
      max={range.max}
      step={range.step}
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === "Enter" && commit()}
      error={valid ? null : `${range.min} to ${range.max}, step ${range.step}`}
      controlClassName="w-24"
    />
  );
}
