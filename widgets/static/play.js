// The free-play view: a whole game against the computer (or people at one screen), and the same
// screen when a lesson plays on from a step.
//
// The kernel (widgets/pages/play.py, widgets/games/session.py) sends the whole scene (the board's
// SVG, the panel, the status, the moves, the game's buttons, the log, the setup); this view
// lays it out and reports what the learner does: click, move, choice, action, typed, undo, new,
// save, load, switch.
import { moveControls, onBoardClick, paintSwitches, panelBoxes } from "./controls.js";
import { withLang } from "./env.js";
import { fitBoard, frame, frameOf, screenEnd, watchFit } from "./frame.js";
import { recorder } from "./mastery.js";
import { button, details, dropdown, el, labelled } from "./ui.js";

// A whole game on the page. ``back``: playing on from a lesson's step (a "Back to the lesson"
// button instead of the way home; no new game, save or load then).
export function playScreen({ options, send, back = null }) {
  const texts = options.texts;
  const parts = frame(options);
  const keepEvidence = recorder(); // moves refused and played: their rules (mastery.js)
  const undo = button("tp-undo", texts.undo, () => send({ type: "undo" }));
  // the coach: a good move, its rules and what it changes (a hint taken counts as not found)
  const hint = button("tp-hint-button", texts.hint, () => send({ type: "hint" }));
  if (back) {
    parts.home.hidden = true;
    parts.leave = button("tp-back-to-lesson tp-primary", "◀ " + texts.back_to_lesson, back);
  }
  parts.controls.append(...(back ? [parts.leave] : []), undo, hint);
  const notes = el("div", { class: "tp-message tp-note tp-playon-notes", role: "status", hidden: true });
  const controls = moveControls(texts, send);
  const over = el("div", { class: "tp-over-box" });
  // on a phone, the hand to lay tempo cards from or to play a card of (Canyon: the scene's hand)
  // under the status that says "click a card in the hand": the players' panel, the hand in it,
  // is far below the screen there, under the step bar (data-phase: the scene's)
  const handBox = el("div", { class: "tp-hand-now", hidden: true,
                              style: "margin: 4px 0 8px; line-height: 2;" });
  const log = el("ol", { class: "tp-log" });
  const setupBox = el("div", { class: "tp-setup" });
  const saved = el("textarea", { class: "tp-saved", rows: "3", "aria-label": texts.saved, placeholder: texts.saved });
  const download = el("a", { class: "tp-download", hidden: true, text: texts.download });
  const saveRow = el("div", { class: "tp-save-row" }, [
    button("tp-save", texts.save, () => send({ type: "save" })),
    button("tp-load", texts.load, () => send({ type: "load", text: saved.value })), download]);
  const setupDetails = details("tp-setup-box", texts.setup, [setupBox]);
  const saveDetails = details("tp-save-box", texts.save + " · " + texts.load, [saveRow, saved]);
  const { panelBox, legendBox, paint: paintPanel } = panelBoxes(texts);
  parts.story.append(notes, controls.status, handBox, controls.choices, controls.actions, controls.moveRow, over,
    panelBox, legendBox, details("tp-log-box", texts.log, [log]), setupDetails, saveDetails);
  // under a wide, low board (Canyon's river) the players' panel goes in the room the board
  // leaves, as in a lesson (frame.js): in the story column a projector cut its table
  Object.assign(parts, { panelBox, panelBefore: legendBox });
  if (!back) { // "Write a lesson" (author.js): a lesson made by playing, on the course's own page
    parts.story.append(el("p", { class: "tp-author" }, [el("a", { href: withLang("author.ipynb?from=play", options.lang),
      text: texts.write_lesson })]));
  }
  onBoardClick(parts.board, send);
  onBoardClick(panelBox, send); // a card of the hand (Canyon's tricks, InTrappola's discard)
  onBoardClick(handBox, send); // the same cards, under a phone's status

  // a phone: the hand under the status, both brought above the step bar once a turn (a
  // learner who scrolled since to read the panel is not brought back)
  let handTurn = null, handShownAt = 0;
  function showHand(scene) {
    const narrow = parts.root.classList.contains("tp-narrow");
    handBox.hidden = !(narrow && scene && scene.hand);
    if (handBox.hidden) { handTurn = null; return; }
    const turn = `${scene.moves_done}:${scene.hand}`;
    const box = scroller();
    const at = box ? box.scrollTop : window.scrollY;
    if (turn === handTurn && Math.abs(at - handShownAt) > 1) return;
    handTurn = turn;
    const end = screenEnd(parts) - 8;
    const top = controls.status.getBoundingClientRect().top - 8;
    const by = Math.min(handBox.getBoundingClientRect().bottom - end, top);
    if (by > 0) {
      if (box) box.scrollTop += by;
      else window.scrollBy(0, by);
    }
    handShownAt = box ? box.scrollTop : window.scrollY;
  }
  // the box the page scrolls in (Voila's), or null: the window
  function scroller() {
    for (let box = parts.root.parentElement; box; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowY;
      if (box !== document.body && box !== document.documentElement
          && (overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight + 1) return box;
    }
    return null;
  }
  let shown = null; // the scene painted last
  const onResize = () => showHand(shown);
  window.addEventListener("resize", onResize);

  function renderSetup(setup) {
    const fields = setup.fields.map((f) => dropdown({ "data-name": f.name, "aria-label": f.label },
                                                    f.options, f.value));
    const seats = setup.seats.map((s) => dropdown({ "aria-label": s.name }, s.options, s.value));
    const seed = el("input", { type: "number", min: "0", value: String(setup.seed), "aria-label": texts.seed, class: "tp-seed" });
    const row = el("div", { class: "tp-setup-fields" },
                   [...fields.map((f, i) => labelled(setup.fields[i].label, f)), labelled(texts.seed, seed)]);
    const seatRow = el("fieldset", { class: "tp-seats" }, [el("legend", { text: texts.seats }),
                                                            ...seats.map((s, i) => labelled(setup.seats[i].name, s))]);
    const start = button("tp-new tp-primary", texts.new, () => {
      const values = { seed: Number(seed.value || 0) };
      for (const f of fields) values[f.getAttribute("data-name")] = f.value;
      const count = values.players ? Number(values.players) : seats.length;
      values.seats = count === seats.length ? seats.map((s) => s.value) : null;
      send({ type: "new", values });
    });
    setupBox.replaceChildren(row, seatRow, start);
  }

  // the focus on a control a scene disables (Play while the computers move, Undo with
  // nothing left to take back) fell to the page's body: it waits on the status line (where
  // the news comes) and goes back to that control, or else to the moves list, when it can act
  controls.status.tabIndex = -1;
  let parked = null;
  function keepFocus(had) {
    const now = document.activeElement;
    const usable = (c) => c && c.isConnected && !c.disabled && !c.hidden && !c.closest("[hidden]");
    if (had && had !== controls.status && (!usable(had) || !parts.root.contains(now))) parked = had;
    if (!parked) return;
    if (now !== controls.status && now !== document.body && now !== parked) { parked = null; return; } // moved on
    const back = [parked, controls.movesList, hint].find(usable);
    if (back) {
      parked = null;
      back.focus({ preventScroll: true });
    } else if (now !== controls.status) controls.status.focus({ preventScroll: true });
  }

  let lastSetup = "";
  function paint(scene, said = []) {
    const had = parts.root.contains(document.activeElement) ? document.activeElement : null;
    keepEvidence(scene.evidence);
    parts.board.innerHTML = scene.board;
    controls.paint(scene);
    over.innerHTML = scene.over;
    handBox.innerHTML = scene.hand || "";
    handBox.dataset.phase = (scene.hand && (scene.hand.match(/data-phase="(\w+)"/) || [])[1]) || "";
    shown = scene;
    paintPanel(scene);
    log.replaceChildren(...scene.log.map((line) => el("li", { text: line })));
    log.start = scene.log_start || 1; // the last moves, numbered as in the game
    undo.disabled = scene.moves_done === 0;
    hint.disabled = !scene.can_move;
    setupDetails.hidden = saveDetails.hidden = !!scene.from_position;
    notes.replaceChildren(...said.map((line) => el("p", { text: line })));
    notes.hidden = !said.length;
    const setupKey = JSON.stringify(scene.setup);
    if (!scene.from_position && setupKey !== lastSetup) { renderSetup(scene.setup); lastSetup = setupKey; }
    if (scene.saved) {
      saved.value = scene.saved;
      Object.assign(download, { hidden: false, href: scene.download, download: scene.filename });
    }
    paintSwitches(parts.switches, scene.switches, send);
    fitBoard(parts, false);
    keepFocus(had);
    requestAnimationFrame(() => showHand(scene)); // once fitted (the step bar's height)
  }
  const unwatch = watchFit(parts, () => false);
  const destroy = () => { window.removeEventListener("resize", onResize); unwatch(); };
  return { root: parts.root, parts, paint, destroy };
}

// The free-play view of a PlayPage model (its scene trait).
export function playView(model, host) {
  document.title = `${model.get("title")} · Rules Tutor`;
  const screen = playScreen({ options: frameOf(model), send: (content) => model.send(content) });
  const paint = () => screen.paint(model.get("scene"));
  model.on("change:scene", paint);
  host.append(screen.root);
  paint();
  return () => { model.off("change:scene", paint); screen.destroy(); };
}
