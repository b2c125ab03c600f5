// The share dialog under React's development StrictMode: the effect runs, its cleanup runs, and the effect
// runs again on the same <dialog>. A cleanup that closed the dialog queued a `close` event whose handler
// (ShareDialog's onClose) unmounted the dialog just after it reopened: Share did nothing under `npm run dev`.
import { describe, expect, it } from "vitest";
import { showModalOnMount, type ModalDialogLike } from "#app/components/ui/modal-on-mount.ts";

/** A <dialog> stand-in: close() fires `close` on a later task, as the browser does. */
function fakeDialog(onCloseEvent: () => void) {
  const pending: (() => void)[] = [];
  const dialog = {
    open: false,
    shown: 0,
    showModal() {
      if (this.open) throw new Error("InvalidStateError: already open");
      this.open = true;
      this.shown += 1;
    },
    close() {
      if (!this.open) return;
      this.open = false;
      pending.push(onCloseEvent);
    },
  };
  const flushEvents = () => pending.splice(0).forEach((fire) => fire());
  return { dialog, flushEvents };
}

describe("showModalOnMount", () => {
  it("stays open through StrictMode's mount, cleanup, mount", () => {
    let closedByEvent = 0;
    const { dialog, flushEvents } = fakeDialog(() => (closedByEvent += 1));
    const asDialog = dialog as ModalDialogLike & { close(): void };
    // StrictMode in development: effect, cleanup, effect.
    const cleanup = showModalOnMount(asDialog);
    cleanup();
    showModalOnMount(asDialog);
    flushEvents();
    expect(dialog.open).toBe(true);
    expect(closedByEvent).toBe(0);
    expect(dialog.shown).toBe(1);
  });

  it("opens once and tolerates no element", () => {
    const { dialog } = fakeDialog(() => {});
    showModalOnMount(dialog);
    showModalOnMount(dialog);
    expect(dialog.shown).toBe(1);
    expect(() => showModalOnMount(null)()).not.toThrow();
  });
});
