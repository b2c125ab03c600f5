import { useCallback, useEffect, useRef, useState } from "react";
import {
  popupFeatures,
  SHARE_TARGETS,
  SHARE_TEXT,
  SHARE_TIMING,
  shareTargetUrl,
  shouldFallBackToDialog,
} from "../../lib/share";
import { useToast } from "../shell/Toaster";
import { trapTabKey } from "../ui/dialog-focus";
import { useModalOnMount } from "../ui/modal-on-mount";

export interface SharePayload {
  url: string;
  title: string;
  /** One line for the networks that take text with the link. */
  text: string;
}

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error("clipboard unavailable");
  await navigator.clipboard.writeText(text);
}

/**
 * Share a link (spec 001 "Sharing"): the native share sheet first; the dialog when there is none or it
 * fails for a reason other than the user cancelling. Returns the share function and the dialog to render.
 * `copyFailed`: the spec words a failed copy differently on trades ('Please try manually.') and in the wheel
 * share modal ('Please copy manually.').
 */
export function useShare(
  copyFailed: string = SHARE_TEXT.copyFailed,
): [(payload: SharePayload) => Promise<void>, React.ReactNode] {
  const [payload, setPayload] = useState<SharePayload | null>(null);
  const share = useCallback(async (p: SharePayload) => {
    if (typeof navigator !== "undefined" && typeof navigator.share === "function") {
      try {
        await navigator.share({ url: p.url, title: p.title, text: p.text });
        return;
      } catch (error) {
        if (!shouldFallBackToDialog(error)) return;
      }
    }
    setPayload(p);
  }, []);
  const dialog = payload ? (
    <ShareDialog payload={payload} copyFailed={copyFailed} onClose={() => setPayload(null)} />
  ) : null;
  return [share, dialog];
}

/** The share dialog: five networks in 600x400 popups, Open Link in a new tab, and a copy-link button. */
export function ShareDialog({
  payload,
  copyFailed,
  onClose,
}: {
  payload: SharePayload;
  copyFailed: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  useModalOnMount(ref);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), SHARE_TIMING.copiedMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const openPopup = (href: string) => {
    window.open(href, "_blank", popupFeatures(window.screen ?? null));
  };
  const onCopy = async () => {
    try {
      await copyText(payload.url);
      setCopied(true);
      toast({ message: SHARE_TEXT.copied, kind: "success", durationMs: SHARE_TIMING.messageMs });
    } catch {
      toast({ message: copyFailed, kind: "error", durationMs: SHARE_TIMING.messageMs });
    }
  };

  return (
    <dialog
      ref={ref}
      onKeyDown={trapTabKey}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (e.target === ref.current) ref.current?.close();
      }}
      aria-labelledby="share-dialog-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-ink-600 bg-ink-850 p-0 text-slate-100 backdrop:bg-black/60"
      data-testid="share-dialog"
    >
      <div className="p-5">
        <div className="mb-4 flex items-start justify-between gap-3">
          <h2 id="share-dialog-title" className="text-lg font-semibold text-white">
            {SHARE_TEXT.dialogTitle}
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={() => ref.current?.close()}
            className="rounded px-2 text-xl leading-none text-slate-400 hover:text-white"
          >
            ×
          </button>
        </div>
        <p className="mb-4 text-sm text-slate-300">{payload.title}</p>
        <div className="grid grid-cols-3 gap-2">
          {SHARE_TARGETS.map((t) => (
            <button
              key={t.id}
              type="button"
              onClick={() => openPopup(shareTargetUrl(t.id, payload.url, payload.text))}
              className="rounded-lg border border-ink-600 bg-ink-800 px-3 py-2 text-sm hover:border-brand-500"
            >
              {t.label}
            </button>
          ))}
          <a
            href={payload.url}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg border border-ink-600 bg-ink-800 px-3 py-2 text-center text-sm hover:border-brand-500"
          >
            {SHARE_TEXT.openLink}
          </a>
        </div>
        <div className="mt-4 flex gap-2">
          <label htmlFor="share-link" className="sr-only">
            Share link
          </label>
          <input
            id="share-link"
            readOnly
            value={payload.url}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-900 px-3 py-2 text-sm text-slate-200"
          />
          <button
            type="button"
            onClick={onCopy}
            className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-ink-950 hover:bg-brand-400"
          >
            {copied ? SHARE_TEXT.copiedShort : SHARE_TEXT.copyLink}
          </button>
        </div>
      </div>
    </dialog>
  );
}
