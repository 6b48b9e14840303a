// The lesson view: a walkthrough's steps, Next / Back / the step list / the keys, presenter mode,
// and learning by doing (a try-it step, a question, playing on from a step).
//
// The widget-free Lesson in the kernel (widgets/pages/lesson/model.py) decides; this view paints
// a step at once from the steps it holds, and where it must know a decision before the kernel
// answers, the step's data carries it (widgets/pages/lesson/steps.py, task_data): task.opens
// (the phase a step opens in, arrived at going "forward" or "back") and task.then (what Next does
// while the step asks). docs/frontend.md, "Who decides", says why.
//
// Messages to the kernel: ready, go {index}, reveal, try {how, ...}, click {target}, show,
// answer {text} (each of these carries ``seq``), switch, lang, playon, play {content}, unplay.
// From the kernel: steps {steps}, reset, task {seq, index, phase, scene, feedback, offer, said,
// record}, play {scene, notes}. Only the task answering the latest ``seq`` is shown (the record
// of progress in every answer is kept); the view never listens to the ``index`` trait, so a late
// echo cannot move the page.
import { address, keepInAddress, withLang } from "./env.js";
import { fitBoard, frame, frameOf, screenEnd, viewBoxAspect, watchFit } from "./frame.js";
import { classroom } from "./classroom.js";
import { answerRow, moveControls, onBoardClick, paintSwitches } from "./controls.js";
import { playScreen } from "./play.js";
import { recorder } from "./mastery.js";
import { keepProgress } from "./progress.js";
import { askingView, stepPainter, stepParts } from "./step.js";
import { button, dropdown, el, keepInView, keepScroll, keyAction, listen, takeKeys } from "./ui.js";

// The phase a step opens in, arrived at going ``direction`` (the model said it: task.opens).
function opening(step, direction) {
  return step && step.task ? step.task.opens[direction] : "done";
}

// The phase Next moves a step on to from ``phase`` (task.then), or null: Next goes on.
function following(step, phase) {
  return step && step.task && phase ? step.task.then[phase] || null : null;
}

export function lessonView(model, host) {
  const texts = model.get("texts");
  const options = frameOf(model);
  const parts = frame(options);
  const cache = new Map();
  const names = model.get("names");
  const last = names.length - 1;
  let shown = -1;
  let wanted = model.get("index");
  let present = address().present === true;

  // every message that moves the lesson carries a seq; only the answer to the latest counts
  const token = Math.random().toString(36).slice(2, 8);
  let sent = 0, latest = "";
  const send = (content) => model.send(content);
  const tell = (content) => { latest = `${token}:${++sent}`; send({ ...content, seq: latest }); };

  const gameName = model.get("game");
  parts.game.textContent = model.get("title").includes(gameName) ? "" : gameName;
  document.title = model.get("title").includes(gameName)
    ? `${model.get("title")} · Rules Tutor` : `${gameName} · ${model.get("title")}`;

  const restart = button("tp-restart", "↺ " + texts.restart, () => go(0));
  const back = button("tp-back", "◀ " + texts.back, () => go(wanted - 1));
  const next = button("tp-next tp-primary", texts.next + " ▶", () => forward());
  const list = dropdown({ class: "tp-step-list", "aria-label": texts.steps },
                        names.map((name, i) => [String(i), name]));
  list.addEventListener("change", () => go(Number(list.value)));
  const listLabel = el("label", { class: "tp-step-pick" }, [el("span", { class: "tp-sr", text: texts.steps }), list]);
  const presentButton = button("tp-present-toggle", texts.present, () => setPresent(!present),
                               { "aria-pressed": "false" });
  // a class following this lesson (classroom.js): its button, panel and tally
  const klass = classroom({ model, texts, info: { lessonId: model.get("lesson_id"), title: model.get("title"),
                                                  last, lang: model.get("lang"), next: model.get("next_lesson") },
                            // a reload while teaching: the step goes on to where the class is
                            resume: (index, phase) => {
                              const step = cache.get(index);
                              if (index !== wanted || !step) return false;
                              const order = ["try", "ask", "done"];
                              let moved = false;
                              while (order.indexOf(learn.phase(step)) < order.indexOf(phase)
                                     && learn.reveal(step)) moved = true;
                              if (moved) paint(wanted, true);
                              return moved;
                            } });
  parts.controls.append(restart, back, next, listLabel, presentButton, klass.teach);
  parts.controls.after(klass.bar);
  parts.head.before(klass.back); // a student's own lesson, opened from the class: the way back

  const story = stepParts(parts.story);
  const painter = stepPainter(parts.board, story);
  const keys = el("p", { class: "tp-keys", text: texts.keys + " " + texts.numbering });
  // once the page is fitted (the frame after), ``first`` to ``last`` on the screen, above a
  // phone's step bar: a verdict and where the focus went (ui.js keepInView)
  const show = (first, last = first) => requestAnimationFrame(() => {
    if (!first.isConnected || !last.isConnected || parts.root.hidden) return;
    fitBoard(parts, present);
    keepInView(first, last, screenEnd(parts));
  });
  const learn = learning({ model, host, texts, options, parts, tell, send, show, refit: () => fitBoard(parts, present),
                          classOnward: klass.onward,
                          resume: () => { if (!next.disabled) next.focus({ preventScroll: true }); return !next.disabled; } });
  story.heading.after(klass.tally);
  story.readings.after(learn.panel, learn.after);
  parts.story.append(keys);
  parts.panelBox = story.panelBox;
  parts.panelBefore = story.legendBox;

  const message = model.get("message");
  if (message) { parts.message.textContent = message; parts.message.hidden = false; }
  // an author's own lesson written in another language than the page's: said under the
  // header, and its own words (title, narrations, a question) marked with their language
  const wordsLang = model.get("words_lang") || "";
  if (wordsLang) {
    parts.root.dataset.wordsLang = wordsLang;
    parts.title.lang = wordsLang;
    parts.head.after(el("p", { class: "tp-lang-notice tp-words-lang", "data-words-lang": wordsLang,
                               text: model.get("words_note") }));
  }
  const own = (node, mine) => { if (mine) node.lang = wordsLang; else node.removeAttribute("lang"); };
  // the step's title (the setup's is the page's word) and narration, or the question asked:
  // the lesson's words; a try-it's prompt and the engine's stronger move: the page's
  function markWords(step, asking) {
    if (!wordsLang) return;
    own(story.title, step.index > 0);
    const mine = !asking || learn.phase(step) === "ask";
    for (const p of story.narration.children) own(p, mine && !p.classList.contains("tp-stronger"));
  }

  function setPresent(on) {
    present = on;
    parts.root.classList.toggle("tp-present", on);
    presentButton.setAttribute("aria-pressed", on ? "true" : "false");
    presentButton.textContent = on ? texts.leave : texts.present;
    keepInAddress({ present: on || null });
    requestAnimationFrame(() => fitBoard(parts, present));
  }

  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 30));
  const FIT_WAIT = 150; // ms at most before a painted step is fitted to the screen
  let lastAspect = 0;
  function paint(index, announce) {
    const step = cache.get(index);
    if (!step) { parts.root.setAttribute("aria-busy", "true"); return; }
    parts.root.removeAttribute("aria-busy");
    klass.at(index, learn.phase(step)); // the class first: its pages paint while this one does
    const asking = learn.asking(step); // a step that asks: the position before its move
    painter.paint(asking ? { ...step, ...asking } : step);
    markWords(step, asking);
    // the step's view switches (InTrappola's "what is known") change the step's board, not
    // the board a step that asks shows before its move: none offered there
    paintSwitches(parts.switches, asking ? [] : step.switches, send);
    learn.paint(step, index === last);
    list.value = String(index);
    back.disabled = restart.disabled = index === 0;
    const hadNext = document.activeElement === next;
    next.disabled = index === last && !following(step, learn.phase(step));
    if (hadNext && next.disabled) { // Next, pressed to the last step, is gone: its focus fell to the
      // page's body; the next lesson's link takes it (or Play on), on the screen. With a class,
      // at the end, the link is in the class's bar under what the class missed: the bar, its
      // code, the table and the link on the screen together (scrolled to the story's link, the
      // page took the bar and the code above a projector's screen)
      const onward = learn.onward();
      onward.focus({ preventScroll: true });
      show(klass.onward() === onward ? klass.bar : story.heading, onward);
    }
    if (announce) parts.live.textContent = `${step.label}. ${step.title}. ${asking ? asking.said : step.said}`;
    shown = index;
    parts.root.dataset.step = String(index); // the step the learner sees (keepalive.js reads it)
    const aspect = viewBoxAspect(parts.board);
    if (aspect !== lastAspect) { // another shape: fit before the frame is painted
      lastAspect = aspect;
      requestAnimationFrame(() => fitBoard(parts, present));
    } else { // the same shape: only a long narration may ask for room, once painted (within
      // FIT_WAIT ms on a busy page: a phone still drawing, a class's pages arriving)
      idle(() => { if (shown === index) fitBoard(parts, present); }, { timeout: FIT_WAIT });
    }
  }

  function go(index) {
    index = Math.max(0, Math.min(last, index));
    if (index === wanted && index === shown) return;
    learn.arrive(index, index < wanted ? "back" : "forward", cache.get(index));
    // another step, while the page is scrolled below the board's top (a phone's learner read
    // down to the rules, or Tabbed to the step bar): the page at the lesson's top, as the step
    // is fitted to be read (the board, then the narration); it stayed scrolled, the new step's
    // board and narration above the screen
    if (index !== shown) requestAnimationFrame(() => {
      if (parts.main.getBoundingClientRect().top < 0) {
        parts.root.style.scrollMarginTop = "0px";
        parts.root.scrollIntoView({ block: "start", inline: "nearest" });
      }
    });
    wanted = index;
    parts.message.hidden = true;
    paint(index, true); // at once when the step is held; else when it arrives
    keepInAddress({ step: index || null });
    tell({ type: "go", index });
  }

  // Next: a step that asks moves on one phase (the book's move, then the answer), else the
  // next step
  function forward() {
    if (learn.reveal(cache.get(wanted))) paint(wanted, true);
    else go(wanted + 1);
  }
  learn.repaint = () => { if (shown === wanted) paint(wanted, false); };

  function keep(steps) {
    for (const step of steps) cache.set(step.index, step);
    if (cache.has(wanted)) learn.held(cache.get(wanted));
    if (shown !== wanted && cache.has(wanted)) paint(wanted, true);
    idle(() => { for (const step of steps) if (cache.get(step.index) === step) painter.prepare(step); });
  }

  const onMessage = (content) => {
    if (!content || typeof content !== "object") return;
    if (learn.message(content, latest)) return;
    if (content.type === "steps") keep(content.steps);
    else if (content.type === "reset") { cache.clear(); shown = -1; }
  };
  const unlisten = listen(model, { "msg:custom": onMessage });
  onBoardClick(parts.board, (content) => tell(content));
  onBoardClick(parts.panelBox, (content) => tell(content)); // a card of the hand (the panel's)

  const keyed = { next: forward, back: () => go(wanted - 1), first: () => go(0), last: () => go(last) };
  const giveKeys = takeKeys((event) => {
    if (learn.playing()) return;
    const action = keyAction(event);
    if (!action) return;
    if (action === "leave") { if (present) setPresent(false); return; }
    event.preventDefault();
    keyed[action]();
  });

  const unwatch = watchFit(parts, () => present);
  host.append(parts.root);
  const initial = Object.values(model.get("initial"));
  // opened: as if arrived going forward, before anything is painted or said (a step that asks,
  // said before its visit was known, gave a screen reader the narration: the answer)
  learn.arrive(wanted, "forward", initial.find((step) => step.index === wanted));
  keep(initial);
  setPresent(present);
  paint(wanted, false);
  fitBoard(parts, present);
  send({ type: "ready" });
  tell({ type: "go", index: wanted });

  return () => {
    learn.destroy();
    klass.destroy();
    unlisten();
    unwatch();
    giveKeys();
  };
}

// A step that asks (a try-it step, a question) and playing on from a step. The lesson calls:
// arrive(index, direction, step) when it shows another step, held(step) when a step arrives,
// asking(step) (what the page shows before the move, or null), phase(step), paint(step,
// isLast), reveal(step) for Next (true: the step moved on one phase), message(content,
// latest) for the kernel's messages.
function learning({ model, host, texts, options, parts, tell, send, show, refit, resume, classOnward }) {
  const lessonId = model.get("lesson_id");
  const keepEvidence = recorder(); // what each try and answer says of its rules (mastery.js)
  // the step shown and what was done there since arriving; phase null: not known yet (the step
  // is not held: the kernel's answer or the step's data will say)
  let visit = { index: -1, direction: "forward", phase: "done", scene: null, feedback: "", offer: false };
  let screen = null; // playing on from a step
  const api = { repaint: () => {} };

  const feedback = el("div", { class: "tp-feedback" });
  const controls = moveControls(texts, ({ type, ...rest }) => tell({ type: "try", how: type, ...rest }),
                                { live: false, pick: texts.pick });
  const showMe = button("tp-show-me", texts.show_me, () => tell({ type: "show" }));
  const tryBox = el("div", { class: "tp-try-box", role: "group", "aria-label": texts.try_it },
                    [controls.status, controls.choices, controls.actions, controls.moveRow,
                     el("div", { class: "tp-show-row" }, [showMe])]);
  const choiceRow = el("div", { class: "tp-answer-choices" });
  const number = answerRow(texts, (text) => tell({ type: "answer", text }));
  const askBox = el("div", { class: "tp-ask-box", role: "group", "aria-label": texts.question },
                    [choiceRow, number.row]);
  const panel = el("div", { class: "tp-task" }, [feedback, tryBox, askBox]);

  // Left a game played on: a scene the kernel sent before it heard so (a computer's paced
  // move) must not bring the game back; Play on asks for one again.
  let leftPlay = false;
  const playOn = button("tp-play-on", "▷ " + texts.play_on, () => { leftPlay = false; send({ type: "playon" }); });
  const finished = el("span", { class: "tp-finished", text: "✓ " + texts.finished, hidden: true });
  const coming = model.get("next_lesson") || {};
  const nextLesson = coming.href
    ? el("a", { class: "tp-next-lesson", href: withLang(coming.href, model.get("lang")), hidden: true },
         [el("span", { class: "tp-next-label", text: texts.next_lesson }), el("b", { text: coming.title }),
          el("span", { "aria-hidden": "true", text: "→" })])
    // (a lesson the course does not list, a draft or an author's own, is no game's last)
    : el("span", { class: "tp-last-lesson", text: coming.unlisted ? "" : texts.last_lesson, hidden: true });
  const after = el("div", { class: "tp-after" }, [playOn, finished, nextLesson]);
  // where the focus goes once the lesson is finished: the next lesson's link (with a class, the
  // one in the class's bar, under what the class missed), else Play on
  const onward = () => (classOnward && classOnward())
    || (nextLesson.hidden || nextLesson.tagName !== "A" ? playOn : nextLesson);

  function arrive(index, direction, step) {
    visit = { index, direction, phase: step ? opening(step, direction) : null,
              scene: step && step.task ? step.task.scene : null, feedback: "", offer: false, asked: false };
    number.input.value = "";
    controls.typed.value = "";
  }

  function held(step) {
    if (step.index !== visit.index || visit.phase !== null) return;
    visit.phase = opening(step, visit.direction);
    visit.scene = step.task ? step.task.scene : null;
  }

  function phase(step) {
    return step && visit.index === step.index ? visit.phase : "done";
  }

  // what a step that asks shows before its move, over the step's own data; null once done
  function asking(step) {
    const now = phase(step);
    if (!step || !step.task || now === "done" || now === null) return null;
    const scene = visit.scene || step.task.scene;
    return askingView(scene, now === "try" ? step.task.prompt : step.task.ask.prompt);
  }

  function reveal(step) {
    const then = following(step, phase(step));
    if (!then) return false;
    visit.phase = then;
    tell({ type: "reveal" });
    return true;
  }

  let shownFeedback = null;
  function paint(step, isLast) {
    const mine = step && visit.index === step.index;
    const now = phase(step) || "done";
    const words = mine ? visit.feedback : "";
    if (words !== shownFeedback) { feedback.innerHTML = words; shownFeedback = words; }
    tryBox.hidden = now !== "try";
    askBox.hidden = now !== "ask";
    panel.hidden = now === "done" && !words;
    panel.dataset.phase = now;
    if (now === "try") {
      controls.paint(visit.scene || step.task.scene);
      showMe.classList.toggle("tp-primary", !!visit.offer);
      showMe.textContent = visit.offer ? texts.show_me_offer : texts.show_me;
    }
    if (now === "ask" && !visit.asked) {
      const ask = step.task.ask;
      visit.asked = true;
      number.row.hidden = !ask.number;
      choiceRow.hidden = ask.number;
      choiceRow.replaceChildren(...ask.choices.map((choice) => button("tp-answer-choice", choice,
        () => tell({ type: "answer", text: choice }))));
    }
    const done = isLast && now === "done";
    finished.hidden = !done;
    nextLesson.hidden = !done;
  }

  function announce(words) {
    parts.live.textContent = "";
    requestAnimationFrame(() => { parts.live.textContent = words; });
  }

  function message(content, latest) {
    if (content.type === "task") {
      keepProgress(lessonId, content.record);
      keepEvidence(content.evidence);
      if (content.seq !== latest || content.index !== visit.index) return true; // a state left
      const before = visit.phase, told = visit.feedback;
      const held = panel.contains(document.activeElement) ? document.activeElement : null;
      Object.assign(visit, { phase: content.phase, feedback: content.feedback, offer: content.offer });
      if (content.scene) visit.scene = content.scene;
      api.repaint();
      if (content.said) announce(content.said);
      if (before !== visit.phase && visit.phase === "ask") {
        const first = number.row.hidden ? choiceRow.querySelector("button") : number.input;
        if (first && document.activeElement && parts.root.contains(document.activeElement)) first.focus();
      } else if (held && held.closest("[hidden]") && !resume()) {
        // the step asks no more: the focus (on a box now hidden) goes to Next, not the body; at
        // the last step (no Next) to the next lesson's link, or Play on
        onward().focus({ preventScroll: true });
      }
      if (content.feedback && content.feedback !== told) {
        // the verdict on the screen (with the rule a wrong move breaks), and the focus with
        // it where that is in the page (the next lesson's link at the last step, a try-it's
        // box): on a phone they fell below the fold, under the step bar
        const at = document.activeElement;
        const focus = at && at !== document.body && parts.root.contains(at) && !parts.controls.contains(at)
          ? at : feedback;
        // (with a class, at the lesson's end, the focus on the way on in the class's bar: the
        // bar kept on the screen with it; scrolled down to the verdict, the page took the bar
        // and the code above a projector's screen)
        const way = classOnward && classOnward();
        if (way && focus === way) show(way.closest(".tk-bar") || way, way);
        else show(feedback, focus);
      }
      return true;
    }
    if (content.type === "play") {
      if (!screen && leftPlay) return true;
      if (!screen) startPlaying();
      screen.paint(content.scene, content.notes || []);
      return true;
    }
    return false;
  }

  const closeScreen = () => { screen.destroy(); screen.root.remove(); screen = null; };
  let scrollBack = () => {}; // to where the lesson was scrolled when the game took its place
  function startPlaying() {
    scrollBack = keepScroll(host);
    screen = playScreen({ options, send: (content) => send({ type: "play", content }), back: stopPlaying });
    screen.parts.game.textContent = texts.playing_on.replace("{index}", String(visit.index));
    parts.root.hidden = true;
    host.append(screen.root);
    screen.parts.leave.focus();
  }

  function stopPlaying() {
    if (!screen) return;
    leftPlay = true;
    send({ type: "unplay" });
    closeScreen();
    parts.root.hidden = false;
    // the lesson as it was left (focusing Play on must not scroll the board away)
    playOn.focus({ preventScroll: true });
    scrollBack();
    requestAnimationFrame(() => { refit(); scrollBack(); });
  }

  return Object.assign(api, {
    panel, after, arrive, held, asking, phase, paint, reveal, message, onward,
    playing: () => !!screen,
    destroy: () => { if (screen) closeScreen(); },
  });
}
