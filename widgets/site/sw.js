// Rules Tutor's static site: the service worker that keeps the site for offline visits.
// Registered by every page (share/jupyter/voila/templates/tutor, the Voici part).
// Every request to the site's own origin is answered from the network when it can be and
// kept in the cache; offline, the cache answers. The runtime and wheels (large, and named
// by version) are answered from the cache first, so a second visit does not download them
// again. Nothing from another origin is ever fetched or kept.
const CACHE = "rules-tutor-site-v1";
const IMMUTABLE = /\/static\/pyodide\/|\/voici\/build\/|\/extensions\//;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const key = url.origin + url.pathname;  // ?lang=, ?step= ... are the same page
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (IMMUTABLE.test(url.pathname)) {
      const kept = await cache.match(key);
      if (kept) return kept;
    }
    try {
      const answer = await fetch(request);
      if (answer.ok && answer.type === "basic") await cache.put(key, answer.clone());
      return answer;
    } catch (error) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw error;
    }
  })());
});
