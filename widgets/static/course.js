// The course (index) view: the course page's HTML (widgets/pages/course.py: the games, their lessons
// in teaching order, drills and free play; its look is course.css), and beside each lesson the
// learner's progress kept in this browser by the lessons (progress.js). Nothing is sent: its
// links are followed by the app (app.js), which opens their view in place where it can.
import { joinForms } from "./classroom.js";
import { pageHref } from "./env.js";
import { progressKept, tally } from "./progress.js";

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

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

export function courseView(model, host) {
  const paint = () => {
    host.innerHTML = model.get("value");
    for (const link of host.querySelectorAll("a[href]")) link.setAttribute("href", pageHref(link.getAttribute("href")));
    decorate(host, model.get("texts") || {});
    joinForms(host); // "Join a class": to the class relay, where the server has one
    const title = host.querySelector("h1");
    if (title) { title.tabIndex = -1; document.title = `${title.textContent}`; }
  };
  model.on("change:value", paint);
  paint();
  // another tab may finish a lesson: show it when the reader comes back to this one
  const again = () => { if (document.visibilityState === "visible") paint(); };
  document.addEventListener("visibilitychange", again);
  return () => { model.off("change:value", paint); document.removeEventListener("visibilitychange", again); };
}
