// A policy summary in a modal <dialog>: Cancel closes it, 'I Accept' ticks the matching sign-up box.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { trapTabKey } from "../ui/dialog-focus";

interface PolicyDialogProps {
  open: boolean;
  title: string;
  fullPageHref: string;
  children: React.ReactNode;
  onCancel: () => void;
  onAccept: () => void;
}

export function PolicyDialog({ open, title, fullPageHref, children, onCancel, onAccept }: PolicyDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onKeyDown={trapTabKey}
      aria-labelledby={`${fullPageHref.slice(1)}-dialog-title`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl border border-ink-700 bg-ink-900 p-0 text-slate-200 shadow-2xl backdrop:bg-black/70"
    >
      <div className="max-h-[70vh] overflow-y-auto p-6">
        <h2 id={`${fullPageHref.slice(1)}-dialog-title`} className="text-lg font-semibold text-white">
          {title}
        </h2>
        <div className="mt-3 space-y-3 text-sm leading-relaxed text-slate-300">{children}</div>
        <Link
          to={fullPageHref}
          target="_blank"
          rel="noopener"
          className="mt-4 inline-block text-sm font-medium text-brand-400 hover:underline"
        >
          Read the full {title}
        </Link>
      </div>
      <div className="flex justify-end gap-3 border-t border-ink-700 px-6 py-4">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg px-4 py-2 text-sm font-medium text-slate-300 hover:bg-ink-800"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onAccept}
          className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-ink-950 hover:bg-brand-400"
        >
          I Accept
        </button>
      </div>
    </dialog>
  );
}
