// The Rules Tutor page: a walkthrough (mode "lesson") or a game (mode "play").
// Python sends content (HTML and SVG strings, typed state); this file lays it out and
// reports actions. No request leaves the server: no CDN, no web font, no icon font.

const KEYS = {
  ArrowRight: "next", PageDown: "next", " ": "next", Spacebar: "next",
  ArrowLeft: "back", PageUp: "back", Home: "first", End: "last", Escape: "leave",
};
const PHONE = 640; // px: one column, controls at the bottom

// ONE document-level key listener for the whole page, whichever widget view is active
// (a notebook may show the page twice; the last one rendered answers the keys).
function keyRegistry() {
  const registry = (globalThis.__rulesTutorKeys ||= { active: null, installed: false });
  if (!registry.installed) {
    document.addEventListener("keydown", (event) => registry.active && registry.active(event));
    registry.installed = true;
  }
  return registry;
}

function typingInto(target) {
  if (!target || !target.closest) return false;
  return !!target.closest("input, textarea, select, [contenteditable='true']");
}

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

// Make ``from`` (in the page) look like ``to`` (parsed ahead, left untouched), changing only
// what differs. A board's groups carry ``data-key`` (their place) and ``data-v`` (a digest of
// their content): a group whose digest is the same is kept as it is, one whose digest changed
// is replaced; other elements are updated in place. The page then restyles only what a step
// changed.
function morph(from, to) {
  if (from.nodeType !== 1) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return;
  }
  const fa = from.attributes, ta = to.attributes;
  for (let k = fa.length - 1; k >= 0; k--) if (!to.hasAttribute(fa[k].name)) from.removeAttribute(fa[k].name);
  for (let k = 0; k < ta.length; k++) {
    const { name, value } = ta[k];
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  const old = from.childNodes, wanted = to.childNodes;
  for (let i = 0; i < wanted.length; i++) {
    const want = wanted[i], have = old[i];
    if (!have) { from.append(want.cloneNode(true)); continue; }
    if (have.nodeType !== want.nodeType || have.nodeName !== want.nodeName) {
      from.replaceChild(want.cloneNode(true), have);
      continue;
    }
    if (have.nodeType === 1 && want.hasAttribute("data-v")) {
      if (have.getAttribute("data-v") !== want.getAttribute("data-v")
          || have.getAttribute("data-key") !== want.getAttribute("data-key")) {
        from.replaceChild(want.cloneNode(true), have);
      }
      continue;
    }
    morph(have, want);
  }
  while (old.length > wanted.length) from.removeChild(from.lastChild);
}

function viewBoxAspect(svgHolder) {
  const svg = svgHolder.querySelector("svg");
  if (!svg) return 1;
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  return box.length === 4 && box[3] > 0 ? box[2] / box[3] : 1;
}

// ---- the language: menu, address, <html lang> (widgets/language.py) --------------------------
// In Voila the page's address says its language once the reader chose one, so a reload, the
// keep-alive's reload links and the page's own links keep it. (JupyterLab's address is left alone.)
const IN_VOILA = () => /\/voila\//.test(window.location.pathname);

function addressLang() {
  return new URLSearchParams(window.location.search).get("lang");
}

function withLang(href, model) {
  if (!addressLang() || !model.get("lang")) return href;
  const [path, hash] = href.split("#");
  const joined = path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(model.get("lang"));
  return hash === undefined ? joined : joined + "#" + hash;
}

function languageMenu(model, texts) {
  const items = model.get("languages") || [];
  if (items.length < 2) return null;
  const select = el("select", { class: "tp-lang", "aria-label": texts.language });
  for (const item of items) {
    select.append(el("option", { value: item.code, text: item.label, lang: item.code, title: item.note || null }));
  }
  select.value = model.get("lang");
  select.addEventListener("change", () => {
    if (IN_VOILA()) {
      const url = new URL(window.location.href);
      url.searchParams.set("lang", select.value);
      window.history.replaceState(window.history.state, "", url.toString());
    }
    select.disabled = true;  // until the page comes back in the new language
    model.send({ type: "lang", lang: select.value });
  });
  return el("label", { class: "tp-lang-pick" }, [el("span", { class: "tp-sr", text: texts.language }), select]);
}

// ---- the shared frame: header, board, story column -----------------------------------------
function frame(model, texts) {
  const root = el("div", { class: "tp-page" });
  const home = el("a", { class: "tp-home", href: withLang(model.get("home") || "index.ipynb", model),
                         text: "← " + texts.home });
  const title = el("h1", { class: "tp-title" });
  const game = el("span", { class: "tp-game" });
  const head = el("header", { class: "tp-head" }, [home, el("div", { class: "tp-heading" }, [title, game]),
                                                    languageMenu(model, texts)]);
  const controls = el("nav", { class: "tp-controls", "aria-label": texts.controls });
  const message = el("div", { class: "tp-message tp-note", role: "status", hidden: true });
  const board = el("div", { class: "tp-board" });
  const switches = el("div", { class: "tp-switches" });
  const boardBox = el("div", { class: "tp-board-box", role: "region", "aria-label": texts.board },
                      [board, switches]);
  const story = el("section", { class: "tp-story" });
  const main = el("main", { class: "tp-main" }, [boardBox, story]);
  const live = el("div", { class: "tp-live tp-sr", "aria-live": "polite", "aria-atomic": "true" });
  const notice = el("p", { class: "tp-lang-notice", role: "status", text: model.get("notice") || "",
                           hidden: !model.get("notice") });
  root.append(head, notice, controls, message, main, live);
  return { root, head, home, title, game, controls, message, board, switches, boardBox, story, main, live };
}

// The board's column: as wide as the height left allows for its shape, leaving the story
// column its room; on a phone, the whole width.
function fitBoard(parts, present) {
  const width = parts.root.clientWidth || window.innerWidth;
  const aspect = viewBoxAspect(parts.board);
  parts.root.classList.toggle("tp-narrow", window.innerWidth <= PHONE || width <= PHONE);
  if (parts.root.classList.contains("tp-narrow")) {
    // the whole width, unless the board is so tall that the narration would fall below
    // the fold: then at most 58% of the screen's height, centred
    const tall = Math.floor(0.58 * window.innerHeight * aspect);
    if (tall < width) parts.main.style.setProperty("--phone-w", `${tall}px`);
    else parts.main.style.removeProperty("--phone-w");
    return;
  }
  const top = parts.main.getBoundingClientRect().top + window.scrollY;
  const avail = Math.max(260, window.innerHeight - top - 14);
  const storyMin = present ? 0.42 * width : Math.max(330, 0.3 * width);
  let boardW = Math.max(280, Math.min(avail * aspect, width - storyMin - 20));
  parts.main.style.setProperty("--board-w", `${Math.floor(boardW)}px`);
  // a long narration: give the story more width (a smaller board) until the first rule's
  // title is on the screen too, down to 45% of the width for the board
  const title = parts.story.querySelector(".tp-rule-title");
  for (let i = 0; title && i < 6 && title.getBoundingClientRect().bottom > window.innerHeight
       && boardW > 0.45 * width; i++) {
    boardW = Math.max(0.45 * width, boardW * 0.92);
    parts.main.style.setProperty("--board-w", `${Math.floor(boardW)}px`);
  }
}

// Fit again whenever the page's box changes (it is attached after render returns, and the
// window or the notebook's layout may change later).
function watchFit(parts, present) {
  let queued = false;
  const refit = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fitBoard(parts, present()); });
  };
  const observer = new ResizeObserver(refit);
  observer.observe(parts.root);
  window.addEventListener("resize", refit);
  return () => { observer.disconnect(); window.removeEventListener("resize", refit); };
}

// ---- lesson mode ---------------------------------------------------------------------------------
function lesson({ model, el: host }) {
  const texts = model.get("texts");
  const parts = frame(model, texts);
  const cache = new Map();
  let shown = -1;
  let wanted = model.get("index");
  let present = new URLSearchParams(window.location.search).get("present") === "1";
  const names = model.get("names");
  const last = names.length - 1;

  parts.title.textContent = model.get("title");
  const gameName = model.get("game");
  parts.game.textContent = model.get("title").includes(gameName) ? "" : gameName;
  document.title = model.get("title").includes(gameName)
    ? `${model.get("title")} · Rules Tutor` : `${gameName} · ${model.get("title")}`;

  const button = (cls, label, action, extra = {}) => {
    const b = el("button", { class: `tp-button ${cls}`, type: "button", text: label, ...extra });
    b.addEventListener("click", action);
    return b;
  };
  const restart = button("tp-restart", "↺ " + texts.restart, () => go(0));
  const back = button("tp-back", "◀ " + texts.back, () => go(wanted - 1));
  const next = button("tp-next tp-primary", texts.next + " ▶", () => go(wanted + 1));
  const list = el("select", { class: "tp-step-list", "aria-label": texts.steps });
  names.forEach((name, i) => list.append(el("option", { value: String(i), text: name })));
  list.addEventListener("change", () => go(Number(list.value)));
  const listLabel = el("label", { class: "tp-step-pick" }, [el("span", { class: "tp-sr", text: texts.steps }), list]);
  const presentButton = button("tp-present-toggle", texts.present, () => setPresent(!present),
                               { "aria-pressed": "false" });
  parts.controls.append(restart, back, next, listLabel, presentButton);

  const label = el("span", { class: "tp-step-label" });
  const stepTitle = el("h2", { class: "tp-step-title" });
  const move = el("div", { class: "tp-move-box" });
  const narration = el("div", { class: "tp-narration" });
  const rules = el("div", { class: "tp-rules", role: "region", "aria-label": texts.rules });
  const panel = el("div", { class: "tp-panel" });
  const panelBox = el("details", { class: "tp-panel-box", open: true },
                      [el("summary", { text: texts.panel }), panel]);
  const legend = el("div", { class: "tp-legend" });
  const legendBox = el("details", { class: "tp-legend-box" }, [el("summary", { text: texts.legend }), legend]);
  const keys = el("p", { class: "tp-keys", text: texts.keys + " " + texts.numbering });
  parts.story.append(el("div", { class: "tp-step" }, [label, stepTitle]), move, narration, rules,
                     panelBox, legendBox, keys);

  const message = model.get("message");
  if (message) { parts.message.textContent = message; parts.message.hidden = false; }

  function setPresent(on) {
    present = on;
    parts.root.classList.toggle("tp-present", on);
    presentButton.setAttribute("aria-pressed", on ? "true" : "false");
    presentButton.textContent = on ? texts.leave : texts.present;
    requestAnimationFrame(() => fitBoard(parts, present));
  }

  function renderSwitches(step) {
    parts.switches.replaceChildren();
    for (const sw of step.switches || []) {
      const group = el("div", { class: "tp-switch", role: "group", "aria-label": sw.label },
                       [el("span", { class: "tp-switch-label", text: sw.label })]);
      for (const [value, text] of sw.options) {
        const on = value === sw.value;
        const b = button("tp-switch-option", text, () => {
          if (value !== sw.value) model.send({ type: "switch", name: sw.name, value });
        }, { "aria-pressed": on ? "true" : "false" });
        group.append(b);
      }
      parts.switches.append(group);
    }
  }

  // Parsing a board is the costly part of showing a step: it is done ahead, when the page
  // is idle, into a template; showing the step then clones the parsed nodes.
  const parsed = new Map();
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 30));
  function parse(step) {
    if (parsed.has(step.index)) return parsed.get(step.index);
    const template = document.createElement("template");
    template.innerHTML = step.board;
    parsed.set(step.index, template);
    return template;
  }
  // Each part is replaced only when its HTML differs from what is shown.
  const showing = new Map();
  let lastAspect = 0;
  function put(node, html) {
    if (showing.get(node) === html) return;
    showing.set(node, html);
    node.innerHTML = html;
  }

  function paint(index, announce) {
    const step = cache.get(index);
    if (!step) {
      parts.root.setAttribute("aria-busy", "true");
      return false;
    }
    parts.root.removeAttribute("aria-busy");
    const fresh = parse(step).content.firstElementChild;
    const current = parts.board.firstElementChild;
    if (current && fresh && current.nodeName === fresh.nodeName) morph(current, fresh);
    else parts.board.replaceChildren(parse(step).content.cloneNode(true));
    showing.set(parts.board, step.board);
    label.textContent = step.label;
    stepTitle.textContent = step.title;
    put(move, step.move);
    put(narration, step.narration);
    put(rules, step.rules);
    put(panel, step.panel);
    panelBox.hidden = !step.panel;
    put(legend, step.legend);
    legendBox.hidden = !step.legend;
    renderSwitches(step);
    list.value = String(index);
    back.disabled = restart.disabled = index === 0;
    next.disabled = index === last;
    if (announce) parts.live.textContent = `${step.label}. ${step.title}. ${step.said}`;
    shown = index;
    const aspect = viewBoxAspect(parts.board);
    if (aspect !== lastAspect) {  // another shape: fit before the frame is painted
      lastAspect = aspect;
      requestAnimationFrame(() => fitBoard(parts, present));
    } else {  // the same shape: only a long narration may ask for room, once painted
      idle(() => { if (shown === index) fitBoard(parts, present); });
    }
    return true;
  }

  function go(index) {
    index = Math.max(0, Math.min(last, index));
    if (index === wanted && index === shown) return;
    wanted = index;
    parts.message.hidden = true;
    paint(index, true); // at once when the step is held; else when it arrives
    if (model.get("index") !== index) {
      model.set("index", index);
      model.save_changes();
    }
  }

  function keep(steps) {
    for (const step of steps) { cache.set(step.index, step); parsed.delete(step.index); }
    if (shown !== wanted && cache.has(wanted)) paint(wanted, true);
    idle(() => { for (const step of steps) if (cache.get(step.index) === step) parse(step); });
  }

  const onMessage = (content) => {
    if (!content || typeof content !== "object") return;
    if (content.type === "steps") keep(content.steps);
    else if (content.type === "reset") { cache.clear(); parsed.clear(); shown = -1; }
  };
  model.on("msg:custom", onMessage);
  const onIndex = () => { const i = model.get("index"); if (i !== wanted) { wanted = i; paint(i, true); } };
  model.on("change:index", onIndex);

  parts.board.addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest("[data-target]");
    if (target) model.send({ type: "click", target: target.getAttribute("data-target") });
  });

  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = KEYS[event.key];
    if (!action || (typingInto(event.target) && action !== "leave")) return;
    if (event.key === " " && event.target && event.target.closest && event.target.closest("button, a, summary")) return;
    if (action === "leave") { if (present) setPresent(false); return; }
    event.preventDefault();
    if (action === "next") go(wanted + 1);
    else if (action === "back") go(wanted - 1);
    else if (action === "first") go(0);
    else if (action === "last") go(last);
  };
  const registry = keyRegistry();
  registry.active = onKey;

  const unwatch = watchFit(parts, () => present);
  host.append(parts.root);
  keep(Object.values(model.get("initial")));
  setPresent(present);
  paint(wanted, false);
  fitBoard(parts, present);
  model.send({ type: "ready" });

  return () => {
    model.off("msg:custom", onMessage);
    model.off("change:index", onIndex);
    unwatch();
    if (registry.active === onKey) registry.active = null;
  };
}


// ---- play mode: a game against the computer (or people at one screen) -------------------------
function play({ model, el: host }) {
  const texts = model.get("texts");
  const parts = frame(model, texts);
  parts.title.textContent = model.get("title");
  document.title = `${model.get("title")} · Rules Tutor`;
  const send = (content) => model.send(content);
  const button = (cls, label, action, extra = {}) => {
    const b = el("button", { class: `tp-button ${cls}`, type: "button", text: label, ...extra });
    b.addEventListener("click", action);
    return b;
  };
  const undo = button("tp-undo", texts.undo, () => send({ type: "undo" }));
  parts.controls.append(undo);

  const status = el("div", { class: "tp-status", "aria-live": "polite" });
  const movesList = el("select", { class: "tp-moves", "aria-label": texts.your_move });
  const playButton = button("tp-play tp-primary", texts.play, () => {
    if (movesList.value !== "") send({ type: "move", index: Number(movesList.value) });
  });
  const typed = el("input", { class: "tp-typed", type: "text", placeholder: texts.typed, "aria-label": texts.typed });
  const tryButton = button("tp-try", texts.try, () => { send({ type: "typed", text: typed.value }); });
  typed.addEventListener("keydown", (e) => { if (e.key === "Enter") tryButton.click(); });
  const moveRow = el("div", { class: "tp-move-row" }, [movesList, playButton, typed, tryButton]);
  const choices = el("div", { class: "tp-choices" });
  const actions = el("div", { class: "tp-actions" });
  const over = el("div", { class: "tp-over-box" });
  const panel = el("div", { class: "tp-panel" });
  const legend = el("div", { class: "tp-legend" });
  const log = el("ol", { class: "tp-log" });
  const setupBox = el("div", { class: "tp-setup" });
  const saved = el("textarea", { class: "tp-saved", rows: "3", "aria-label": texts.saved, placeholder: texts.saved });
  const download = el("a", { class: "tp-download", hidden: true, text: texts.download });
  const saveRow = el("div", { class: "tp-save-row" }, [
    button("tp-save", texts.save, () => send({ type: "save" })),
    button("tp-load", texts.load, () => send({ type: "load", text: saved.value })), download]);
  parts.story.append(status, choices, actions, moveRow, over,
    el("details", { class: "tp-panel-box", open: true }, [el("summary", { text: texts.panel }), panel]),
    el("details", { class: "tp-legend-box" }, [el("summary", { text: texts.legend }), legend]),
    el("details", { class: "tp-log-box" }, [el("summary", { text: texts.log }), log]),
    el("details", { class: "tp-setup-box" }, [el("summary", { text: texts.setup }), setupBox]),
    el("details", { class: "tp-save-box" }, [el("summary", { text: texts.save + " · " + texts.load }), saveRow, saved]));

  parts.board.addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest("[data-target]");
    if (target) send({ type: "click", target: target.getAttribute("data-target") });
  });

  function renderSetup(setup) {
    const fields = [];
    const row = el("div", { class: "tp-setup-fields" });
    for (const field of setup.fields) {
      const select = el("select", { "data-name": field.name, "aria-label": field.label });
      for (const [value, label] of field.options) select.append(el("option", { value, text: label }));
      select.value = field.value;
      fields.push(select);
      row.append(el("label", {}, [el("span", { text: field.label + " " }), select]));
    }
    const seats = [];
    const seatRow = el("fieldset", { class: "tp-seats" }, [el("legend", { text: texts.seats })]);
    for (const seat of setup.seats) {
      const select = el("select", { "aria-label": seat.name });
      for (const [value, label] of seat.options) select.append(el("option", { value, text: label }));
      select.value = seat.value;
      seats.push(select);
      seatRow.append(el("label", {}, [el("span", { text: seat.name + " " }), select]));
    }
    const seed = el("input", { type: "number", min: "0", value: String(setup.seed), "aria-label": texts.seed, class: "tp-seed" });
    row.append(el("label", {}, [el("span", { text: texts.seed + " " }), seed]));
    const start = button("tp-new tp-primary", texts.new, () => {
      const values = { seed: Number(seed.value || 0) };
      for (const f of fields) values[f.getAttribute("data-name")] = f.value;
      const count = values.players ? Number(values.players) : seats.length;
      values.seats = count === seats.length ? seats.map((s) => s.value) : null;
      send({ type: "new", values });
    });
    setupBox.replaceChildren(row, seatRow, start);
  }

  let lastSetup = "";
  function paint() {
    const scene = model.get("scene");
    parts.board.innerHTML = scene.board;
    status.innerHTML = scene.status;
    movesList.replaceChildren(...scene.moves.map(([text, i]) => el("option", { value: String(i), text })));
    for (const c of [movesList, playButton, typed, tryButton]) c.disabled = !scene.can_move;
    moveRow.hidden = !scene.can_move && !scene.moves.length;
    choices.replaceChildren(...(scene.choices.length ? [el("span", { text: texts.choose })] : []),
      ...scene.choices.map(([text, i]) => button("tp-choice", text, () => send({ type: "choice", index: i }))));
    actions.replaceChildren(...scene.actions.map(([id, label]) => button("tp-action", label, () => send({ type: "action", id }))));
    over.innerHTML = scene.over;
    panel.innerHTML = scene.panel;
    legend.innerHTML = scene.legend;
    log.replaceChildren(...scene.log.map((line) => el("li", { text: line })));
    undo.disabled = scene.moves_done === 0;
    const setupKey = JSON.stringify(scene.setup);
    if (setupKey !== lastSetup) { renderSetup(scene.setup); lastSetup = setupKey; }
    if (scene.saved) { saved.value = scene.saved; download.hidden = false;
      download.setAttribute("href", scene.download); download.setAttribute("download", scene.filename); }
    parts.switches.replaceChildren();
    for (const sw of scene.switches || []) {
      const group = el("div", { class: "tp-switch", role: "group", "aria-label": sw.label },
                       [el("span", { class: "tp-switch-label", text: sw.label })]);
      for (const [value, text] of sw.options) {
        group.append(button("tp-switch-option", text, () => send({ type: "switch", name: sw.name, value }),
                            { "aria-pressed": value === sw.value ? "true" : "false" }));
      }
      parts.switches.append(group);
    }
    fitBoard(parts, false);
  }
  model.on("change:scene", paint);
  const unwatch = watchFit(parts, () => false);
  host.append(parts.root);
  paint();
  return () => { model.off("change:scene", paint); unwatch(); };
}

// The page draws itself anew when its language changes (every text came from the kernel).
function render(context) {
  const { model, el: host } = context;
  let cleanup = null;
  const draw = () => {
    if (cleanup) cleanup();
    host.replaceChildren();
    if (model.get("lang") && IN_VOILA()) document.documentElement.lang = model.get("lang");
    cleanup = (model.get("mode") === "play" ? play : lesson)(context);
  };
  draw();
  model.on("change:lang", draw);
  return () => { model.off("change:lang", draw); if (cleanup) cleanup(); };
}

export default { render };
