// The learner's progress, kept in this browser (localStorage), by walkthrough id: lessons
// finished and, per step, the try ("first", "later", "shown") and the answer (true / false).
// Nothing goes to the server. The lesson writes it (the record widgets/pages/lesson/model.py's Lesson
// makes), the course page shows it beside each lesson.

export const PROGRESS = "rules-tutor-progress";

// Every walkthrough's record kept here ({} when there is no storage: a sandboxed frame).
export function progressKept() {
  try {
    const found = JSON.parse(globalThis.localStorage.getItem(PROGRESS) || "{}");
    return found && typeof found === "object" ? found : {};
  } catch (error) {
    return {}; // no storage, or something else wrote there
  }
}

// Merge a lesson's ``record`` into what is kept for ``id``: once finished, always finished;
// each step's try and answer, the newest kept.
export function keepProgress(id, record) {
  if (!id || !record) return;
  try {
    const all = progressKept();
    const old = all[id] || {};
    all[id] = {
      finished: !!(old.finished || record.finished), steps: record.steps,
      tries: { ...(old.tries || {}), ...(record.tries || {}) },
      answers: { ...(old.answers || {}), ...(record.answers || {}) },
    };
    globalThis.localStorage.setItem(PROGRESS, JSON.stringify(all));
  } catch (error) { /* storage refused (a private window): the progress is not kept */ }
}

// What a record says in counts: tries right at the first try, answers right, of how many.
export function tally(record) {
  const count = (key, good) => {
    const values = Object.values(record[key] || {});
    return { right: values.filter((v) => v === good).length, total: values.length };
  };
  return { finished: !!record.finished, tries: count("tries", "first"), answers: count("answers", true) };
}
