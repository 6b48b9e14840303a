// The drills view: endless questions on real positions, the score of the sitting.
//
// The kernel (widgets/pages/drills/view.py) sends the question shown (trait question: the board, the
// prompt, the options or a number box), what the answer meant (result) and the score; this
// view reports {type: "choose", index}, {type: "number", text} and {type: "next"}, and once
// {type: "practice", focus, wanted}: the rules practice asks about first, worked out here
// (levels.js) from the record this browser keeps, which never goes to the kernel.
import { answerRow, panelBoxes } from "./controls.js";
import { pageHref } from "./env.js";
import { fitBoard, frame, frameOf, screenEnd, watchFit } from "./frame.js";
import { changes as changesOf, levelLabel, practiceOrder, readRecord, states, stateOf } from "./levels.js";
import { evidenceKept, recorder } from "./mastery.js";
import { bringIntoView, button, details, el, fill, keyAction, listen, paragraph, takeKeys } from "./ui.js";

export function drillsView(model, host) {
  const texts = model.get("texts");
  const parts = frame(frameOf(model));
  document.title = `${model.get("title")} · Rules Tutor`;
  const send = (content) => model.send(content);
  // an answer given here: its verdict is brought on screen when it comes (on a phone it came
  // under the options and the step bar, the rule it names out of sight)
  let awaiting = false;
  const reveal = () => bringIntoView(result, screenEnd(parts));
  const answer = (content) => {
    awaiting = true;
    send(content);
    if (result.childElementCount) reveal(); // an option looked at again: no new verdict comes
  };
  const nextQuestion = button("tp-next-question tp-primary", texts.next_question + " ▶", () => send({ type: "next" }));
  const score = el("span", { class: "tp-score", role: "status" });
  parts.controls.append(nextQuestion, score);
  const label = el("span", { class: "tp-step-label" });
  const prompt = el("h2", { class: "tp-drill-prompt tp-step-title" });
  const note = el("p", { class: "tp-drill-note", hidden: true }); // the variant it plays by
  const options = el("div", { class: "tp-drill-options", role: "group", "aria-label": texts.options });
  const number = answerRow(texts, (text) => answer({ type: "number", text }));
  number.row.classList.add("tp-drill-answer"); // a phone fits it above the step bar (frame.js askBox)
  const result = el("div", { class: "tp-drill-result", "aria-live": "polite" });
  const { panelBox, legendBox, paint: paintPanel } = panelBoxes(texts);
  // the players' panel: under a board much wider than high, as free play's and a lesson's
  // (frame.js placePanel; Canyon's table beside its river was cut at its hands, the cards a
  // question about a trick asks about)
  Object.assign(parts, { panelBox, panelBefore: legendBox });
  // what the sitting changed, rule by rule (worked out here: the kernel never has the record)
  const changes = el("ul", { class: "tp-drill-changes-list" });
  const changesBox = details("tp-drill-changes", texts.changes, [changes], true);
  // the rules due that no question asks about: their lesson steps (links the app follows)
  const lessons = el("ul", { class: "tp-drill-lessons-list" });
  const lessonsBox = el("div", { class: "tp-drill-lessons", hidden: true }, [el("p", { text: texts.through_lessons }), lessons]);
  parts.story.append(el("div", { class: "tp-step" }, [label]), prompt, note, options, number.row, result,
                     changesBox, lessonsBox, panelBox, legendBox);

  const keepEvidence = recorder(); // each first answer's rules (mastery.js)
  // the record as it was when the sitting began, read once (levels.js)
  const rulesOf = () => (model.get("levels") || {}).rules || [];
  const before = readRecord(evidenceKept(), rulesOf());
  const changedLines = () => {
    const words = model.get("levels") || {}, now = Date.now();
    const moved = changesOf(states(before, now), states(readRecord(evidenceKept(), rulesOf()), now));
    return moved.map((state) => fill(words.line || "{rule}: {level} ({was})", {
      rule: (words.titles || {})[state.rule] || state.rule, level: levelLabel(state, words),
      was: (words.levels || {})[state.was] || state.was }));
  };
  let shownNumber = -1;
  let shownVerdict = null;
  function paint() {
    const question = model.get("question");
    const outcome = model.get("result") || {};
    keepEvidence(outcome.evidence);
    parts.root.dataset.practise = question.focus || ""; // the rule practice asks about first
    if ((question.key || question.number) !== shownNumber) {
      shownNumber = question.key || question.number;
      awaiting = false;
      // the question shown: a phone scrolls once a question to bring its options above the
      // step bar (frame.js showAsking)
      parts.root.dataset.question = String(shownNumber);
      parts.board.innerHTML = question.board;
      // the places the question is about: a phone keeps them in view (frame.js boardWindow)
      parts.board.setAttribute("data-about", JSON.stringify(question.places || []));
      label.textContent = question.label;
      prompt.textContent = question.prompt;
      note.textContent = question.note || "";
      note.hidden = !question.note;
      paintPanel(question);
      number.input.value = "";
      // the answer given by keys (an option, the number box): the new question's first answer
      // takes the focus, or it fell to the page's body with the old options
      const answering = options.contains(document.activeElement) || number.row.contains(document.activeElement);
      options.replaceChildren(...question.options.map((option, i) =>
        button("tp-drill-option", option.text, () => answer({ type: "choose", index: i }), { "data-index": String(i) })));
      options.hidden = question.numeric;
      number.row.hidden = !question.numeric;
      parts.live.textContent = [`${question.label}. ${question.prompt}`, question.note].filter(Boolean).join(" ");
      // a new question while the page is scrolled below the board's top (the last verdict was
      // brought on screen): the page at its top first, then fitted (a phone scrolls as little as
      // its options need); the new board and question stayed above the screen
      if (parts.root.isConnected && parts.main.getBoundingClientRect().top < 0) {
        parts.root.style.scrollMarginTop = "0px";
        parts.root.scrollIntoView({ block: "start", inline: "nearest" });
      }
      fitBoard(parts, false);
      const first = question.numeric ? number.input : options.firstElementChild;
      if (answering && first) first.focus({ preventScroll: true });
    }
    const answered = outcome.answer !== undefined;
    for (const option of options.children) {
      const i = Number(option.getAttribute("data-index"));
      option.classList.toggle("tp-option-right", answered && i === outcome.answer);
      option.classList.toggle("tp-option-wrong", answered && i === outcome.index && !outcome.right);
      option.setAttribute("aria-pressed", answered && i === outcome.index ? "true" : "false");
    }
    const verdict = outcome.problem
      ? `<div class="tp-verdict tp-wrong tp-problem">${paragraph(outcome.problem)}</div>` : (outcome.html || "");
    if (verdict !== shownVerdict) {
      result.innerHTML = shownVerdict = verdict;
      if (verdict && awaiting) {
        awaiting = false;
        reveal();
      }
    }
    score.textContent = model.get("score");
    const lines = changedLines();
    changes.replaceChildren(...lines.map((line) => el("li", { text: line })));
    changesBox.hidden = !lines.length;
    const through = model.get("lessons") || [];
    lessons.replaceChildren(...through.map((item) => el("li", { "data-rule": item.rule }, [
      el("a", { href: pageHref(item.href), text: item.title })])));
    lessonsBox.hidden = !through.length;
  }
  const unlisten = listen(model, { "change:question": paint, "change:result": paint, "change:score": paint,
                                  "change:levels": paint, "change:lessons": paint });
  // practice what is due: the rules this browser's record says are due or weakest come first
  // (widgets/pages/drills/model.py practise does the same from a record: the reference)
  const found = states(before, Date.now());
  const focus = practiceOrder(rulesOf(), found).filter((rule) => ["due", "seen", "practised", "not-seen"].includes(stateOf(found, rule).level));
  send({ type: "practice", focus, wanted: focus.filter((rule) => ["due", "seen", "practised"].includes(stateOf(found, rule).level)) });
  const giveKeys = takeKeys((event) => {
    if (keyAction(event) !== "next") return;
    event.preventDefault();
    send({ type: "next" });
  });
  const unwatch = watchFit(parts, () => false);
  host.append(parts.root);
  paint();
  return () => {
    unlisten();
    unwatch();
    giveKeys();
  };
}
