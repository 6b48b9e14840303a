// DOM helpers every view uses: elements, buttons, a paragraph's HTML, morphing one tree into
// another, and the keys (one document-level listener for the whole page).
// Python sends content (HTML and SVG strings, typed state); the views lay it out and report
// actions. No request leaves the server: no CDN, no web font, no icon font.

const KEYS = {
  ArrowRight: "next", PageDown: "next", " ": "next", Spacebar: "next",
  ArrowLeft: "back", PageUp: "back", Home: "first", End: "last", Escape: "leave",
};

// the lesson's keys that step on from the language menu (a native <select>, which keeps the
// focus once used: app.js): a clicker's → ← and Page Down / Up, and Home / End, the lesson's
// first and last step (the keys line says so); on the menu they chose a language instead
// (End at a lesson's end switched a teacher's projector to Italian). ↑ ↓ still choose.
const CLICKER = new Set(["ArrowRight", "ArrowLeft", "PageDown", "PageUp", "Home", "End"]);

export function el(tag, attrs = {}, children = []) {
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

// ``handlers`` ({event: function}) listened to on ``target`` (an element, the document, the
// window: ``options`` as addEventListener takes them; or a widget model); the function returned
// stops listening.
export function listen(target, handlers, options) {
  const each = (verb) => Object.entries(handlers).forEach(([name, f]) => target[verb](name, f, options));
  const [on, off] = target.addEventListener ? ["addEventListener", "removeEventListener"] : ["on", "off"];
  each(on);
  return () => each(off);
}

// The widget model a reference names ("IPY_MODEL_<id>", a trait of ``model``), or null.
export async function modelOf(model, ref) {
  if (typeof ref !== "string" || !ref.startsWith("IPY_MODEL_")) return null;
  return model.widget_manager.get_model(ref.slice("IPY_MODEL_".length));
}

export function button(cls, label, action, extra = {}) {
  const b = el("button", { class: `tp-button ${cls}`, type: "button", text: label, ...extra });
  b.addEventListener("click", action);
  return b;
}

// ``text`` with each {name} replaced by values[name] (left as it is when ``values`` lacks it).
export function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name] ?? "") : whole));
}

// A <select> offering ``options`` ([value, text] each), ``value`` chosen.
export function dropdown(attrs, options, value) {
  const node = el("select", attrs, options.map(([v, text]) => el("option", { value: v, text })));
  if (value !== undefined) node.value = value;
  return node;
}

// ``control`` with the words ``text`` before it, in one label.
export const labelled = (text, control) => el("label", {}, [el("span", { text: text + " " }), control]);

// A <details> of class ``cls`` (``open`` or not), its summary saying ``summary``.
export function details(cls, summary, children, open = false) {
  return el("details", { class: cls, open }, [el("summary", { text: summary }), ...children]);
}

// A paragraph holding ``text``, as HTML.
export const paragraph = (text) => el("p", { text }).outerHTML;

const typingInto = (target) => !!(target && target.closest
                                   && target.closest("input, textarea, select, [contenteditable='true']"));

// The action a key press asks for ("next", "back", "first", "last", "leave"), or null: not
// with a modifier, not while typing (but Escape), not the space bar on a button or a link
// (which presses it).
export function keyAction(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const action = KEYS[event.key];
  // the language menu keeps the focus once used (app.js): the lesson's keys (CLICKER) step on
  // from it, ↑ ↓ still choose
  if (action && CLICKER.has(event.key) && event.target && event.target.matches
      && event.target.matches("select.tp-lang")) return action;
  if (!action || (typingInto(event.target) && action !== "leave")) return null;
  if (event.key === " " && event.target && event.target.closest
      && event.target.closest("button, a, summary")) return null;
  return action;
}

// ONE document-level key listener for the whole page, whichever view is active (a notebook
// may show the page twice; the last one rendered answers the keys). ``takeKeys(handler)``
// makes ``handler`` the one; the function it returns gives the keys up.
export function takeKeys(handler) {
  const registry = (globalThis.__rulesTutorKeys ||= { active: null, installed: false });
  if (!registry.installed) {
    document.addEventListener("keydown", (event) => registry.active && registry.active(event));
    registry.installed = true;
  }
  registry.active = handler;
  return () => { if (registry.active === handler) registry.active = null; };
}

// Make ``from`` (in the page) look like ``to`` (parsed ahead, left untouched), changing only
// what differs. A board's groups carry ``data-key`` (their place) and ``data-v`` (a digest of
// their content): a group whose digest is the same is kept as it is, one whose digest changed
// is replaced; other elements are updated in place. The page then restyles only what a step
// changed.
export function morph(from, to) {
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

// The boxes a page scrolls in around ``node``: Voila's page scrolls in a box of its own, not
// the window.
function boxesAround(node) {
  const boxes = [];
  for (let box = node.parentElement; box; box = box.parentElement) boxes.push(box);
  return boxes;
}

// The page at its top, as a page loaded anew would be: the window and every box around ``node``.
export function toTop(node) {
  for (const box of boxesAround(node)) if (box.scrollTop > 0) box.scrollTop = 0;
  window.scrollTo(0, 0);
}

// Where ``node``'s page is scrolled now (the window and every box around ``node``); the
// function returned scrolls it back there.
export function keepScroll(node) {
  const boxes = boxesAround(node).map((box) => [box, box.scrollTop]);
  const top = window.scrollY;
  return () => {
    for (const [box, at] of boxes) if (box.isConnected && box.scrollTop !== at) box.scrollTop = at;
    window.scrollTo(window.scrollX, top);
  };
}

// ``node`` brought on screen when its end is below what the reader sees (``bottom``: where the
// screen ends, above a phone's step bar fixed at the bottom): its end just above ``bottom``,
// or its top at the top when it is taller than the screen. Nothing moves when it is seen.
export function bringIntoView(node, bottom = window.innerHeight) {
  const box = node.getBoundingClientRect();
  if (box.height === 0 || box.bottom <= bottom || box.top < 0) return;
  node.style.scrollMarginTop = "8px";
  node.style.scrollMarginBottom = `${Math.max(0, window.innerHeight - bottom) + 8}px`;
  node.scrollIntoView({ block: box.height > bottom - 16 ? "start" : "end", inline: "nearest" });
}

// From ``first`` to ``last`` (what a learner reads, then where the focus is: a verdict, then the
// next lesson's link) brought on screen, above ``bottom`` (a phone's step bar): both when they
// fit, the page moved as little as it takes; else ``last``, the focus, at the screen's end.
// Nothing moves when both are seen.
export function keepInView(first, last = first, bottom = window.innerHeight) {
  const a = first.getBoundingClientRect(), b = last.getBoundingClientRect();
  if (a.height === 0 && b.height === 0) return;
  const top = Math.min(a.top, b.top), end = Math.max(a.bottom, b.bottom);
  if (top >= 0 && end <= bottom) return;
  const fits = end - top <= bottom - 16;
  const [node, block] = !fits ? [last, b.top < 0 ? "start" : "end"]
    : top < 0 ? [a.top <= b.top ? first : last, "start"] : [a.bottom >= b.bottom ? first : last, "end"];
  node.style.scrollMarginTop = "8px";
  node.style.scrollMarginBottom = `${Math.max(0, window.innerHeight - bottom) + 8}px`;
  node.scrollIntoView({ block, inline: "nearest" });
}
