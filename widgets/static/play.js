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
export function playScreen({ options, send: told, back = null }) {
  const texts = options.texts;
  // what the learner does (a move, a click, a game's button, undo, a new game): the scene it
  // brings is shown on a phone even where the learner scrolled (showTurn)
  const send = (content) => {
    if (content.type !== "switch" && content.type !== "save") acted = true;
    told(content);
  };
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
  // (the focus waits here at the end: the result, where it waited on an empty status)
  const over = el("div", { class: "tp-over-box", tabindex: "-1" });
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

  // a phone, once a turn (a move made: the learner's or the computers'): the board (what
  // happened) and what the learner plays with next (the hand under the status, the moves list
  // and Play, the field the focus is in) on the screen together above the step bar, the page
  // scrolled as little as it takes (Canyon's Play stood under the bar). Where the two do not
  // fit: the board from its top when the learner taps it to move (Trigger's tiles: after Play
  // by keys the page stayed at Play, the board off the screen), else (a hand to play from:
  // Canyon's on a small phone) the status and what to play with; the focus, left under the
  // bar then, waits on the status (Tab goes on to the controls, each brought above the bar
  // as it is reached). A learner who scrolled since (to
  // read the panel or the log while the computers move) is not brought back, unless they
  // moved since. At the end: the moves that ended the game and the result.
  let placedAt = 0, acted = false;
  function showTurn(scene) {
    const narrow = parts.root.classList.contains("tp-narrow");
    handBox.hidden = !(narrow && scene && scene.hand);
    if (!narrow || !scene || (!scene.can_move && !scene.over)) return;
    const box = scroller();
    const at = () => (box ? box.scrollTop : window.scrollY);
    if (Math.abs(at() - placedAt) > 1 && !acted) return;
    acted = false;
    const end = screenEnd(parts) - 8;
    const rect = (node) => (node && node.getClientRects().length ? node.getBoundingClientRect() : null);
    const board = parts.board.getBoundingClientRect(), status = controls.status.getBoundingClientRect();
    const focused = parts.story.contains(document.activeElement) && document.activeElement !== controls.status
      ? document.activeElement : null;
    const plays = [handBox.hidden ? null : handBox, controls.movesList, focused].map(rect).filter(Boolean);
    const bottom = Math.max(status.bottom, ...plays.map((r) => r.bottom));
    let by = 0;
    if (scene.over) { // the end: the moves that ended it (the status) and the result
      const result = over.getBoundingClientRect();
      by = result.bottom > end ? Math.min(result.bottom - end, status.top - 8) : Math.min(0, status.top - 8);
    } else if (bottom - board.top <= end - 8) by = bottom > end ? bottom - end : Math.min(0, board.top - 8);
    else if (handBox.hidden && parts.board.querySelector("[data-target]")) by = Math.min(0, board.top - 8);
    else by = Math.min(bottom - end, status.top - 8); // (up, where that shows more of the board)
    if (by) {
      if (box) box.scrollTop += by;
      else window.scrollBy(0, by);
    }
    placedAt = at();
    const shownNow = focused && rect(focused);
    if (shownNow && (shownNow.bottom > end + 8 || shownNow.top < 0)) {
      parked = null;
      controls.status.focus({ preventScroll: true });
    }
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
  const onResize = () => showTurn(shown);
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
  // the news comes; at the end, on the result) and goes back to that control, or else to the
  // moves list, when it can act
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
    } else {
      const rest = over.childElementCount ? over : controls.status;
      if (now !== rest) rest.focus({ preventScroll: true });
    }
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
    requestAnimationFrame(() => showTurn(scene)); // once fitted (the step bar's height)
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
