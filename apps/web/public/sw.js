// The SPA's service worker. It only shows what the server pushes and opens it when clicked;
// it caches nothing, so a new release is never hidden behind an old copy.

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The server sends `{ title, body, url, notificationId }`; anything else still shows. */
function payloadOf(event) {
  const fallback = { title: 'SMT', body: '', url: self.registration.scope };
  if (!event.data) return fallback;
  try {
    return { ...fallback, ...event.data.json() };
  } catch {
    return { ...fallback, body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      // One notification per finding: a repeated push replaces it instead of stacking.
      tag: payload.notificationId ? `notification-${payload.notificationId}` : undefined,
      icon: new URL('favicon.svg', self.registration.scope).href,
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? self.registration.scope;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url.startsWith(self.registration.scope));
      if (open) {
        await open.focus();
        return open.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
