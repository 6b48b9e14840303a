"""A lesson's first paint: the step as plain HTML in the page Voila serves, so that the learner
sees the lesson ~150 ms after following a link instead of after Voila's scripts (97 files,
~1.4 MB) have loaded and the app has rendered (~1.2-1.6 s here; longer on a phone). The app
removes it when it draws (``widgets/static/app.js``).

It is the page's own frame filled with the step (:mod:`widgets.parts.frame`), styled by
``page.css`` itself, which it carries; ``tp-first`` marks it, ``lang`` says its language and
``data-step`` its step, ``--aspect`` the board's shape (the column the page's fitting would
make). Only in Voila (JupyterLab keeps outputs: a second board would stay), and only for a step
that shows (a step that asks shows its position and question only once the page can answer).
In Voila it also has what the live page shows above and under the board: the line of a
language or a step the address asked for and the page lacks (``widgets.app.request_lines``), and the
board's view switches (:func:`switches_html`; on a phone, Trigger's switch between its two
boards: ``FOLD_FIRST``), disabled until the page draws its own: the board does not jump down
when the page comes. Free play's first scene is painted the same way. With ``watch=True`` it also waits for its
page (``widgets/static/firstwait.js``): when the page's kernel ended before the app drew the
page, or no page came after a long wait, it says so, with a link that reloads at the same step.

>>> shown = preview_html({"title": "Setup", "label": "Step 0 of 3", "board": '<svg viewBox="0 0 800 400"></svg>',
...     "move": "", "narration": "<p>Hi</p>", "rules": "", "panel": "", "legend": "", "task": None},
...     "A lesson", "Trapper")
>>> 'class="tp-page tp-first"' in shown and "--aspect: 2.0000" in shown and ".tp-page {" in shown
True
>>> preview_html({"task": {"opens": {"forward": "try"}}}, "A lesson", "Trapper") is None
True
>>> 'data-reload-step="Reload at step {step}"' in preview_html({"title": "t", "label": "", "board": "<svg></svg>",
...     "move": "", "narration": "", "rules": "", "panel": "", "legend": "", "task": None}, "t", "g", watch=True)
True
>>> "Anna to move" in preview_html(play_step({"board": "<svg></svg>", "status": "Anna to move"}),
...                                "Trapper: play a whole game", "Trapper", loading="The game is loading…")
True
"""
from __future__ import annotations

import html
import re

from tutor.core.i18n import current

from widgets.parts.frame import frame_html, step_html
from widgets.parts.frontend import plain_script, stylesheet
from widgets.parts.texts import T
from widgets.parts.words import page_texts, session_texts

#: On a phone (frame.js's PHONE px, as the template's script decides), a board that folds
#: (Trigger's two: ``data-fold``, widgets/games/trigger.py) is painted folded at once, as the
#: live page shows it (frame.js's foldBoard): the one board shown first, not both side by side
#: with their words ~7 px until the scripts run.
FOLD_FIRST = """<script>(function () {
  var page = document.currentScript.previousElementSibling;
  var svg = page && window.innerWidth <= 640 && page.querySelector(".tp-board svg[data-fold]");
  if (!svg) return;
  var boxes = svg.getAttribute("data-fold").split(" ");
  var box = boxes[Number(svg.getAttribute("data-fold-at")) || 0] || boxes[0];
  svg.setAttribute("data-wide", svg.getAttribute("viewBox"));
  svg.setAttribute("viewBox", box.replace(/,/g, " "));
  svg.setAttribute("data-folded", "");
  var main = page.querySelector(".tp-main"), size = box.split(",").map(Number);
  if (main && size[3] > 0) main.style.setProperty("--aspect", (size[2] / size[3]).toFixed(4));
  var fold = page.querySelector(".tp-switches.tp-fold");
  var names = (svg.getAttribute("data-fold-names") || "").split("|");
  var shorts = (svg.getAttribute("data-fold-short") || "").split("|");
  var short = shorts.length === names.length && shorts.every(Boolean);
  if (!fold || names.length < 2) return;
  var at = Number(svg.getAttribute("data-fold-at")) || 0;
  var group = document.createElement("div");
  group.className = "tp-switch";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", svg.getAttribute("data-fold-label") || "");
  group.setAttribute("data-names", names.join("|"));
  group.setAttribute("data-at", String(at));
  names.forEach(function (name, i) {
    var option = document.createElement("button");
    option.className = "tp-button tp-switch-option tp-fold-option";
    option.type = "button";
    option.disabled = true;
    option.textContent = short ? shorts[i] : name;
    if (short) { option.setAttribute("aria-label", name); option.title = name; }
    option.setAttribute("aria-pressed", i === at ? "true" : "false");
    group.appendChild(option);
  });
  fold.appendChild(group);
  fold.hidden = false;
})();</script>"""


#: On a phone, the first paint fitted as the live page's fitting will fit it (frame.js's
#: fitBoard, its phone branch, and pointReadings), so that nothing moves when the live page
#: replaces it: the board narrowed where its height would push the narration's start below the
#: step bar (to 40% of the screen's height, never under its smallest word's 12 px: WORDS_MIN),
#: the line naming the step's rules under its title (``tp-rule-links``: the cards whose
#: title is below the bar), its names disabled until the live page draws its own, and where
#: the board at those floors still leaves the narration's start under the bar (a refused
#: move's box), the page scrolled, the header first, never past the board's top (showAsking,
#: at the step's arrival: the live page keeps it scrolled so). Run once the
#: page is in place (the template's script moves it out of the hidden cells and marks it
#: ``tp-narrow``; the parser may yield a frame before it does), before it is painted. Wider, the
#: board's column is page.css's unless the board's smallest words need it wider (fitBoard's
#: storyMin: Trigger's two boards at 1024 px, 25 px wider on the live page). Presenting, the
#: board's column, the rule cards (cut, or under the board) and the presenter's words' step-down
#: (data-present-words) as fitBoard sets them, so a long step's words are painted at the size
#: the live page keeps (Trigger's star, 1024 x 768: 23 px, not 30). The numbers are frame.js's.
FIT_FIRST = """<script>(function () {
  var wrap = document.currentScript.parentNode, tries = 0;
  requestAnimationFrame(function fit() {
    var page = wrap.querySelector(".tp-first");
    if (!page || !page.isConnected) return;
    var narrow = window.innerWidth <= 640;
    if (!page.clientWidth || (narrow && !page.classList.contains("tp-narrow"))) { // not yet in its place
      if (++tries < 120) requestAnimationFrame(fit);
      return;
    }
    var main = page.querySelector(".tp-main"), story = page.querySelector(".tp-story");
    var svg = page.querySelector(".tp-board svg"), bar = page.querySelector(".tp-controls");
    var width = page.clientWidth, high = window.innerHeight;
    var end = function () { var top = bar.getBoundingClientRect().top; return Math.min(high, top > 0 ? top : high); };
    var above = function () { var by = window.scrollY;
      for (var box = page.parentElement; box && box !== document.documentElement; box = box.parentElement) by += box.scrollTop;
      return by; };
    var box = svg && svg.viewBox && svg.viewBox.baseVal;
    var aspect = box && box.width && box.height ? box.width / box.height : 1;
    var least = Infinity;
    var texts = svg ? svg.querySelectorAll("text") : [];
    for (var i = 0; i < texts.length; i++) {
      var text = texts[i], style = getComputedStyle(text);
      if (style.display === "none" || !text.textContent.trim()) continue;
      var squeeze = 1;
      if (text.hasAttribute("textLength")) {
        var free = text.cloneNode(true);
        free.removeAttribute("textLength");
        free.removeAttribute("lengthAdjust");
        text.parentNode.appendChild(free);
        var natural = free.getComputedTextLength();
        free.parentNode.removeChild(free);
        if (natural > 0) squeeze = Math.min(1, text.textLength.baseVal.value / natural);
      }
      least = Math.min(least, (parseFloat(style.fontSize) || Infinity) * squeeze);
    }
    var words = least === Infinity || !box || !box.width ? 0 : Math.ceil(12 * box.width / least);
    if (!narrow && page.classList.contains("tp-present")) {
      // presenting: the board's column and the rule cards as fitBoard makes them fit (the
      // story 42% of the width; the cards cut a step at a time, CLAMPS; the board smaller, down
      // to 45% of the width, while they are below the screen), then the large words a size
      // smaller at a time (data-present-words, page.css) while a card or the narration's end is
      // below the screen or a card is cut to a row, as fitBoard's last loop does (a long
      // narration: Trigger's star, 1024 x 768), the cards placed anew at each size (beside the
      // narration or under the board: Trapper's canoe sold); then, still cramped, the board
      // smaller, down to 30% of the width. The numbers are frame.js's.
      if (!main) return;
      var told = story && story.querySelector(".tp-narration");
      var rules = story && story.querySelector(".tp-rules");
      var clamps = [null, [0, 0], [0, 2], [4, 1], [3, 1], [2, 1], [1, 1], [1, "row"], ["row", "row"]];
      var clampAt = function (level) { // frame.js fitRules
        var lines = clamps[level], cards = rules.querySelectorAll(".tp-rule");
        rules.classList.toggle("tp-rules-tight", !!lines);
        for (var k = 0; k < cards.length; k++) {
          var cut = lines ? lines[k === 0 ? 0 : 1] : 0;
          if (cut) { cards[k].style.setProperty("--clamp", cut === "row" ? "1" : String(cut));
                     cards[k].setAttribute("data-clamp", String(cut)); }
          else { cards[k].style.removeProperty("--clamp"); cards[k].removeAttribute("data-clamp"); }
        }
      };
      var over = function () { return Boolean(rules && rules.getBoundingClientRect().bottom + above() > high); };
      var shorten = function () {
        var level = 0;
        if (!rules) return 0;
        clampAt(0);
        while (level + 1 < clamps.length && over()) clampAt(++level);
        return level;
      };
      var switches = page.querySelector(".tp-switches:not(.tp-fold)");
      var below = switches && switches.childElementCount ? switches.getBoundingClientRect().height + 12 : 0;
      var room = Math.max(260, high - (main.getBoundingClientRect().top + above()) - 14 - below);
      var boardW = Math.max(280, Math.min(room * aspect, width - 0.42 * width - 20));
      var narrower = function (least) {
        boardW = Math.max(least, boardW * 0.92);
        main.style.setProperty("--board-w", Math.floor(boardW) + "px");
      };
      main.style.setProperty("--board-w", Math.floor(boardW) + "px");
      var head = rules && rules.querySelector(".tp-rule-title");
      var fewest = Math.max(0.45 * width, Math.min(boardW, words || boardW));
      for (var n = 0; head && n < 6 && head.getBoundingClientRect().bottom + above() > high && boardW > fewest; n++) narrower(fewest);
      var cut = shorten();
      var underBoard = page.querySelector(".tp-under-board");
      var home = rules && rules.parentNode, next = rules && rules.nextSibling;
      var place = function (there) {
        if (there) underBoard.appendChild(rules);
        else home.insertBefore(rules, next);
        underBoard.hidden = !there;
        main.classList.toggle("tp-panel-under", there); // (frame.js showUnder)
      };
      var rulesUnder = function () { // frame.js rulesUnder: the cards under the board where it
        // leaves them room, or where they stand cut less there
        if (!rules || !underBoard || rules.parentNode === underBoard) return;
        var wasOver = over(), free = room + below - boardW / aspect;
        var needs = 0.8 * rules.getBoundingClientRect().height
          * Math.min(1, story.getBoundingClientRect().width / boardW);
        if (wasOver ? free <= 150 : !(cut > 0 && free > needs)) return;
        place(true);
        if (wasOver) { cut = shorten(); return; }
        var low = 0, top = cut;
        while (low < top) {
          var mid = (low + top) >> 1;
          clampAt(mid);
          if (over()) low = mid + 1;
          else top = mid;
        }
        if (low < cut) clampAt((cut = low));
        else { place(false); clampAt(cut); }
      };
      rulesUnder();
      var least = Math.max(280, 0.45 * width, Math.min(boardW, words || boardW));
      for (n = 0; n < 8 && over() && boardW > least; n++) { narrower(least); cut = shorten(); }
      rulesUnder();
      for (n = 0; n < 6 && over() && boardW > 0.45 * width; n++) { narrower(0.45 * width); cut = shorten(); }
      rulesUnder();
      var cramped = function () {
        return over() || Boolean(told && told.getBoundingClientRect().bottom + above() > high)
          || (cut > 0 && clamps[cut].indexOf("row") >= 0);
      };
      var again = function () { if (rules && underBoard) place(false); cut = shorten(); rulesUnder(); }; // placed anew
      for (var size = 1; size <= 3 && cramped(); size++) { page.dataset.presentWords = String(size); again(); }
      if (cramped()) { // the words at their smallest: the board down to 30% of the width (frame.js)
        var was = boardW, wasOver = over();
        var rowW = 0, buttons = below ? switches.children : [];
        for (n = 0; n < buttons.length; n++) rowW = Math.max(rowW, buttons[n].getBoundingClientRect().right + 2);
        if (rowW) rowW -= switches.getBoundingClientRect().left; // (nor under its switches' row)
        var floor = Math.max(280, 0.3 * width, rowW, Math.min(boardW, words || boardW, 0.45 * width));
        for (n = 0; n < 8 && cramped() && boardW > floor; n++) { narrower(floor); again(); }
        if (cramped() && (over() || !wasOver) && boardW < was) {
          boardW = was;
          main.style.setProperty("--board-w", Math.floor(boardW) + "px");
          again();
        }
      }
      return;
    }
    if (!narrow) { // wider: the board's column widened where its words need it (fitBoard's storyMin)
      if (!main || width - words - 20 >= Math.max(330, 0.3 * width)) return;
      var row = page.querySelector(".tp-switches:not(.tp-fold)");
      var under = row && row.childElementCount ? row.getBoundingClientRect().height + 12 : 0;
      var avail = Math.max(260, high - (main.getBoundingClientRect().top + above()) - 14 - under);
      var storyMin = Math.max(300, width - words - 20);
      main.style.setProperty("--board-w", Math.floor(Math.max(280, Math.min(avail * aspect, width - storyMin - 20))) + "px");
      return;
    }
    least = Math.min(width, words);
    var shown = function (w) {
      if (w < width) main.style.setProperty("--phone-w", w + "px");
      else main.style.removeProperty("--phone-w");
    };
    var at = Math.max(least, Math.min(width, Math.floor(0.58 * high * aspect)));
    shown(at);
    var narration = story.querySelector(".tp-narration");
    var over = narration.getBoundingClientRect().top + above() - (end() - 48);
    if (over > 0) shown(at = Math.max(least, Math.floor(0.4 * high * aspect), Math.floor(at - over * aspect)));
    var line = story.querySelector(".tp-reading-links"), step = story.querySelector(".tp-step");
    // the board at its floors and the narration's start still under the bar: the page scrolled,
    // the header first, never past the board's top (frame.js fitBoard, showAsking)
    var start = function () {
      var by = Math.min(narration.getBoundingClientRect().top + 48 - end(),
                        page.querySelector(".tp-board").getBoundingClientRect().top - 8);
      if (!(by > 0)) return;
      for (var box = page.parentElement; box; box = box.parentElement) {
        var overflow = getComputedStyle(box).overflowY;
        if (box !== document.body && box !== document.documentElement
            && (overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight + 1) {
          box.scrollTop += by;
          return;
        }
      }
      window.scrollBy(0, by);
    };
    if (!line || !step) return start();
    var cards = story.querySelectorAll(".tp-rules .tp-rule"), names = [];
    for (var j = 0; j < cards.length; j++) {
      var title = cards[j].querySelector(".tp-rule-title");
      if (!title || title.getBoundingClientRect().bottom + above() <= end()) continue;
      var id = cards[j].querySelector(".tp-rule-id");
      var name = document.createElement("button");
      name.className = "tp-button tp-reading-link";
      name.type = "button";
      name.disabled = true;
      name.textContent = title.firstChild ? title.firstChild.textContent.trim() : "";
      name.setAttribute("data-rule", id ? id.textContent : "");
      names.push(name);
    }
    if (!names.length) return start();
    step.parentNode.insertBefore(line, step.nextSibling);
    var label = document.createElement("span");
    label.className = "tp-reading-label";
    label.textContent = (line.getAttribute("data-rules-label") || "") + ":";
    line.appendChild(label);
    for (var k = 0; k < names.length; k++) line.appendChild(names[k]);
    line.classList.add("tp-rule-links");
    line.hidden = false;
    var pushed = narration.getBoundingClientRect().top + above() + 48 - end();
    var to = Math.floor(at - pushed * aspect) - 1; // the line's room from the board, to its floors
    if (pushed > 0 && to < at && to >= Math.max(least, Math.floor(0.4 * high * aspect))) shown(to);
    if (narration.getBoundingClientRect().top + above() + 48 > end()) line.hidden = true;
    start();
  });
})();</script>"""


_VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')


def aspect(board: str) -> float:
    """Width / height of an SVG from its viewBox (1 when it has none)."""
    found = _VIEWBOX.search(board)
    if not found or float(found[2]) <= 0:
        return 1.0
    return float(found[1]) / float(found[2])


def play_step(scene: dict) -> dict:
    """Free play's first scene (``widgets.games.session``) as :func:`preview_html` shows a step:
    the board and the status line (whose turn, what to do)."""
    return {"label": "", "title": "", "board": scene.get("board", ""), "move": "",
            "narration": scene.get("status", ""), "rules": "", "panel": scene.get("panel", ""),
            "legend": "", "task": None}


def ended_texts() -> dict[str, str]:
    """What the first paint says when its page will not come (``firstwait.js``), in the current
    language: why, and its reload links (``{step}`` is filled in the page)."""
    session = session_texts()
    return {
        "ended": T._("This page's session ended before the page was ready, so it cannot open."),
        "late": T._("This page has not opened after more than a minute: the server may be too "
                    "busy, or its session ended."),
        "unreachable": T._("The tutor's server cannot be reached, so this page cannot open."),
        "reload-step": session["reload_step"],
        "reload": session["reload"],
    }


def watcher() -> str:
    """The script that waits for the page after its first paint (``firstwait.js``), its
    sentences on it."""
    said = "".join(f' data-{name}="{html.escape(text)}"' for name, text in ended_texts().items())
    return f"<script{said}>{plain_script('firstwait.js')}</script>"


def switches_html(switches) -> str:
    """The step's view switches (InTrappola's "Knowledge:") as the page draws them
    (controls.js's paintSwitches), disabled until the page's script draws its own: the same
    words in the same place, the board above them the same size.

    >>> shown = switches_html([{"name": "k", "label": "Known:", "value": "off",
    ...                         "options": [["off", "off"], ["0", "Anna"]]}])
    >>> shown.count("disabled"), shown.count('aria-pressed="true"'), "Known:" in shown
    (2, 1, True)
    """
    groups = []
    for switch in switches or ():
        label = html.escape(str(switch.get("label", "")))
        options = "".join(
            f'<button class="tp-button tp-switch-option" type="button" aria-pressed='
            f'"{"true" if value == switch.get("value") else "false"}" disabled>'
            f"{html.escape(str(text))}</button>" for value, text in switch.get("options", ()))
        groups.append(f'<div class="tp-switch" role="group" aria-label="{label}">'
                      f'<span class="tp-switch-label">{label}</span>{options}</div>')
    return "".join(groups)


def preview_html(step: dict, title: str, game: str, loading: str | None = None,
                 home: str = "index.ipynb", watch: bool = False,
                 languages: list[dict] | None = None,
                 asked: tuple[str, str, bool] = ("", "", False)) -> str | None:
    """The first paint of ``step`` (a :class:`widgets.parts.step.StepView`'s ``data()``, or
    :func:`play_step`), or None for a step that asks; ``loading``: the line where the controls
    will be (default: the lesson is loading); ``home``: the course page's address; ``watch``:
    with the script that says when the page will not come (:func:`watcher`, Voila's);
    ``languages``: the page's language menu (``widgets.serving.language.menu``), shown disabled
    until the page's script draws it; ``asked``: what the live page will say for the page's
    request (``widgets.app.request_lines``: the notice of a language we lack, the sentence of a
    step the lesson lacks) and whether it opens presenting, shown where the page shows them."""
    if step.get("task") or not step.get("board"):
        return None
    texts = page_texts()
    loading = T._("The lesson is loading…") if loading is None else loading
    index = step.get("index")
    first = (f' aria-busy="true" lang="{current()}"'
             + (f' data-step="{index}"' if index is not None else ""))
    page = frame_html(texts, story=step_html(texts, step), board=step["board"], title=title,
                      game="" if game in title else game, home=home, first=first,
                      controls=f'<span class="tp-loading" role="status">{html.escape(loading)}</span>',
                      shape=aspect(step["board"]), switches=bool(step.get("switches")),
                      languages=languages)
    if watch:  # Voila: the lines the page will show for the request, where it shows them
        notice, message, present = asked
        if present:  # presenter mode, as the lesson's script will set it (lesson.js setPresent)
            page = page.replace('class="tp-page tp-first"', 'class="tp-page tp-first tp-present"', 1)
        if notice:
            page = page.replace('<p class="tp-lang-notice" role="status" hidden></p>',
                                f'<p class="tp-lang-notice" role="status">{html.escape(notice)}</p>', 1)
        if message:
            page = page.replace('<div class="tp-message tp-note" role="status" hidden></div>',
                                f'<div class="tp-message tp-note" role="status">'
                                f'{html.escape(message)}</div>', 1)
    if step.get("switches"):  # the row the page draws under the board, drawn already
        page = page.replace('<div class="tp-switches"></div>',
                            f'<div class="tp-switches">{switches_html(step["switches"])}</div>', 1)
    return (f'<div class="tp-first-wrap"><style>{stylesheet(("page.css",))}</style>{page}'
            f'{FOLD_FIRST if "data-fold=" in step["board"] else ""}{FIT_FIRST}{watcher() if watch else ""}</div>')


# ---- the course page's first paint ----------------------------------------------------------------
#: The live course's place in Voila's page (its cell's output, measured at 1280, 1024 and 390 px
#: wide: 15 px from the left, 20 px from the top) and the type it inherits from JupyterLab's
#: theme: the course's first paint stands where the course will, in the same type.
COURSE_FRAME = (
    '.tc-first { box-sizing: border-box; padding: 20px 15px 0; margin: 0; font-size: 13px; '
    'font-family: system-ui, -apple-system, blinkmacsystemfont, "Segoe UI", helvetica, arial, '
    'sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"; }')

#: The course's first paint at work (a plain script, run where it stands, its data in the
#: ``script.tc-first-data`` before it):
#: 1. "Join a class" shown and pointed at the relay at once, as the live page does on Voila
#:    (classroom.js joinForms, relayAt): it does not push the course down when the page comes;
#: 2. the course's own script (course.js, from where the page serves the app's modules, a few
#:    small files instead of Voila's ~100) draws it as the live page will: the learner's
#:    progress beside each lesson and each rule's level, from this browser's record, and the
#:    record's controls working; the keyboard's place is kept;
#: 3. when the app draws the live course and removes this (app.js), what the learner had here
#:    goes on there: the rule maps opened, the class code typed, the place scrolled to (the
#:    first paint scrolls the window, the live page its cells' box) and the focus (the same
#:    control, found by its kind, address and class, and which of those it is): Tab goes on
#:    from where it was.
COURSE_FIRST = r"""(function () {
  var script = document.currentScript, wrap = script.parentNode;
  var host = wrap.querySelector(".tc-first-host");
  if (!host || !host.querySelector(".tutor-course")) return;
  var data = {};
  try { data = JSON.parse(wrap.querySelector("script.tc-first-data").textContent); } catch (e) { /* none */ }
  // its links as the live course's: with the ?lang= the address named (the static site's first
  // paint is one for every address in its language; Voila's has it already: with_lang)
  var lang = wrap.getAttribute("lang");
  var asked = String(new URLSearchParams(location.search).get("lang") || "").trim().toLowerCase();
  if (lang && asked.replace("_", "-").split("-")[0] === lang) {
    var links = host.querySelectorAll("a[href]");
    for (var l = 0; l < links.length; l++) {
      var to = links[l].getAttribute("href");
      if (/^[^\/?#:]+\.(html|ipynb)(\?|$)/.test(to) && !/[?&]lang=/.test(to)) {
        links[l].setAttribute("href", to + (to.indexOf("?") < 0 ? "?" : "&") + "lang=" + lang);
      }
    }
  }
  data.value = host.innerHTML;
  var FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
  // (a link's ?lang= aside: the live course's carry the language the address named)
  var href = function (el) {
    return (el.getAttribute("href") || "").replace(/([?&])lang=[^&#]*(&?)/, function (all, before, after) {
      return after ? before : "";
    });
  };
  var key = function (el) {
    return [el.tagName, href(el), el.id, el.classList[0] || ""].join("|");
  };
  // where a control is: its key and which of the controls with that key it is
  var place = function (el, root) {
    var k = key(el), n = 0, all = root.querySelectorAll(FOCUSABLE);
    for (var i = 0; i < all.length && all[i] !== el; i++) if (key(all[i]) === k) n++;
    return [k, n];
  };
  var at = function (where, root) {
    var all = root.querySelectorAll(FOCUSABLE), n = where[1];
    for (var i = 0; i < all.length; i++) if (key(all[i]) === where[0] && n-- === 0) return all[i];
    return null;
  };
  var join = function () { // (Voila's: the static site has no relay, its form stays hidden)
    var frontend = document.documentElement.getAttribute("data-tutor-frontend");
    if (frontend && frontend !== "voila") return;
    var forms = host.querySelectorAll("form.tc-join-class"), path = location.pathname;
    var cut = path.indexOf("/voila/");
    for (var i = 0; i < forms.length; i++) {
      var named = forms[i].getAttribute("data-relay");
      var relay = named ? new URL(named, location.href).href
        : new URL((cut < 0 ? "" : path.slice(0, cut)) + "/tutor/class/", location.href).href;
      forms[i].action = new URL("join", relay).href;
      forms[i].hidden = false;
    }
  };
  join();
  var scroller = function (el) {
    for (var box = el.parentElement; box; box = box.parentElement) {
      var y = getComputedStyle(box).overflowY;
      if ((y === "auto" || y === "scroll") && box.scrollHeight > box.clientHeight) return box;
    }
    return document.scrollingElement;
  };
  // where ``el`` stands in what ``box`` scrolls (from its top)
  var offset = function (el, box) {
    var from = box === document.scrollingElement ? 0 : box.getBoundingClientRect().top;
    return el.getBoundingClientRect().top - from + box.scrollTop;
  };
  var focused = null, scrolled = 0, stop = null;
  wrap.addEventListener("focusin", function (event) { focused = event.target; });
  wrap.addEventListener("focusout", function (event) {
    if (event.relatedTarget && !wrap.contains(event.relatedTarget)) focused = null;
  });
  // the first paint scrolls the window (Voila) or its own box (the static site's, over the page)
  var onScroll = function () { if (document.contains(wrap)) { scrolled = scroller(host).scrollTop; measure(); } };
  window.addEventListener("scroll", onScroll, { passive: true, capture: true });
  var top = 0; // where the course stands in the page (the template moves this out of the cells)
  var measure = function () { top = offset(host, scroller(host)); };
  var base = document.documentElement.getAttribute("data-tutor-modules");
  if (base) {
    import(new URL("course.js", new URL(base, document.baseURI)).href).then(function (course) {
      if (!document.contains(wrap)) return;
      var had = focused && host.contains(focused) ? place(focused, host) : null;
      var model = { get: function (name) { return data[name]; }, on: function () {}, off: function () {} };
      stop = course.courseView(model, host);
      join();
      var again = had && at(had, host);
      if (again && (document.activeElement === document.body || !document.activeElement)) {
        again.focus({ preventScroll: true });
      }
    }, function () { /* the page's own comes: nothing drawn ahead */ });
  }
  var tries = 0;
  var goOn = function () {
    var live = null, all = document.querySelectorAll(".tutor-course");
    for (var i = 0; i < all.length && !live; i++) if (!wrap.contains(all[i])) live = all[i];
    if (!live) return;
    // (the static site's page shows its cells a moment after the app drew the course)
    if (!live.getBoundingClientRect().height) { if (++tries < 600) requestAnimationFrame(goOn); return; }
    var opened = host.querySelectorAll("details"), there = live.querySelectorAll("details");
    for (var j = 0; j < opened.length && j < there.length; j++) if (opened[j].open) there[j].open = true;
    var typed = host.querySelector(".tc-join-class input[name=code]");
    var into = live.querySelector(".tc-join-class input[name=code]");
    if (typed && into && typed.value && !into.value) into.value = typed.value;
    var box = scroller(live);
    if (scrolled > 0 && box) box.scrollTop = scrolled + offset(live.parentElement, box) - top;
    var lost = !document.activeElement || document.activeElement === document.body;
    var again = lost && focused && host.contains(focused) && at(place(focused, host), live);
    if (again) again.focus({ preventScroll: true });
  };
  // gone when it or a box around it is taken away (app.js takes it, the static site's page its
  // box over the page); the template moves it out of the cells first
  var around = function () {
    for (var box = wrap.parentNode; box && box !== document; box = box.parentNode) watch.observe(box, { childList: true });
  };
  var watch = new MutationObserver(function () {
    if (document.contains(wrap)) { measure(); around(); return; }
    watch.disconnect();
    window.removeEventListener("scroll", onScroll, { capture: true });
    if (stop) stop();
    goOn();
  });
  around();
})();"""


def course_preview_html(value: str, texts: dict, levels: dict, lang: str) -> str:
    """The course page's first paint (Voila's): the course's HTML ``value`` (a
    :class:`widgets.pages.course.CoursePage`'s), in its look and where the live course will
    stand (:data:`COURSE_FRAME`), its links plain links that work before the page's kernel and
    scripts have come; with the page's ``texts`` and ``levels`` for the course's own script,
    which draws the learner's record into it (:data:`COURSE_FIRST`). ``tp-first-wrap``: the
    app removes it when it draws (``widgets/static/app.js``), and the page template moves it
    out of the cells Voila keeps hidden; ``data-first="course"`` marks it.

    >>> shown = course_preview_html('<div class="tutor-course"><a href="a.ipynb">A</a></div>',
    ...                             {"finished": "Done"}, {}, "nl")
    >>> 'class="tp-first-wrap tc-first" data-first="course" lang="nl"' in shown
    True
    >>> '"finished": "Done"' in shown and '<a href="a.ipynb">A</a>' in shown
    True
    """
    import json

    data = json.dumps({"texts": texts, "levels": levels}, ensure_ascii=False).replace("</", "<\\/")
    return (f'<div class="tp-first-wrap tc-first" data-first="course" lang="{html.escape(lang)}">'
            f'<style>{stylesheet(("course.css",))}\n{COURSE_FRAME}</style>'
            f'<div class="tc-first-host">{value}</div>'
            f'<script type="application/json" class="tc-first-data">{data}</script>'
            f"<script>{COURSE_FIRST}</script></div>")
