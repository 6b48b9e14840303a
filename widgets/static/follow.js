// A student following a class: the relay's student page (widgets/serving/classroom/relay.py), with no
// kernel. The relay sends the step the teacher shows, as the teacher's kernel made it in this
// student's language, and carries the student's answers to the teacher's page, whose kernel
// judges them. This page shows (frame.js, step.js: the lesson's own frame and painter) and
// asks; it decides nothing.
//
// The class follows the teacher through a course: each step names the lesson (its number in
// the class), and when the teacher opens another one this page follows; while the teacher is
// on the course page, free play or drills, the page says the teacher is choosing the next
// lesson. A student who stepped away goes on looking back at the lesson they were looking at.
//
// Its state is on its root for tests and styles: data-state (join, joining, following, away,
// choosing, lost, ended, refused), data-step (the step shown), data-phase (the class's: show,
// try, ask, revealed, choosing), data-teacher-step, data-lesson (the lesson's number); an
// answer not counted because the class moved on is said in .tf-late (data-late: "no", or
// "earlier": the student's answer before it counts; data-poll).
import { answerRow } from "./controls.js";
import { fitBoard, frame, watchFit } from "./frame.js";
import { recorder } from "./mastery.js";
import { answerKeeper, asked } from "./pending.js";
import { addressWith, keepInTab, tabKept } from "./env.js";
import { askingView, stepPainter, stepParts } from "./step.js";
import { bringIntoView, button, el, fill, toTop } from "./ui.js";

const boot = JSON.parse(document.getElementById("tutor-follow").textContent);
const texts = boot.texts;
const root = document.getElementById("tutor-follow-root");
const relay = new URL("../", document.querySelector('script[src$="follow.js"]').src).href;
const query = new URLSearchParams(window.location.search);
const GZ = typeof DecompressionStream !== "undefined";

const normal = (code) => code.replace(/[\s\-_.]/g, "").toUpperCase();

const KEEP = "rules-tutor-class"; // this tab's class and the student's id in it (or a new student)
const MENU = "rules-tutor-class-menu"; // the language menu was just used: it keeps the focus

// ---- the page: the lesson's frame and step painter ----------------------------------------------
const parts = frame({
  texts, frame: boot.frame, home: "#", lang: boot.lang,
  onLanguage: (lang) => { // the page's words come with the page: load it in that language
    // (the menu keeps the focus there, as the lesson's does: a student on keys pressed Home or
    // End on it again, and nothing happened, the focus gone to the page's body)
    keepInTab(MENU, true);
    const url = new URL(window.location.href);
    url.searchParams.set("lang", lang);
    window.location.replace(url.href);
  },
});
parts.root.classList.add("tf-page");
parts.home.hidden = true; // until the class says where the lessons are
const codeChip = el("span", { class: "tf-code" });
parts.game.replaceWith(codeChip);
const status = el("p", { class: "tf-status", role: "status" });
parts.message.before(status);

const step = stepParts(parts.story);
const painter = stepPainter(parts.board, step);

// answering: a try-it step's move (picked or typed), a question's choice or number
const task = el("section", { class: "tf-task", hidden: true, "aria-label": texts.your_move });
const moves = el("select", { class: "tp-moves", "aria-label": texts.your_move });
const typed = el("input", { class: "tp-typed", type: "text", autocomplete: "off", spellcheck: "false",
                            placeholder: texts.typed, "aria-label": texts.typed });
const sendMove = button("tf-send tp-primary", texts.send, () => {
  if (typed.value.trim()) answer({ text: typed.value.trim() });
  else if (moves.value !== "") answer({ move: Number(moves.value) });
});
typed.addEventListener("keydown", (e) => { if (e.key === "Enter") sendMove.click(); });
moves.addEventListener("change", () => { if (moves.value !== "") typed.value = ""; });
const moveRow = el("div", { class: "tf-move-row" }, [moves, typed, sendMove]);
const choices = el("div", { class: "tp-answer-choices tf-choices", role: "group" });
const number = answerRow(texts, (text) => { if (text.trim()) answer({ text: text.trim() }); });
const sent = el("p", { class: "tf-sent", role: "status", hidden: true, text: texts.sent });
task.append(moveRow, choices, number.row, sent);
const reveal = el("div", { class: "tf-reveal" });
const verdicts = el("div", { class: "tf-verdicts" });
// an answer the class moved on without: said under the step's title, where the next step starts
const lateNote = el("p", { class: "tf-late tp-message", role: "status", hidden: true });
step.readings.after(task);
// what the reveal showed and the student's own verdicts: under the step's title, before its
// move and narration (after them, a phone showed neither without scrolling past the story)
step.heading.after(lateNote, reveal, verdicts);
parts.panelBox = step.panelBox;
parts.panelBefore = step.legendBox;

// stepping away: look back at what the class saw, try it on one's own, come back
const lookBack = button("tf-step-away", "◀ " + texts.step_away, () => stepAway());
const prev = button("tf-prev", "◀ " + texts.back, () => look(earlier(-1)));
const next = button("tf-next", texts.next + " ▶", () => look(earlier(1)));
const backToClass = button("tf-back-to-class tp-primary", texts.back_to_class, () => comeBack());
parts.controls.append(lookBack, prev, next, backToClass);
const tryHere = el("a", { class: "tp-button tf-try-here", text: texts.try_here });
const awayBox = el("div", { class: "tf-away-box", hidden: true },
                   [el("p", { class: "tf-away-note", text: texts.away_note }), tryHere]);
parts.controls.after(awayBox);

// ---- state ------------------------------------------------------------------------------------
let socket = null;
let joined = null;       // {sid, code, title, page, lessons, last, ...}
let shown = null;        // what the class shows now (the relay's step message)
let mine = null;         // this student's own answer and verdicts
let away = false;
let choosing = false;    // the teacher is choosing the next lesson
let looking = -1;        // the step looked back at while away
// the lesson the class is on (its number in the class, its page, the steps the class saw done:
// step -> data), and the one looked back at while away (an earlier one once the class moved on)
let book = { n: 0, page: "", title: "", steps: new Map() };
let looked = book;
let retries = 0;
let ended = false;
let teacherHere = true;

function setState(state) { root.dataset.state = state; }

function paint(data, asking) {
  const scene = asking && data.task ? data.task.scene : null;
  const prompt = !scene ? "" : shown.phase === "try" ? data.task.prompt : data.task.ask.prompt;
  painter.paint(scene ? { ...data, ...askingView(scene, prompt) } : data);
  root.dataset.step = String(data.index);
  requestAnimationFrame(() => fitBoard(parts, false));
}

function earlier(direction) {  // the nearest step the class saw, before (-1) or after (1)
  const held = [...looked.steps.keys()].filter((s) => (direction < 0 ? s < looking : s > looking));
  return held.length ? (direction < 0 ? Math.max(...held) : Math.min(...held)) : looking;
}

function render() {
  if (ended) { // the class has ended: no teacher to follow, to come back to, or to ask
    for (const part of [lookBack, prev, next, backToClass, awayBox, task, parts.controls]) part.hidden = true;
    status.textContent = "";
    return;
  }
  root.dataset.away = away ? "true" : "false";
  lookBack.hidden = away || !shown;
  prev.hidden = next.hidden = backToClass.hidden = !away;
  awayBox.hidden = !away;
  if (away) {
    if (looked.title) titled(looked.title); // the lesson looked at, which the class may have left
    const data = looked.steps.get(looking);
    if (data) paint(data, false);
    task.hidden = true;
    reveal.innerHTML = verdicts.innerHTML = "";
    prev.disabled = earlier(-1) === looking;
    next.disabled = earlier(1) === looking;
    tryHere.href = lessonLink(looking);
    status.textContent = looked !== book ? fill(texts.moved_on, { title: book.title })
      : choosing ? texts.choosing : shown ? fill(texts.teacher_at, { step: shown.step }) : "";
    setState("away");
    return;
  }
  if (choosing) {
    root.dataset.phase = "choosing";
    task.hidden = true;
    status.textContent = teacherHere ? texts.choosing : texts.no_teacher;
    setState("choosing");
    return;
  }
  if (!shown) return;
  if (book.title) titled(book.title);
  const asking = shown.phase === "try" || shown.phase === "ask";
  paint(shown.data, asking);
  root.dataset.phase = shown.phase;
  root.dataset.teacherStep = String(shown.step);
  task.hidden = !asking;
  if (asking) paintTask();
  reveal.innerHTML = Object.values(shown.reveal || {}).join("");
  const revealed = Object.keys(shown.reveal || {}).length > 0; // verdicts belong to this step's reveals
  verdicts.innerHTML = revealed && mine && mine.verdicts ? mine.verdicts.join("") : "";
  status.textContent = teacherHere ? texts.following : texts.no_teacher;
  setState("following");
  lateShown(`${book.n}:${shown.step}`);
  placed(`${book.n}:${shown.step}`, shown.phase === "revealed");
}

// Where the page was put for the step shown: another step (or lesson, or coming back from
// looking back) starts at the top, its board seen whole; a reveal brings the board back and the
// student's own verdicts on screen, above a phone's step bar. (A phone scrolled to "your answer
// arrived" stayed scrolled down: the teacher's next step showed with its board cut off.)
let placedAt = "";
let placedRevealed = false;
let placedVerdicts = ""; // the verdicts brought on screen (more come with the student's message)
function placed(where, revealed) {
  const moved = where !== placedAt;
  if (moved || (revealed && !placedRevealed)) {
    toTop(parts.root);
    placedVerdicts = "";
  }
  placedAt = where;
  placedRevealed = revealed;
  if (!revealed || !verdicts.firstChild || verdicts.innerHTML === placedVerdicts) return;
  placedVerdicts = verdicts.innerHTML;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (root.dataset.state !== "following" || !verdicts.firstChild) return;
    const bar = parts.controls.getBoundingClientRect();
    // a phone's step bar is fixed at the screen's foot; a laptop's is at the page's top
    const fold = !parts.controls.hidden && bar.height && bar.top > window.innerHeight / 2
      ? Math.min(bar.top, window.innerHeight) : window.innerHeight;
    bringIntoView(verdicts, fold);
  }));
}

let taskKey = "";
function paintTask() {
  const data = shown.data;
  const kind = shown.phase;
  const key = `${shown.poll}:${kind}`;
  if (key !== taskKey) {  // another question: fresh controls
    taskKey = key;
    typed.value = number.input.value = "";
    if (kind === "try") {
      const listed = (data.task.scene && data.task.scene.moves) || [];
      moves.replaceChildren(el("option", { value: "", text: texts.pick }),
        ...listed.map(([text, i]) => el("option", { value: String(i), text })));
    } else {
      choices.replaceChildren(...data.task.ask.choices.map((choice, i) =>
        button("tp-answer-choice", choice, () => answer({ choice: i }), { "data-index": String(i), "aria-pressed": "false" })));
    }
  }
  moveRow.hidden = kind !== "try";
  choices.hidden = kind !== "ask" || data.task.ask.number;
  number.row.hidden = kind !== "ask" || !data.task.ask.number;
  const given = mine && mine.poll === shown.poll && mine.answered ? mine.value : null;
  // an answer not in the relay yet (the question's poll or the connection still coming):
  // pressed as given, "your answer is in" only once it is
  const kept = keeper.held;
  const held = kept && kept.step === shown.step && kept.kind === kind ? kept : null;
  const chosen = held ? held.value : given;
  const told = !sent.hidden;
  sent.hidden = !given || !!held;
  // "your answer arrived" where the student sees it (on a phone it fell under the step bar)
  if (!sent.hidden && !told) sent.scrollIntoView({ block: "nearest" });
  for (const b of choices.children) {
    b.setAttribute("aria-pressed", chosen && chosen.choice === Number(b.dataset.index) ? "true" : "false");
  }
  task.dataset.answered = held ? "pending" : given ? "true" : "false";
}

// The student's answer to the question shown: sent at once if the page has its poll and a
// connection, else kept and sent as soon as it has both (pending.js; it was dropped, the
// student told nothing: a quick tap on a phone on school Wi-Fi was lost). One the class moved
// on without is said so (the page's own knowledge, or the relay's "late").
const keeper = answerKeeper((message) => send(message), tellLate);
function tellLate({ poll, counted }) {
  lateNote.textContent = counted === "earlier" ? texts.late_earlier : texts.late_missed;
  lateNote.dataset.late = counted;
  lateNote.dataset.poll = String(poll || "");
  lateNote.dataset.where = ""; // the step it is first seen on (lateShown)
  lateNote.hidden = false;
}
// the note stays on the step it was first seen on, and goes with the class's next one
function lateShown(where) {
  if (lateNote.hidden) return;
  if (!lateNote.dataset.where) lateNote.dataset.where = where;
  else if (lateNote.dataset.where !== where) lateNote.hidden = true;
}
function answer(value) {
  if (!shown || task.hidden) return;
  lateNote.hidden = true; // answering again: what came late before is past
  keeper.give(asked(book.n, shown.step, shown.phase, shown.poll), value);
  if (!away && !choosing) paintTask();
}

// this student's own record (mastery.js, in this browser only): what their answers said of each
// rule comes with the verdicts after a reveal (the class's log, numbered by poll); the numbers
// kept are kept in this tab too, so a reload does not keep them twice
const RECORDED = "rules-tutor-class-evidence";
const recorded = tabKept(RECORDED) || {};
const record = recorder(() => Date.now(), recorded);
const keepEvidence = (batch) => { if (record(batch)) keepInTab(RECORDED, recorded); };

// the lesson on this student's own server, at ``step`` (a kernel for them only)
function lessonLink(step) {
  if (!joined || !looked.page) return "#";
  return addressWith({ step, lang: boot.lang, follow: joined.code },
                     `${joined.lessons}voila/render/${looked.page}`).href;
}

function stepAway() {
  if (!shown) return;
  away = true;
  placedAt = ""; // coming back: the class's step from its top
  send({ type: "away", away: true });
  looked = book;
  looking = shown.step;
  if (!book.steps.get(looking)) look(earlier(-1));
  else render();
  backToClass.focus();
}

function look(target) {
  looking = target;
  if (looked.steps.get(target)) render();
  else if (looked === book) send({ type: "get", step: target, lesson: book.n });
}

function comeBack() {
  away = false;
  looked = book;
  send({ type: "away", away: false });
  render();
  lookBack.focus();
}

// ---- the connection ---------------------------------------------------------------------------
function send(message) { // true: sent on an open connection
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

async function decode(raw) {
  if (typeof raw === "string") return JSON.parse(raw);
  const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

function sendJoin(code, name) {
  const before = tabKept(KEEP);
  send({ type: "join", code, lang: boot.lang, gz: GZ,
         ...(name ? { name } : {}), ...(before && before.code === code ? { sid: before.sid } : {}) });
}

function connect(code, name) {
  const url = new URL("student", relay);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const me = new WebSocket(url);
  socket = me;
  me.binaryType = "arraybuffer";
  let queue = Promise.resolve(); // messages handled in order, gzipped ones too
  me.addEventListener("open", () => sendJoin(code, name));
  me.addEventListener("message", (event) => {
    queue = queue.then(() => decode(event.data)).then(receive).catch((error) => console.error(error));
  });
  me.addEventListener("close", () => {
    if (socket !== me || ended || root.dataset.state === "refused") return;
    setState("lost");
    parts.message.textContent = texts.lost;
    parts.message.hidden = false;
    // the code joined with (a kept socket may have tried others before it)
    setTimeout(() => connect(joined ? joined.code : code, ""), Math.min(5000, 300 * 2 ** retries++));
  });
}

// the class follows the teacher to another lesson (``message``: a step, wait or choosing
// message naming it, or joined); false: the lesson is the one followed already
function newLesson(message) {
  if (message.lesson === book.n) return false;
  book = { n: message.lesson, page: message.page || "", title: message.title || "", steps: new Map() };
  if (!away) looked = book; // a student away goes on looking at the lesson they looked at
  shown = null;
  root.dataset.lesson = String(book.n);
  return true;
}

function titled(title) {
  parts.title.textContent = title;
  document.title = `${title} · ${texts.title}`;
}

function receive(message) {
  switch (message.type) {
    case "joined":
      joined = message;
      keeper.reconnected(); // an answer sent before the connection dropped may not have arrived
      newLesson({ ...message, lesson: message.number });
      keepInTab(KEEP, { code: message.code, sid: message.sid });
      if (message.title) titled(message.title); // (none yet in this language: the step brings it)
      codeChip.textContent = message.shown;
      if (message.page) {
        const folder = message.page.slice(0, message.page.lastIndexOf("/") + 1);
        parts.home.href = new URL(`${message.lessons}voila/render/${folder}index.ipynb?lang=${boot.lang}`,
                                  window.location.href).href;
        parts.home.hidden = false;
      }
      teacherHere = message.teacher;
      if (retries) {
        parts.message.textContent = texts.back_online;
        setTimeout(() => { if (root.dataset.state !== "lost") parts.message.hidden = true; }, 2500);
      } else parts.message.hidden = true;
      retries = 0;
      if (!parts.root.isConnected) {
        root.replaceChildren(parts.root);
        watchFit(parts, () => false);
        const menu = tabKept(MENU) && parts.root.querySelector("select.tp-lang");
        keepInTab(MENU, null);
        if (menu) menu.focus({ preventScroll: true });
      }
      if (away) send({ type: "away", away: true });
      break;
    case "step":
      newLesson(message);
      choosing = false;
      shown = message;
      if (message.title) {
        book.title = message.title;
        titled(message.title);
      }
      if (message.phase !== "try" && message.phase !== "ask") book.steps.set(message.step, message.data);
      keeper.shown(asked(book.n, message.step, message.phase, message.poll));
      render();
      break;
    case "wait":
      if (newLesson(message) && message.title) parts.title.textContent = message.title;
      keeper.moved(message.lesson, message.step);
      choosing = false;
      // the question shown is no longer asked (the class is on another step, or lesson):
      // its controls go until the step comes (an answer to it would be refused)
      if (!shown || shown.step !== message.step) task.hidden = true;
      if (away) render();
      else status.textContent = texts.waiting;
      break;
    case "choosing":
      newLesson(message);
      keeper.shown(null); // no question is asked now
      choosing = true;
      render();
      break;
    case "back":
      if (message.lesson !== book.n) break; // of a lesson the class has left
      if (message.data && !(message.data.task && !message.data.board)) book.steps.set(message.step, message.data);
      if (message.step === looking && away && looked === book && book.steps.get(message.step)) render();
      break;
    case "you":
      mine = message;
      keeper.heard(message);
      keepEvidence(message.evidence);
      if (!away) render();
      break;
    case "late": // an answer came after the class closed its question (the relay's word)
      keeper.late(message);
      break;
    case "teacher":
      teacherHere = message.here;
      if (!away) render();
      break;
    case "refused":
      setState("refused");
      keepInTab(KEEP, null);
      // the socket is kept: the relay limits a page's wrong codes by its socket (a new one
      // per try would be a fresh page each time), and the next try goes on it
      showJoin(message.why === "wait" ? texts.wait_code : message.why === "full" ? texts.full : texts.bad_code);
      break;
    case "ended":
      ended = true;
      keepInTab(KEEP, null);
      render();
      setState("ended");
      parts.message.textContent = texts.ended;
      parts.message.hidden = false;
      break;
    default:
      break;
  }
}

// ---- joining ----------------------------------------------------------------------------------
const form = root.querySelector(".tf-join");

function showJoin(problem = "") {
  if (!form.isConnected) root.replaceChildren(form);
  let warning = form.querySelector(".tf-problem");
  if (!warning) {
    warning = el("p", { class: "tf-problem tp-message tp-problem", role: "alert" });
    form.querySelector("h1").after(warning);
  }
  warning.textContent = problem;
  warning.hidden = !problem;
  form.querySelector("button").disabled = false;
  form.elements.code.focus();
}

function join(code, name) {
  const again = root.dataset.state === "refused" && socket && socket.readyState === WebSocket.OPEN;
  setState("joining");
  form.querySelector("button").disabled = true;
  if (again) sendJoin(normal(code), name);  // the same page tries another code
  else connect(normal(code), name);
}

setState("join");
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const code = form.elements.code.value.trim();
  if (code) join(code, form.elements.name.value.trim());
});
const before = tabKept(KEEP);
const linked = normal(boot.code || query.get("code") || "");
if (before && (!linked || before.code === linked)) join(before.code, "");  // a reload: the same student
else if (linked && query.has("code")) join(linked, query.get("name") || "");  // typed on the course page
else form.elements[linked ? "name" : "code"].focus();
