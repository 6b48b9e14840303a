// The course (index) view: the course page's HTML (widgets/pages/course.py: the games, their lessons
// in teaching order, drills and free play; its look is course.css), and beside each lesson the
// learner's progress kept in this browser by the lessons (progress.js); per game the rule map,
// each rule's level worked out here (levels.js) from the evidence kept here (mastery.js), which
// never goes to the kernel (it sends only the words: trait levels); the record's controls (forget, save to a file, read one back). Its
// links are followed by the app (app.js), which opens their view in place where it can.
import { joinForms } from "./classroom.js";
import { pageHref } from "./env.js";
import { levelLabel, readRecord, states, stateOf, tally as tallyLevels } from "./levels.js";
import { evidenceKept, forgetAll, readRecordText, recordText } from "./mastery.js";
import { progressKept, tally } from "./progress.js";
import { fill, listen } from "./ui.js";

function decorate(root, texts) {
  const progress = progressKept();
  let done = 0;
  const lessons = root.querySelectorAll("a.tc-lesson[data-lesson]");
  for (const link of lessons) {
    const record = progress[link.getAttribute("data-lesson")];
    const place = link.querySelector(".tc-progress");
    if (!record || !place) continue;
    const counted = tally(record);
    const said = [counted.finished ? "✓ " + texts.finished : texts.started];
    if (counted.tries.total) said.push(fill(texts.tries, counted.tries));
    if (counted.answers.total) said.push(fill(texts.answers, counted.answers));
    place.textContent = said.join(" · ");
    link.dataset.finished = counted.finished ? "true" : "false";
    if (counted.finished) { done += 1; link.classList.add("tc-done"); }
  }
  const contents = root.querySelector(".tc-contents");
  if (contents && Object.keys(progress).length) {
    const line = document.createElement("p");
    line.className = "tc-summary-line";
    line.textContent = fill(texts.summary, { done, total: lessons.length });
    contents.append(line);
  }
}

// The rule map's levels and counts, worked out here from this browser's record (as
// widgets/pages/course.py mastery_data does in the kernel, which never gets the record).
function paintLevels(root, words, evidence, now) {
  const games = words.rules || {};
  const named = new Set(Object.values(games).flat());
  const found = states(readRecord(evidence, [...named]), now);
  for (const item of root.querySelectorAll("li.tc-rule[data-rule]")) {
    const rule = item.getAttribute("data-rule");
    if (!named.has(rule)) continue;
    const state = stateOf(found, rule);
    item.dataset.level = state.level;
    if (state.due != null) item.dataset.due = new Date(state.due).toISOString().slice(0, 10);
    else delete item.dataset.due;
    const label = item.querySelector(".tc-level");
    if (label) label.textContent = levelLabel(state, words);
  }
  for (const count of root.querySelectorAll(".tc-rule-count[data-game]")) {
    const game = count.getAttribute("data-game");
    if (!games[game]) continue;
    const counted = tallyLevels(games[game], found);
    const line = fill((words.counts || {})[game] || "", { known: counted.known, due: counted.due });
    if (line) count.textContent = line;
  }
}

// The record's controls: forget it, save it to a file, read a file back (all in this browser).
function recordControls(root, texts, changed) {
  const say = (words) => { changed(); const said = root.querySelector(".tc-record-said"); if (said) said.textContent = words; };
  const forget = root.querySelector(".tc-forget");
  if (forget) forget.addEventListener("click", () => { forgetAll(); say(texts.forgotten); });
  const save = root.querySelector(".tc-save-record");
  if (save) {
    save.addEventListener("click", () => {
      save.setAttribute("href", "data:application/json;charset=utf-8," + encodeURIComponent(recordText()));
    });
  }
  const file = root.querySelector(".tc-read-record input[type=file]");
  if (file) {
    file.addEventListener("change", async () => {
      const chosen = file.files && file.files[0];
      if (!chosen) return;
      const focused = document.activeElement === file;
      const ok = readRecordText(await chosen.text());
      say(ok ? texts.record_read : texts.not_record); // the page is painted again
      // the file chosen, named in place of the page's "no file chosen"; the keyboard stays here
      const name = root.querySelector(".tc-file-name");
      if (name) { name.textContent = chosen.name; name.dataset.chosen = "true"; }
      const again = root.querySelector(".tc-file-input");
      if (focused && again) again.focus();
    });
  }
}

export function courseView(model, host) {
  const levels = () => paintLevels(host, model.get("levels") || {}, evidenceKept(), Date.now());
  const paint = () => {
    host.innerHTML = model.get("value");
    for (const link of host.querySelectorAll("a[href]")) link.setAttribute("href", pageHref(link.getAttribute("href")));
    decorate(host, model.get("texts") || {});
    recordControls(host, model.get("texts") || {}, () => { paint(); });
    levels(); // the levels of this browser's record, worked out here
    joinForms(host); // "Join a class": to the class relay, where the server has one
    const title = host.querySelector("h1");
    if (title) { title.tabIndex = -1; document.title = `${title.textContent}`; }
  };
  const unlisten = listen(model, { "change:value": paint, "change:levels": levels });
  paint();
  // another tab may finish a lesson: show it when the reader comes back to this one
  const again = () => { if (document.visibilityState === "visible") paint(); };
  document.addEventListener("visibilitychange", again);
  return () => {
    unlisten();
    document.removeEventListener("visibilitychange", again);
  };
}
