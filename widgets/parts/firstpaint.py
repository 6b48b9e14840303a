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
    option.textContent = name;
    option.setAttribute("aria-pressed", i === at ? "true" : "false");
    group.appendChild(option);
  });
  fold.appendChild(group);
  fold.hidden = false;
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
            f'{FOLD_FIRST if "data-fold=" in step["board"] else ""}{watcher() if watch else ""}</div>')
