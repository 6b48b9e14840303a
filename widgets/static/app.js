// The course app: the widget's entry (widgets/app.py, CourseApp). It shows the view the model
// names (trait ``view``: a model without a view of its own, drawn here with the module of its
// ``kind``; or a plain sentence, ``message``), runs the keep-alive (``alive``), and, where the
// app owns the page's address (Voila, Voici: env.js), switches views in place when the learner
// follows a link inside the course ({type: "open", page, query}; pushState, popstate) and keeps
// the address in step. A page the kernel cannot open in place ({type: "navigate"}) is loaded as
// a page. Elsewhere (JupyterLab) links stay plain links. docs/frontend.md says more.
import { addressWith, nameInFolder, ownsAddress, pageHref, plainLink, where, withLang } from "./env.js";
import { authorView } from "./author.js";
import { keepTeaching } from "./classroom.js";
import { courseView } from "./course.js";
import { drillsView } from "./drills.js";
import { keepAlive } from "./keepalive.js";
import { lessonView } from "./lesson.js";
import { playView } from "./play.js";
import { el, listen, modelOf, toTop } from "./ui.js";

const VIEWS = { lesson: lessonView, play: playView, drills: drillsView, course: courseView, author: authorView };
const PAGE = /^[\w.-]+\.(ipynb|html)$/; // a page of the course: a notebook, or Voici's page of one

// The page of the course a link leads to, if it is one the app may open in place: the same
// origin, the same folder, a page's name; not a link to a part of the page shown (#...).
function coursePage(link) {
  if (link.target || link.hasAttribute("download")) return null;
  const url = new URL(link.href, window.location.href);
  const here = window.location;
  if (!PAGE.test(nameInFolder(url) || "")) return null;
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return null;
  return url;
}

function render({ model, el: host }) {
  // the static site's lesson drawn from its steps built ahead (ahead.js): this app's kernel
  // answers it where Python is needed, and draws nothing of its own
  if (where() === "voici" && globalThis.tutorAhead) {
    host.hidden = true;
    globalThis.tutorAhead.adopt(model, modelOf);
    return () => {};
  }
  host.classList.add("tutor-app-root");
  host.dataset.frontend = where(); // where the page runs (env.js): tests and styles may ask
  const switching = ownsAddress();
  const anchor = el("div", { class: "tutor-keepalive-anchor", hidden: true });
  let holder = el("div", { class: "tutor-view" });
  host.replaceChildren(holder, anchor);
  let current = null; // the view drawn now: {model, cleanup, kind}
  let drawn = 0; // views drawn by this app
  let shownAt = window.location.pathname + window.location.search;

  function busy(on) {
    host.classList.toggle("tutor-app-busy", on);
    if (on) host.setAttribute("aria-busy", "true");
    else host.removeAttribute("aria-busy");
    holder.inert = on;
  }

  // draw the view of ``child`` (its kind's module) into a fresh box
  function draw(child) {
    const box = el("div", { class: "tutor-view" });
    let cleanup = null;
    const redraw = () => { // the view draws itself anew when its language changes
      // the language menu just used (it waits, disabled, for the new words) keeps the focus:
      // a learner on keys is not sent back to the page's start
      const menu = box.querySelector(".tp-lang");
      const onMenu = !!menu && (menu.disabled || document.activeElement === menu);
      if (cleanup) cleanup();
      box.replaceChildren();
      if (child.get("lang") && switching) document.documentElement.lang = child.get("lang");
      cleanup = VIEWS[child.get("kind")](child, box);
      const again = onMenu && box.querySelector(".tp-lang");
      if (again) again.focus({ preventScroll: true });
    };
    redraw();
    child.on("change:lang", redraw);
    return { box, cleanup: () => { child.off("change:lang", redraw); if (cleanup) cleanup(); } };
  }

  async function show() {
    const mine = ++drawn;
    if (current) { current.cleanup(); current = null; } // its model may close any moment now
    const child = await modelOf(model, model.get("view"));
    if (mine !== drawn) return; // another view was asked for meanwhile
    const shown = child && VIEWS[child.get("kind")] ? draw(child)
      : { box: el("div", { class: "tutor-view" }, [
            el("p", { class: "tp-message tutor-message", text: model.get("message") || "" }),
            // a page that cannot be shown is no dead end: the way back to the course
            el("a", { class: "tp-home", href: withLang("index.ipynb", document.documentElement.lang),
                      text: `← ${model.get("home_text") || ""}` })]),
          cleanup: () => {} };
    holder.replaceWith(shown.box);
    holder = shown.box;
    current = { model: child, cleanup: shown.cleanup };
    keepTeaching(host); // a class this tab teaches follows to the lesson shown, or waits for one
    shownAt = window.location.pathname + window.location.search;
    host.dataset.address = window.location.href; // the view drawn's address (keepalive.js)
    // the first paint Voila served before the scripts loaded (widgets/parts/firstpaint.py) gives way
    for (const first of document.querySelectorAll(".tp-first-wrap")) first.remove();
    if (mine > 1) { // a view switched to in place: at the top, its title read out
      busy(false);
      toTop(host);
      const title = holder.querySelector("h1");
      if (title) title.focus({ preventScroll: true });
    }
  }

  // ---- switching views in place ----------------------------------------------------------
  function open(url, push) {
    if (push) {
      // presenter mode goes on with the teacher from view to view
      const present = new URLSearchParams(window.location.search).get("present");
      const target = present && !url.searchParams.has("present") ? addressWith({ present }, url.href) : url;
      window.history.pushState({ tutor: true }, "", target.href);
      url = target;
    }
    busy(true);
    const name = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
    model.send({ type: "open", page: decodeURIComponent(name), query: url.search.replace(/^\?/, "") });
  }

  const onClick = (event) => {
    const link = plainLink(event, host);
    const url = link && coursePage(link);
    if (!url) return;
    event.preventDefault();
    open(url, true);
  };
  const onPop = () => {
    const at = window.location.pathname + window.location.search;
    if (at !== shownAt) open(new URL(window.location.href), false); // not a #part of the page
  };
  const onMessage = (content) => {
    if (content && content.type === "navigate") { // not a view the kernel opens in place
      const url = new URL(pageHref(content.page) + (content.query ? "?" + content.query : ""), window.location.href);
      window.location.replace(url.href);
    }
  };
  const stops = switching ? [listen(host, { click: onClick }), listen(window, { popstate: onPop }),
                             listen(model, { "msg:custom": onMessage })] : [];

  // ---- the session ---------------------------------------------------------------------
  let stopAlive = null;
  modelOf(model, model.get("alive")).then((alive) => { if (alive) stopAlive = keepAlive(alive, anchor); });

  stops.push(listen(model, { "change:view": show, "change:message": show }));
  show();
  return () => {
    for (const stop of stops) stop();
    if (current) current.cleanup();
    if (stopAlive) stopAlive();
  };
}

export default { render };
