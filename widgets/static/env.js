// Where the page runs, decided once, and the page's address (docs/frontend.md, "Where the page
// runs"): the tutor's page template marks the document with the front end that rendered it
// (<html data-tutor-frontend="voila"> or "voici"), a class page without a kernel marks itself
// "class"; a page without a mark is a notebook front end, where the app leaves the address alone.
// (Voila's own template, without ours, still says data-voila="voila" on its body.)
// widgets/parts/env.py decides the same for the kernel. Only the apps that own their page
// (Voila, Voici) write the address (?step=, ?lang=, ?present=) back.

const PLACES = ["voila", "voici", "class"];
let decided = null;

// "voila", "voici", "class" (a page that follows a class, without a kernel), or "notebook"
export function where() {
  if (decided) return decided;
  const marked = document.documentElement.dataset.tutorFrontend;
  if (PLACES.includes(marked)) decided = marked;
  else if (document.body && document.body.dataset.voila === "voila") decided = "voila";
  else decided = "notebook";
  return decided;
}

// The app owns the page's address: it switches views in place and keeps the address in step.
export function ownsAddress() {
  const place = where();
  return place === "voila" || place === "voici";
}

// A server runs the kernel (Voila): its kernel may be culled, the keep-alive talks to it.
export function hasServer() {
  return where() === "voila";
}

// The kernel runs in this browser (Voici's static site): nothing culls it and no server can
// be asked about it, so the keep-alive has nothing to keep alive and nothing to say.
export function kernelInBrowser() {
  return where() === "voici";
}

// A link to a page of the course as this front end serves it: Voici serves the notebook
// NAME.ipynb as NAME.html (its query and #part kept); elsewhere the link as it is.
export function pageHref(href) {
  if (where() !== "voici" || typeof href !== "string") return href;
  return href.replace(/^([^/?#:]+)\.ipynb(?=$|[?#])/, "$1.html");
}

// What the address asks for: {step, lang, present} (null when not named).
export function address() {
  const query = new URLSearchParams(window.location.search);
  const present = query.get("present");
  return {
    step: query.get("step"),
    lang: query.get("lang"),
    present: present === null ? null : ["1", "true", "yes", "on", ""].includes(present.trim().toLowerCase()),
  };
}

// The address with ``changes`` made ({name: value}; null or false removes the name).
export function addressWith(changes, base = window.location.href) {
  const url = new URL(base, window.location.href);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === false) url.searchParams.delete(name);
    else url.searchParams.set(name, value === true ? "1" : String(value));
  }
  return url;
}

// Keep ``changes`` in the address of the page shown now (only where the app owns the address).
export function keepInAddress(changes) {
  if (!ownsAddress()) return;
  const url = addressWith(changes);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
}

// The file name ``url`` ends in when it is in this page's folder (the same origin), else null.
export function nameInFolder(url) {
  const here = window.location;
  const folder = (path) => path.slice(0, path.lastIndexOf("/") + 1);
  if (url.origin !== here.origin || folder(url.pathname) !== folder(here.pathname)) return null;
  return url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
}

// The link in ``host`` a click follows as a plain click (the main button, no modifier key), or null.
export function plainLink(event, host) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey
      || event.altKey) return null;
  const link = event.target.closest && event.target.closest("a[href]");
  return link && host.contains(link) ? link : null;
}

// What this tab keeps under ``name`` (sessionStorage, as JSON), null when nothing or no storage.
export function tabKept(name) {
  try { return JSON.parse(sessionStorage.getItem(name) || "null"); } catch (error) { return null; }
}

// ``value`` kept under ``name`` in this tab; a false value forgets it (no storage: not kept).
export function keepInTab(name, value) {
  try {
    if (value) sessionStorage.setItem(name, JSON.stringify(value));
    else sessionStorage.removeItem(name);
  } catch (error) { /* no storage: a reload starts afresh */ }
}

// ``href`` carrying ?lang= when the page's address named the language: the reader chose it, so
// the links the page makes keep it ("All lessons", the next lesson).
// Voici's NAME.html for NAME.ipynb (pageHref).
export function withLang(href, lang) {
  href = pageHref(href);
  if (!address().lang || !lang) return href;
  const [path, hash] = href.split("#");
  const joined = path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(lang);
  return hash === undefined ? joined : joined + "#" + hash;
}
