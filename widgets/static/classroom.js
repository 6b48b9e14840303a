// The live class on the teacher's page: "Teach a class" (or ?class=new) on a lesson starts a class
// on the class relay (widgets/serving/classroom/relay.py); the panel shows the join code, link and
// QR code large, then as a bar: how many follow, how many answered (not what) until the teacher
// moves on, then the tally as a chart. The lesson tells it where the teacher is (at(index,
// phase)); it tells the relay. The relay asks for steps in the students' languages and forwards
// their answers: this page hands both to the lesson's kernel (class-render, class-judge:
// widgets/pages/lesson/teach.py) and the results back. A student's own lesson (?follow=CODE,
// opened from the class page) gets "Back to the class".
//
// The class is the page's, not one lesson's (one per tab): each lesson view the app shows
// attaches to it (classroom(): the relay is told the lesson, the class follows with the same
// code and students); a view that is no lesson (keepTeaching()) tells the relay "choosing", the
// panel waiting at the top of the app. The teacher key stays in this tab (sessionStorage), so a
// reload or a language change comes back to the same class; it is never in an address.
import { address, addressWith, keepInTab as keep, tabKept as kept, where, withLang } from "./env.js";
import { button, el, fill, keyAction } from "./ui.js";

// a step's phases in order, the lesson's (try, ask, done) and the class's (show, revealed)
const PHASES = { try: 0, ask: 1, done: 2, show: 2, revealed: 2 };
const TEACHING = "rules-tutor-teach";   // this tab teaches a class: {key, code, relay, texts}
const FOLLOWING = "rules-tutor-follow"; // this tab's lessons were opened from a class: its code
const JUDGE_EVERY = 30; // ms: answers arriving together go to the kernel in one message

// The notebook this page shows, below the server's voila/render/ (students open it there).
function pageBelowRender() {
  const path = decodeURIComponent(window.location.pathname);
  const at = path.indexOf("/voila/render/");
  return at < 0 ? "" : path.slice(at + "/voila/render/".length);
}

// The relay's address: the one the kernel names (a JupyterHub service), else this server's.
function relayAt(named) {
  if (named) return new URL(named, window.location.href).href;
  const path = window.location.pathname;
  const at = path.indexOf("/voila/");
  return new URL(`${at < 0 ? "" : path.slice(0, at)}/tutor/class/`, window.location.href).href;
}

// ---- the class of this page -----------------------------------------------------------------------
let theClass = null;

function teaching(texts) {
  if (!theClass) theClass = classOfPage(texts);
  else theClass.words(texts);
  return theClass;
}

function classOfPage(firstTexts) {
  let texts = firstTexts;
  const bar = el("section", { class: "tk-bar", hidden: true });
  const tally = el("figure", { class: "tk-tally", hidden: true });
  const dock = el("div", { class: "tk-dock", hidden: true }); // the bar, while no lesson is shown

  let socket = null, relay = "", started = false, ended = false, retries = 0;
  let lesson = null;   // the lesson view attached: {model, info, teach, listener}
  let number = null;   // that lesson's number in the class (the relay's answer to "lesson")
  let position = null; // {step, phase} told to the relay last
  let resumed = null; // {lesson, step, phase}: where a class resumed by a reload stood
  let toldAt = null;   // {lesson, step, phase}: where the relay was told the class is, last
  let resuming = false; // a lesson drawn again goes on to where the class is, once drawn
  let wanted = null;   // where the lesson is
  let answers = [], judging = null;
  let ready = null, readyNow = null; // the kernel's class-ready, once asked

  // ---- the panel ----------------------------------------------------------------------------
  const codeLabel = el("span", { class: "tk-label" });
  const joinLabel = el("span", { class: "tk-label" });
  const code = el("b", { class: "tk-code" });
  const link = el("a", { class: "tk-link", target: "_blank", rel: "noopener" });
  const qr = el("div", { class: "tk-qr", role: "img" });
  const following = el("span", { class: "tk-following", role: "status" });
  const answered = el("span", { class: "tk-answered", role: "status" });
  const summary = el("summary");
  const names = el("details", { class: "tk-names" }, [summary, el("p")]);
  // what the class missed: per rule of the lesson, first answers right (counts only: teach.py)
  const missedTitle = el("summary");
  const missedTable = el("div", { class: "tk-missed-body" });
  const missed = el("details", { class: "tk-missed", hidden: true }, [missedTitle, missedTable]);
  // the lesson's end: the way on (the next lesson's link) under what the class missed, both in
  // the bar with the code. The lesson's own link, at the foot of the story column, was below
  // the projector's screen with the table open: the page scrolled to it took the bar and the
  // code above the screen (canyon's trick, Trigger's doubles, 1024 x 768)
  const onward = el("a", { class: "tk-onward", hidden: true });
  const choosing = el("p", { class: "tk-choosing", hidden: true });
  // (focusable: presenting, it is one line, whole on the focus)
  const note = el("p", { class: "tk-note", hidden: true, tabindex: "0" });
  const large = button("tk-large", "", () => setLarge(!bar.classList.contains("tk-big")));
  const end = button("tk-end", "", () => askEnd());
  const joining = el("div", { class: "tk-join" }, [codeLabel, code, joinLabel, link]);
  const counts = el("div", { class: "tk-counts" }, [following, answered]);
  // what an ended class no longer has: a code to join by, students following, answers
  const live = [joining, qr, counts, large, end, names];
  bar.append(joining, qr, counts,
             el("div", { class: "tk-actions" }, [large, end]), choosing, note, names, missed, onward);
  let counted = null;
  let noteSaid = ""; // the key of what the note says (said again in the language shown)
  let missedOf = null; // the lesson whose table of what the class missed is shown
  let asked = new Set(); // the step parts the class was asked in this lesson ("2:try", "4:ask")
  let askedOf = null; // that lesson (drawn again in another language: the same)

  // a row of what the class missed whose steps the class was never asked (the teacher went
  // past them, or a refused move's rule no step asks about): "not asked", not "0 | 0"
  function markAsked() {
    for (const row of missedTable.querySelectorAll("tr[data-rule]")) {
      const steps = (row.dataset.steps || "").split(" ").filter(Boolean);
      const was = Number(row.dataset.answered) > 0 || steps.some((part) => asked.has(part));
      row.dataset.asked = was ? "true" : "false";
      for (const cell of row.querySelectorAll(".tk-counted")) cell.hidden = !was;
      const none = row.querySelector(".tk-not-asked");
      if (none) none.hidden = was;
    }
  }

  // the way on shown where the lesson is at its end (its last step done) and the table is
  function showOnward() {
    const at = lesson && wanted && wanted.step === lesson.info.last && wanted.phase === "done";
    onward.hidden = !(at && !missed.hidden && onward.hasAttribute("href"));
    bar.dataset.end = onward.hidden ? "false" : "true";
  }

  // the lesson's next lesson (``coming``: {href, title}, or none), in the lesson's words
  function wayOn(coming, lang) {
    onward.hidden = true;
    onward.replaceChildren();
    onward.removeAttribute("href");
    if (!coming || !coming.href) return;
    onward.href = withLang(coming.href, lang);
    onward.append(el("span", { class: "tp-next-label", text: texts.next_lesson || "" }),
                  el("b", { text: coming.title || "" }), el("span", { "aria-hidden": "true", text: "→" }));
  }

  function tell(key) { // the note under the bar: the relay lost, unreachable, the class ended
    noteSaid = key;
    note.textContent = key ? texts[key] || "" : "";
    note.hidden = !key;
  }

  function words(next) { // the panel's words, in the language of the lesson shown
    texts = next;
    bar.setAttribute("aria-label", texts.class_panel);
    qr.setAttribute("aria-label", texts.class_code);
    for (const [part, key] of [[codeLabel, "class_code"], [joinLabel, "class_join_at"], [summary, "class_names"],
                               [missedTitle, "class_missed"], [choosing, "class_choosing"], [end, "class_end"]]) {
      part.textContent = texts[key] || "";
    }
    large.textContent = bar.classList.contains("tk-big") ? texts.class_small : texts.class_big;
    if (noteSaid) note.textContent = texts[noteSaid] || "";
    const label = onward.querySelector(".tp-next-label");
    if (label) label.textContent = texts.next_lesson || "";
    if (counted) showCounts(counted);
    const before = kept(TEACHING);
    if (before) keep(TEACHING, { ...before, texts });
  }
  words(texts);

  // The code large is a modal: the page behind it is inert (Tab reached its controls, unseen,
  // under the code) until it closes; ``shut`` are the parts made inert, given back then.
  let shut = [];
  let opener = null; // where the focus was when the code opened
  function modal(on) {
    for (const part of shut) part.inert = false;
    shut = [];
    if (on) {
      for (let at = bar; at && at.parentElement && at !== document.body; at = at.parentElement) {
        for (const other of at.parentElement.children) {
          if (other !== at && !other.inert && !["SCRIPT", "STYLE", "LINK"].includes(other.tagName)) {
            other.inert = true;
            shut.push(other);
          }
        }
      }
      bar.setAttribute("role", "dialog");
      bar.setAttribute("aria-modal", "true");
    } else {
      bar.removeAttribute("role");
      bar.removeAttribute("aria-modal");
    }
  }

  function setLarge(on) {
    const was = bar.classList.contains("tk-big");
    if (on && !was) opener = document.activeElement;
    bar.classList.toggle("tk-big", on);
    large.textContent = on ? texts.class_small : texts.class_big;
    modal(on);
    if (on) large.focus();
    else if (was && (bar.contains(document.activeElement) || document.activeElement === document.body
                     || !document.activeElement)) {
      // the code closed: the focus goes to the lesson's Next, where the teacher goes on (it
      // stayed on "Show the code large": Space, a presenter's "next", opened the code again, and
      // Enter at the lesson's end too, rather than the next lesson's link); with no lesson (the
      // class waits on the course page) back to where it was when the code opened
      const page = bar.closest(".tp-page");
      const next = page && page.querySelector(".tp-next");
      const back = opener;
      opener = null;
      if (next && !next.disabled) next.focus({ preventScroll: true });
      else if (back && back.isConnected && !back.closest("[hidden]") && back !== document.body) {
        back.focus({ preventScroll: true });
      } else if (!large.hidden) large.focus({ preventScroll: true });
    }
  }

  // the focus stays in the code large: Tab and Shift+Tab go round its controls; a focus that
  // got out (the bar moved to another view meanwhile) comes back, the page behind inert again
  document.addEventListener("focusin", (event) => {
    if (!bar.classList.contains("tk-big") || bar.hidden || !bar.isConnected || bar.contains(event.target)) return;
    modal(true);
    large.focus({ preventScroll: true });
  });
  function visibleControls() {
    return [...bar.querySelectorAll("a[href], button, summary, [tabindex='0']")]
      .filter((part) => !part.disabled && part.getClientRects().length);
  }
  bar.addEventListener("keydown", (event) => {
    if (event.key !== "Tab" || !bar.classList.contains("tk-big")) return;
    const parts = visibleControls();
    if (!parts.length) return;
    const first = parts[0], last = parts[parts.length - 1];
    if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
  });

  // while the code fills the screen, the teacher's clicker (→, ←, Home, End, Escape) closes it,
  // as "Start teaching" does: it used to move the class behind it, the teacher seeing none of it
  // (and Escape left presenter mode under it); the lesson's keys see nothing of that press
  window.addEventListener("keydown", (event) => {
    if (!bar.classList.contains("tk-big") || bar.hidden || !keyAction(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    setLarge(false);
  }, true);

  let ending = 0;
  function askEnd() { // two presses: a slip of the clicker does not end the class
    if (Date.now() - ending < 6000) {
      say({ type: "end" });
      return;
    }
    ending = Date.now();
    end.textContent = texts.class_confirm_end;
    end.classList.add("tp-primary");
    setTimeout(() => { end.textContent = texts.class_end; end.classList.remove("tp-primary"); }, 6000);
  }

  function showCounts(counts) {
    counted = counts;
    bar.dataset.following = String(counts.following);
    bar.dataset.answered = String(counts.answered);
    bar.dataset.judged = String(counts.judged);
    bar.dataset.poll = counts.poll ? String(counts.poll) : "";
    bar.dataset.lesson = counts.choosing ? "" : counts.lesson;
    bar.dataset.number = String(counts.number);
    choosing.hidden = !counts.choosing;
    following.textContent = `${counts.following} ${texts.class_following}`
      + (counts.away ? ` · ${fill(texts.class_away, { n: counts.away })}` : "");
    answered.hidden = !counts.poll;
    bar.dataset.asked = String(counts.asked);
    answered.textContent = fill(texts.class_answered, { answered: counts.answered, following: counts.asked });
    names.hidden = !counts.names.length;
    names.querySelector("p").textContent = counts.names.join(", ");
    tally.hidden = !counts.chart;
    if (counts.chart) {
      tally.innerHTML = counts.chart;
      tally.dataset.kind = counts.tally_kind;
      tally.dataset.total = String(counts.tally.reduce((n, b) => n + b.count, 0));
      tally.prepend(el("figcaption", { text: counts.tally_kind === "try" ? texts.class_moves : texts.class_answers }));
    }
  }

  // ---- the relay -------------------------------------------------------------------------------
  function say(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function hello() { // where the relay is: the kernel knows (a JupyterHub service) or it is ours
    if (!ready && lesson) {
      ready = new Promise((resolve) => { readyNow = resolve; });
      lesson.model.send({ type: "class-hello" });
    }
    return ready || Promise.resolve({ relay: "" });
  }

  async function start() {
    if (started) { setLarge(true); return; }
    started = true;
    ended = false;
    if (lesson) {
      lesson.teach.disabled = true;
      lesson.teach.textContent = texts.class_starting;
    }
    const before = kept(TEACHING);
    relay = before && before.relay ? before.relay : relayAt((await hello()).relay);
    connect();
  }

  async function connect() {
    if (ended) return;
    // the relay's login, where it has one (a JupyterHub service): followed by redirects, which
    // a websocket cannot follow
    try { await fetch(new URL("hello", relay), { credentials: "same-origin", mode: "no-cors" }); }
    catch (error) { /* the socket says whether the relay is there */ }
    const url = new URL("teacher", relay);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const me = new WebSocket(url);
    socket = me;
    me.addEventListener("open", () => {
      retries = 0;
      const before = kept(TEACHING);
      if (before) {
        say({ type: "resume", key: before.key, ...(lesson ? { lang: lesson.info.lang } : {}) });
        tellLesson();
      } else if (lesson) say({ type: "start", ...shown() });
      else me.close(); // nothing to start a class from
    });
    me.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    me.addEventListener("close", () => {
      if (socket !== me || ended) return;
      position = null;
      number = null;
      tell("class_lost");
      bar.dataset.state = "lost";
      setTimeout(connect, Math.min(5000, 300 * 2 ** retries++));
    });
  }

  // the lesson this page shows, as the relay is told it
  const shown = ({ info } = lesson) => ({ lesson: info.lessonId, page: info.page, title: info.title,
                                          lang: info.lang, last: info.last });

  // the relay is told what this page shows: a lesson (the class follows it), or none
  function tellLesson() {
    position = null;
    number = null;
    say(lesson ? { type: "lesson", ...shown() } : { type: "choosing" });
  }

  function receive(message) {
    switch (message.type) {
      case "class": {
        const fresh = !!message.key;
        resumed = fresh ? null : { lesson: message.lesson, step: message.step, phase: message.phase };
        const before = kept(TEACHING) || {};
        keep(TEACHING, { key: fresh ? message.key : before.key, code: message.code, relay, texts });
        if (fresh) number = message.number;
        code.textContent = message.shown;
        link.href = link.textContent = message.link;
        qr.innerHTML = message.qr;
        bar.dataset.code = message.code;
        bar.dataset.state = "on";
        bar.hidden = false;
        for (const part of live) part.hidden = false; // (a class started after one ended)
        if (lesson) lesson.teach.hidden = true;
        tell(message.unreachable ? "class_loopback" : "");
        if (fresh) setLarge(true);
        position = null;
        tellPosition();
        break;
      }
      case "lesson":
        if (lesson && message.lesson === lesson.info.lessonId) number = message.number;
        break;
      case "counts": showCounts(message); break;
      case "need": // steps the class lacks, of the lesson it follows (this page's, by its number)
        if (lesson && number !== null && message.lesson === number) {
          lesson.model.send({ type: "class-render", lesson: number, items: message.items });
        }
        break;
      case "answer":
        if (lesson && number !== null && message.lesson === number) {
          answers.push(message);
          if (!judging) judging = setTimeout(judge, JUDGE_EVERY);
        }
        break;
      case "ended":
        ended = true;
        started = false;
        toldAt = null;
        keep(TEACHING, null);
        bar.dataset.state = "ended";
        tell("class_ended");
        tally.hidden = choosing.hidden = true;
        for (const part of live) part.hidden = true; // it said "2 following" and its dead code
        if (bar.classList.contains("tk-big")) setLarge(false); // (the page behind given back)
        if (socket) socket.close();
        if (lesson) { // this lesson may start another class
          lesson.teach.disabled = false;
          lesson.teach.textContent = texts.class_teach;
          lesson.teach.hidden = !lesson.info.served;
        }
        break;
      default: break;
    }
  }

  function judge() {
    judging = null;
    const batch = answers;
    answers = [];
    if (batch.length && lesson) lesson.model.send({ type: "class-judge", answers: batch });
  }

  function tellPosition() {
    if (!wanted || !lesson || bar.dataset.state !== "on" || resuming) return;
    const at = resumed;
    resumed = null;
    if (at && at.lesson === lesson.info.lessonId && at.step === wanted.step
        && (PHASES[at.phase] || 0) > PHASES[wanted.phase] && lesson.resume) {
      // the teacher's page reloaded at a step the class had gone on in (an answer revealed):
      // the lesson goes on to it, and says so (at), rather than asking the class again
      const phase = at.phase === "ask" ? "ask" : "done";
      if (at.again) {
        // the lesson drawn again in this page (another language) is being drawn: it goes on
        // once drawn, after it told its kernel the step (which opens it from the start)
        const view = lesson;
        resuming = true; // (it paints more than once meanwhile, at the step's start)
        Promise.resolve().then(() => {
          resuming = false;
          if (lesson === view && !view.resume(at.step, phase)) tellPosition();
        });
        return;
      }
      if (lesson.resume(at.step, phase)) return;
    }
    if (position && position.step === wanted.step && position.phase === wanted.phase) return;
    position = { ...wanted };
    toldAt = { lesson: lesson.info.lessonId, ...position };
    if (position.phase === "try" || position.phase === "ask") {
      asked.add(`${position.step}:${position.phase}`);
      markAsked();
    }
    say({ type: "go", ...position });
  }

  // ---- the lesson views --------------------------------------------------------------------------
  function attach(model, info, teach, resume) {
    if (lesson) detach(lesson.model);
    if (ended) { // a class ended on an earlier view: this one may start a new one
      ended = false;
      bar.hidden = true;
      for (const part of live) part.hidden = false;
      tell("");
      delete bar.dataset.state;
    }
    const listener = (content) => { // the kernel's answers: steps made, answers judged, the relay
      if (!content || typeof content !== "object") return;
      if (content.type === "class-ready" && readyNow) readyNow(content);
      else if (content.type === "class-steps") say({ type: "steps", lesson: content.lesson, items: content.items });
      else if (content.type === "class-judged") say({ type: "judged", results: content.results });
      else if (content.type === "class-missed") {
        missedTable.innerHTML = content.html || "";
        markAsked();
        missed.hidden = !content.html;
        missedOf = info.lessonId;
        showOnward();
      }
      else if (content.type === "class-forget") say({ type: "forget" }); // the board is drawn otherwise now
    };
    model.on("msg:custom", listener);
    // the same lesson drawn again (the teacher picked another language): it opens at its step
    // from the start, and goes on to where the class is, as after a reload (it asked the class
    // again: the answers given and the tally were dropped)
    if (bar.dataset.state === "on" && toldAt && toldAt.lesson === info.lessonId) resumed = { ...toldAt, again: true };
    lesson = { model, info: { ...info, page: pageBelowRender() }, teach, listener, resume };
    if (missedOf !== info.lessonId) { // another lesson: what the class missed of the last one goes
      missedTable.replaceChildren();
      missed.hidden = true;
      missed.open = false;
      missedOf = null;
    } else if (!missed.hidden) {
      // the same lesson drawn again in another language: its kernel says the table again, in
      // it (class-hello: it answers with class-missed too where the class answered); it stayed
      // in the old language until the next answer was judged
      model.send({ type: "class-hello" });
    }
    if (askedOf !== info.lessonId) { asked = new Set(); askedOf = info.lessonId; }
    wanted = null;
    wayOn(info.next, info.lang);
    showOnward();
    dock.hidden = true;
    teach.hidden = !info.served || started;
    if (bar.dataset.state === "on") tellLesson();
  }

  function detach(model) {
    if (!lesson || lesson.model !== model) return;
    if (judging) { clearTimeout(judging); judge(); }
    model.off("msg:custom", lesson.listener);
    lesson = null;
    number = null;
    wanted = null;
    showOnward();
  }

  // the app shows a view (a lesson attached itself while it was drawn, or none did)
  function settle(host) {
    if (lesson) return;
    if (!kept(TEACHING)) { dock.hidden = true; return; } // no class, or it ended on a view before
    toldAt = null; // the class waits: a lesson opened next starts afresh

    if (!started) start(); // a reload of the course page, free play or drills: the class goes on
    else if (bar.dataset.state === "on") tellLesson();
    tally.hidden = true;
    dock.replaceChildren(bar);
    if (dock.parentNode !== host) host.prepend(dock);
    dock.hidden = false;
  }

  return {
    bar, tally, words, attach, detach, settle, start, hello,
    started: () => started,
    at(model, index, phase) {
      if (!lesson || lesson.model !== model || !phase) return;
      wanted = { step: index, phase };
      // the lesson's end: what the class missed opens by itself (it stays open after)
      if (index === lesson.info.last && phase === "done" && !missed.hidden) missed.open = true;
      tellPosition();
      showOnward();
    },
    // the way on in the bar (the lesson's end, the table shown), else null
    onward: (model) => (lesson && lesson.model === model && !onward.hidden && !bar.hidden ? onward : null),
  };
}

// ``model``: the lesson's; ``texts``: its words (class_*); ``info``: {lessonId, title, last,
// lang}. Returns the parts the lesson places (button, bar, tally, back), at(index, phase) and
// destroy().
export function classroom({ model, texts, info, resume }) {
  const served = where() === "voila";
  const klass = teaching(texts);
  const teach = button("tk-teach", texts.class_teach, () => klass.start(), { hidden: true });
  const back = el("a", { class: "tp-button tp-primary tk-back", hidden: true, text: "◀ " + texts.class_back });
  klass.attach(model, { ...info, served }, teach, resume);

  // a student's own lesson, opened from the class (?follow=CODE; kept for the lessons this tab
  // opens from it): the way back
  const asked = new URLSearchParams(window.location.search).get("follow");
  if (served && asked && /^[A-Za-z0-9-]{1,16}$/.test(asked)) keep(FOLLOWING, asked);
  const follow = served ? kept(FOLLOWING) : null;
  if (follow && !klass.started() && !kept(TEACHING)) {
    teach.hidden = true;
    klass.hello().then((found) => {
      back.href = addressWith({ lang: address().lang }, new URL(`join/${follow}`, relayAt(found.relay)).href).href;
      back.hidden = false;
    });
  } else if (served && !klass.started()
             && (new URLSearchParams(window.location.search).get("class") === "new" || kept(TEACHING))) {
    klass.start(); // asked for in the address, or this tab teaches a class already (a reload)
  }

  return {
    teach, bar: klass.bar, tally: klass.tally, back,
    at: (index, phase) => klass.at(model, index, phase),
    onward: () => klass.onward(model),
    destroy() { klass.detach(model); },
  };
}

// The app showed a view (app.js): a tab that teaches a class keeps it when the view is no
// lesson (the class waits for the next one, its panel at the top of the app).
export function keepTeaching(host) {
  if (where() !== "voila") return;
  const before = kept(TEACHING);
  if (theClass) theClass.settle(host);
  else if (before && before.texts) teaching(before.texts).settle(host);
}

// The course page's "Join a class" forms (widgets/pages/lesson/teach.py, join_form): sent to the
// class relay's student page, on a server that has a relay (Voila); hidden elsewhere.
export function joinForms(host) {
  for (const form of host.querySelectorAll("form.tc-join-class")) {
    if (where() !== "voila") continue;
    form.action = new URL("join", relayAt(form.dataset.relay)).href;
    form.hidden = false;
  }
}
