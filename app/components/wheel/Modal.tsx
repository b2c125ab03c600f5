import { useEffect, useId, useRef } from "react";
import { trapTabKey } from "../ui/dialog-focus";
import { useModalOnMount } from "../ui/modal-on-mount";

/**
 * A modal on the native <dialog> (showModal: the rest of the page is inert, so focus stays inside, and
 * Escape closes). Page scroll is locked while open; focus returns to what had it before.
 */
export function Modal({
  title,
  onClose,
  children,
  wide = false,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  wide?: boolean;
  testId?: string;
}) {
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
        // A click on the backdrop (the dialog element itself, outside its panel) closes.
        if (e.target === ref.current) onClose();
      }}
      className={`m-auto max-h-[92vh] w-[calc(100%-1.5rem)] overflow-y-auto rounded-xl border border-ink-600 bg-ink-900 p-0 text-slate-200 shadow-2xl backdrop:bg-black/70 ${wide ? "max-w-3xl" : "max-w-lg"}`}
    >
      <div className="flex items-center justify-between border-b border-ink-700 px-4 py-3 sm:px-5">
        <h2 id={titleId} className="text-lg font-semibold text-white">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="rounded-md p-1.5 text-slate-400 hover:bg-ink-800 hover:text-white"
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </dialog>
  );
}
