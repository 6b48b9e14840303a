// The controls a person moves and answers with: the move controls (what a click meant, the
// moves it may mean, the game's buttons, the legal moves as a list, a typed move), the view
// switches under a board, clicks on the board, and the answer row (a number and "Answer").
// Free play, a try-it step, playing on from a step and the drills use them.
import { button, details, el } from "./ui.js";

// The move controls: ``send`` gets free play's messages (move, typed, choice, action).
// ``live``: the status line is a live region; ``pick``: the list's first line ("Pick a legal
// move…"), so that nothing is picked until the learner picks.
export function moveControls(texts, send, { live = true, pick = "" } = {}) {
  const status = el("div", { class: "tp-status", "aria-live": live ? "polite" : null });
  const movesList = el("select", { class: "tp-moves", "aria-label": texts.your_move });
  const playButton = button("tp-play tp-primary", texts.play, () => {
    if (movesList.value !== "") send({ type: "move", index: Number(movesList.value) });
  });
  const typed = el("input", { class: "tp-typed", type: "text", placeholder: texts.typed, "aria-label": texts.typed });
  // a typed move sent: its text, and the count of moves made then (``scene.moves_done``); once
  // the count moves on, the move was made and the box is emptied (a refused move stays there,
  // for the learner to correct; a text typed since, or over, stays too)
  let sent = null;
  let done;
  const tryButton = button("tp-try", texts.try, () => {
    sent = typed.value;
    send({ type: "typed", text: typed.value });
  });
  typed.addEventListener("keydown", (e) => { if (e.key === "Enter") tryButton.click(); });
  const moveRow = el("div", { class: "tp-move-row" }, [movesList, playButton, typed, tryButton]);
  const choices = el("div", { class: "tp-choices" });
  const actions = el("div", { class: "tp-actions" });
  let lastMoves = "";
  function paint(scene) {
    status.innerHTML = scene.status;
    if (scene.moves_done !== done) {
      if (sent !== null && done !== undefined && typed.value === sent) typed.value = "";
      sent = null;
      done = scene.moves_done;
    }
    const moves = JSON.stringify(scene.moves);
    if (moves !== lastMoves) { // the learner's pick stays while the list is the same
      movesList.replaceChildren(...(pick ? [el("option", { value: "", text: pick })] : []),
        ...scene.moves.map(([text, i]) => el("option", { value: String(i), text })));
      lastMoves = moves;
    }
    // ``can_type``: only a typed text is taken (the author page's chance: "roll 3 5")
    for (const c of [movesList, playButton]) c.disabled = !scene.can_move;
    for (const c of [typed, tryButton]) c.disabled = !scene.can_move && !scene.can_type;
    movesList.hidden = playButton.hidden = !scene.can_move && !scene.moves.length;
    moveRow.hidden = !scene.can_move && !scene.moves.length && !scene.can_type;
    // a button pressed by keys goes with the old ones: its like (the same words) or the first
    // of the new ones takes the focus, else it fell to the page's body
    const pressed = [choices, actions].some((box) => box.contains(document.activeElement))
      ? document.activeElement.textContent : null;
    choices.replaceChildren(...(scene.choices.length ? [el("span", { text: texts.choose })] : []),
      ...scene.choices.map(([text, i]) => button("tp-choice", text, () => send({ type: "choice", index: i }))));
    actions.replaceChildren(...scene.actions.map(([id, label]) => button("tp-action", label, () => send({ type: "action", id }))));
    if (pressed === null) return;
    const now = [...choices.querySelectorAll("button"), ...actions.querySelectorAll("button")];
    const again = now.find((b) => b.textContent === pressed) || now[0] || (movesList.disabled ? null : movesList);
    if (again) again.focus({ preventScroll: true });
  }
  return { status, choices, actions, moveRow, movesList, typed, paint };
}

// The view switches under a board (whose cards are seen, ...): ``send`` gets
// {type: "switch", name, value} when another option is pressed.
export function paintSwitches(holder, switches, send) {
  const option = (sw, [value, text]) => button("tp-switch-option", text, () => {
    if (value !== sw.value) send({ type: "switch", name: sw.name, value });
  }, { "aria-pressed": value === sw.value ? "true" : "false" });
  holder.replaceChildren(...(switches || []).map((sw) => el("div", { class: "tp-switch", role: "group",
    "aria-label": sw.label }, [el("span", { class: "tp-switch-label", text: sw.label }),
                               ...sw.options.map((choice) => option(sw, choice))])));
}

// The players' panel and the marks' legend beside a board, each in its <details> (the panel
// open): ``paint(found)`` puts in ``found.panel`` and ``found.legend``, a box with none hidden.
// (frame.js places the panel: a page gives it ``parts.panelBox``, ``parts.panelBefore``.)
export function panelBoxes(texts) {
  const panel = el("div", { class: "tp-panel" });
  const legend = el("div", { class: "tp-legend" });
  const panelBox = details("tp-panel-box", texts.panel, [panel], true);
  const legendBox = details("tp-legend-box", texts.legend, [legend]);
  function paint(found) {
    panel.innerHTML = found.panel || "";
    panelBox.hidden = !found.panel;
    legend.innerHTML = found.legend || "";
    legendBox.hidden = !found.legend;
  }
  return { panelBox, legendBox, paint };
}

// A click on an element with ``data-target`` (the board's places, the cards of a hand in the
// players' panel): ``send`` gets {type: "click", target}.
export function onBoardClick(board, send) {
  board.addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest("[data-target]");
    if (target) send({ type: "click", target: target.getAttribute("data-target") });
  });
}

// A number box and its "Answer" button (Enter answers too): ``submit(text)``.
export function answerRow(texts, submit) {
  const input = el("input", { class: "tp-answer", type: "text", inputmode: "decimal", autocomplete: "off",
                              "aria-label": texts.your_answer, placeholder: texts.your_answer });
  const answer = button("tp-answer-button tp-primary", texts.answer, () => submit(input.value));
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") answer.click(); });
  return { row: el("div", { class: "tp-answer-row" }, [input, answer]), input };
}
