// The session's heartbeat and what a page says when its kernel is gone (widgets/serving/keepalive.py
// says what it is for). The app (app.js) runs it once per page, on the app's KeepAlive model.
//
// At once: the page's own kernel connection (Voila's widget manager holds it) says when the
// kernel died or was restarted (a restarted kernel has none of this page's widgets) and when its
// websocket closed: then the server is asked (GET api/kernels/<id>): 404, or a kernel it
// restarted ("restarts", widgets/serving/server.py), is gone; no answer: unreachable; a kernel
// still there gets a heartbeat (a network blip).
// And the heartbeat, for what no signal tells: while the page is visible, every `interval` s, at
// once when the tab comes back, and on a click or key after a pause. Not answered within
// PONG_WAIT ms, the server is asked: busy (a computer player thinking): again later; silent:
// once more with a longer wait (a server under load), then gone.
// Gone or unreachable: one sentence and reload links to what the learner sees then (the view's
// address, app.js; the lesson's data-step), followed while the page goes on without its kernel.
// Not while the page is being left (its kernel is shut down on purpose).
import { hasServer, keepInTab, kernelInBrowser, tabKept } from "./env.js";
import { el, listen } from "./ui.js";

const PONG_WAIT = 4000; // ms a heartbeat may wait for its answer
const PAUSE = 5000; // ms after the last answer before a click sends a heartbeat
const STORE = "rules-tutor:saved:"; // sessionStorage key prefix (+ the page's path)
// "reload from the last saved position" asks for ?restore=saved: a query, not a #fragment,
// since a link that changes only the fragment does not reload the page
const RESTORE = "restore";

function pageConfig() {
  try {
    return JSON.parse(document.getElementById("jupyter-config-data").textContent);
  } catch (error) { return {}; }
}

// A page served with its kernel (Voila) only: JupyterLab shows its kernel's state itself, and
// a page whose kernel runs in the browser (Voici) has no server to ask.
function served() {
  return hasServer() && !!pageConfig().kernelId;
}

async function kernelState() {
  const config = pageConfig();
  const base = config.baseUrl || "/";
  try {
    const reply = await fetch(`${base}api/kernels/${config.kernelId}`,
                              { cache: "no-store", credentials: "same-origin" });
    if (!reply.ok) return "gone"; // 404: culled or shut down; 403: signed out
    const model = await reply.json();
    if (model.restarts > 0) return "gone"; // restarted by the server: none of this page's widgets
    return model.execution_state === "busy" ? "busy" : "silent";
  } catch (error) {
    return "unreachable";
  }
}

// the last game saved on this page, kept in this tab (storage refused: nothing to offer later)
const remembered = () => tabKept(STORE + window.location.pathname) || "";

function reloadAt(step, base = window.location.href) {
  const url = new URL(base, window.location.href);
  url.hash = "";
  if (step !== null && step !== undefined) url.searchParams.set("step", String(step));
  return url.toString();
}

// What the learner sees in the app's element ``host`` now: {step, address}. The step the
// lesson view shows (its data-step; null for a view without steps), undefined when no view is
// drawn (the widget manager removed it: then what was seen last stands). The address is the
// page's, unless the app is switching to another view (it is busy, the address already names
// the view asked for): then the address of the view still drawn.
function seenIn(host) {
  const view = host && host.querySelector(".tutor-view");
  if (!view || !view.firstElementChild) return undefined;
  const lesson = view.querySelector(".tp-page[data-step]");
  const step = lesson ? Number(lesson.dataset.step) : null;
  const switching = host.classList.contains("tutor-app-busy") && host.dataset.address;
  return { step: Number.isInteger(step) ? step : null,
           address: switching ? host.dataset.address : window.location.href };
}

// The page's own connection to its kernel (Voila's widget manager holds it), or null.
function connectionOf(model) {
  try {
    const kernel = model.widget_manager && model.widget_manager.kernel;
    return kernel && kernel.statusChanged && kernel.connectionStatusChanged ? kernel : null;
  } catch (error) { return null; }
}

// The banner hangs on the page's body, not in the widget's own element: when a kernel dies
// and the server restarts it, the widget manager removes every widget view from the page,
// this one too, and the sentence must still be seen.
function banner() {
  const found = document.getElementById("tutor-keepalive-box");
  if (found) return found;
  const box = el("div", { id: "tutor-keepalive-box", class: "tutor-keepalive-box", role: "alert",
                          hidden: true });
  document.body.appendChild(box);
  return box;
}

// Keep the session alive for ``model`` (the app's KeepAlive); ``anchor`` is an element of the
// app's own, in the app's element (its data-step says the step the kernel last confirmed).
// The function returned stops, except in Voila, where the app's view goes only when its kernel
// went.
// In the static site (Voici) the kernel runs in the page's own browser: no heartbeat, no
// kernel connection watched, no sentence (nothing culls it, no server can be asked), only the
// step for the tests to read.
export function keepAlive(model, anchor) {
  let step = model.get("step"); // the step the kernel last confirmed (tests read it)
  const onStep = () => { step = model.get("step"); anchor.dataset.step = String(step); };
  onStep();
  if (kernelInBrowser()) return listen(model, { "change:step": onStep });
  const box = banner();
  anchor.classList.add("tutor-keepalive-anchor");
  const host = anchor.parentElement; // the app's element: the view drawn is in it
  // what the banner needs, kept here: the model may be gone when it is needed
  let texts = model.get("texts") || {};
  const interval = Math.max(1, Number(model.get("interval")) || 30) * 1000;
  // what the learner saw last (seenIn): stands when the widget manager removed the view
  let seen = seenIn(host) || { step, address: window.location.href };

  let count = 0;
  let waiting = null; // the heartbeat waiting for its answer: {n, timer}
  let answered = Date.now();
  let ended = null; // the sentence said: "gone" or "unreachable"
  let leaving = false; // the page is being left: its kernel goes on purpose
  let ticker = null;

  // the links: what the learner sees now (the step shown, the view's address)
  function links() {
    const now = seenIn(host);
    if (now) seen = now;
    const at = seen.step !== null && seen.step !== undefined ? seen.step : null;
    const row = el("p", {}, [at !== null
      ? el("a", { text: (texts.reload_step || "").replace("{step}", String(at)),
                  href: reloadAt(at, seen.address), class: "tutor-keepalive-reload-step", "data-step": String(at) })
      : el("a", { text: texts.reload, href: reloadAt(null, seen.address),
                  class: "tutor-keepalive-reload" })]);
    if (remembered()) {
      const url = new URL(reloadAt(null, seen.address));
      url.searchParams.delete("step");
      url.searchParams.set(RESTORE, "saved");
      row.append(el("a", { text: texts.reload_saved, href: url.toString(),
                           class: "tutor-keepalive-reload-saved" }));
    }
    return row;
  }

  function show() {
    const sentence = el("p", { class: "tutor-keepalive-sentence",
                               text: ended === "unreachable" ? texts.unreachable : texts.gone });
    box.replaceChildren(sentence, links());
    box.dataset.state = ended;
    box.hidden = false;
  }

  // the page goes on without its kernel (steps it holds): the links follow what it shows
  const follow = new MutationObserver(() => {
    if (!ended) return;
    const now = seenIn(host);
    if (now && (now.step !== seen.step || now.address !== seen.address)) show();
  });

  function say(state) {
    if (!served() || ended || leaving) return; // JupyterLab, Voici: silent
    ended = state;
    stop();
    if (waiting) clearTimeout(waiting.timer);
    show();
    if (host) follow.observe(host, { subtree: true, childList: true, attributes: true,
                                     attributeFilter: ["data-step", "class"] });
    window.addEventListener("popstate", show);
  }

  // ask the server about the kernel now: gone -> say so; ``otherwise(state)`` for the rest
  async function ask(otherwise) {
    if (ended || leaving) return;
    const state = await kernelState();
    if (ended || leaving) return;
    if (state === "gone") say("gone");
    else otherwise(state);
  }

  async function unanswered(n, tries) {
    if (ended || !waiting || waiting.n !== n) return;
    const state = await kernelState();
    if (ended || !waiting || waiting.n !== n) return; // answered meanwhile
    if (state === "busy") {
      waiting.timer = setTimeout(() => unanswered(n, tries), PONG_WAIT); // ask again later
    } else if (state === "silent" && tries < 2) {
      send(n); // once more, and wait longer
      waiting.timer = setTimeout(() => unanswered(n, tries + 1), 2 * PONG_WAIT);
    } else {
      say(state === "unreachable" ? "unreachable" : "gone");
    }
  }

  function send(n) {
    try { model.send({ kind: "ping", n }); } catch (error) { /* closed: unanswered() finds out why */ }
  }

  function beat() {
    if (ended || waiting) return;
    const n = ++count;
    waiting = { n, timer: setTimeout(() => unanswered(n, 1), PONG_WAIT) };
    send(n);
  }

  function onMessage(message) {
    if (message && message.kind === "pong" && waiting && message.n >= waiting.n) {
      clearTimeout(waiting.timer);
      waiting = null;
      answered = Date.now();
    }
  }

  function start() {
    if (ticker === null && !ended) ticker = setInterval(beat, interval);
  }

  function stop() {
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  }

  function onVisibility() {
    if (document.visibilityState !== "visible") { stop(); return; } // the server may free it
    beat();
    start();
  }

  function onInput() {
    if (document.visibilityState === "visible" && Date.now() - answered > PAUSE) beat();
  }

  // ---- the page's own kernel connection: its word, at once -----------------------------
  const kernel = served() ? connectionOf(model) : null;
  const onStatus = (_kernel, status) => {
    if (status === "dead" || status === "restarting" || status === "autorestarting") say("gone");
  };
  const onConnection = (_kernel, status) => {
    if (status === "connecting") ask(() => beat()); // closed: gone, or a blip the heartbeat checks
    else if (status === "disconnected") { // it gave up: this page's buttons no longer answer
      ask((state) => say(state === "unreachable" ? "unreachable" : "gone"));
    }
  };
  const onLeave = () => { leaving = true; };
  if (kernel) {
    kernel.statusChanged.connect(onStatus);
    kernel.connectionStatusChanged.connect(onConnection);
  }
  const onSaved = () => {
    if (model.get("saved")) keepInTab(STORE + window.location.pathname, model.get("saved"));
  };
  const stops = [
    listen(window, { beforeunload: onLeave, pagehide: onLeave }),
    listen(model, { "msg:custom": onMessage, "change:step": onStep, "change:saved": onSaved,
                    "change:texts": () => { texts = model.get("texts") || {}; if (ended) show(); } }),
    listen(document, { visibilitychange: onVisibility }),
    listen(document, { pointerdown: onInput, keydown: onInput }, true),
  ];
  onSaved();
  onVisibility();

  // "Reload from the last saved position": hand the saved game to the new kernel, once.
  const address = new URL(window.location.href);
  if (address.searchParams.get(RESTORE) === "saved") {
    const saved = remembered();
    if (saved) model.send({ kind: "restore", saved });
    address.searchParams.delete(RESTORE); // a later reload starts afresh
    window.history.replaceState(null, "", address.toString());
  }

  return () => {
    if (served()) {
      // In Voila a view goes when its kernel went (a restart clears every widget): keep
      // watching, and ask now; if the kernel is fine after all, the answer comes as usual.
      const now = seenIn(host);
      if (now) seen = now;
      answered = 0;
      beat();
      return;
    }
    stop();
    if (waiting) clearTimeout(waiting.timer);
    follow.disconnect();
    if (kernel) {
      kernel.statusChanged.disconnect(onStatus);
      kernel.connectionStatusChanged.disconnect(onConnection);
    }
    window.removeEventListener("popstate", show);
    for (const stopListening of stops) stopListening();
  };
}
