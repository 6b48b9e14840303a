// The learner's evidence per rule, kept in this browser (localStorage) and nowhere else: a list
// of {rule, right, at, from} (at: the browser's clock, ms; from: try, ask, drill, play, hint).
// The kernel's models make it (widgets/parts/mastery.py EvidenceLog: numbered, per page) and
// send it with the step's task, the drill's verdict and free play's scene; this module keeps
// each item once. What it means per rule (a level, a due day) is worked out by
// widgets/parts/mastery.py (the FSRS scheduler) on the pages that show it. "Forget my progress"
// clears it with the lessons' progress; it can be saved to a file and read back (another browser).

import { PROGRESS, progressKept } from "./progress.js";

const EVIDENCE = "rules-tutor-evidence";
const MOST = 5000; // as widgets/parts/mastery.py MOST_EVIDENCE

// Every piece of evidence kept here, oldest first ([] without storage: a sandboxed frame).
export function evidenceKept() {
  try {
    const found = JSON.parse(globalThis.localStorage.getItem(EVIDENCE) || "[]");
    return Array.isArray(found) ? found : [];
  } catch (error) {
    return [];
  }
}

function store(list) {
  try {
    globalThis.localStorage.setItem(EVIDENCE, JSON.stringify(list.slice(-MOST)));
    return true;
  } catch (error) { return false; } // storage refused (a private window): not kept
}

// A keeper for one page: given a model's {log, items} batch, it keeps the items it has not
// kept yet (each log's numbers only grow), stamped now. ``kept``: the last number kept per log
// (a page that keeps it across a reload - the class follower - passes its own; it is updated).
export function recorder(clock = () => Date.now(), kept = {}) {
  return (batch) => {
    if (!batch || !Array.isArray(batch.items)) return 0;
    const last = kept[batch.log] || 0;
    const fresh = batch.items.filter((item) => item && item.n > last && typeof item.rule === "string");
    if (!fresh.length) return 0;
    kept[batch.log] = Math.max(...fresh.map((item) => item.n));
    const at = clock();
    store([...evidenceKept(), ...fresh.map((item) => ({ rule: item.rule, right: !!item.right, at, from: item.from || "" }))]);
    return fresh.length;
  };
}

// "Forget my progress": the evidence and the lessons' progress, gone from this browser.
export function forgetAll() {
  try {
    globalThis.localStorage.removeItem(EVIDENCE);
    globalThis.localStorage.removeItem(PROGRESS);
  } catch (error) { /* nothing was kept */ }
}

// The whole record as a file's text (the evidence and the lessons' progress).
export function recordText() {
  const record = { format: "rules-tutor-record", version: 1, evidence: evidenceKept(), progress: progressKept() };
  return JSON.stringify(record, null, 1);
}

// A record file read back: merged with what is kept (evidence by rule and time, once each;
// the lessons' progress added where this browser has none). False: not a record.
export function readRecordText(text) {
  let data;
  try { data = JSON.parse(text); } catch (error) { return false; }
  if (!data || data.format !== "rules-tutor-record" || !Array.isArray(data.evidence)) return false;
  const seen = new Set();
  const merged = [...evidenceKept(), ...data.evidence.filter((e) => e && typeof e.rule === "string"
    && typeof e.right === "boolean" && Number.isFinite(e.at))]
    .filter((e) => { const key = `${e.rule}|${e.at}|${e.right}|${e.from}`; if (seen.has(key)) return false; seen.add(key); return true; })
    .sort((a, b) => a.at - b.at);
  store(merged);
  if (data.progress && typeof data.progress === "object") {
    try {
      globalThis.localStorage.setItem(PROGRESS, JSON.stringify({ ...data.progress, ...progressKept() }));
    } catch (error) { /* not kept */ }
  }
  return true;
}
