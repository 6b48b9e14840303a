// The static site's lesson, working from its first paint, without Python (issue 31;
// docs/static-site.md).
//
// The build wrote every step of the lesson in each language, and the verdicts the page needs,
// beside the page (sitebuild/ahead.py: NAME.steps.LANG.json.gz, made by the same Python the
// kernel runs). This module draws the lesson view (lesson.js) from the page's language's file,
// on a model that answers as the kernel would (``aheadModel``: the traits and every step; the
// ``Judge``, judge.js: a ``task`` for go / reveal / try / show / answer from the verdicts).
//
// Python only where it is needed: a click on the board deeper than the build went, a typed
// move the build did not foresee, play on, a view switch. It starts loading in the background
// once the lesson is steppable (not while the browser asks to save data): ``python`` fetches the
// runtime's files itself, to say how far it is (to a control that needs it before it is ready)
// and to say once when it cannot start (a file that cannot be had, the kernel failing in its
// worker: ``watchKernel``); the lesson keeps working. Once the app's kernel is live (app.js hands
// its model over: ``adopt``), the lesson's kernel is brought to the step and phase shown, and
// from then on every message goes to it.
import { keepInAddress, nameInFolder, plainLink } from "./env.js";
import { Judge } from "./judge.js";
import { lessonView } from "./lesson.js";
import { bringIntoView, el, listen } from "./ui.js";

const HERE = new URL(".", window.location.href);
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" }[c]));

// ---- the built lesson ------------------------------------------------------------------------
// ``url`` fetched; an error naming it when the host says no
async function fetched(url) {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url.pathname}: ${reply.status}`);
  return reply;
}

async function gunzipJson(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) { // the file as written (most hosts)
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }
  return JSON.parse(new TextDecoder().decode(bytes)); // a host that decoded it already
}

const loaded = new Map();
function builtLesson(stem, lang) {
  const key = `${stem}.${lang}`;
  if (!loaded.has(key)) {
    const url = new URL(`${stem}.steps.${lang}.json.gz`, HERE);
    loaded.set(key, fetched(url).then(gunzipJson));
    loaded.get(key).catch(() => loaded.delete(key));
  }
  return loaded.get(key);
}

// ---- the model the lesson view draws --------------------------------------------------------
function aheadModel(data, index, python) {
  const traits = { ...data.page, index, initial: Object.fromEntries(data.steps.map((s) => [String(s.index), s])) };
  const listeners = new Map();
  const judge = new Judge(data);
  judge.arrive(index);
  let live = null; // the lesson's kernel model, once it answers here
  let unlisten = () => {};
  const emit = (name, value) => { for (const f of [...(listeners.get(name) || [])]) f(value); };
  const model = {
    get: (name) => traits[name],
    on: (name, f) => { if (!listeners.has(name)) listeners.set(name, new Set()); listeners.get(name).add(f); },
    off: (name, f) => { if (listeners.has(name)) listeners.get(name).delete(f); },
    send(content) {
      // the language: the other language's steps built ahead (a kernel is told again when
      // it is next needed)
      if (content.type === "lang") { model.onLanguage(content.lang); return; }
      if (live) return live.send(content);
      if (content.type === "ready" || content.type === "unplay") return;
      if (judge.handle(content)) {
        python.drop(); // a wish still waiting for Python is one the learner has moved past
        const answer = judge.task(content.seq);
        if (content.seq !== undefined) Promise.resolve().then(() => emit("msg:custom", answer));
        return;
      }
      // a move, a click or an answer waits for Python: where its verdict will be, the page
      // says how far Python's start is, or that it cannot start (the line at the page's top
      // was out of sight on a phone, and the last verdict stood there, as if for this one)
      const seq = content.seq;
      let said = false;
      const waitWord = seq === undefined ? null : (state, figure) => {
        const failed = state === "failed";
        const text = failed ? failedWords()
          : (words.python_loading || "Python is starting: {percent}%").replace("{percent}", String(figure));
        const told = { ...judge.task(seq), feedback: `<p class="tp-python-wait" role="status" data-state="${
          failed ? "failed" : "loading"}">${escapeHtml(text)}</p>`, said: said && !failed ? "" : text };
        said = true;
        Promise.resolve().then(() => emit("msg:custom", told)); // (after the view's own send, as the judge's)
      };
      python.need(content, judge, (kernel) => {
        live = kernel;
        unlisten = listen(kernel, { "msg:custom": (message) => emit("msg:custom", message) });
      }, waitWord);
    },
    judge,
    onLanguage: () => {},
    destroy: () => unlisten(),
  };
  return model;
}

// ---- Python, when it is needed --------------------------------------------------------------
const python = (() => {
  let state = "idle"; // idle, loading, ready, failed
  let figure = 0;
  let appModel = null, findModel = null;
  const waiting = [];
  const watchers = new Set();
  let saidFailed = false;
  let asked = false; // a control needed Python: the page says how far it is
  let offline = false; // Python could not start for want of a connection

  function say() {
    for (const f of watchers) f(state, figure, asked);
    for (const w of waiting) if (w.wait && (state === "loading" || state === "failed")) w.wait(state, figure);
  }

  // Python answers the page: the lesson's kernel adopted, or on a page whose app draws itself
  // (free play, drills: ``wait``) the first paint gone, as the page's template takes it away
  const live = () => state === "ready" || (document.querySelector("script[data-tutor-wait]") !== null
                                           && document.getElementById("tutor-first-paint") === null);

  // Python cannot start: said once (to a control that asked, and on pages that wait for it),
  // for want of a connection when the site cannot be reached (Python not kept yet: not this
  // browser's fault). navigator.onLine says true on a Wi-Fi without the internet, so the site
  // is asked (HEAD: the service worker answers only GETs), a few seconds at most.
  let failing = false;
  function fail(error) {
    if (live() || state === "failed" || failing) return;
    failing = true;
    console.warn("Rules Tutor: Python cannot start here", error);
    const asked = navigator.onLine === false ? Promise.resolve(false)
      : fetch(window.location.href, { method: "HEAD", cache: "no-store" }).then(() => true, () => false);
    Promise.race([asked, new Promise((resolve) => setTimeout(() => resolve(true), 4000))]).then((reached) => {
      failing = false;
      if (live() || state === "failed") return;
      offline = !reached;
      document.documentElement.dataset.tutorPython = "failed";
      state = "failed";
      clearTimeout(stall);
      say();
      for (const w of waiting.splice(0)) w.fail();
    });
  }

  // The kernel's start can fail inside its worker once the runtime is downloaded (an import
  // error, a wheel that does not load, out of memory, a browser too old for it): JupyterLite's
  // Pyodide kernel (0.6) only logs ``initialize``'s rejection, and Voici's page then waits.
  // The kernel's worker is watched from its creation (the page's Worker constructor, as the
  // kernel's script calls it) until the app is live: comlink's "throw" answer (to
  // ``initialize``), the worker's own error events, an error from the notebook's cell (the
  // course app cannot be imported); and, should the worker die without a word, a start
  // stalled long after the download (said, then forgotten if the kernel comes after all).
  const STALLED = 240000; // ms after the runtime's files have come (a slow phone: ~15 s)
  let stall = null;
  function watchWorkers() {
    const Native = globalThis.Worker;
    if (typeof Native !== "function" || Native.tutorWatched) return;
    globalThis.Worker = class extends Native {
      static tutorWatched = true;
      constructor(url, options) {
        super(url, options);
        if (String(url).includes("pyodide-kernel")) watchKernel(this);
      }
    };
  }
  function watchKernel(worker) {
    worker.addEventListener("message", (event) => {
      if (live()) return;
      const data = event.data || {};
      if (data.type === "HANDLER" && data.name === "throw") {
        const thrown = data.value && data.value.value;
        fail(new Error(`the kernel's start: ${(thrown && thrown.message) || thrown}`));
      } else if (data._kernelMessage && data._kernelMessage.type === "execute_error") {
        const bundle = data._kernelMessage.bundle || {};
        fail(new Error(`the course's cell: ${bundle.ename}: ${bundle.evalue}`));
      }
    });
    worker.addEventListener("error", (event) => fail(new Error(`the kernel's worker: ${event.message || "failed"}`)));
  }
  watchWorkers();

  // Voici's own scripts, or the app's modules, that cannot be had (offline before the service
  // worker kept them all, a server gone): webpack's "Loading chunk N failed", or the browser's
  // failed import of the app's module (its widget's front end), went to no one, and the page
  // said Python was starting until the start stalled, minutes later
  const CHUNK = /Loading (CSS )?chunk \S+ failed/;
  // (Chromium, Firefox, Safari)
  const MODULE = /dynamically imported module|Importing a module script failed/;
  const unhad = (error) => error && (error.name === "ChunkLoadError"
                                     || [CHUNK, MODULE].some((said) => said.test(String(error.message || error))));
  window.addEventListener("unhandledrejection", (event) => {
    if (unhad(event.reason)) fail(new Error(`the page's scripts: ${event.reason.message || event.reason}`));
  });
  // Voici's extensions (the kernel's, anywidget's): webpack loads their chunks as script
  // elements and Voici only warns that it could not create the module ("Failed to create
  // module: package: @jupyterlite/pyodide-kernel-extension"); offline after a first visit of
  // a few seconds (Python's runtime kept, they not yet), free play said "90 %" for minutes
  const EXTENSION = /\/extensions\/[^?#]+\.js([?#]|$)/;
  window.addEventListener("error", (event) => {
    const script = event.target instanceof HTMLScriptElement ? event.target.src : "";
    if (unhad(event.error) || script.endsWith("/build/voici.js") || EXTENSION.test(script)) {
      fail(new Error(`Voici's scripts: ${(event.error && event.error.message) || script}`));
    }
  }, true);  // capturing: a script element's own load error does not bubble

  async function preload() {
    // the runtime's files, fetched here so the page knows how far it is (the kernel's worker
    // then finds them in the browser's caches)
    const base = new URL("../../static/pyodide/", HERE);
    const lock = await (await fetched(new URL("pyodide-lock.json", base))).json();
    // the runtime is there: the kernel's script starts now, its own loading beside these
    // fetches (the browser's cache hands each file to whichever asks second)
    if (typeof globalThis.tutorStartPython !== "function") throw new Error("no kernel script on this page");
    globalThis.tutorStartPython();
    const files = ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                   ...Object.values(lock.packages).map((p) => p.file_name)];
    // the figure: bytes arrived of those the build counted (data-python-bytes), to 85 %;
    // the kernel's own start is the rest
    const tag = document.querySelector("script[data-python-bytes]");
    const total = Number(tag && tag.dataset.pythonBytes) || 0;
    let arrived = 0, files_done = 0, shown = -1;
    const count = () => {
      const part = total > 0 ? arrived / total : files_done / files.length;
      figure = Math.min(85, Math.round(85 * part));
      if (figure !== shown) { shown = figure; say(); }
    };
    await Promise.all(files.map(async (name) => {
      const reader = (await fetched(new URL(name, base))).body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        arrived += value.length;
        count();
      }
      files_done += 1;
      count();
    }));
  }

  function start() {
    if (state !== "idle") return;
    state = "loading";
    say();
    preload().then(() => {
      if (state !== "loading") return;
      figure = 90; say();
      stall = setTimeout(() => fail(new Error(`no kernel ${STALLED / 1000} s after the download`)), STALLED);
    }).catch(fail);
  }

  // the app's kernel drew its model (app.js): the lesson's kernel model is its view
  async function adopt(model, modelOf) {
    appModel = model; findModel = modelOf;
    clearTimeout(stall);
    saidFailed = false; // (a start said stalled that came after all)
    state = "ready"; figure = 100; say();
    document.documentElement.dataset.tutorPython = "ready"; // the kernel answers this page
    performance.mark("tutor-python-ready"); // (benchmarks/static_site.py reads it)
    keepCourse(); // (JupyterLite registers the site's worker again as the kernel starts)
    for (const w of waiting.splice(0)) w.go();
  }

  // the kernel's lesson model for ``page`` (the page's traits): the app's view, or the view
  // the app opens in place when the learner went on to another lesson without Python
  async function lessonModel(page) {
    const mine = async () => {
      const view = await findModel(appModel, appModel.get("view"));
      return view && view.get("kind") === "lesson" && view.get("lesson_id") === page.lesson_id ? view : null;
    };
    const found = await mine();
    if (found) return found;
    return new Promise((resolve) => {
      const changed = async () => {
        const view = await mine();
        if (view) { appModel.off("change:view", changed); resolve(view); }
      };
      appModel.on("change:view", changed);
      setTimeout(() => { appModel.off("change:view", changed); resolve(null); }, 90000);
      const name = window.location.pathname.split("/").pop();
      appModel.send({ type: "open", page: decodeURIComponent(name), query: window.location.search.replace(/^\?/, "") });
    });
  }

  // bring the kernel's lesson to the step and phase shown, then hand it the message
  async function handOver(content, judge, done) {
    const kernel = await lessonModel(judge.page);
    if (!kernel) { failOnce(); return; }
    if (kernel.get("lang") !== judge.page.lang) kernel.send({ type: "lang", lang: judge.page.lang });
    const { index, phase } = judge.visit;
    const step = judge.steps[index];
    const seq = (n) => `ahead:${n}`;
    kernel.send({ type: "go", index, seq: seq(1) });
    kernel.send({ type: "go", index, seq: seq(2) }); // arrived going forward: its first phase
    let n = 3;
    if (step.task) {
      let now = step.task.opens.forward;
      for (; now !== phase && step.task.then[now]; n++) {
        kernel.send({ type: "reveal", seq: seq(n) });
        now = step.task.then[now];
      }
    }
    // what the learner chose on the try's board so far (a trapper, tiles), as clicked
    if (phase === "try") for (const made of judge.visit.path || []) kernel.send({ ...made, seq: seq(n++) });
    done(kernel);
    kernel.send(content);
  }

  function failOnce() {
    if (saidFailed) return;
    saidFailed = true;
    for (const f of watchers) f("failed-said", figure);
  }

  // ``wait(state, figure)``: the asking control's own place is told how far Python is, and
  // that it cannot start (a move, a click, an answer: where its verdict will be); without it,
  // the page's Python line says so (play on)
  function need(content, judge, done, wait = null) {
    if (state === "failed") {
      failOnce();
      if (wait) Promise.resolve().then(() => wait("failed", figure));
      return;
    }
    const entry = { go: () => handOver(content, judge, done), fail: failOnce, wait };
    if (state === "ready") { entry.go(); return; }
    waiting.splice(0, waiting.length, entry); // the newest wish only
    asked = !wait;
    start();
    say();
  }

  // the learner moved past what waited for Python (another step, a move judged here): it is
  // not handed to Python once it comes, and nothing says it is waited for
  function drop() {
    if (!waiting.length) return;
    waiting.length = 0;
    asked = false;
    say();
  }

  return { start, adopt, need, drop, watch: (f) => watchers.add(f), offline: () => offline,
           ready: () => state === "ready" };
})();

// ---- the page ---------------------------------------------------------------------------------
let words = {}; // what the Python line says, in the lesson's language (words.py)
// that Python cannot start: for want of a connection (not kept yet), or in this browser
const failedWords = () => (python.offline() && words.python_offline) || words.python_failed
  || "Python cannot start in this browser.";
// The page's Python line: said above the lesson's row of Play on and the next lesson (the
// control that asked is there), in sight; at the page's top it was out of sight on a phone.
// ``place()`` puts it back there once the lesson is drawn anew.
function note(holder) {
  const line = el("p", { class: "tp-python-note", role: "status", hidden: true });
  holder.prepend(line);
  let failedSaid = false;
  const place = (scroll = false) => {
    const row = holder.querySelector(".tutor-view .tp-after");
    if (row && line.nextElementSibling !== row) row.before(line);
    else if (!row && !line.isConnected) holder.prepend(line);
    const page = holder.querySelector(".tutor-view .tp-page");
    if (!scroll || line.hidden || !page) return;
    const bar = page.classList.contains("tp-narrow") ? page.querySelector(".tp-controls") : null;
    const end = bar && bar.getBoundingClientRect().top > 0 ? bar.getBoundingClientRect().top : window.innerHeight;
    requestAnimationFrame(() => bringIntoView(line, Math.min(window.innerHeight, end)));
  };
  python.watch((state, figure, asked) => {
    if (state === "failed-said") {
      if (failedSaid) return;
      failedSaid = true;
      line.dataset.state = "failed";
      line.textContent = failedWords();
      line.dataset.why = python.offline() ? "offline" : "browser";
      line.hidden = false;
      place(true);
      return;
    }
    if (failedSaid && state === "ready") failedSaid = false; // it came after all
    if (failedSaid) return;
    line.dataset.state = state;
    if (state === "loading" && asked) {
      const first = line.hidden;
      line.textContent = (words.python_loading || "Python is starting: {percent}%")
        .replace("{percent}", String(figure));
      line.hidden = false;
      place(first);
    } else if (state === "ready" || state === "loading") line.hidden = true; // (nothing waits)
  });
  place.home = () => { if (line.parentNode !== holder) holder.prepend(line); }; // before a redraw
  return place;
}

// A page whose every control needs Python (free play, drills): Python starts at once, and the
// first paint's loading line says how far it is, or that it cannot start (its words are on it,
// in its language: sitebuild/paint.py). The app replaces the first paint when it draws.
function wait() {
  const line = document.querySelector("#tutor-first-paint .tp-loading");
  if (line && line.dataset.pythonFailed) {
    python.watch((state, figure) => {
      if (!document.contains(line)) return;
      if (state === "failed" || state === "failed-said") {
        const offline = python.offline() && line.dataset.pythonOffline;
        line.textContent = offline || line.dataset.pythonFailed;
        line.dataset.state = "failed";
        line.dataset.why = offline ? "offline" : "browser";
        line.setAttribute("role", "alert");
      } else if (state === "loading") {
        line.textContent = line.dataset.pythonLoading.replace("{percent}", String(figure));
        line.dataset.state = "loading";
      }
    });
  }
  python.start();
}

async function mount() {
  if (document.querySelector("script[data-tutor-wait]")) { wait(); return; }
  const tag = document.querySelector("script[data-tutor-ahead]");
  let stem = tag ? tag.dataset.tutorAhead : window.location.pathname.split("/").pop().replace(/\.html$/, "");
  const first = document.getElementById("tutor-first-paint");
  // "tutor-app": the page's app, as the live one is marked (the page template and tests find it)
  const host = el("div", { id: "tutor-ahead", class: "tutor-app tutor-ahead" });
  let lang = document.documentElement.lang || "en";
  let data;
  try {
    data = await builtLesson(stem, lang);
  } catch (error) {
    console.warn("Rules Tutor: no lesson built ahead here; the page waits for Python", error);
    if (typeof globalThis.tutorStartPython === "function") globalThis.tutorStartPython();
    return;
  }
  if (first) first.replaceWith(host); else document.body.prepend(host);
  const spinner = document.getElementById("loading");
  if (spinner) spinner.remove();
  const box = el("div", { class: "tutor-view" });
  host.append(box);
  const placeNote = note(host);
  let current = null;

  function draw(built, index) {
    if (current) current.cleanup();
    placeNote.home();
    box.replaceChildren();
    document.documentElement.lang = built.page.lang;
    words = built.page.texts;
    const model = aheadModel(built, index, python);
    model.onLanguage = async (code) => {
      const at = model.judge.visit.index;
      keepInAddress({ lang: code });
      try {
        const other = await builtLesson(stem, code);
        lang = code;
        draw(other, at);
      } catch (error) { console.warn("Rules Tutor: the lesson in", code, "cannot be had", error); draw(built, at); }
    };
    const cleanup = lessonView(model, box);
    placeNote();
    placeKept();
    box.dataset.ahead = "";
    host.dataset.step = String(index);
    current = { model, cleanup: () => { cleanup(); model.destroy(); } };
  }

  const stepAsked = (built) => {
    const asked = Number(new URLSearchParams(window.location.search).get("step"));
    return Number.isInteger(asked) && asked > 0 ? Math.min(asked, built.steps.length - 1) : 0;
  };
  draw(data, stepAsked(data));

  // another lesson of the course (the next lesson, a link in a step) opens in place, from its
  // own steps built ahead, as the live app switches views; a page without them loads as a page
  const PAGE = /^([\w.-]+)\.html$/;
  const lessonAt = (url) => {
    const found = PAGE.exec(nameInFolder(url) || "");
    return found ? found[1] : null;
  };
  async function open(url, push) {
    const name = lessonAt(url);
    const code = new URLSearchParams(url.search).get("lang") || lang;
    let built = null;
    try { built = name ? await builtLesson(name, code) : null; } catch (error) { built = null; }
    if (!built) { window.location.assign(url.href); return; }
    if (push) window.history.pushState({ tutorAhead: true }, "", url.href);
    stem = name; lang = code;
    draw(built, stepAsked(built));
    host.scrollTop = 0;
    const title = host.querySelector("h1");
    if (title) title.focus({ preventScroll: true });
  }
  host.addEventListener("click", (event) => {
    const link = plainLink(event, host);
    if (!link || link.target) return;
    const url = new URL(link.href, window.location.href);
    const name = lessonAt(url);
    if (!name || name === "index" || /-(play|drills)$/.test(name)) return; // pages of their own
    event.preventDefault();
    open(url, true);
  });
  window.addEventListener("popstate", () => {
    const url = new URL(window.location.href);
    if (lessonAt(url) === stem && current) return; // the same lesson: the address only
    open(url, false);
  });
  host.dataset.ready = "steppable";
  performance.mark("tutor-steppable");
  // app.js asks for it: the live app on this page hands its model over (and draws nothing)
  globalThis.tutorAhead = { adopt: (model, modelOf) => python.adopt(model, modelOf) };
  keepCourse();
  // Python starts in the background once the lesson is steppable (not when asked to save data)
  const connection = navigator.connection || {};
  if (!connection.saveData) {
    const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 200));
    idle(() => python.start(), { timeout: 2000 });
  }
}

// The site's service worker keeps the course's other pages (and their built steps) for
// offline visits, once this lesson is steppable (not when the browser asks to save data).
// The worker answers once it has kept them all ({type: "kept", all}): asked after Python has
// come (what the page loaded then holds Python's files), that is the whole course, and the
// page says it works offline now (nothing said so: a learner who went offline too soon found
// free play, drills and the lessons not yet kept with no word).
const kept = { said: false, line: null };
function keepCourse() {
  const connection = navigator.connection || {};
  if (connection.saveData || !("serviceWorker" in navigator)) return;
  // the site's worker, as JupyterLite registers it (the same script: one registration)
  navigator.serviceWorker.register(new URL("../../service-worker.js?enableCache=false", HERE).href).catch(() => {});
  const withPython = python.ready();
  setTimeout(() => navigator.serviceWorker.ready.then((registration) => {
    const loaded = [window.location.href, ...performance.getEntriesByType("resource").map((e) => e.name)];
    if (!registration.active) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      if (withPython && event.data && event.data.type === "kept" && event.data.all) sayKept();
    };
    registration.active.postMessage({ type: "keep-course", loaded }, [channel.port2]);
  }), 3000);
}

// a quiet line at the lesson's end (after its keys' line), in the lesson's language
function sayKept() {
  kept.said = true;
  placeKept();
}
function placeKept() {
  if (!kept.said || !words.course_kept) return;
  // (as quiet as the keys' line above it: page.css has no rule for it)
  if (!kept.line) kept.line = el("p", { class: "tp-course-kept", role: "status", style: "color: var(--muted); font-size: 15px;" });
  kept.line.textContent = words.course_kept;
  const keys = document.querySelector("#tutor-ahead .tutor-view .tp-keys");
  if (keys && keys.nextElementSibling !== kept.line) keys.after(kept.line);
}

mount();
