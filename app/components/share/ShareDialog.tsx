import { useCallback, useEffect, useState } from "react";
import {
  popupFeatures,
  SHARE_TARGETS,
  SHARE_TEXT,
  SHARE_TIMING,
  shareTargetUrl,
  shouldFallBackToDialog,
} from "#app/lib/share.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Dialog } from "#app/components/ui/Dialog.tsx";
import { Field } from "#app/components/ui/Field.tsx";

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
 * Share a link (docs/product/sharing.md#share-dialog): the native share sheet first; the dialog when there is
 * none or it fails for a reason other than the user cancelling. Returns the share function and the dialog to
 * render. `copyFailed`: a failed copy is worded differently on trades ('Please try manually.') and in
 * the wheel share modal ('Please copy manually.').
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
  const toast = useToast();
  const [copied, setCopied] = useState(false);

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
    <Dialog title={SHARE_TEXT.dialogTitle} onClose={onClose} closeOnBackdrop testId="share-dialog">
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
        <Field
          id="share-link"
          label="Share link"
          hideLabel
          readOnly
          value={payload.url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1"
          controlClassName="w-full text-sm"
        />
        <Button onClick={onCopy}>{copied ? SHARE_TEXT.copiedShort : SHARE_TEXT.copyLink}</Button>
      </div>
    </Dialog>
  );
}
