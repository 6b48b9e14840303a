// The keep-alive widget's page side (widgets/keepalive.py says what it is for).
//
// While the page is visible: a heartbeat to the kernel every `interval` seconds, at once when
// the tab comes back into view, and on a click or key press after a pause. A heartbeat not
// answered within PONG_WAIT ms makes the page ask the server about its kernel
// (GET api/kernels/<id>): gone (404, or "dead") or no server at all -> one sentence and reload
// links; alive (busy computing) -> ask again a little later.

const PONG_WAIT = 4000; // ms a heartbeat may wait for its answer
const PAUSE = 5000; // ms after the last answer before a click sends a heartbeat
const STORE = "rules-tutor:saved:"; // sessionStorage key prefix (+ the page's path)
const RESTORE = "#restore-saved"; // the address fragment of "reload from the last save"

function pageConfig() {
  const element = document.getElementById("jupyter-config-data");
  try {
    return element ? JSON.parse(element.textContent) : {};
  } catch (error) {
    return {};
  }
}

// Voila's pages only: JupyterLab shows its kernel's state itself.
function inVoila() {
  return document.body && document.body.dataset.voila === "voila" && !!pageConfig().kernelId;
}

async function kernelState() {
  const config = pageConfig();
  const base = config.baseUrl || "/";
  try {
    const reply = await fetch(`${base}api/kernels/${config.kernelId}`, {
      cache: "no-store",
      credentials: "same-origin",
    });
    if (reply.status === 404) return "gone";
    if (!reply.ok) return "alive"; // not a clear answer: keep waiting
    const model = await reply.json();
    return model.execution_state === "dead" ? "gone" : "alive";
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

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "tutor-keepalive-box";
  box.setAttribute("role", "alert");
  box.hidden = true;
  el.appendChild(box);

  let count = 0;
  let waiting = null; // the heartbeat waiting for its answer: {n, timer}
  let answered = Date.now();
  let ended = false;
  let ticker = null;

  function say(state) {
    if (!inVoila()) return; // JupyterLab: silent
    ended = true;
    stop();
    const texts = model.get("texts") || {};
    box.replaceChildren();
    const sentence = document.createElement("p");
    sentence.className = "tutor-keepalive-sentence";
    sentence.textContent = state === "unreachable" ? texts.unreachable : texts.gone;
    box.appendChild(sentence);
    const links = document.createElement("p");
    const step = model.get("step");
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
      url.hash = RESTORE;
      link(texts.reload_saved, url.toString(), "tutor-keepalive-reload-saved");
    }
    box.appendChild(links);
    box.hidden = false;
  }

  async function unanswered(n) {
    if (ended || !waiting || waiting.n !== n) return;
    const state = await kernelState();
    if (ended || !waiting || waiting.n !== n) return; // answered meanwhile
    if (state === "alive") {
      waiting.timer = setTimeout(() => unanswered(n), PONG_WAIT); // busy: ask again later
    } else {
      say(state);
    }
  }

  function beat() {
    if (ended || waiting) return;
    count += 1;
    const n = count;
    waiting = { n, timer: setTimeout(() => unanswered(n), PONG_WAIT) };
    try {
      model.send({ kind: "ping", n });
    } catch (error) {
      /* a closed connection: the answer will not come, unanswered() finds out why */
    }
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
      ticker = setInterval(beat, Math.max(1, model.get("interval")) * 1000);
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
  model.on("change:saved", () => remember(model.get("saved")));
  remember(model.get("saved"));
  document.addEventListener("visibilitychange", onVisibility);
  document.addEventListener("pointerdown", onInput, true);
  document.addEventListener("keydown", onInput, true);
  onVisibility();

  // "Reload from the last saved position": hand the saved game to the new kernel, once.
  if (window.location.hash === RESTORE) {
    const saved = remembered();
    if (saved) model.send({ kind: "restore", saved });
    const url = new URL(window.location.href);
    url.hash = "";
    window.history.replaceState(null, "", url.toString());
  }

  return () => {
    stop();
    if (waiting) clearTimeout(waiting.timer);
    model.off("msg:custom", onMessage);
    document.removeEventListener("visibilitychange", onVisibility);
    document.removeEventListener("pointerdown", onInput, true);
    document.removeEventListener("keydown", onInput, true);
  };
}

export default { render };
