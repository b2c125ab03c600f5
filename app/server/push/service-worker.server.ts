// The service worker's script (decision 336), served at /push-sw.js. Push only: `push` shows the alert,
// `notificationclick` opens what it is about; there is no `fetch` handler, so page loads and the edge cache never go
// through it. `install` and `activate` take over at once, so a deploy's new script replaces the old one on the next
// check (the script's answer is never cached: the browser revalidates it byte for byte).
//
// Written as the text the browser runs (plain ES2020, no imports): the app's bundler never sees it.
export const SERVICE_WORKER_SOURCE = String.raw`"use strict";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// Only a path of this origin may be opened by a click.
function samePath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/notifications";
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { title: "Wheelhouse", body: event.data ? event.data.text() : "" };
  }
  const lines = [data.body, data.quoteTime ? "Quote time: " + data.quoteTime : null].filter(Boolean);
  event.waitUntil(
    self.registration.showNotification(data.title || "Wheelhouse", {
      body: lines.join("\n"),
      tag: data.tag || undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: samePath(data.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(samePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const exact = windows.find((w) => w.url === target);
      if (exact) return exact.focus();
      const ours = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // Navigate first: a focus the browser does not allow must not keep the tab where it was.
      if (ours) return ours.navigate(target).then((w) => (w || ours).focus()).catch(() => undefined);
      return self.clients.openWindow(target);
    }),
  );
});
`;
