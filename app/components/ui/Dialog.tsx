// The app's one modal: a native <dialog> opened with showModal (the page behind is inert, Escape cancels), a
// labelled title, Tab kept inside, page scroll locked, and focus handed back to the opener on close.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { trapTabKey } from "#app/components/ui/dialog-focus.ts";
import { useModalOnMount } from "#app/components/ui/modal-on-mount.ts";

interface DialogProps {
  /** Rendered only while open (default true): a closed dialog keeps no state. */
  open?: boolean;
  title: string;
  subtitle?: ReactNode;
  /** Escape, the close button and (when allowed) a backdrop click call it; the caller unmounts or closes. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** A click outside the panel closes; off by default so a half-filled form is not lost to a stray click. */
  closeOnBackdrop?: boolean;
  testId?: string;
}

const WIDTHS = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-3xl" } as const;

export function Dialog({ open = true, ...props }: DialogProps) {
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  title,
  subtitle,
  onClose,
  children,
  footer,
  size = "md",
  closeOnBackdrop = false,
  testId,
}: Omit<DialogProps, "open">) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // The control that opened the dialog gets focus back. Kept in a ref: under StrictMode's remount focus is
  // already inside the dialog, and the first mount's opener still holds.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (active && !dialog.contains(active)) opener.current = active;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const cancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", cancel);
    return () => {
      dialog.removeEventListener("cancel", cancel);
      document.body.style.overflow = overflow;
      if (opener.current?.isConnected) opener.current.focus();
    };
  }, []);
  useModalOnMount(ref);

  return (
    <dialog
      ref={ref}
      onKeyDown={trapTabKey}
      aria-labelledby={titleId}
      data-testid={testId}
      onClick={(e) => {
        // The dialog element itself is the backdrop (outside its panel).
        if (closeOnBackdrop && e.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${WIDTHS[size]} rounded-2xl border border-ink-700 bg-ink-900 p-0 text-slate-200 shadow-2xl backdrop:bg-black/70`}
    >
      <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-white">
            {title}
          </h2>
          {subtitle ? <p className="mt-1 text-sm text-slate-400">{subtitle}</p> : null}
        </div>
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className="-mr-2 rounded-md px-2 text-xl leading-none text-slate-400 hover:bg-ink-800 hover:text-white"
        >
          ×
        </button>
      </div>
      <div className="max-h-[70vh] overflow-y-auto px-5 py-4 sm:px-6">{children}</div>
      {footer ? (
        <div className="flex flex-wrap justify-end gap-3 border-t border-ink-700 px-5 py-4 sm:px-6">
          {footer}
        </div>
      ) : null}
    </dialog>
  );
}
