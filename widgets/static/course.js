// The course page (the index): its HTML, and beside each lesson the learner's progress kept
// in this browser by the lesson pages (localStorage, the key page.js writes). Nothing is sent.
const PROGRESS = "rules-tutor-progress";

function kept() {
  try {
    const found = JSON.parse(globalThis.localStorage.getItem(PROGRESS) || "{}");
    return found && typeof found === "object" ? found : {};
  } catch (error) {
    return {};
  }
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function count(record, key, good) {
  const values = Object.values(record[key] || {});
  return { right: values.filter((v) => v === good).length, total: values.length };
}

function decorate(root, texts) {
  const progress = kept();
  let done = 0;
  const lessons = root.querySelectorAll("a.tc-lesson[data-lesson]");
  for (const link of lessons) {
    const record = progress[link.getAttribute("data-lesson")];
    const place = link.querySelector(".tc-progress");
    if (!record || !place) continue;
    const said = [record.finished ? "✓ " + texts.finished : texts.started];
    const tries = count(record, "tries", "first");
    if (tries.total) said.push(fill(texts.tries, tries));
    const answers = count(record, "answers", true);
    if (answers.total) said.push(fill(texts.answers, answers));
    place.textContent = said.join(" · ");
    if (record.finished) { done += 1; link.classList.add("tc-done"); }
  }
  const contents = root.querySelector(".tc-contents");
  if (contents && Object.keys(progress).length) {
    const line = document.createElement("p");
    line.className = "tc-summary-line";
    line.textContent = fill(texts.summary, { done, total: lessons.length });
    contents.append(line);
  }
}

function render({ model, el }) {
  const paint = () => {
    el.innerHTML = model.get("value");
    decorate(el, model.get("texts") || {});
  };
  model.on("change:value", paint);
  paint();
  // another tab may finish a lesson: show it when the reader comes back to this one
  const again = () => { if (document.visibilityState === "visible") paint(); };
  document.addEventListener("visibilitychange", again);
  return () => { model.off("change:value", paint); document.removeEventListener("visibilitychange", again); };
}

export default { render };
