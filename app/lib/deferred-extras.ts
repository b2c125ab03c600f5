// The deferred extras (docs/product/app-shell.md#deferred-extras): speed metrics (and anything else that is
// not the page itself) load after 2 seconds or the first scroll, mouse move, click or key press, whichever
// comes first, so they never compete with the page's own loading. The chat widget is a recorded departure
// (decision 263).

/** The product's wait when nobody touches the page. */
export const DEFERRED_EXTRAS_DELAY_MS = 2000;
const FIRST_INPUT_EVENTS = ["scroll", "mousemove", "click", "keydown", "touchstart"] as const;

let started = false;

/** Runs `load` once: after the delay or on the first input, whichever is first. Returns a cancel. */
export function afterDelayOrFirstInput(load: () => void, delayMs = DEFERRED_EXTRAS_DELAY_MS): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    cancel();
    load();
  };
  const timer = setTimeout(fire, delayMs);
  const options = { passive: true, capture: true } as const;
  for (const e of FIRST_INPUT_EVENTS) window.addEventListener(e, fire, options);
  const cancel = () => {
    clearTimeout(timer);
    for (const e of FIRST_INPUT_EVENTS) window.removeEventListener(e, fire, options);
  };
  return () => {
    done = true;
    cancel();
  };
}

/** Starts the deferred extras once per page load (a client-side navigation does not restart them). */
export function startDeferredExtras(): () => void {
  if (started) return () => {};
  return afterDelayOrFirstInput(() => {
    started = true;
    // Offline the chunk may not load: the extras never surface an error.
    import("./web-vitals-client").then(
      (m) => m.startWebVitals(),
      () => {},
    );
  });
}
