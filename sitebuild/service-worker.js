// Rules Tutor's static site: JupyterLite's service worker, extended to keep the site for
// offline visits. The build writes this file as the site's service-worker.js (the one the
// pages register: JupyterLite registers service-worker.js at the site's root and unregisters
// any other worker there), fills in BUILD and PAGES, and keeps JupyterLite's own worker beside
// it as jupyterlite-service-worker.js, loaded at the end: its answers for the kernel's drive,
// stdin and heartbeat (/api/...) stay JupyterLite's.
//
// What this part does: every GET of the site's own files is answered from a cache of this
// build once fetched, so a second visit downloads nothing and works offline:
//   - a page (.html, a folder): from the network while online (a new deploy is seen at once),
//     else from the cache;
//   - everything else (Pyodide, the wheels, the scripts): from this build's cache, else from
//     the network (and kept); offline, from any kept build.
// The page tells the worker when its kernel is live ({type: "keep-course", loaded: [what the
// page loaded before the worker took charge of it]}); the worker then keeps those and fetches
// the course's other pages one by one, so that any lesson opens offline afterwards (the page
// does not ask when the browser asks to save data). The app's own modules (static/tutor/,
// ~0.3 MB) are kept as the worker installs. Nothing from another origin is fetched or kept.
// A new build's worker keeps the previous build's cache (a page still open may need it) and
// deletes older ones.
// (in a function of its own: JupyterLite's worker declares names of its own at the top level)
(() => {
  const BUILD = "__BUILD__"; // the build's time and digest: a new build is a new cache
  const PAGES = __PAGES__; // the course's pages, relative to this file
  const APP = __APP__; // the app's own modules and styles (small), kept as the worker installs
  const PREFIX = "rules-tutor-site-";
  const CACHE = PREFIX + BUILD;
  const ROOT = new URL("./", self.location.href);

  // JupyterLite's own requests to its worker (answered by jupyterlite-service-worker.js)
  function jupyterLites(url) {
    return url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/")
      || url.pathname.endsWith("/api/service-worker-heartbeat");
  }

  function isPage(url) {
    return url.pathname.endsWith("/") || url.pathname.endsWith(".html");
  }

  const keyOf = (url) => url.origin + url.pathname; // ?lang=, ?step= ... are the same file

  // ``answer`` kept under ``key``; what ``later`` is given to wait for (the page gets the
  // answer at once, streaming: a wasm compiles as it arrives, while the copy is written)
  function keep(cache, key, answer, later) {
    if (answer.ok && answer.type === "basic" && !answer.redirected) later(cache.put(key, answer.clone()));
    return answer;
  }

  async function answer(request, url, later) {
    const cache = await caches.open(CACHE);
    const key = keyOf(url);
    if (!isPage(url)) {
      const kept = await cache.match(key);
      if (kept) return kept;
    }
    try {
      return keep(cache, key, await fetch(request), later);
    } catch (error) {
      const kept = await caches.match(key); // offline: this build's, else an older one's
      if (kept) return kept;
      throw error;
    }
  }

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    const url = new URL(request.url);
    if (request.method !== "GET" || url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)
        || jupyterLites(url)) return; // JupyterLite's worker (below) answers, or the browser does
    event.stopImmediatePropagation(); // JupyterLite's own listener would answer it again
    event.respondWith(answer(request, url, (promise) => event.waitUntil(promise.catch(() => {}))));
  });

  // once a page is live: what it loaded before this worker took charge of it (the browser's
  // own cache has it), then the course's other pages, one by one (then any lesson opens
  // offline); nothing already kept is fetched again
  async function keepCourse(loaded) {
    const mine = (href) => { const url = new URL(href, ROOT); return url.origin === ROOT.origin && url.pathname.startsWith(ROOT.pathname) && !jupyterLites(url); };
    const had = Array.isArray(loaded) ? loaded.filter((href) => typeof href === "string" && mine(href)) : [];
    return keepAll([...had, ...inOrder(had)]);
  }

  // the course's pages, those a learner on this visit opens next first: the course page,
  // free play and drills, then the pages of the games the visit is in (the rest after; a
  // first visit on a slow link that went offline after a minute had Canyon's lessons kept,
  // the first alphabetically, and not the course page nor the next lesson of its own game)
  function inOrder(had) {
    const games = new Set(had.map((href) => new URL(href, ROOT).pathname.split("/").pop().split("-")[0]));
    const rank = (page) => {
      const name = page.split("/").pop();
      if (name === "index.html") return 0;
      if (/-(play|drills)\.html$/.test(name)) return 1;
      return games.has(name.split("-")[0]) ? 2 : 3;
    };
    return PAGES.map((page, i) => [rank(page), i, page]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((e) => e[2]);
  }

  // ``wanted`` kept, one by one, but what is kept already; offline, the rest is left to a
  // later visit. True once all are kept.
  async function keepAll(wanted) {
    const cache = await caches.open(CACHE);
    let all = true;
    for (const href of wanted) {
      const url = new URL(href, ROOT);
      if (await cache.match(keyOf(url))) continue;
      try {
        let writing = null;
        keep(cache, keyOf(url), await fetch(url.href, { credentials: "same-origin" }), (put) => { writing = put; });
        if (writing) await writing; else all = false; // (not kept: the host said no)
      } catch (error) {
        return false; // offline again: the next visit goes on
      }
    }
    return all;
  }

  self.addEventListener("message", (event) => {
    if (event.data && event.data.type === "keep-course") {
      // the page that asked is told once all is kept (it then says the course works offline)
      const port = event.ports && event.ports[0];
      event.waitUntil(keepCourse(event.data.loaded).then((all) => {
        if (port) port.postMessage({ type: "kept", all });
      }));
    }
  });

  // The app's modules are loaded only once Python runs the page's app: a first visit that
  // went offline before then had Python (its runtime is fetched at once) but not its app, and
  // the page said so. They are kept now; one that cannot be had is left to a later visit.
  self.addEventListener("install", (event) => event.waitUntil(keepAll(APP)));

  self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
      const ours = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE).sort();
      await Promise.all(ours.slice(0, -1).map((name) => caches.delete(name))); // keep the previous build's
    })());
  });
})();

importScripts("./jupyterlite-service-worker.js");
