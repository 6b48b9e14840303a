// The "Write a lesson" view (widgets/pages/author/view.py): the game's board and players'
// panel as in free play (click or type a move: each becomes a step), the lesson's steps, what
// the engine proposes for the step shown (rules, changed facts, marks), the author's words and
// the step's task, "Try it as a learner" (the lesson page on the draft, drawn here) and Save.
//
// The kernel sends the board's scene (trait ``scene``, free play's) and the draft (trait
// ``draft``); this view reports what the author does as the named messages of
// widgets/parts/messages.py (AUTHOR): free play's click, move, choice, typed, action, undo,
// save; and start, keep, step, delete, shift, write, rule, tick, mark, task, deal, learner,
// writing.
import { moveControls, onBoardClick, paintSwitches, panelBoxes } from "./controls.js";
import { fitBoard, frame, frameOf, screenEnd, watchFit } from "./frame.js";
import { lessonView } from "./lesson.js";
import { button, details, dropdown, el, keepInView, labelled, listen, modelOf } from "./ui.js";

// From this width the story column scrolls on its own (fitStory); never lower than MIN_STORY px.
const WIDE = 1024;
const MIN_STORY = 320;
// Where this browser keeps the lesson being written (see keepInBrowser)
const KEPT = "rules-tutor-author-drafts";
const MOST_KEPT = 5;

// An input of ``kind`` (a checkbox, a number, a file...); ``changed(node)`` when it changes.
function input(kind, attrs, changed = null) {
  const node = el("input", { ...attrs, type: kind });
  if (changed) node.addEventListener("change", () => changed(node));
  return node;
}

function startForm(texts, starts, draft, send) {
  const source = dropdown({ class: "ta-source", "aria-label": texts.start }, [["new", texts.new_game],
    ["lesson", texts.from_lesson], ["position", texts.from_position], ["file", texts.from_file]]);
  const game = dropdown({ class: "ta-game", "aria-label": texts.game },
                        Object.entries(starts).map(([name, info]) => [name, info.title]), draft.game);
  const players = input("number", { class: "ta-players", min: "0", max: "8", value: "0", "aria-label": texts.players });
  const seed = input("number", { class: "ta-seed", min: "0", value: "0", "aria-label": texts.seed });
  const lesson = el("select", { class: "ta-lesson", "aria-label": texts.lesson });
  const step = input("number", { class: "ta-step-number", min: "0", value: "0", "aria-label": texts.step });
  const text = el("textarea", { class: "ta-text", rows: "6", "aria-label": texts.from_position });
  const file = input("file", { class: "ta-file", accept: ".toml", "aria-label": texts.from_file }, async () => {
    if (file.files && file.files[0]) text.value = await file.files[0].text();
  });
  const lessons = () => {
    lesson.replaceChildren(...(starts[game.value] || { lessons: [] }).lessons.map(([id, title]) => el("option", { value: id, text: title })));
  };
  lessons();
  game.addEventListener("change", lessons);
  const rows = {
    new: el("div", { class: "ta-row" }, [labelled(texts.players, players), labelled(texts.seed, seed)]),
    lesson: el("div", { class: "ta-row" }, [lesson, labelled(texts.step, step)]),
    position: text,
  };
  const place = el("div", { class: "ta-start-fields" });
  const showRows = () => place.replaceChildren(...(source.value === "file" ? [file, text]
                                                                           : [game, rows[source.value]]));
  source.addEventListener("change", showRows);
  showRows();
  const begin = button("ta-begin tp-primary", texts.begin, () => send({
    type: "start", source: source.value, game: game.value, seed: Number(seed.value || 0),
    players: Number(players.value || 0), lesson: lesson.value, step: Number(step.value || 0), text: text.value,
  }));
  return details("ta-start", texts.start, [source, place, begin]);
}

function stepList(texts, draft, send) {
  const list = el("ol", { class: "ta-steps", start: "0" });
  for (const step of draft.steps) {
    const label = step.index === 0 ? texts.setup_step : (step.title || step.move || "…");
    const go = button("ta-go", `${step.index}. ${label}`, () => send({ type: "step", index: step.index }),
      { "aria-current": step.index === draft.cursor ? "step" : null });
    const item = el("li", { class: "ta-step", "data-step": String(step.index), "data-task": step.task,
      "data-refused": step.refused || null, "data-ok": step.ok ? "yes" : "no",
      "data-narrated": step.index === 0 || step.narrated ? null : "no" }, [go]);
    if (step.refused) item.append(el("span", { class: "ta-refused-tag", text: " ✗ " + texts.refused }));
    if (step.task !== "plain") item.append(el("span", { class: "ta-task-tag", text: " · " + (step.task === "try" ? texts.task_try : texts.task_ask) }));
    // a step without narration: the learner sees only the board there (said in the step's
    // button, its name to a screen reader too, not a look only)
    if (item.dataset.narrated === "no") go.append(el("span", { class: "ta-silent-tag", text: " · " + ((draft.words || {}).silent_step || "") }));
    if (step.index > 0) {
      item.append(
        button("ta-up", "↑", () => send({ type: "shift", index: step.index, to: step.index - 1 }),
          { disabled: step.index === 1, title: texts.up, "aria-label": texts.up }),
        button("ta-down", "↓", () => send({ type: "shift", index: step.index, to: step.index + 1 }),
          { disabled: step.index === draft.steps.length - 1, title: texts.down, "aria-label": texts.down }),
        button("ta-delete", "✕", () => send({ type: "delete", index: step.index }), { title: texts.delete, "aria-label": texts.delete }));
    }
    list.append(item);
  }
  return el("section", { class: "ta-steps-box" }, [el("h2", { text: texts.steps }), list]);
}

function writeForm(texts, draft, send) {
  const index = draft.cursor;
  const step = draft.steps[index] || {};
  const keep = () => send({ type: "write", index, title: title.value, narration: narration.value });
  const title = input("text", { class: "ta-title", value: step.title || "",
                                "aria-label": index === 0 ? texts.lesson_title : texts.step_title }, keep);
  const narration = el("textarea", { class: "ta-narration", rows: "4", "aria-label": texts.narration });
  narration.value = step.narration || "";
  narration.addEventListener("change", keep);
  // words carried into a box drawn anew (authorView keeps what was typed) raise no change
  // event of their own: leaving a box whose words differ from the draft's saves them
  for (const box of [title, narration]) {
    box.addEventListener("blur", () => {
      if (title.value !== (step.title || "") || narration.value !== (step.narration || "")) keep();
    });
  }
  return el("section", { class: "ta-write" }, [
    labelled(index === 0 ? texts.lesson_title : texts.step_title, title),
    labelled(texts.narration, narration),
    el("p", { class: "ta-note", text: texts.write_note }),
    button("ta-apply", texts.apply, keep)]);
}

function proposals(texts, draft, send, marking) {
  const shown = draft.shown || {};
  const index = draft.cursor;
  const box = el("section", { class: "ta-proposals" });
  if (shown.rules) {
    const rules = el("ul", { class: "ta-rules" });
    for (const rule of shown.rules) {
      const box_ = input("checkbox", { "data-rule": rule.id, checked: rule.chosen },
                         (ticked) => send({ type: "rule", index, id: rule.id, on: ticked.checked }));
      rules.append(el("li", { class: rule.broken ? "ta-rule ta-broken" : "ta-rule" }, [
        el("label", {}, [box_, el("span", { text: ` ${rule.title}` + (rule.broken ? ` (${texts.broken})` : "") })]),
        rule.reading ? el("p", { class: "ta-reading", text: `${texts.reading}: ${rule.reading}` }) : null]));
    }
    box.append(el("h3", { text: texts.proposed_rules }), rules);
  }
  if (index > 0) {
    const facts = el("ul", { class: "ta-changed" });
    for (const change of shown.changed || []) {
      const tick = input("checkbox", { "data-fact": change.key, "data-value": change.value, checked: change.ticked },
                         (ticked) => send({ type: "tick", index, key: change.key, on: ticked.checked }));
      facts.append(el("li", {}, [el("label", {}, [tick, el("span", { text: ` ${change.label}: ${change.before} → ${change.after}` })])]));
    }
    box.append(el("h3", { text: texts.changed }), (shown.changed || []).length ? facts : el("p", { text: texts.no_change }));
  }
  if (shown.can_mark) {
    const toggle = input("checkbox", { class: "ta-marking", checked: marking.on }, (t) => { marking.on = t.checked; });
    box.append(el("h3", { text: texts.marks }), el("label", { class: "ta-check" }, [toggle, el("span", { text: " " + texts.marking })]),
      el("p", { class: "ta-marked", "data-marked": (shown.marked || []).join(" "), text: `${texts.marked} ${(shown.marked || []).join(", ")}` }));
  }
  if (shown.engine) { // a weaker move played on purpose: the lesson says why
    const why = el("textarea", { class: "ta-why", rows: "2", "aria-label": texts.why });
    why.value = shown.engine.why || "";
    why.addEventListener("change", () => send({ type: "why", index, text: why.value }));
    box.append(el("p", { class: "ta-engine", text: texts.engine_move.replace("{move}", shown.engine.move) }),
      el("label", { class: "ta-why-label" }, [el("span", { text: texts.why + " " }), why]));
  }
  if (shown.task) {
    const task = shown.task;
    const kinds = el("div", { class: "ta-task", role: "radiogroup", "aria-label": texts.task, "data-kind": task.kind });
    const fact = dropdown({ class: "ta-fact", "aria-label": texts.fact }, shown.facts || [],
                          task.fact || undefined);
    const prompt = input("text", { class: "ta-prompt", value: task.prompt || "", "aria-label": texts.prompt });
    const choose = (kind) => send({ type: "task", index, kind, fact: fact.value, prompt: prompt.value });
    for (const [kind, label] of [["plain", texts.task_plain], ["try", texts.task_try], ["ask", texts.task_ask]]) {
      const radio = input("radio", { name: "ta-task", value: kind, checked: task.kind === kind,
        disabled: kind === "try" && !shown.can_try }, (r) => { if (r.checked) choose(kind); });
      kinds.append(el("label", {}, [radio, el("span", { text: " " + label + " " })]));
    }
    box.append(el("h3", { text: texts.task }), kinds);
    if (task.kind === "try" && task.accept.length) box.append(el("p", { class: "ta-accept", text: `${texts.also_right} ${task.accept.join("; ")}` }));
    if (task.kind === "ask") {
      const ask = button("ta-ask", texts.apply, () => choose("ask"));
      box.append(labelled(texts.fact, fact), labelled(texts.prompt, prompt), ask,
        el("p", { class: "ta-answer", "data-answer": task.answer, text: `${texts.answer_is} ${task.answer_said}` }));
      if (task.choices.length) box.append(el("p", { class: "ta-choices", text: `${texts.choices} ${task.choices_said.join(" · ")}` }));
    }
  }
  return box;
}

// The control the author is at, to be found again in the draft drawn anew (a tick, Enter on
// a step, Tab out of a text box: each redraws it): its kind, its step, rule, fact or value.
function controlKey(node) {
  const row = node.closest("[data-step]");
  return [[...node.classList].find((c) => c.startsWith("ta-")) || "", node.tagName, row ? row.dataset.step : "",
          node.dataset.rule || "", node.dataset.fact || "", node.type === "radio" ? node.value : ""].join("|");
}

const typedInto = (node) => node.tagName === "TEXTAREA" || (node.tagName === "INPUT" && node.type === "text");

export function authorView(model, host) {
  const texts = model.get("texts");
  const send = (content) => model.send(content);
  const parts = frame(frameOf(model));
  const writing = el("div", { class: "ta-writing" }, [parts.root]);
  const back = button("ta-back-writing tp-primary", "◀ " + texts.back_writing, () => send({ type: "writing" }));
  const learnerHost = el("div");
  const learnerBox = el("div", { class: "ta-learner", hidden: true }, [back, learnerHost]);
  host.append(writing, learnerBox);
  const marking = { on: false };
  onBoardClick(parts.board, (content) => {
    if (marking.on) send({ type: "mark", index: model.get("draft").cursor, target: content.target });
    else send(content);
  });
  // the players' panel (hands, money, the round) as free play shows it: what the author needs
  // to see to write the move, and a card of Canyon's hand played by a click (rings are the
  // board's: a click there while ringing plays nothing)
  const { panelBox, legendBox, paint: paintPanel } = panelBoxes(texts);
  Object.assign(parts, { panelBox, panelBefore: legendBox });
  onBoardClick(panelBox, (content) => { if (!marking.on) send(content); });
  const controls = moveControls(texts, send);
  const undo = button("tp-undo", texts.undo, () => send({ type: "undo" }));
  parts.controls.append(undo, button("ta-try-learner", texts.try_learner, () => send({ type: "learner" })),
                        button("ta-save tp-primary", texts.save_lesson, () => send({ type: "save" })));
  const problem = el("p", { class: "ta-problem tp-message", role: "alert", hidden: true });
  const saved = el("div", { class: "ta-saved" });
  const pending = el("div", { class: "ta-pending", role: "status" });
  const chance = el("div", { class: "ta-chance" });
  // Under the board, what the board says now (whose turn, what a click meant and the moves
  // it may mean, a refusal to keep), then the step's words (its title, its narration): on a
  // phone the box an author writes what a move teaches into is under the board just played
  // on, not a screen down past the players' panel; then the other ways to move (the game's
  // buttons, the list, a typed move, chance typed or dealt), the panel, and the lesson's
  // steps, what the engine proposes and where a lesson starts.
  const writeBox = el("div", { class: "ta-write-box" });
  const draftBox = el("div", { class: "ta-draft" });
  const keptBox = el("div", { class: "ta-kept", role: "status" });
  const drawnBoxes = [writeBox, draftBox];
  // the game's first control the author can use (not the draft's: the board's own)
  const firstControl = () => [...parts.story.querySelectorAll("button, select, input")]
    .find((n) => !drawnBoxes.some((box) => box.contains(n)) && !keptBox.contains(n) && !n.disabled && n.offsetParent !== null);
  parts.story.append(problem, keptBox, saved, controls.status, controls.choices, pending, writeBox,
    el("p", { class: "ta-note", text: texts.play_note }), controls.actions, controls.moveRow, chance, panelBox, legendBox, draftBox);

  // From 1024 px wide (a projector's 1024 × 768), the story column scrolls on its own, as
  // high as the screen leaves under the page's head: the board beside it and Undo / Try it /
  // Save above it stay in view while the author ticks facts far down the list (a sticky board
  // does not hold: the app's box and Voila's output area clip it). Narrower, the page scrolls
  // (a phone keeps its controls in the fixed bar).
  function fitStory() {
    const story = parts.story;
    const own = window.innerWidth >= WIDE && !parts.root.classList.contains("tp-narrow")
      && !writing.hidden;
    parts.root.classList.toggle("ta-own-scroll", own);
    if (!own) { story.style.removeProperty("max-height"); return; }
    // the story's top on the page, whatever box scrolls it (the window, Voila's, Lab's panel)
    let top = story.getBoundingClientRect().top + window.scrollY;
    for (let box = story.parentElement; box; box = box.parentElement) top += box.scrollTop;
    const room = Math.max(MIN_STORY, window.innerHeight - top - 12);
    story.style.maxHeight = `${Math.floor(room)}px`;
  }

  function paintScene() {
    const scene = model.get("scene");
    if (!scene || !scene.board) return;
    parts.board.innerHTML = scene.board;
    paintPanel(scene);
    controls.paint(scene);
    paintSwitches(parts.switches, scene.switches, send);
    fitBoard(parts, false);
    fitStory();
  }

  function paintDraft() {
    const draft = model.get("draft");
    parts.root.dataset.cursor = String(draft.cursor);
    parts.root.dataset.steps = String(draft.steps.length - 1);
    parts.root.dataset.game = draft.game;
    const words = draft.words || {};
    parts.game.textContent = draft.game_title;
    undo.disabled = draft.cursor === 0;
    problem.textContent = draft.problem;
    problem.hidden = !draft.problem;
    saved.replaceChildren();
    if (draft.saved && draft.saved.text) {
      saved.append(el("p", { class: "ta-passes", text: texts.passes }),
        el("a", { class: "ta-download", href: draft.saved.download, download: draft.saved.filename, text: texts.download_lesson }));
      if (draft.saved.where) saved.append(el("p", { class: "ta-saved-in", text: texts.saved_in.replace("{path}", draft.saved.where) }));
      if (words.silent) saved.append(el("p", { class: "ta-silent", "data-steps": draft.saved.silent.join(" "), text: words.silent }));
    }
    // a button of the boxes drawn anew here (Deal, Keep it as a refused step, Go on with it)
    // pressed by keys: the focus is given back below (it fell to the page's body)
    const pressed = [chance, pending, keptBox].some((box) => box.contains(document.activeElement))
      ? [...document.activeElement.classList].find((c) => c.startsWith("ta-")) : null;
    keepInBrowser(draft);
    paintKept(draft);
    pending.replaceChildren();
    if (draft.pending) {
      pending.append(el("p", { class: "ta-refusal", "data-rule": draft.pending.rule,
        text: `${texts.refused}: ${draft.pending.move} — ${draft.pending.reason} [${draft.pending.rule}]` }),
        button("ta-keep", texts.keep, () => send({ type: "keep" })));
    }
    chance.replaceChildren();
    if (draft.chance) chance.append(el("p", { text: texts.chance }), button("ta-deal", texts.deal, () => send({ type: "deal" })));
    // the step's words under the board (writeBox); after the panel the lesson's steps (short:
    // one line each), then the long list of what the engine proposes: on a phone or a
    // projector the steps are reached without scrolling past every changed fact
    // the story column keeps where the author was in it (a tick redraws the draft)
    const kept = parts.story.scrollTop;
    // and the focus: the same control again (or the step shown), a text box with what the
    // author typed since (a keyboard's author lost the focus, and the words, at each redraw)
    const at = drawnBoxes.some((box) => box.contains(document.activeElement)) ? document.activeElement : null;
    const key = at && controlKey(at);
    const typed = at && typedInto(at) && drawnCursor === draft.cursor
      ? [at.value, at.selectionStart, at.selectionEnd] : null;
    writeBox.replaceChildren(writeForm(texts, draft, send));
    draftBox.replaceChildren(stepList(texts, draft, send), proposals(texts, draft, send, marking),
      startForm(texts, model.get("starts"), draft, send));
    // a move just played (a new step shown): its narration box is brought on the screen, with
    // the control the author played it by when both fit (above a phone's bar), whatever the
    // author had scrolled to
    const moved = drawnSteps >= 0 && draft.steps.length > drawnSteps && draft.cursor !== drawnCursor;
    drawnCursor = draft.cursor;
    drawnSteps = draft.steps.length;
    fitStory();
    parts.story.scrollTop = kept;
    if (moved) {
      const box = writeBox.querySelector(".ta-narration");
      // once the board drawn anew has its size (the frame after)
      requestAnimationFrame(() => {
        if (!box.isConnected || writing.hidden) return;
        const at = document.activeElement;
        const by = at && parts.story.contains(at) && !writeBox.contains(at) ? at : box;
        keepInView(box, by, screenEnd(parts));
      });
    }
    // what Save (or any step) answers, new: in view, wherever the author was (on a phone the
    // notice is a screen above the bar's Save; the column kept its place down the facts)
    const said = draft.problem || (draft.saved && draft.saved.text ? draft.saved.where || draft.saved.filename : "");
    if (said && said !== lastSaid) (draft.problem ? problem : saved).scrollIntoView({ block: "nearest" });
    lastSaid = said;
    if (key && key.startsWith("ta-begin|")) {
      // a lesson begun anew: the author is at its first thing to do, the game's controls at
      // the column's top (the focus fell to the page's body, the column stayed at the form)
      parts.story.scrollTop = 0;
      const first = firstControl();
      if (first) first.focus();
      return;
    }
    if (pressed) {
      // Deal again while chance is still to move, else the game's first control: the move
      // dealt, kept or taken up is a step, and the next one is played there
      const again = [chance, pending, keptBox].map((box) => box.querySelector(`.${pressed}`))
        .find((n) => n && !n.disabled && n.offsetParent !== null) || firstControl();
      if (again) again.focus({ preventScroll: true });
      return;
    }
    if (!key) return;
    const again = drawnBoxes.flatMap((box) => [...box.querySelectorAll("input, textarea, select, button")])
      .find((n) => controlKey(n) === key)
      || draftBox.querySelector('.ta-go[aria-current="step"]');
    if (!again) return;
    if (typed && typedInto(again)) { again.value = typed[0]; again.setSelectionRange(typed[1], typed[2]); }
    again.focus({ preventScroll: true });
  }
  let drawnCursor = -1;
  let drawnSteps = -1;
  let lastSaid = "";

  // The lesson being written is kept in this browser as its (unchecked) file at each change,
  // and forgotten once saved: a reload or a closed tab (a new kernel, an empty draft) offers
  // to go on with it. Each page keeps its own (the newest MOST_KEPT): a lesson begun over an
  // offer left unanswered does not take the offered one's place.
  const mine = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  function keptLessons() {
    try {
      const found = JSON.parse(localStorage.getItem(KEPT) || "[]");
      return Array.isArray(found) ? found.filter((k) => k && typeof k.text === "string") : [];
    } catch (e) { return []; }
  }
  function storeKept(list) {
    try {
      if (list.length) localStorage.setItem(KEPT, JSON.stringify(list.slice(0, MOST_KEPT)));
      else localStorage.removeItem(KEPT);
    } catch (e) { /* storage refused (private mode, full): nothing kept */ }
  }
  let adopted = null;
  function keepInBrowser(draft) {
    if (adopted && draft.backup) {
      const taken = adopted;
      adopted = null;
      storeKept(keptLessons().filter((k) => k.id !== taken));
    }
    const others = keptLessons().filter((k) => k.id !== mine);
    if (draft.saved && draft.saved.text) storeKept(others);
    else if (draft.backup) {
      storeKept([{ id: mine, text: draft.backup, title: draft.title, game: draft.game_title,
                   last: draft.steps.length - 1 }, ...others]);
    }
  }
  function paintKept(draft) {
    keptBox.replaceChildren();
    const words = draft.words || {};
    const kept = keptLessons().find((k) => k.id !== mine);
    if (!kept || draft.backup || !words.kept) { keptBox.hidden = true; return; }
    keptBox.hidden = false;
    const drop = () => storeKept(keptLessons().filter((k) => k.id !== kept.id));
    keptBox.append(el("p", { text: words.kept.replace("{title}", kept.title || kept.game)
      .replace("{game}", kept.game).replace("{last}", String(kept.last)) }),
    button("ta-go-on tp-primary", words.go_on, () => {
      adopted = kept.id; // the page's own once it opened (a file that fails is kept)
      send({ type: "start", source: "file", text: kept.text });
    }),
    button("ta-forget", words.put_away, () => {
      drop();
      paintKept(model.get("draft"));
      // by keys: on to the next lesson kept, else the game's first control (not the body)
      const next = keptBox.hidden ? firstControl() : keptBox.querySelector(".ta-forget");
      if (next) next.focus({ preventScroll: true });
    }));
  }

  // "Try it as a learner": the lesson page on the draft, drawn here until the author goes back
  let learnerCleanup = null;
  async function paintLearner() {
    if (learnerCleanup) { learnerCleanup(); learnerCleanup = null; }
    learnerHost.replaceChildren();
    const child = await modelOf(model, model.get("learner"));
    learnerBox.hidden = !child;
    writing.hidden = !!child;
    // the writing board leaves the page while the lesson page shows: its picture's patterns
    // (Trapper's herb and mushroom hatching) share their ids with the lesson's board, and a
    // pattern found first in a hidden box paints nothing
    if (child) parts.board.replaceChildren();
    else paintScene();
    if (child) learnerCleanup = lessonView(child, learnerHost) || null;
    // the page the author goes to starts in view, and the keys are there: the lesson from its
    // top with "Back to writing" (a phone kept the place far down the writing page, in the
    // middle of the lesson's rule cards; the focus fell to the page's body), and back again
    // at "Try it as a learner"
    if (child) {
      learnerBox.scrollIntoView({ block: "start" });
      back.focus({ preventScroll: true });
    } else if (shownLearner) {
      const again = parts.controls.querySelector(".ta-try-learner");
      if (again) again.focus();
    }
    shownLearner = !!child;
  }
  let shownLearner = false;

  const unlisten = listen(model, { "change:scene": paintScene, "change:draft": paintDraft,
                                  "change:learner": paintLearner });
  const unwatch = watchFit(parts, () => false);
  window.addEventListener("resize", fitStory);
  paintScene();
  paintDraft();
  paintLearner();
  document.title = `${model.get("title")} · Rules Tutor`;
  return () => {
    unlisten();
    if (learnerCleanup) learnerCleanup();
    window.removeEventListener("resize", fitStory);
    unwatch();
  };
}
