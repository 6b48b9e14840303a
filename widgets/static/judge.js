// The kernel's answers on the static site's lesson, from the verdicts built ahead (issue 31):
// what widgets/pages/lesson/learning.py's LearnMessages answers from the widget-free Lesson
// (widgets/pages/lesson/model.py), for the messages a lesson view sends (go, reveal, try, show,
// answer), made from a lesson's built file (sitebuild/ahead.py). No DOM here: ahead.js uses it
// on the page, tests/site/test_judge.py runs it under Node beside the Python it stands for.
// A try-it board's clicks (click, and try with a choice a click offered or a game button) are
// answered from the build's click automaton (``clicks``: sitebuild/ahead.py's ``clicks``):
// the scene the board shows next, or the move made and its verdict; a click it did not build
// (deeper) is Python's, which is first handed the clicks made so far (``visit.path``).
const clean = (text) => String(text || "").trim().toLowerCase().replace(/\s+/g, " ");
// the pieces a built text is cut into (sitebuild/ahead.py: PIECE for a scene, WORD for a verdict)
const PIECE = /<[^<]*|[^<]+/g;
const WORD = /[A-Za-z0-9_]+|[^A-Za-z0-9_]+/g;
// a text from the one it differs from: counts of pieces kept (> 0) or skipped (< 0), texts put in
function patched(old, ops, cut) {
  const pieces = String(old).match(cut) || [];
  let at = 0;
  const out = [];
  for (const op of ops) {
    if (typeof op === "string") out.push(op);
    else if (op > 0) { out.push(...pieces.slice(at, at + op)); at += op; } else at -= op;
  }
  return out.join("");
}
// a value from the one it differs from (``set``: values, ``diff``: texts patched)
function differed(base, found, cut) {
  const made = { ...base, ...(found.set || {}) };
  for (const [key, ops] of Object.entries(found.diff || {})) made[key] = patched(base[key], ops, cut);
  return made;
}
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" }[c]));

export class Judge {
  constructor(data) {
    this.page = data.page;
    this.steps = data.steps;
    this.judged = data.judged;
    this.last = data.steps.length - 1;
    this.results = {};
    // what each try and answer says of its rules, numbered (the Lesson's EvidenceLog,
    // widgets/parts/mastery.py; the page keeps each item once, mastery.js)
    this.evidence = { log: Math.random().toString(16).slice(2, 10), items: [] };
    this.finished = false;
    this.shown = null;
    this.visit = { index: 0, phase: "done" };
  }

  step() { return this.steps[this.visit.index]; }

  arrive(index, phase = null) {
    index = Math.max(0, Math.min(this.last, index));
    const way = this.shown !== null && this.shown > index ? "back" : "forward";
    const task = this.steps[index].task;
    this.shown = index;
    this.visit = { index, phase: phase || (task ? task.opens[way] : "done"), attempts: [], answer: null,
                   said: "", scene: null, at: 0, path: [] };
    this.entered();
  }

  entered() {
    const v = this.visit;
    v.scene = v.phase !== "done" ? this.step().task.scene : null;
    if (v.phase === "done" && v.index === this.last) this.finished = true;
  }

  advance() {
    const task = this.step().task;
    this.visit.phase = (task && task.then[this.visit.phase]) || "done";
    this.entered();
  }

  witness(rule, right, source) {
    if (rule) this.evidence.items.push({ n: this.evidence.items.length + 1, rule, right: !!right, from: source });
  }

  result(tried, answered) {
    const built = this.judged[String(this.visit.index)] || {};
    if (tried !== null && tried !== undefined) for (const rule of built.rules || []) this.witness(rule, tried === "first", "try");
    if (answered !== null && answered !== undefined) this.witness(built.answer_rule, answered, "ask");
    const old = this.results[this.visit.index] || {};
    this.results[this.visit.index] = { tried: tried ?? old.tried ?? null, answered: answered ?? old.answered ?? null };
  }

  misses() { return this.visit.attempts.filter((a) => !a.right && a.verdict !== "shown").length; }
  solved() { return this.visit.attempts.some((a) => a.right || a.verdict === "shown"); }

  // the move index a typed text names (a move of the list, as written), or null
  typed(text) {
    const scene = this.visit.scene;
    const want = clean(text);
    const found = scene && scene.moves.find(([label]) => clean(label) === want);
    return found ? found[1] : null;
  }

  // the step's click automaton, its verdicts met first numbered ([2] -> [2, n]) once
  clicks(built) {
    const c = built.clicks;
    if (!c) return null;
    if (!c.numbered) {
      let next = 0;
      for (const state of c.states) {
        for (const edges of [state.c || [], state.h || [], (state.a || []).map(([, e]) => e)]) {
          for (const e of edges) if (e && e[0] === 2 && e.length === 1) e.push(next++);
        }
      }
      c.numbered = true;
      c.made = {};
      c.drawn = {};
    }
    return c;
  }

  verdict(c, i) {
    if (!(i in c.made)) {
      const found = c.verdicts[i];
      c.made[i] = found.b === undefined ? found : differed(this.verdict(c, found.b), found, WORD);
    }
    return c.made[i];
  }

  scene(c, i) {
    if (!(i in c.drawn)) c.drawn[i] = differed(this.step().task.scene, c.scenes[i], PIECE);
    return c.drawn[i];
  }

  // a click (kind "c": a target; "h": a choice; "a": a game button) on the try's board
  board(m, built, kind, key) {
    const v = this.visit;
    const c = this.clicks(built);
    if (!c || v.at === null || !c.states[v.at]) return false;
    const state = c.states[v.at];
    let e = null;
    if (kind === "c") e = (state.c || [])[c.targets.indexOf(key)];
    else if (kind === "h") e = (state.h || [])[key];
    else e = ((state.a || []).find(([id]) => id === key) || [])[1];
    if (!e) return false;
    if (e[0] === 1) return this.tried(built.moves[String(e[1])], built);
    if (e[0] === 2) return this.tried(this.verdict(c, e[1]), built);
    const to = c.states[e[1]];
    let scene = e[0] === 3 ? this.scene(c, e[2]) : to.s === undefined ? this.step().task.scene : this.scene(c, to.s);
    if (e[0] === 0 && e.length > 2) scene = { ...scene, status: c.notes[e[2]] + scene.status };
    v.at = e[1];
    v.scene = scene;
    v.path.push(m);
    return true;
  }

  // a move tried (``typed``: judged by the lesson itself; the board's choices stay)
  tried(verdict, built, typed = false) {
    const v = this.visit;
    const first = this.misses() === 0;
    v.attempts.push(verdict); v.said = verdict.said;
    if (!verdict.right && verdict.rule) this.witness(verdict.rule, false, "try"); // refused
    if (verdict.right) { this.result(first ? "first" : "later"); this.advance(); return true; }
    if (typed) { if (verdict.scene) v.scene = verdict.scene; return true; }
    // played on the board: what was chosen there goes with it (the board as at the start)
    v.scene = verdict.scene || this.step().task.scene;
    v.path = [];
    v.at = built.clicks && built.clicks.reset === 0 ? null : 0;
    return true;
  }

  // true: answered here; false: Python must answer (a move the build did not foresee, ...)
  handle(m) {
    const v = this.visit;
    const built = this.judged[String(v.index)] || {};
    switch (m.type) {
      case "go": this.arrive(m.index); return true;
      case "reveal":
        if (v.phase === "try") {
          if (v.attempts.length) this.result("shown");
          v.attempts.push(built.shown); v.said = built.shown.said;
        } else if (v.phase === "ask") {
          v.answer = built.told; v.said = built.told.said;
        }
        if (v.phase !== "done") this.advance();
        return true;
      case "show":
        if (v.phase !== "try") return true;
        v.attempts.push(built.shown); v.said = built.shown.said;
        this.result("shown");
        this.advance();
        return true;
      case "try": {
        if (v.phase !== "try") return true; // not asked now: the kernel would only answer
        if (m.how === "choice") return this.board(m, built, "h", m.index);
        if (m.how === "action") return this.board(m, built, "a", m.id);
        let index = m.how === "move" ? m.index : m.how === "typed" ? this.typed(m.text) : null;
        const verdict = index === null ? null : (built.moves || {})[String(index)];
        if (!verdict) return false;
        return this.tried(verdict, built, m.how === "typed");
      }
      case "answer": {
        if (v.phase !== "ask") return true;
        let found = null;
        if (built.choices) {
          const key = Object.keys(built.choices).find((c) => clean(c) === clean(m.text));
          if (key === undefined) return false;
          found = built.choices[key];
        } else if (built.number) {
          const text = String(m.text || "").trim().replace(",", ".");
          const number = /^[+-]?\d{1,15}(\.\d{1,15})?$/.test(text) ? Number(text) : null;
          const { answer, right, wrong, unreadable } = built.number;
          if (number === null) found = m.text ? unreadable : { ...unreadable, readable: false, feedback: "" };
          else if (number === Number(answer)) found = right;
          else found = { ...wrong, feedback: wrong.feedback.replace("{given}", escape(String(m.text).trim())) };
        } else return false;
        v.said = found.said;
        if (found.readable) { v.answer = found; this.result(null, found.right); this.advance(); }
        else v.unread = found;
        return true;
      }
      case "click": return v.phase !== "try" || this.board(m, built, "c", m.target); // (a step that shows: nothing)
      default: return false;
    }
  }

  record() {
    const tries = {}, answers = {};
    for (const [i, r] of Object.entries(this.results)) {
      if (r.tried !== null && r.tried !== undefined) tries[i] = r.tried;
      if (r.answered !== null && r.answered !== undefined) answers[i] = r.answered;
    }
    return { finished: this.finished, steps: this.last, tries, answers };
  }

  task(seq) {
    const v = this.visit;
    const shown = [];
    if (v.attempts.length) shown.push(v.attempts[v.attempts.length - 1].feedback);
    if (v.answer && v.phase !== "try") shown.push(v.answer.feedback);
    if (v.unread && v.phase === "ask") { shown.push(v.unread.feedback); v.unread = null; }
    return { type: "task", seq, index: v.index, phase: v.phase, scene: v.scene,
             feedback: shown.join(""), offer: v.phase === "try" && !this.solved() && this.misses() >= 2,
             said: v.said, record: this.record(),
             evidence: { log: this.evidence.log, items: this.evidence.items.slice(-40) } };
  }
}
