import { createElement, lazy, type ComponentType } from "react";

/**
 * A component whose code the browser loads on demand instead of with the page (decision 185): when first rendered,
 * or at once with `eager` (still beside the page, not before its first paint). The server starts loading it when
 * this module runs, so a page renders it in place: React.lazy there would make the server stream it late and shift
 * the page.
 */
export function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { eager = false }: { eager?: boolean } = {},
): ComponentType<P> {
  if (!import.meta.env.SSR) {
    const loading = eager ? load() : null;
    return lazy(async () => ({ default: await (loading ?? load()) }));
  }
  let loaded: ComponentType<P> | null = null;
  const loading = load().then((component) => (loaded = component));
  return function Deferred(props: P) {
    // Suspends only if a request arrives before the module has loaded.
    if (!loaded) throw loading;
    return createElement(loaded, props);
  };
}
