// A student following a class (the relay's student page: widgets/classroom/relay.py). No
// kernel: the relay sends the step the teacher shows, as the teacher's kernel made it in this
// student's language, and carries the student's answers to the teacher's page, whose kernel
// judges them. This page only shows and asks; it decides nothing.
//
// The page's state is on its root for tests and styles: data-state (join, joining, following,
// away, lost, ended, refused), data-step (the step shown), data-phase, data-teacher-step.

const boot = JSON.parse(document.getElementById("tutor-follow").textContent);
const texts = boot.texts;
const root = document.getElementById("tutor-follow-root");
const base = new URL(".", new URL("../", document.querySelector('script[src$="follow.js"]').src)).href;
const query = new URLSearchParams(window.location.search);
const GZ = typeof DecompressionStream !== "undefined";

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

function button(cls, label, action, extra = {}) {
  const b = el("button", { class: `tp-button ${cls}`, type: "button", text: label, ...extra });
  b.addEventListener("click", action);
  return b;
}

const said = (text, values) => text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

// ---- what this student keeps (in this tab only): the class code and their id in it --------
const KEEP = "rules-tutor-class";
function kept() {
  try { return JSON.parse(sessionStorage.getItem(KEEP) || "null"); } catch (error) { return null; }
}
function keep(value) {
  try {
    if (value) sessionStorage.setItem(KEEP, JSON.stringify(value));
    else sessionStorage.removeItem(KEEP);
  } catch (error) { /* no storage: a reload joins as a new student */ }
}

// ---- the page ---------------------------------------------------------------------------------
const page = el("div", { class: "tp-page tf-page" });
const title = el("h1", { class: "tp-title tf-title" });
const codeChip = el("span", { class: "tf-code" });
const langMenu = el("select", { class: "tp-lang", "aria-label": texts.language });
for (const item of boot.languages) langMenu.append(el("option", { value: item.code, text: item.label, lang: item.code }));
langMenu.value = boot.lang;
langMenu.addEventListener("change", () => {  // the page's words come with the page: load it in the new language
  const url = new URL(window.location.href);
  url.searchParams.set("lang", langMenu.value);
  window.location.replace(url.toString());
});
const head = el("header", { class: "tp-head tf-head" }, [
  el("div", { class: "tp-heading" }, [title, codeChip]),
  el("label", { class: "tp-lang-pick" }, [el("span", { class: "tp-sr", text: texts.language }), langMenu])]);
const status = el("p", { class: "tf-status", role: "status", "aria-live": "polite" });
const note = el("p", { class: "tf-note", role: "status", hidden: true });

const label = el("span", { class: "tp-step-label" });
const stepTitle = el("h2", { class: "tp-step-title" });
const board = el("div", { class: "tp-board", role: "img" });
const move = el("div", { class: "tp-move-box" });
const narration = el("div", { class: "tp-narration" });
const rules = el("div", { class: "tp-rules", role: "region", "aria-label": texts.rules });
const panel = el("div", { class: "tp-panel" });
const panelBox = el("details", { class: "tp-panel-box" }, [el("summary", { text: texts.panel }), panel]);
const legend = el("div", { class: "tp-legend" });
const legendBox = el("details", { class: "tp-legend-box" }, [el("summary", { text: texts.legend }), legend]);

// answering: a try-it step's move (picked or typed), a question's choice or number
const task = el("section", { class: "tf-task", hidden: true });
const prompt = el("p", { class: "tf-prompt" });
const moves = el("select", { class: "tp-moves", "aria-label": texts.your_move });
const typed = el("input", { class: "tp-typed", type: "text", autocomplete: "off", spellcheck: "false",
                            placeholder: texts.typed, "aria-label": texts.typed });
const sendMove = button("tf-send tp-primary", texts.send, () => {
  if (typed.value.trim()) answer({ text: typed.value.trim() });
  else if (moves.value !== "") answer({ move: Number(moves.value) });
});
typed.addEventListener("keydown", (e) => { if (e.key === "Enter") sendMove.click(); });
const moveRow = el("div", { class: "tf-move-row" }, [moves, typed, sendMove]);
const choices = el("div", { class: "tp-answer-choices tf-choices", role: "group" });
const number = el("input", { class: "tp-answer", type: "text", inputmode: "decimal", autocomplete: "off",
                             placeholder: texts.your_answer, "aria-label": texts.your_answer });
const sendNumber = button("tp-answer-button tp-primary", texts.answer, () => {
  if (number.value.trim()) answer({ text: number.value.trim() });
});
number.addEventListener("keydown", (e) => { if (e.key === "Enter") sendNumber.click(); });
const numberRow = el("div", { class: "tp-answer-row" }, [number, sendNumber]);
const sent = el("p", { class: "tf-sent", role: "status", hidden: true, text: texts.sent });
task.append(prompt, moveRow, choices, numberRow, sent);
const reveal = el("div", { class: "tf-reveal" });
const verdicts = el("div", { class: "tf-verdicts" });

const story = el("section", { class: "tp-story" }, [
  el("div", { class: "tp-step" }, [label, stepTitle]), move, task, reveal, verdicts, narration, rules,
  panelBox, legendBox]);
const main = el("main", { class: "tp-main tf-main" }, [el("div", { class: "tp-board-box" }, [board]), story]);

// stepping away: look back at what the class saw, try it on one's own, come back
const lookBack = button("tf-step-away", "◀ " + texts.step_away, () => stepAway());
const prev = button("tf-prev", "◀ " + texts.back, () => look(looking - 1));
const next = button("tf-next", texts.next + " ▶", () => look(looking + 1));
const tryHere = el("a", { class: "tp-button tf-try-here", text: texts.try_here });
const backToClass = button("tf-back-to-class tp-primary", texts.back_to_class, () => comeBack());
const awayNote = el("p", { class: "tf-away-note", text: texts.away_note });
const bar = el("nav", { class: "tp-controls tf-bar" }, [lookBack, prev, next, backToClass]);
const awayBox = el("div", { class: "tf-away-box", hidden: true }, [awayNote, tryHere]);
page.append(head, status, note, bar, awayBox, main);

// ---- state ------------------------------------------------------------------------------------
let socket = null;
let joined = null;       // {sid, code, title, page, lessons, last}
let shown = null;        // the class's step message now
let mine = null;         // this student's own answer and verdicts
let away = false;
let looking = -1;        // the step looked back at while away
const seen = new Map();  // step -> data held (steps the class saw, for looking back)
let retries = 0;
let ended = false;
let teacherHere = true;

function setState(state) { root.dataset.state = state; }

function paint(data, asking) {
  // TODO(frontend merge): step.js paints this; until then the lesson's classes, by hand
  label.textContent = data.label || "";
  stepTitle.textContent = data.title || "";
  const scene = asking && data.task ? data.task.scene : null;
  board.innerHTML = scene ? scene.board : (data.board || "");
  board.setAttribute("aria-label", scene ? "" : (data.alt || ""));
  move.innerHTML = asking ? "" : (data.move || "");
  narration.innerHTML = asking ? "" : (data.narration || "");
  rules.innerHTML = data.rules || "";
  panel.innerHTML = scene ? (scene.panel || "") : (data.panel || "");
  panelBox.hidden = !panel.innerHTML;
  legend.innerHTML = scene ? (scene.legend || "") : (data.legend || "");
  legendBox.hidden = !legend.innerHTML;
  root.dataset.step = String(data.index);
  fit();
}

function render() {
  root.dataset.away = away ? "true" : "false";
  lookBack.hidden = away || !shown;
  prev.hidden = next.hidden = backToClass.hidden = !away;
  awayBox.hidden = !away;
  if (away) {
    const data = seen.get(looking);
    if (data) paint(data, false);
    task.hidden = true;
    reveal.innerHTML = verdicts.innerHTML = "";
    prev.disabled = ![...seen.keys()].some((s) => s < looking);
    next.disabled = ![...seen.keys()].some((s) => s > looking);
    tryHere.href = lessonLink(looking);
    status.textContent = shown ? said(texts.teacher_at, { step: shown.step }) : "";
    setState("away");
    return;
  }
  if (!shown) return;
  const asking = shown.phase === "try" || shown.phase === "ask";
  paint(shown.data, asking);
  root.dataset.phase = shown.phase;
  root.dataset.teacherStep = String(shown.step);
  task.hidden = !asking;
  if (asking) paintTask();
  reveal.innerHTML = Object.values(shown.reveal || {}).join("");
  verdicts.innerHTML = mine && mine.verdicts ? mine.verdicts.join("") : "";
  status.textContent = teacherHere ? texts.following : texts.no_teacher;
  setState("following");
}

let taskKey = "";
function paintTask() {
  const data = shown.data;
  const kind = shown.phase;
  const key = `${shown.poll}:${kind}`;
  if (key !== taskKey) {  // a new question: fresh controls
    taskKey = key;
    typed.value = number.value = "";
    if (kind === "try") {
      prompt.textContent = data.task.prompt || "";
      const listed = (data.task.scene && data.task.scene.moves) || [];
      moves.replaceChildren(el("option", { value: "", text: texts.pick }),
        ...listed.map(([text, i]) => el("option", { value: String(i), text })));
    } else {
      const ask = data.task.ask;
      prompt.textContent = ask.prompt;
      choices.replaceChildren(...ask.choices.map((choice, i) =>
        button("tp-answer-choice", choice, () => answer({ choice: i }), { "data-index": String(i), "aria-pressed": "false" })));
    }
  }
  moveRow.hidden = kind !== "try";
  choices.hidden = kind !== "ask" || data.task.ask.number;
  numberRow.hidden = kind !== "ask" || !data.task.ask.number;
  const given = mine && mine.poll === shown.poll && mine.answered ? mine.value : null;
  sent.hidden = !given;
  for (const b of choices.children) {
    b.setAttribute("aria-pressed", given && given.choice === Number(b.dataset.index) ? "true" : "false");
  }
  task.dataset.answered = given ? "true" : "false";
}

function answer(value) {
  if (!shown || !shown.poll) return;
  send({ type: "answer", poll: shown.poll, ...value });
}

function lessonLink(step) {
  if (!joined || !joined.page) return "#";
  const url = new URL(`${joined.lessons}voila/render/${joined.page}`, window.location.href);
  url.searchParams.set("step", String(step));
  url.searchParams.set("lang", boot.lang);
  url.searchParams.set("follow", joined.code);
  return url.toString();
}

function stepAway() {
  if (!shown) return;
  away = true;
  send({ type: "away", away: true });
  looking = shown.step;
  seen.set(shown.step, shown.phase === "try" || shown.phase === "ask" ? null : shown.data);
  if (!seen.get(looking)) look(looking - 1 >= 0 ? looking - 1 : looking);
  else render();
  backToClass.focus();
}

function look(step) {
  if (step < 0 || (joined && step > joined.last)) return;
  looking = step;
  if (seen.get(step)) render();
  else send({ type: "get", step });
}

function comeBack() {
  away = false;
  send({ type: "away", away: false });
  render();
  lookBack.focus();
}

// ---- the connection ---------------------------------------------------------------------------
function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

async function decode(raw) {
  if (typeof raw === "string") return JSON.parse(raw);
  const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

function connect(code, name) {
  const url = new URL("student", base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(url);
  socket.binaryType = "arraybuffer";
  const me = socket;
  let queue = Promise.resolve();
  socket.addEventListener("open", () => {
    const before = kept();
    send({ type: "join", code, lang: boot.lang, gz: GZ,
           ...(name ? { name } : {}), ...(before && before.code === code ? { sid: before.sid } : {}) });
  });
  socket.addEventListener("message", (event) => {
    queue = queue.then(() => decode(event.data)).then(receive).catch((error) => console.error(error));
  });
  socket.addEventListener("close", () => {
    if (socket !== me || ended || root.dataset.state === "refused") return;
    setState("lost");
    note.textContent = texts.lost;
    note.hidden = false;
    const wait = Math.min(5000, 400 * 2 ** retries++);
    setTimeout(() => connect(code, ""), wait);
  });
}

function receive(message) {
  switch (message.type) {
    case "joined":
      joined = message;
      keep({ code: message.code, sid: message.sid });
      title.textContent = message.title;
      document.title = `${message.title} · ${texts.title}`;
      codeChip.textContent = message.shown;
      teacherHere = message.teacher;
      if (retries) { note.textContent = texts.back_online; setTimeout(() => { note.hidden = true; }, 2500); }
      else note.hidden = true;
      retries = 0;
      if (!page.isConnected) root.replaceChildren(page);
      if (away) send({ type: "away", away: true });
      break;
    case "step":
      shown = message;
      if (message.phase !== "try" && message.phase !== "ask") seen.set(message.step, message.data);
      if (!away) render();
      break;
    case "wait":
      status.textContent = texts.waiting;
      break;
    case "back":
      if (message.step === looking && away) {
        seen.set(message.step, message.data);
        render();
      }
      break;
    case "you":
      mine = message;
      if (!away) render();
      break;
    case "teacher":
      teacherHere = message.here;
      if (!away) render();
      break;
    case "refused":
      setState("refused");
      keep(null);
      showJoin(message.why === "wait" ? texts.wait_code : message.why === "full" ? texts.full : texts.bad_code);
      socket.close();
      break;
    case "ended":
      ended = true;
      keep(null);
      setState("ended");
      note.textContent = texts.ended;
      note.hidden = false;
      task.hidden = true;
      break;
    default:
      break;
  }
}

// ---- joining ----------------------------------------------------------------------------------
function showJoin(problem = "") {
  const form = root.querySelector(".tf-join") || el("form", { class: "tf-join" });
  if (!form.isConnected) root.replaceChildren(form);
  let warning = form.querySelector(".tf-problem");
  if (!warning) {
    warning = el("p", { class: "tf-problem tp-message tp-problem", role: "alert" });
    form.prepend(warning);
  }
  warning.textContent = problem;
  warning.hidden = !problem;
  form.querySelector("button").disabled = false;
}

function join(code, name) {
  setState("joining");
  const button = root.querySelector(".tf-join button");
  if (button) button.disabled = true;
  connect(code.replace(/[\s\-_.]/g, "").toUpperCase(), name);
}

function fit() {
  const narrow = window.innerWidth <= 640;
  page.classList.toggle("tp-narrow", narrow);
  if (!narrow) {
    const svg = board.querySelector("svg");
    const box = (svg && svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    const aspect = box.length === 4 && box[3] > 0 ? box[2] / box[3] : 1;
    const top = main.getBoundingClientRect().top + window.scrollY;
    const width = page.clientWidth || window.innerWidth;
    const boardW = Math.max(280, Math.min((window.innerHeight - top - 14) * aspect, width - Math.max(330, 0.3 * width) - 20));
    main.style.setProperty("--board-w", `${Math.floor(boardW)}px`);
  }
}
window.addEventListener("resize", fit);

setState("join");
const form = root.querySelector(".tf-join");
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const code = form.elements.code.value.trim();
  if (code) join(code, form.elements.name.value.trim());
});
const before = kept();
const linked = (boot.code || query.get("code") || "").replace(/[\s\-_.]/g, "").toUpperCase();
if (before && (!linked || before.code === linked)) join(before.code, "");  // a reload: the same student
else if (linked && query.get("name") !== null) join(linked, query.get("name"));  // the form sent without a script
else form.elements[linked ? "name" : "code"].focus();
