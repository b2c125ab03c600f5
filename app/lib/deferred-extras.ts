// The deferred extras (docs/product/app-shell.md#deferred-extras): analytics (page views, the alias) and speed
// metrics load after 2 seconds or the first scroll, mouse move, click or key press, whichever comes first, so they
// never compete with the page's own loading. The chat widget is a recorded departure (decision 263).

/** The product's wait when nobody touches the page. */
export const DEFERRED_EXTRAS_DELAY_MS = 2000;
const FIRST_INPUT_EVENTS = ["scroll", "mousemove", "click", "keydown", "touchstart"] as const;

let started = false;
/** What waits for the extras to start (a page view, the alias): run once they do, in order. */
const waiting: (() => void)[] = [];

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

/**
 * Runs `run` once the deferred extras have started (at once if they have). Returns a cancel: a page view whose
 * page was left before then is never sent.
 */
export function whenExtrasStart(run: () => void): () => void {
  if (started) {
    run();
    return () => {};
  }
  waiting.push(run);
  return () => {
    const i = waiting.indexOf(run);
    if (i >= 0) waiting.splice(i, 1);
  };
}

/** Starts the deferred extras once per page load (a client-side navigation does not restart them). */
export function startDeferredExtras(): () => void {
  if (started) return () => {};
  return afterDelayOrFirstInput(() => {
    started = true;
    for (const run of waiting.splice(0)) run();
    // Offline the chunk may not load: the extras never surface an error.
    import("#app/lib/web-vitals-client.ts").then(
      (m) => m.startWebVitals(),
      () => {},
    );
  });
}
