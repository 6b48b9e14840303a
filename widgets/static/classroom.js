// The live class on the teacher's lesson: "Teach a class" (or ?class=new) starts a class on the
// class relay (widgets/classroom/relay.py); the panel shows the join code, link and QR code
// large, then as a bar: how many follow, how many answered (not what) until the teacher moves
// on, then the tally as a chart. The lesson tells it where the teacher is (at(index, phase));
// it tells the relay. The relay asks for steps in the students' languages and forwards their
// answers: this page hands both to the lesson's kernel (class-render, class-judge:
// widgets/classroom/teach.py), which makes and judges them, and hands the results back.
// A student's own lesson (?follow=CODE, opened from the class page) gets "Back to the class".
//
// The teacher key stays in this tab (sessionStorage) so that a reload or a language change
// comes back to the same class; it is never in an address.
import { address, addressWith, where } from "./env.js";
import { button, el } from "./ui.js";

const KEEP = "rules-tutor-teach:";
const JUDGE_EVERY = 30; // ms: answers arriving together go to the kernel in one message

function kept(id) {
  try { return JSON.parse(sessionStorage.getItem(KEEP + id) || "null"); } catch (error) { return null; }
}
function keep(id, value) {
  try {
    if (value) sessionStorage.setItem(KEEP + id, JSON.stringify(value));
    else sessionStorage.removeItem(KEEP + id);
  } catch (error) { /* no storage: a reload starts a new class */ }
}

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

const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

// ``model``: the lesson's; ``texts``: its words (class_*); ``info``: {lessonId, title, last,
// lang}. Returns the parts the lesson places (button, bar, tally, back) and at(index, phase).
export function classroom({ model, texts, info }) {
  const served = where() === "voila";
  const teach = button("tk-teach", texts.class_teach, () => start(), { hidden: !served });
  const bar = el("section", { class: "tk-bar", hidden: true, "aria-label": texts.class_panel });
  const tally = el("figure", { class: "tk-tally", hidden: true });
  const back = el("a", { class: "tp-button tp-primary tk-back", hidden: true, text: "◀ " + texts.class_back });

  let socket = null, relay = "", started = false, ended = false, retries = 0, closed = false;
  let position = null; // {step, phase} told to the relay last
  let wanted = null;   // where the lesson is
  let answers = [], judging = null;
  let ready = null;    // the kernel's class-ready, once asked

  // ---- the panel ----------------------------------------------------------------------------
  const code = el("b", { class: "tk-code" });
  const link = el("a", { class: "tk-link", target: "_blank", rel: "noopener" });
  const qr = el("div", { class: "tk-qr", role: "img", "aria-label": texts.class_code });
  const following = el("span", { class: "tk-following", role: "status" });
  const answered = el("span", { class: "tk-answered", role: "status" });
  const names = el("details", { class: "tk-names" }, [el("summary", { text: texts.class_names }), el("p")]);
  const note = el("p", { class: "tk-note", hidden: true });
  const large = button("tk-large", texts.class_big, () => setLarge(!bar.classList.contains("tk-big")));
  const end = button("tk-end", texts.class_end, () => askEnd());
  bar.append(
    el("div", { class: "tk-join" }, [el("span", { class: "tk-label", text: texts.class_code }), code,
                                      el("span", { class: "tk-label", text: texts.class_join_at }), link]),
    qr, el("div", { class: "tk-counts" }, [following, answered]),
    el("div", { class: "tk-actions" }, [large, end]), note, names);

  function setLarge(on) {
    bar.classList.toggle("tk-big", on);
    large.textContent = on ? texts.class_small : texts.class_big;
    if (on) large.focus();
  }

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
    bar.dataset.following = String(counts.following);
    bar.dataset.answered = String(counts.answered);
    bar.dataset.judged = String(counts.judged);
    bar.dataset.poll = counts.poll ? String(counts.poll) : "";
    following.textContent = `${counts.following} ${texts.class_following}`
      + (counts.away ? ` · ${fill(texts.class_away, { n: counts.away })}` : "");
    answered.hidden = !counts.poll;
    answered.textContent = fill(texts.class_answered, { answered: counts.answered, following: counts.joined });
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
    if (!ready) {
      ready = new Promise((resolve) => { hello.resolve = resolve; });
      model.send({ type: "class-hello" });
    }
    return ready;
  }

  async function start() {
    if (started) { setLarge(true); return; }
    started = true;
    teach.disabled = true;
    teach.textContent = texts.class_starting;
    const found = await hello();
    relay = relayAt(found.relay);
    connect();
  }

  async function connect() {
    if (closed) return;
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
      const before = kept(info.lessonId);
      if (before) say({ type: "resume", key: before.key, lang: info.lang });
      else say({ type: "start", lesson: info.lessonId, page: pageBelowRender(), title: info.title,
                 lang: info.lang, last: info.last });
    });
    me.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    me.addEventListener("close", () => {
      if (socket !== me || ended || closed) return;
      position = null;
      note.textContent = texts.class_lost;
      note.hidden = false;
      bar.dataset.state = "lost";
      setTimeout(connect, Math.min(5000, 300 * 2 ** retries++));
    });
  }

  function receive(message) {
    switch (message.type) {
      case "class": {
        const fresh = !!message.key;
        if (fresh) keep(info.lessonId, { key: message.key, code: message.code });
        code.textContent = message.shown;
        link.href = link.textContent = message.link;
        qr.innerHTML = message.qr;
        bar.dataset.code = message.code;
        bar.dataset.state = "on";
        bar.hidden = false;
        teach.hidden = true;
        note.hidden = !message.unreachable;
        note.textContent = message.unreachable ? texts.class_loopback : "";
        if (fresh) setLarge(true);
        position = null;
        tellPosition();
        break;
      }
      case "counts": showCounts(message); break;
      case "need": model.send({ type: "class-render", items: message.items }); break;
      case "answer":
        answers.push(message);
        if (!judging) judging = setTimeout(judge, JUDGE_EVERY);
        break;
      case "ended":
        ended = true;
        keep(info.lessonId, null);
        bar.dataset.state = "ended";
        note.textContent = texts.class_ended;
        note.hidden = false;
        tally.hidden = true;
        for (const part of [qr, large, end, answered]) part.hidden = true;
        bar.classList.remove("tk-big");
        if (socket) socket.close();
        break;
      default: break;
    }
  }

  function judge() {
    judging = null;
    const batch = answers;
    answers = [];
    if (batch.length) model.send({ type: "class-judge", answers: batch });
  }

  // the kernel's answers: steps made, answers judged, where the relay is
  const onKernel = (content) => {
    if (!content || typeof content !== "object") return;
    if (content.type === "class-ready" && hello.resolve) hello.resolve(content);
    else if (content.type === "class-steps") say({ type: "steps", items: content.items });
    else if (content.type === "class-judged") say({ type: "judged", results: content.results });
    else if (content.type === "class-forget") say({ type: "forget" }); // the board is drawn otherwise now
  };
  model.on("msg:custom", onKernel);

  function tellPosition() {
    if (!wanted || bar.dataset.state !== "on") return;
    if (position && position.step === wanted.step && position.phase === wanted.phase) return;
    position = { ...wanted };
    say({ type: "go", ...position });
  }

  // the lesson shows ``index`` in ``phase`` ("try", "ask", "done"; null: not known yet)
  function at(index, phase) {
    if (!phase) return;
    wanted = { step: index, phase };
    tellPosition();
  }

  // ---- a student's own lesson, opened from the class: the way back --------------------------
  const follow = new URLSearchParams(window.location.search).get("follow");
  if (served && follow && /^[A-Za-z0-9-]{1,16}$/.test(follow)) {
    teach.hidden = true;
    hello().then((found) => {
      back.href = addressWith({ lang: address().lang }, new URL(`join/${follow}`, relayAt(found.relay)).href).href;
      back.hidden = false;
    });
  } else if (served && (new URLSearchParams(window.location.search).get("class") === "new"
                        || kept(info.lessonId))) {
    start(); // asked for in the address, or this tab teaches this lesson already (a reload)
  }

  return {
    teach, bar, tally, back, at,
    destroy() {
      closed = true;
      model.off("msg:custom", onKernel);
      if (judging) { clearTimeout(judging); judge(); }
      if (socket) socket.close();
    },
  };
}

// The course page's "Join a class" forms (widgets/classroom/teach.py, join_form): sent to the
// class relay's student page, on a server that has a relay (Voila); hidden elsewhere.
export function joinForms(host) {
  for (const form of host.querySelectorAll("form.tc-join-class")) {
    if (where() !== "voila") continue;
    form.action = new URL("join", relayAt(form.dataset.relay)).href;
    form.hidden = false;
  }
}
