// A labelled form control with its hint and error wired for assistive technology: the control names the hint and
// the error in aria-describedby and says aria-invalid while the error shows.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

/** The look of every text input, select and textarea (also those a screen lays out itself). */
export const controlClass =
  "rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-white placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-500";

interface FieldFrame {
  label: ReactNode;
  /** Keep the label for screen readers only (the control's place says what it is). */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string | null;
  /** Classes of the wrapper. */
  className?: string;
  /** Classes added to the control (width...). */
  controlClassName?: string;
}

/** The ids and aria attributes a control needs for its label, hint and error. */
function useFieldIds(id: string | undefined, hint: unknown, error: unknown) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { controlId, hintId, errorId, describedBy, invalid: error ? true : undefined };
}

function Frame({
  controlId,
  hintId,
  errorId,
  label,
  hideLabel,
  hint,
  error,
  className,
  children,
}: FieldFrame & { controlId: string; hintId?: string; errorId?: string; children: ReactNode }) {
  return (
    <div className={className ?? "flex flex-col gap-1"}>
      <label htmlFor={controlId} className={hideLabel ? "sr-only" : "text-sm font-medium text-slate-300"}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, "className"> & {
    ref?: React.Ref<HTMLInputElement>;
    /** A unit shown after the input ("%"). */
    suffix?: ReactNode;
  };

export function Field({
  label,
  hideLabel,
  hint,
  error,
  className,
  controlClassName,
  id,
  suffix,
  ...input
}: InputFieldProps) {
  const ids = useFieldIds(id, hint, error);
  const control = (
    <input
      id={ids.controlId}
      aria-describedby={ids.describedBy}
      aria-invalid={ids.invalid}
      className={`${controlClass} ${controlClassName ?? ""}`}
      {...input}
    />
  );
  return (
    <Frame {...ids} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      {suffix ? (
        <span className="flex items-center gap-2">
          {control}
          <span className="text-slate-400">{suffix}</span>
        </span>
      ) : (
        control
      )}
    </Frame>
  );
}

type SelectFieldProps = FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, "className">;

export function SelectField({
  label,
  hideLabel,
  hint,
  error,
  className,
  controlClassName,
  id,
  children,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Frame {...ids} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <select
        id={ids.controlId}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid}
        className={`${controlClass} ${controlClassName ?? ""}`}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

type TextareaFieldProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className">;

export function TextareaField({
  label,
  hideLabel,
  hint,
  error,
  className,
  controlClassName,
  id,
  ...textarea
}: TextareaFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Frame {...ids} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <textarea
        id={ids.controlId}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid}
        className={`${controlClass} ${controlClassName ?? ""}`}
        {...textarea}
      />
    </Frame>
  );
}
