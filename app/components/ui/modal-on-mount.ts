// Opens a native <dialog> as a modal for as long as its component is mounted.
import { useEffect, type RefObject } from "react";

/** The part of HTMLDialogElement the lifecycle uses (a unit test drives it with a stand-in). */
export interface ModalDialogLike {
  readonly open: boolean;
  showModal(): void;
}

/**
 * The effect body: show the dialog if it is not showing. Its cleanup deliberately does NOT close the dialog.
 * React's development StrictMode runs every effect's cleanup once and then the effect again on the same DOM;
 * a close() there queues a `close` event whose handler unmounts the dialog just after it reopened (Share did
 * nothing under `npm run dev`). On a real unmount React removes the element, which takes it out of the top
 * layer without a `close` event, so nothing needs closing.
 */
export function showModalOnMount(dialog: ModalDialogLike | null): () => void {
  if (dialog && !dialog.open) dialog.showModal();
  return () => {};
}

/** Shows the dialog as a modal once mounted; safe under StrictMode's mount, unmount, mount. */
export function useModalOnMount(ref: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => showModalOnMount(ref.current), [ref]);
}
