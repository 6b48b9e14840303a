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
  // under a wide, low board (Canyon's river), the room the board leaves: the lesson puts the
  // players' panel there instead of below the fold of the story column
  const under = el("div", { class: "tp-under-board", hidden: true });
  const main = el("main", { class: "tp-main" }, [boardBox, story, under]);
  const live = el("div", { class: "tp-live tp-sr", "aria-live": "polite", "aria-atomic": "true" });
  const notice = el("p", { class: "tp-lang-notice", role: "status", text: model.get("notice") || "",
                           hidden: !model.get("notice") });
  root.append(head, notice, controls, message, main, live);
  return { root, head, home, title, game, controls, message, board, switches, boardBox, story, main, live,
           under };
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
    placePanel(parts, false);
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
  // a board much wider than high leaves the bottom of its column empty: the panel goes there
  placePanel(parts, !present && avail - boardW / aspect > UNDER_MIN);
}

// The players' panel (lesson mode) under the board or in the story column.
const UNDER_MIN = 240;  // px of the board's column left empty before the panel moves there
function placePanel(parts, below) {
  const box = parts.panelBox;
  if (!box) return;
  const there = box.parentNode === parts.under;
  if (below && !there) parts.under.append(box);
  else if (!below && there) parts.story.insertBefore(box, parts.panelBefore);
  parts.under.hidden = !below;
  parts.main.classList.toggle("tp-panel-under", below);
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
  const next = button("tp-next tp-primary", texts.next + " ▶", () => forward());
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
  const learn = learning({ model, host, texts, parts, button, refit: () => fitBoard(parts, present) });
  parts.story.append(el("div", { class: "tp-step" }, [label, stepTitle]), move, narration,
                     learn.panel, learn.after, rules, panelBox, legendBox, keys);
  parts.panelBox = panelBox;
  parts.panelBefore = legendBox;

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
    const asking = learn.asking(step); // a step that asks: the position before its move
    const template = asking ? learn.parsed(asking.board) : parse(step);
    const fresh = template.content.firstElementChild;
    const current = parts.board.firstElementChild;
    if (current && fresh && current.nodeName === fresh.nodeName) morph(current, fresh);
    else parts.board.replaceChildren(template.content.cloneNode(true));
    showing.set(parts.board, asking ? asking.board : step.board);
    label.textContent = step.label;
    stepTitle.textContent = step.title;
    put(move, asking ? "" : step.move);
    put(narration, asking ? asking.narration : step.narration);
    put(rules, step.rules);
    put(panel, asking ? asking.panel : step.panel);
    panelBox.hidden = !(asking ? asking.panel : step.panel);
    put(legend, asking ? asking.legend : step.legend);
    legendBox.hidden = !(asking ? asking.legend : step.legend);
    renderSwitches(step);
    learn.paint(step, index === last);
    list.value = String(index);
    back.disabled = restart.disabled = index === 0;
    next.disabled = index === last && !asking;
    if (announce) parts.live.textContent = `${step.label}. ${step.title}. ${asking ? asking.said : step.said}`;
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
    learn.arrive(index, wanted, cache.get(index));
    wanted = index;
    parts.message.hidden = true;
    paint(index, true); // at once when the step is held; else when it arrives
    if (model.get("index") !== index) {
      model.set("index", index);
      model.save_changes();
    }
    learn.tell();
  }

  // Next: a step that asks moves on one phase (the book's move, then the answer), else the
  // next step
  function forward() {
    if (learn.reveal(cache.get(wanted))) paint(wanted, true);
    else go(wanted + 1);
  }
  learn.repaint = () => { if (shown === wanted) paint(wanted, false); };

  function keep(steps) {
    for (const step of steps) { cache.set(step.index, step); parsed.delete(step.index); }
    if (cache.has(wanted)) learn.held(cache.get(wanted));
    if (shown !== wanted && cache.has(wanted)) paint(wanted, true);
    idle(() => { for (const step of steps) if (cache.get(step.index) === step) parse(step); });
  }

  const onMessage = (content) => {
    if (!content || typeof content !== "object") return;
    if (learn.message(content, wanted)) return;
    if (content.type === "steps") keep(content.steps);
    else if (content.type === "reset") { cache.clear(); parsed.clear(); shown = -1; }
  };
  model.on("msg:custom", onMessage);
  const onIndex = () => {
    const i = model.get("index");
    if (i !== wanted) { learn.arrive(i, wanted, cache.get(i)); wanted = i; paint(i, true); learn.tell(); }
  };
  model.on("change:index", onIndex);

  parts.board.addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest("[data-target]");
    if (target) model.send({ type: "click", target: target.getAttribute("data-target") });
  });

  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || learn.playing()) return;
    const action = KEYS[event.key];
    if (!action || (typingInto(event.target) && action !== "leave")) return;
    if (event.key === " " && event.target && event.target.closest && event.target.closest("button, a, summary")) return;
    if (action === "leave") { if (present) setPresent(false); return; }
    event.preventDefault();
    if (action === "next") forward();
    else if (action === "back") go(wanted - 1);
    else if (action === "first") go(0);
    else if (action === "last") go(last);
  };
  const registry = keyRegistry();
  registry.active = onKey;

  const unwatch = watchFit(parts, () => present);
  host.append(parts.root);
  keep(Object.values(model.get("initial")));
  learn.arrive(wanted, -1, cache.get(wanted));
  setPresent(present);
  paint(wanted, false);
  fitBoard(parts, present);
  model.send({ type: "ready" });
  learn.tell();

  return () => {
    learn.destroy();
    model.off("msg:custom", onMessage);
    model.off("change:index", onIndex);
    unwatch();
    if (registry.active === onKey) registry.active = null;
  };
}


// ---- play mode: a game against the computer (or people at one screen) -------------------------
function makeButton(cls, label, action, extra = {}) {
  const b = el("button", { class: `tp-button ${cls}`, type: "button", text: label, ...extra });
  b.addEventListener("click", action);
  return b;
}

// The controls a person moves with: what the last click or move meant (status), the moves a
// click may mean (choices), the game's buttons (actions), the legal moves as a list and a box
// for a typed move. Free play, a try-it step and playing on from a step all use them; what
// they report goes to ``send`` as free play's messages (move, typed, choice, action).
function moveControls(texts, send, live = true, pick = "") {
  const status = el("div", { class: "tp-status", "aria-live": live ? "polite" : null });
  const movesList = el("select", { class: "tp-moves", "aria-label": texts.your_move });
  const playButton = makeButton("tp-play tp-primary", texts.play, () => {
    if (movesList.value !== "") send({ type: "move", index: Number(movesList.value) });
  });
  const typed = el("input", { class: "tp-typed", type: "text", placeholder: texts.typed, "aria-label": texts.typed });
  const tryButton = makeButton("tp-try", texts.try, () => { send({ type: "typed", text: typed.value }); });
  typed.addEventListener("keydown", (e) => { if (e.key === "Enter") tryButton.click(); });
  const moveRow = el("div", { class: "tp-move-row" }, [movesList, playButton, typed, tryButton]);
  const choices = el("div", { class: "tp-choices" });
  const actions = el("div", { class: "tp-actions" });
  let lastMoves = "";
  function paint(scene) {
    status.innerHTML = scene.status;
    const moves = JSON.stringify(scene.moves);
    if (moves !== lastMoves) {  // the learner's pick stays while the list is the same
      movesList.replaceChildren(...(pick ? [el("option", { value: "", text: pick })] : []),
        ...scene.moves.map(([text, i]) => el("option", { value: String(i), text })));
      lastMoves = moves;
    }
    for (const c of [movesList, playButton, typed, tryButton]) c.disabled = !scene.can_move;
    moveRow.hidden = !scene.can_move && !scene.moves.length;
    choices.replaceChildren(...(scene.choices.length ? [el("span", { text: texts.choose })] : []),
      ...scene.choices.map(([text, i]) => makeButton("tp-choice", text, () => send({ type: "choice", index: i }))));
    actions.replaceChildren(...scene.actions.map(([id, label]) => makeButton("tp-action", label, () => send({ type: "action", id }))));
  }
  return { status, choices, actions, moveRow, typed, paint };
}

// A whole game on the page: the free-play notebooks, and "play on from here" on a lesson
// (``back``: a "Back to the lesson" button and a note; no new game, save or load then).
function playScreen({ model, texts, title, send, back = null }) {
  const parts = frame(model, texts);
  parts.title.textContent = title;
  const undo = makeButton("tp-undo", texts.undo, () => send({ type: "undo" }));
  if (back) {
    parts.home.hidden = true;
    const leave = makeButton("tp-back-to-lesson tp-primary", "◀ " + texts.back_to_lesson, back);
    parts.controls.append(leave, undo);
    parts.leave = leave;
  } else parts.controls.append(undo);
  const notes = el("div", { class: "tp-message tp-note tp-playon-notes", role: "status", hidden: true });
  const controls = moveControls(texts, send);
  const over = el("div", { class: "tp-over-box" });
  const panel = el("div", { class: "tp-panel" });
  const legend = el("div", { class: "tp-legend" });
  const log = el("ol", { class: "tp-log" });
  const setupBox = el("div", { class: "tp-setup" });
  const saved = el("textarea", { class: "tp-saved", rows: "3", "aria-label": texts.saved, placeholder: texts.saved });
  const download = el("a", { class: "tp-download", hidden: true, text: texts.download });
  const saveRow = el("div", { class: "tp-save-row" }, [
    makeButton("tp-save", texts.save, () => send({ type: "save" })),
    makeButton("tp-load", texts.load, () => send({ type: "load", text: saved.value })), download]);
  const setupDetails = el("details", { class: "tp-setup-box" }, [el("summary", { text: texts.setup }), setupBox]);
  const saveDetails = el("details", { class: "tp-save-box" }, [el("summary", { text: texts.save + " · " + texts.load }), saveRow, saved]);
  parts.story.append(notes, controls.status, controls.choices, controls.actions, controls.moveRow, over,
    el("details", { class: "tp-panel-box", open: true }, [el("summary", { text: texts.panel }), panel]),
    el("details", { class: "tp-legend-box" }, [el("summary", { text: texts.legend }), legend]),
    el("details", { class: "tp-log-box" }, [el("summary", { text: texts.log }), log]),
    setupDetails, saveDetails);

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
    const start = makeButton("tp-new tp-primary", texts.new, () => {
      const values = { seed: Number(seed.value || 0) };
      for (const f of fields) values[f.getAttribute("data-name")] = f.value;
      const count = values.players ? Number(values.players) : seats.length;
      values.seats = count === seats.length ? seats.map((s) => s.value) : null;
      send({ type: "new", values });
    });
    setupBox.replaceChildren(row, seatRow, start);
  }

  let lastSetup = "";
  function paint(scene, said = []) {
    parts.board.innerHTML = scene.board;
    controls.paint(scene);
    over.innerHTML = scene.over;
    panel.innerHTML = scene.panel;
    legend.innerHTML = scene.legend;
    log.replaceChildren(...scene.log.map((line) => el("li", { text: line })));
    undo.disabled = scene.moves_done === 0;
    setupDetails.hidden = saveDetails.hidden = !!scene.from_position;
    notes.replaceChildren(...said.map((line) => el("p", { text: line })));
    notes.hidden = !said.length;
    const setupKey = JSON.stringify(scene.setup);
    if (!scene.from_position && setupKey !== lastSetup) { renderSetup(scene.setup); lastSetup = setupKey; }
    if (scene.saved) { saved.value = scene.saved; download.hidden = false;
      download.setAttribute("href", scene.download); download.setAttribute("download", scene.filename); }
    parts.switches.replaceChildren();
    for (const sw of scene.switches || []) {
      const group = el("div", { class: "tp-switch", role: "group", "aria-label": sw.label },
                       [el("span", { class: "tp-switch-label", text: sw.label })]);
      for (const [value, text] of sw.options) {
        group.append(makeButton("tp-switch-option", text, () => send({ type: "switch", name: sw.name, value }),
                                { "aria-pressed": value === sw.value ? "true" : "false" }));
      }
      parts.switches.append(group);
    }
    fitBoard(parts, false);
  }
  const unwatch = watchFit(parts, () => false);
  return { root: parts.root, parts, paint, destroy: unwatch };
}

function play({ model, el: host }) {
  const texts = model.get("texts");
  document.title = `${model.get("title")} · Rules Tutor`;
  const screen = playScreen({ model, texts, title: model.get("title"), send: (content) => model.send(content) });
  const paint = () => screen.paint(model.get("scene"));
  model.on("change:scene", paint);
  host.append(screen.root);
  paint();
  return () => { model.off("change:scene", paint); screen.destroy(); };
}

// ---- learning by doing: try-it steps, questions, play on from here, the course's progress ---
// The learner's progress stays in this browser (localStorage), by walkthrough id: lessons
// finished and, per step, the try ("first", "later", "shown") and the answer (true/false).
// Nothing goes to the server. The course page (course.js) reads the same key.
const PROGRESS = "rules-tutor-progress";

function progressKept() {
  try {
    const found = JSON.parse(globalThis.localStorage.getItem(PROGRESS) || "{}");
    return found && typeof found === "object" ? found : {};
  } catch (error) {
    return {}; // no storage (a sandboxed frame), or something else wrote there
  }
}

function keepProgress(id, record) {
  if (!id || !record) return;
  try {
    const all = progressKept();
    const old = all[id] || {};
    all[id] = {
      finished: !!(old.finished || record.finished), steps: record.steps,
      tries: { ...(old.tries || {}), ...(record.tries || {}) },
      answers: { ...(old.answers || {}), ...(record.answers || {}) },
    };
    globalThis.localStorage.setItem(PROGRESS, JSON.stringify(all));
  } catch (error) { /* storage refused (a private window): the progress is not kept */ }
}

function paragraph(text) {
  const p = document.createElement("p");
  p.textContent = text;
  return p.outerHTML;
}

// A step that asks (a try-it step, a question) and playing on from a step. The lesson calls:
// arrive(index, from, step) when it shows another step (forward: the step asks; back: done),
// tell() once the kernel knows the new index, held(step) when a step arrives, asking(step)
// (what the page shows before the move, or null), paint(step, isLast), reveal(step) for Next
// (true: the step moved on one phase), message(content) for the kernel's messages.
function learning({ model, host, texts, parts, button, refit }) {
  const lessonId = model.get("lesson_id");
  const send = (content) => model.send(content);
  let visit = { index: -1, number: 0, phase: "done", scene: null, feedback: "", offer: false, pending: false };
  let screen = null; // playing on from a step
  const api = { repaint: () => {} };

  const panel = el("div", { class: "tp-task" });
  const feedback = el("div", { class: "tp-feedback" });
  const tryBox = el("div", { class: "tp-try-box", role: "group", "aria-label": texts.try_it });
  const controls = moveControls(texts, (content) => {
    const { type, ...rest } = content;
    send({ type: "try", how: type, visit: visit.number, ...rest });
  }, false, texts.pick);
  controls.typed.placeholder = texts.typed;
  const showMe = button("tp-show-me", texts.show_me, () => send({ type: "show", visit: visit.number }));
  tryBox.append(controls.status, controls.choices, controls.actions, controls.moveRow,
                el("div", { class: "tp-show-row" }, [showMe]));
  const askBox = el("div", { class: "tp-ask-box", role: "group", "aria-label": texts.question });
  const choiceRow = el("div", { class: "tp-answer-choices" });
  const number = el("input", { class: "tp-answer", type: "text", inputmode: "decimal", autocomplete: "off",
                               "aria-label": texts.your_answer, placeholder: texts.your_answer });
  const answerButton = button("tp-answer-button tp-primary", texts.answer,
                              () => send({ type: "answer", text: number.value, visit: visit.number }));
  number.addEventListener("keydown", (e) => { if (e.key === "Enter") answerButton.click(); });
  const numberRow = el("div", { class: "tp-answer-row" }, [number, answerButton]);
  askBox.append(choiceRow, numberRow);
  panel.append(feedback, tryBox, askBox);

  const after = el("div", { class: "tp-after" });
  const playOn = button("tp-play-on", "▷ " + texts.play_on, () => send({ type: "playon" }));
  const finished = el("span", { class: "tp-finished", text: "✓ " + texts.finished, hidden: true });
  const following = model.get("next_lesson") || {};
  const nextLesson = following.href
    ? el("a", { class: "tp-next-lesson", href: withLang(following.href, model), hidden: true },
         [el("span", { class: "tp-next-label", text: texts.next_lesson }), el("b", { text: following.title }),
          el("span", { "aria-hidden": "true", text: "→" })])
    : el("span", { class: "tp-last-lesson", text: texts.last_lesson, hidden: true });
  after.append(playOn, finished, nextLesson);

  const templates = new Map();
  function parsed(html) {
    if (!templates.has(html)) {
      if (templates.size > 8) templates.clear();
      const template = document.createElement("template");
      template.innerHTML = html;
      templates.set(html, template);
    }
    return templates.get(html);
  }

  function firstPhase(step, from) {
    const task = step && step.task;
    if (!task) return "done";
    return from > step.index ? "done" : task.phases[0];
  }

  function arrive(index, from, step) {
    visit = { index, number: visit.number + 1, from, phase: firstPhase(step, from),
              scene: step && step.task ? step.task.scene : null, feedback: "", offer: false,
              pending: !step, asked: "" };
    number.value = "";
    controls.typed.value = "";
  }

  function tell() {
    if (visit.pending) return; // the step is not held yet: told once it arrives
    send({ type: "go", index: visit.index, phase: visit.phase, visit: visit.number });
  }

  function held(step) {
    if (!visit.pending || step.index !== visit.index) return;
    visit.pending = false;
    visit.phase = firstPhase(step, visit.from);
    visit.scene = step.task ? step.task.scene : null;
    tell();
  }

  function asking(step) {
    if (!step || !step.task || visit.index !== step.index || visit.phase === "done") return null;
    const scene = visit.scene || step.task.scene;
    const prompt = visit.phase === "try" ? step.task.prompt : step.task.ask.prompt;
    return { board: scene.board, narration: paragraph(prompt), panel: scene.panel,
             legend: scene.legend, said: prompt };
  }

  function reveal(step) {
    if (!step || !step.task || visit.index !== step.index || visit.phase === "done") return false;
    const order = step.task.phases;
    visit.phase = order[Math.min(order.indexOf(visit.phase) + 1, order.length - 1)];
    send({ type: "reveal", visit: visit.number });
    return true;
  }

  let shownFeedback = null;
  function paint(step, isLast) {
    const mine = step && visit.index === step.index;
    const phase = mine ? visit.phase : "done";
    const words = mine ? visit.feedback : "";
    if (words !== shownFeedback) { feedback.innerHTML = words; shownFeedback = words; }
    tryBox.hidden = phase !== "try";
    askBox.hidden = phase !== "ask";
    panel.hidden = phase === "done" && !words;
    if (phase === "try") {
      controls.paint(visit.scene || step.task.scene);
      showMe.classList.toggle("tp-primary", !!visit.offer);
      showMe.textContent = visit.offer ? texts.show_me_offer : texts.show_me;
    }
    if (phase === "ask") {
      const ask = step.task.ask;
      const key = `${visit.number}`;
      if (visit.asked !== key) {
        visit.asked = key;
        numberRow.hidden = !ask.number;
        choiceRow.hidden = ask.number;
        choiceRow.replaceChildren(...ask.choices.map((choice) => button("tp-answer-choice", choice,
          () => send({ type: "answer", text: choice, visit: visit.number }))));
      }
    }
    const done = isLast && phase === "done";
    finished.hidden = !done;
    nextLesson.hidden = !done;
  }

  function announce(words) {
    parts.live.textContent = "";
    requestAnimationFrame(() => { parts.live.textContent = words; });
  }

  function message(content) {
    if (content.type === "task") {
      keepProgress(lessonId, content.record);
      if (content.index !== visit.index || content.visit !== visit.number) return true;
      const before = visit.phase;
      visit.phase = content.phase;
      if (content.scene) visit.scene = content.scene;
      visit.feedback = content.feedback;
      visit.offer = content.offer;
      visit.pending = false;
      api.repaint();
      if (content.said) announce(content.said);
      if (before !== visit.phase && visit.phase === "ask") {
        const first = numberRow.hidden ? choiceRow.querySelector("button") : number;
        if (first && document.activeElement && parts.root.contains(document.activeElement)) first.focus();
      }
      return true;
    }
    if (content.type === "play") {
      if (!screen) startPlaying();
      screen.paint(content.scene, content.notes || []);
      return true;
    }
    return false;
  }

  function startPlaying() {
    screen = playScreen({ model, texts, title: model.get("title"),
                          send: (content) => send({ type: "play", content }), back: stopPlaying });
    screen.parts.game.textContent = texts.playing_on.replace("{index}", String(visit.index));
    parts.root.hidden = true;
    host.append(screen.root);
    screen.parts.leave.focus();
  }

  function stopPlaying() {
    if (!screen) return;
    send({ type: "unplay" });
    screen.destroy();
    screen.root.remove();
    screen = null;
    parts.root.hidden = false;
    requestAnimationFrame(refit);
    playOn.focus();
  }

  return Object.assign(api, {
    panel, after, arrive, tell, held, asking, parsed, paint, reveal, message,
    playing: () => !!screen,
    destroy: () => { if (screen) { screen.destroy(); screen.root.remove(); screen = null; } },
  });
}

// ---- drills mode: endless questions on real positions, the score of the sitting ----------------
function drills({ model, el: host }) {
  const texts = model.get("texts");
  const parts = frame(model, texts);
  parts.title.textContent = model.get("title");
  document.title = `${model.get("title")} · Rules Tutor`;
  const send = (content) => model.send(content);
  const nextQuestion = makeButton("tp-next-question tp-primary", texts.next_question + " ▶", () => send({ type: "next" }));
  const score = el("span", { class: "tp-score", role: "status" });
  parts.controls.append(nextQuestion, score);
  const label = el("span", { class: "tp-step-label" });
  const prompt = el("h2", { class: "tp-drill-prompt tp-step-title" });
  const options = el("div", { class: "tp-drill-options", role: "group", "aria-label": texts.options });
  const number = el("input", { class: "tp-answer", type: "text", inputmode: "decimal", autocomplete: "off",
                               "aria-label": texts.your_answer, placeholder: texts.your_answer });
  const answer = makeButton("tp-answer-button tp-primary", texts.answer, () => send({ type: "number", text: number.value }));
  number.addEventListener("keydown", (e) => { if (e.key === "Enter") answer.click(); });
  const numberRow = el("div", { class: "tp-answer-row" }, [number, answer]);
  const result = el("div", { class: "tp-drill-result", "aria-live": "polite" });
  const panel = el("div", { class: "tp-panel" });
  const panelBox = el("details", { class: "tp-panel-box", open: true }, [el("summary", { text: texts.panel }), panel]);
  const legend = el("div", { class: "tp-legend" });
  const legendBox = el("details", { class: "tp-legend-box" }, [el("summary", { text: texts.legend }), legend]);
  const seed = el("p", { class: "tp-keys" });
  parts.story.append(el("div", { class: "tp-step" }, [label]), prompt, options, numberRow, result,
                     panelBox, legendBox, seed);

  let shownNumber = -1;
  function paint() {
    const question = model.get("question");
    const outcome = model.get("result") || {};
    if (question.number !== shownNumber) {
      shownNumber = question.number;
      parts.board.innerHTML = question.board;
      label.textContent = question.label;
      prompt.textContent = question.prompt;
      panel.innerHTML = question.panel;
      panelBox.hidden = !question.panel;
      legend.innerHTML = question.legend;
      legendBox.hidden = !question.legend;
      seed.textContent = question.seed;
      number.value = "";
      options.replaceChildren(...question.options.map((option, i) =>
        makeButton("tp-drill-option", option.text, () => send({ type: "choose", index: i }), { "data-index": String(i) })));
      options.hidden = question.numeric;
      numberRow.hidden = !question.numeric;
      parts.live.textContent = `${question.label}. ${question.prompt}`;
      fitBoard(parts, false);
    }
    const answered = outcome.answer !== undefined;
    for (const option of options.children) {
      const i = Number(option.getAttribute("data-index"));
      option.classList.toggle("tp-option-right", answered && i === outcome.answer);
      option.classList.toggle("tp-option-wrong", answered && i === outcome.index && !outcome.right);
      option.setAttribute("aria-pressed", answered && i === outcome.index ? "true" : "false");
    }
    result.innerHTML = outcome.problem
      ? `<div class="tp-verdict tp-wrong tp-problem">${paragraph(outcome.problem)}</div>` : (outcome.html || "");
    score.textContent = model.get("score");
  }
  model.on("change:question", paint);
  model.on("change:result", paint);
  model.on("change:score", paint);
  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || typingInto(event.target)) return;
    if (KEYS[event.key] !== "next") return;
    if (event.key === " " && event.target && event.target.closest && event.target.closest("button, a, summary")) return;
    event.preventDefault();
    send({ type: "next" });
  };
  const registry = keyRegistry();
  registry.active = onKey;
  const unwatch = watchFit(parts, () => false);
  host.append(parts.root);
  paint();
  return () => {
    model.off("change:question", paint); model.off("change:result", paint); model.off("change:score", paint);
    unwatch();
    if (registry.active === onKey) registry.active = null;
  };
}

// The page draws itself anew when its language changes (every text came from the kernel).
function render(context) {
  const { model, el: host } = context;
  let cleanup = null;
  const draw = () => {
    if (cleanup) cleanup();
    host.replaceChildren();
    if (model.get("lang") && IN_VOILA()) document.documentElement.lang = model.get("lang");
    const mode = model.get("mode");
    cleanup = (mode === "play" ? play : mode === "drills" ? drills : lesson)(context);
  };
  draw();
  // the first paint Voila served before the scripts loaded (widgets/preview.py) gives way
  if (IN_VOILA()) {
    for (const shown of document.querySelectorAll(".tpv-wrap")) shown.remove();
  }
  model.on("change:lang", draw);
  return () => { model.off("change:lang", draw); if (cleanup) cleanup(); };
}

export default { render };
