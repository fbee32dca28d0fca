// Service worker: the whole site works offline after the first visit.
//
// This file is a template: build.py writes it to dist/sw.js with VERSION (a hash of every
// other file's content) and PRECACHE (every file it shipped) filled in, so a rebuild that
// changes anything gets a new cache, and the old one is removed once the new worker activates.
//
// Strategy: cache-first for everything precached; anything else goes to the network and is
// not stored. A new version installs in the background and waits: the page shows a "reload to
// update" banner and only sends {type: "skip-waiting"} when the player agrees, so a game is
// never interrupted.

const VERSION = /*VERSION*/ 'dev'; /*END*/
const PRECACHE = /*PRECACHE*/ []; /*END*/
const CACHE_PREFIX = 'rummy-';
const CACHE_NAME = CACHE_PREFIX + VERSION;
// The engine's memory snapshot for this version (web/worker.js makes and reads it; it is never
// served from here). Kept with this version's cache; every other version's goes with its cache.
const SNAPSHOT_CACHE = CACHE_PREFIX + 'snapshot-' + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // cache: "no-cache" revalidates with the server, so a stale HTTP-cache copy can never
      // enter a new version, yet what the first visit just downloaded comes back as a 304.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'no-cache' })));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME && name !== SNAPSHOT_CACHE).map((name) => caches.delete(name)),
      );
      // First install: take control at once so the page that installed us (and its engine
      // worker on the next start) is served from the cache. Updates only activate after the
      // player's OK, when the page reloads anyway.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  if (type === 'skip-waiting') self.skipWaiting();
  // The page asks which version serves it (the footer shows it; tests read it).
  if (type === 'version' && event.ports[0]) event.ports[0].postMessage({ version: VERSION });
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(fromCache(request, url));
});

async function fromCache(request, url) {
  const cache = await caches.open(CACHE_NAME);
  const scope = new URL(self.registration.scope).pathname;
  // The page may be opened as /?g=<link> or /index.html: both are the one cached page.
  const isPage = url.pathname === scope || url.pathname === scope + 'index.html';
  const cached = await cache.match(isPage ? './' : request, { ignoreSearch: true });
  return cached || fetch(request);
}
