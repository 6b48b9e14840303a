// The session's heartbeat and what a page says when its kernel is gone (widgets/keepalive.py
// says what it is for). The app (app.js) runs it once per page on the app's KeepAlive model;
// it outlives the views the app switches between.
//
// While the page is visible: a heartbeat to the kernel every `interval` seconds, at once when
// the tab comes back into view, and on a click or key press after a pause. A heartbeat not
// answered within PONG_WAIT ms makes the page ask the server about its kernel
// (GET api/kernels/<id>):
//   - busy: it is computing (a computer player thinking): ask again a little later;
//   - not busy, yet silent: once more, with a second heartbeat and a longer wait (a server
//     under load answers slowly); still silent -> gone. A kernel that died and was restarted
//     by the server is idle but has none of this page's widgets: it is gone for this page;
//   - 404 (culled or shut down) -> gone; no answer from the server at all -> unreachable.
// Gone or unreachable: one sentence and reload links: they reload the address shown now (the
// app keeps it in step with the view and its step) at the step the kernel last confirmed.
import { hasServer } from "./env.js";

const PONG_WAIT = 4000; // ms a heartbeat may wait for its answer
const PAUSE = 5000; // ms after the last answer before a click sends a heartbeat
const STORE = "rules-tutor:saved:"; // sessionStorage key prefix (+ the page's path)
// "reload from the last saved position" asks for ?restore=saved: a query, not a #fragment,
// since a link that changes only the fragment does not reload the page
const RESTORE = "restore";

function pageConfig() {
  const element = document.getElementById("jupyter-config-data");
  try {
    return element ? JSON.parse(element.textContent) : {};
  } catch (error) {
    return {};
  }
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
    const reply = await fetch(`${base}api/kernels/${config.kernelId}`, {
      cache: "no-store",
      credentials: "same-origin",
    });
    if (!reply.ok) return "gone"; // 404: culled or shut down; 403: signed out
    const model = await reply.json();
    return model.execution_state === "busy" ? "busy" : "silent";
  } catch (error) {
    return "unreachable";
  }
}

function storageKey() {
  return STORE + window.location.pathname;
}

function remember(saved) {
  try {
    if (saved) window.sessionStorage.setItem(storageKey(), saved);
  } catch (error) {
    /* storage refused (private mode): nothing to offer later */
  }
}

function remembered() {
  try {
    return window.sessionStorage.getItem(storageKey()) || "";
  } catch (error) {
    return "";
  }
}

function reloadAt(step) {
  const url = new URL(window.location.href);
  url.hash = "";
  if (step !== null && step !== undefined) url.searchParams.set("step", String(step));
  return url.toString();
}

// The banner hangs on the page's body, not in the widget's own element: when a kernel dies
// and the server restarts it, the widget manager removes every widget view from the page,
// this one too, and the sentence must still be seen.
function banner() {
  let box = document.getElementById("tutor-keepalive-box");
  if (!box) {
    box = document.createElement("div");
    box.id = "tutor-keepalive-box";
    box.className = "tutor-keepalive-box";
    box.setAttribute("role", "alert");
    box.hidden = true;
    document.body.appendChild(box);
  }
  return box;
}

// Keep the session alive for ``model`` (the app's KeepAlive); ``anchor`` is an element of the
// app's own (its data-step says the step the kernel last confirmed). The function returned
// stops, except in Voila, where the app's view goes only when its kernel went.
export function keepAlive(model, anchor) {
  const el = anchor;
  const box = banner();
  el.classList.add("tutor-keepalive-anchor");
  // what the banner needs, kept here: the model may be gone when it is needed
  let step = model.get("step");
  el.dataset.step = String(step);  // the step the kernel last confirmed (tests read it)
  let texts = model.get("texts") || {};
  const interval = Math.max(1, Number(model.get("interval")) || 30) * 1000;

  let count = 0;
  let waiting = null; // the heartbeat waiting for its answer: {n, timer}
  let answered = Date.now();
  let ended = false;
  let ticker = null;

  function say(state) {
    if (!served()) return; // JupyterLab, Voici: silent
    ended = true;
    stop();
    box.replaceChildren();
    const sentence = document.createElement("p");
    sentence.className = "tutor-keepalive-sentence";
    sentence.textContent = state === "unreachable" ? texts.unreachable : texts.gone;
    box.appendChild(sentence);
    const links = document.createElement("p");
    const link = (text, href, css) => {
      const a = document.createElement("a");
      a.textContent = text;
      a.href = href;
      a.className = css;
      links.appendChild(a);
    };
    if (step !== null && step !== undefined) {
      link((texts.reload_step || "").replace("{step}", String(step)), reloadAt(step),
           "tutor-keepalive-reload-step");
    } else {
      link(texts.reload, reloadAt(null), "tutor-keepalive-reload");
    }
    if (remembered()) {
      const url = new URL(reloadAt(null));
      url.searchParams.delete("step");
      url.searchParams.set(RESTORE, "saved");
      link(texts.reload_saved, url.toString(), "tutor-keepalive-reload-saved");
    }
    box.appendChild(links);
    box.hidden = false;
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
    try {
      model.send({ kind: "ping", n });
    } catch (error) {
      /* a closed connection: the answer will not come, unanswered() finds out why */
    }
  }

  function beat() {
    if (ended || waiting) return;
    count += 1;
    const n = count;
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
    if (ticker === null && !ended) {
      ticker = setInterval(beat, interval);
    }
  }

  function stop() {
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  }

  function onVisibility() {
    if (document.visibilityState === "visible") {
      beat();
      start();
    } else {
      stop(); // a hidden tab lets the server free its kernel after a while
    }
  }

  function onInput() {
    if (document.visibilityState === "visible" && Date.now() - answered > PAUSE) beat();
  }

  model.on("msg:custom", onMessage);
  const onStep = () => { step = model.get("step"); el.dataset.step = String(step); };
  const onTexts = () => { texts = model.get("texts") || {}; };
  const onSaved = () => remember(model.get("saved"));
  model.on("change:step", onStep);
  model.on("change:texts", onTexts);
  model.on("change:saved", onSaved);
  remember(model.get("saved"));
  document.addEventListener("visibilitychange", onVisibility);
  document.addEventListener("pointerdown", onInput, true);
  document.addEventListener("keydown", onInput, true);
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
      answered = 0;
      beat();
      return;
    }
    stop();
    if (waiting) clearTimeout(waiting.timer);
    model.off("msg:custom", onMessage);
    model.off("change:step", onStep);
    model.off("change:texts", onTexts);
    model.off("change:saved", onSaved);
    document.removeEventListener("visibilitychange", onVisibility);
    document.removeEventListener("pointerdown", onInput, true);
    document.removeEventListener("keydown", onInput, true);
  };
}
