// Sharing (docs/product/sharing.md#share-dialog): the share link of a trade idea, the social targets and the
// copy messages and timings. Pure, so the dialog, the share page and the tests agree.

export const SHARE_TEXT = {
  copied: "Copied to clipboard!",
  copyFailed: "Failed to copy. Please try manually.",
  copiedShort: "Copied",
  dialogTitle: "Share this trade",
  openLink: "Open Link",
  copyLink: "Copy link",
} as const;

export const SHARE_TIMING = {
  /** The link copy message: 2 s (docs/product/limits-and-timings.md#screen-timings). */
  messageMs: 2000,
  /** A copy button reads 'Copied' for 1.5 s. */
  copiedMs: 1500,
} as const;

/** Social popups open at 600x400 (docs/product/sharing.md#share-dialog). */
export const SHARE_POPUP = { width: 600, height: 400 } as const;

export type ShareTarget = "whatsapp" | "twitter" | "facebook" | "linkedin" | "telegram";
export const SHARE_TARGETS: readonly { id: ShareTarget; label: string }[] = [
  { id: "whatsapp", label: "WhatsApp" },
  { id: "twitter", label: "Twitter" },
  { id: "facebook", label: "Facebook" },
  { id: "linkedin", label: "LinkedIn" },
  { id: "telegram", label: "Telegram" },
];

/** {origin}/share/trade/{trade_unique_identifier} (docs/product/sharing.md#share-links). */
export function tradeShareUrl(origin: string, tradeId: string): string {
  return `${origin.replace(/\/+$/, "")}/share/trade/${encodeURIComponent(tradeId)}`;
}

/** The public share intents of each network, with the link (and text where the network takes one). */
export function shareTargetUrl(target: ShareTarget, url: string, text: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (target) {
    case "whatsapp":
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case "telegram":
      return `https://t.me/share/url?url=${u}&text=${t}`;
  }
}

/** window.open features of a centred 600x400 popup. */
export function popupFeatures(screen: { width: number; height: number } | null): string {
  const { width, height } = SHARE_POPUP;
  const left = screen ? Math.max(0, Math.round((screen.width - width) / 2)) : 0;
  const top = screen ? Math.max(0, Math.round((screen.height - height) / 2)) : 0;
  return `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`;
}

/**
 * After navigator.share rejects: the user closing the sheet (AbortError) ends the share; any other failure
 * (not allowed, unsupported data, ...) falls back to the dialog.
 */
export function shouldFallBackToDialog(error: unknown): boolean {
  return !(error && typeof error === "object" && "name" in error && error.name === "AbortError");
}
