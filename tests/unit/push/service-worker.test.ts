// The push-only service worker's script, run against a stand-in of the worker's global scope: what a push shows,
// where a click goes (an open tab of that page is focused, another tab of the app navigates, else a window opens),
// that only this origin's paths are opened, and that it installs no fetch handler.
import { describe, expect, it } from "vitest";
import { SERVICE_WORKER_SOURCE } from "#app/server/push/service-worker.server.ts";

type Listener = (event: Record<string, unknown>) => void;

function runWorker(windows: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const actions: string[] = [];
  const waits: Promise<unknown>[] = [];
  const client = (url: string) => ({
    url,
    focus: async () => {
      actions.push(`focus ${url}`);
      return undefined;
    },
    navigate: async (to: string) => {
      actions.push(`navigate ${url} -> ${to}`);
    },
  });
  const self = {
    location: { origin: "https://wheelhouse.example" },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows.map((w) => client(w.url)),
      openWindow: async (url: string) => {
        actions.push(`open ${url}`);
      },
    },
  };
  new Function("self", SERVICE_WORKER_SOURCE)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { listeners, shown, actions, dispatch };
}

const pushEvent = (data: unknown) => ({
  data: { json: () => data, text: () => JSON.stringify(data) },
});
const clickEvent = (url: unknown) => ({ notification: { data: { url }, close: () => undefined } });

describe("the push service worker", () => {
  it("handles push and notificationclick only (no fetch handler)", () => {
    const { listeners } = runWorker();
    expect([...listeners.keys()].sort()).toEqual(["activate", "install", "notificationclick", "push"]);
  });

  it("shows the alert's title, its reason and the quote time", async () => {
    const w = runWorker();
    await w.dispatch(
      "push",
      pushEvent({
        title: "Profit target reached: SPY bull put",
        body: "Worth $0.61 to close, 52% of the $1.27 credit kept (target 50%)",
        quoteTime: "Dec 3, 2:35 PM ET",
        url: "/positions#p-1",
        tag: "position:p-1:profit",
      }),
    );
    expect(w.shown).toEqual([
      {
        title: "Profit target reached: SPY bull put",
        options: expect.objectContaining({
          body: "Worth $0.61 to close, 52% of the $1.27 credit kept (target 50%)\nQuote time: Dec 3, 2:35 PM ET",
          tag: "position:p-1:profit",
          data: { url: "/positions#p-1" },
        }),
      },
    ]);
  });

  it("a click focuses the tab already on that page", async () => {
    const w = runWorker([{ url: "https://wheelhouse.example/positions#p-1" }]);
    await w.dispatch("notificationclick", clickEvent("/positions#p-1"));
    expect(w.actions).toEqual(["focus https://wheelhouse.example/positions#p-1"]);
  });

  it("a click takes another tab of the app there, or opens a window when none is open", async () => {
    const open = runWorker([{ url: "https://wheelhouse.example/spreads" }]);
    await open.dispatch("notificationclick", clickEvent("/positions"));
    expect(open.actions).toEqual([
      "navigate https://wheelhouse.example/spreads -> https://wheelhouse.example/positions",
      "focus https://wheelhouse.example/spreads",
    ]);
    const none = runWorker([{ url: "https://elsewhere.example/" }]);
    await none.dispatch("notificationclick", clickEvent("/positions"));
    expect(none.actions).toEqual(["open https://wheelhouse.example/positions"]);
  });

  it("opens only this origin's paths", async () => {
    for (const url of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", 42]) {
      const w = runWorker();
      await w.dispatch("notificationclick", clickEvent(url));
      expect(w.actions, String(url)).toEqual(["open https://wheelhouse.example/notifications"]);
    }
  });
});
