// Form pieces shared by the auth screens (sign-in, sign-up, reset, change password, admin).
import { useEffect, useRef, useState } from "react";
import { Button, buttonClass } from "#app/components/ui/Button.tsx";
import { controlClass } from "#app/components/ui/Field.tsx";

/** False during SSR and the first client render: disabled states apply only once JS runs, so the
 * forms still submit (and the server still answers with the product's messages) without JavaScript. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md py-6 sm:py-12">
      <div className="rounded-2xl border border-ink-700 bg-ink-900/80 p-6 shadow-2xl shadow-black/40 sm:p-8">
        <h1 className="text-center text-2xl font-semibold tracking-tight text-white">{title}</h1>
        {subtitle ? <p className="mt-2 text-center text-sm text-slate-400">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

interface TextFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "className"> {
  label: string;
  name: string;
  hint?: string;
}

export function TextField({ label, name, hint, id, ...input }: TextFieldProps) {
  const fieldId = id ?? `field-${name}`;
  const ref = useRef<HTMLInputElement>(null);
  // What someone typed before the page hydrated is in the field but not in the form's state, and the submit
  // button (enabled by that state) would stay disabled beside a filled field: hand the text over once.
  const { value, onChange } = input;
  useEffect(() => {
    const el = ref.current;
    if (el && onChange && typeof value === "string" && el.value !== value)
      onChange({ target: el, currentTarget: el } as React.ChangeEvent<HTMLInputElement>);
    // Only at hydration: afterwards React keeps field and state in step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-300">
        {label}
      </label>
      <input
        ref={ref}
        id={fieldId}
        name={name}
        aria-describedby={hint ? `${fieldId}-hint` : undefined}
        className={`mt-1 block w-full ${controlClass}`}
        {...input}
      />
      {hint ? (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FormMessage({
  error,
  success,
  info,
}: {
  error?: string | null;
  success?: string | null;
  info?: string | null;
}) {
  if (error)
    return (
      <p
        role="alert"
        data-testid="form-error"
        className="rounded-lg border border-red-500/40 bg-red-950/60 px-3 py-2 text-sm text-red-200"
      >
        {error}
      </p>
    );
  if (success)
    return (
      <p
        role="status"
        className="rounded-lg border border-emerald-500/40 bg-emerald-950/60 px-3 py-2 text-sm text-emerald-200"
      >
        {success}
      </p>
    );
  if (info)
    return (
      <p
        role="status"
        className="rounded-lg border border-sky-500/40 bg-sky-950/50 px-3 py-2 text-sm text-sky-200"
      >
        {info}
      </p>
    );
  return null;
}

/** An auth form's submit button: the primary Button, full width. */
export function PrimaryButton({
  children,
  ...props
}: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "className">) {
  return (
    <Button type="submit" size="lg" block {...props}>
      {children}
    </Button>
  );
}

export function SecondaryLinkButton({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} className={buttonClass({ variant: "secondary", size: "lg", block: true })}>
      {children}
    </a>
  );
}

export function Divider({ label }: { label: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
      <span className="h-px flex-1 bg-ink-700" />
      {label}
      <span className="h-px flex-1 bg-ink-700" />
    </div>
  );
}
