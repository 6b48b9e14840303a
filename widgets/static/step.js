// Paints one step's data into a frame: the board, the label ("Step 2 of 9"), the title, the
// move (or the refusal), the narration, the rules, the players' panel and the legend.
// A step's data is a plain dict (widgets/parts/step.py's StepView.data(): HTML and SVG strings),
// painted into the parts of the frame Python wrote (widgets/parts/frame.py): the lesson, and a
// class page without a kernel, paint alike (docs/frontend.md shows how).
import { morph, paragraph } from "./ui.js";

const KEPT = 24; // parsed boards kept (a walkthrough's steps near the one shown)

// What a step that asks shows before its move, over the step's own data: the position ``scene``
// (its board, panel and legend) and the ``prompt`` (``said`` to a screen reader).
export function askingView(scene, prompt) {
  return { board: scene.board, move: "", narration: paragraph(prompt), panel: scene.panel,
           legend: scene.legend, said: prompt };
}

// A step's parts in the story column (``story``: the frame's, whose HTML has them: a lesson's,
// a follower's; widgets/parts/frame.py step_html), found by class.
export function stepParts(story) {
  const part = (selector) => story.querySelector(selector);
  return {
    heading: part(".tp-step"), label: part(".tp-step-label"), title: part(".tp-step-title"),
    move: part(".tp-move-box"), narration: part(".tp-narration"),
    // links to the readings of this step's rules whose cards start below the fold (frame.js)
    readings: part(".tp-reading-links"), rules: part(".tp-rules"),
    panel: part(".tp-panel"), panelBox: part(".tp-panel-box"),
    legend: part(".tp-legend"), legendBox: part(".tp-legend-box"),
  };
}

// Paints steps into ``board`` (the frame's board element) and ``parts`` (stepParts).
// Parsing a board is the costly part of showing a step: ``prepare(step)`` does it ahead, when
// the page is idle; ``paint(step)`` then morphs the shown board into the parsed one (only
// what changed is touched) and replaces each other part only when its HTML differs.
export function stepPainter(board, parts) {
  const templates = new Map();
  const showing = new Map();

  function parsed(html) {
    let template = templates.get(html);
    if (!template) {
      template = document.createElement("template");
      template.innerHTML = html;
      templates.set(html, template);
      if (templates.size > KEPT) templates.delete(templates.keys().next().value);
    }
    return template;
  }

  function put(node, html) {
    if (showing.get(node) === html) return;
    showing.set(node, html);
    node.innerHTML = html;
  }

  function paintBoard(html) {
    if (showing.get(board) === html) return;
    const template = parsed(html);
    const fresh = template.content.firstElementChild;
    const current = board.firstElementChild;
    if (current && fresh && current.nodeName === fresh.nodeName) morph(current, fresh);
    else board.replaceChildren(template.content.cloneNode(true));
    showing.set(board, html);
  }

  function paint(step) {
    paintBoard(step.board);
    parts.label.textContent = step.label;
    parts.title.textContent = step.title;
    put(parts.move, step.move);
    put(parts.narration, step.narration);
    if (showing.get(parts.rules) !== step.rules && parts.readings) parts.readings.hidden = true; // until fitted
    put(parts.rules, step.rules);
    put(parts.panel, step.panel);
    parts.panelBox.hidden = !step.panel;
    put(parts.legend, step.legend);
    parts.legendBox.hidden = !step.legend;
  }

  return { paint, prepare: (step) => { parsed(step.board); } };
}
