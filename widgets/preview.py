"""A lesson's first paint: the step's board, title, narration and rules as plain HTML in the page
Voila serves, so that the learner sees the lesson ~150 ms after following a link instead of after
Voila's scripts (97 files, ~1.4 MB) have loaded and the page widget has rendered (~1.2-1.6 s here;
longer on a phone or a hosted demo). The page widget removes it when it renders
(``widgets/static/page.js``); until then a line in the controls' place says the lesson is loading.

Only in Voila (a notebook in JupyterLab keeps its outputs: a second board would stay), and only
for a step that shows (a step that asks shows its position before the move, and its question,
only once the page can answer). Free play's first scene is previewed the same way.

>>> "svg" in preview_html({"title": "Setup", "label": "Step 0 of 3", "board": '<svg viewBox="0 0 800 400"></svg>',
...     "move": "", "narration": "<p>Hi</p>", "rules": "", "task": None}, "A lesson", "Trapper")
True
>>> preview_html({"task": {"phases": ["try"]}}, "A lesson", "Trapper") is None
True
>>> "Anna to move" in preview_html(play_step({"board": "<svg></svg>", "status": "Anna to move"}),
...                                "Trapper: play a whole game", "Trapper", loading="The game is loading…")
True
"""
from __future__ import annotations

import html
import os
import re

from .texts import T

_VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')

#: the preview's own classes (``tpv-``): the page's (``tp-``) are the widget's, which tests and
#: the page's script look for
STYLE = """<style>
.tpv { color: #1d1d1d; font-size: 18px; line-height: 1.45; overflow-wrap: anywhere; padding: 18px 15px 0;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
.tpv h1 { font-size: 24px; line-height: 1.2; margin: 0 0 4px; }
.tpv .tpv-game { color: #4a4a4a; font-size: 16px; font-weight: normal; margin-left: 12px; }
.tpv .tpv-bar { min-height: 48px; margin: 4px 0 8px; color: #4a4a4a; font-size: 16px;
  display: flex; align-items: center; }
.tpv .tpv-main { display: grid; gap: 18px; align-items: start;
  grid-template-columns: min(calc(100% - 350px), calc((100vh - 140px) * var(--tpv-aspect, 1)))
                         minmax(0, 1fr); }
.tpv .tpv-board svg { display: block; width: 100%; height: auto; }
.tpv .tpv-label { color: #4a4a4a; font-size: 16px; font-weight: 600; margin-right: 10px; }
.tpv h2 { display: inline; font-size: 21px; line-height: 1.25; }
.tpv .tp-refusal { background: #fde8e8; border-left: 7px solid #b3261e; padding: 6px 12px; margin: 4px 0; }
.tpv .tp-refused { color: #b3261e; }
.tpv .tp-refusal-note { font-style: italic; color: #4a4a4a; }
.tpv .tp-move code, .tpv .tp-refusal code { background: #eef3ff; padding: 0 5px; border-radius: 4px; }
.tpv .tp-narration { font-size: 19px; line-height: 1.5; }
.tpv .tp-rule { border: 1px solid #c9cfd8; border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
.tpv .tp-rule-title { font-size: 18px; margin: 0; }
.tpv .tp-rule-id, .tpv .tp-source { color: #4a4a4a; font-size: 14px; }
@media (max-width: 480px) { .tpv .tpv-main { grid-template-columns: minmax(0, 1fr); } }
</style>"""


def in_voila() -> bool:
    """Whether this kernel is rendering a Voila page (Voila sets the variable in every kernel
    it runs a notebook in, preheated or not)."""
    return bool(os.environ.get("VOILA_KERNEL_ID"))


def aspect(board: str) -> float:
    """Width / height of an SVG from its viewBox (1 when it has none)."""
    found = _VIEWBOX.search(board)
    if not found or float(found[2]) <= 0:
        return 1.0
    return float(found[1]) / float(found[2])


def play_step(scene: dict) -> dict:
    """Free play's first scene (``widgets.play.session``) as :func:`preview_html` shows a step:
    the board and the status line (whose turn, what to do)."""
    return {"label": "", "title": "", "board": scene.get("board", ""), "move": "",
            "narration": scene.get("status", ""), "rules": "", "task": None}


def preview_html(step: dict, title: str, game: str, loading: str | None = None) -> str | None:
    """The first paint of ``step`` (a :class:`widgets.compose.StepView`'s ``data()``, or
    :func:`play_step`), or None for a step that asks; ``loading``: the line where the controls
    will be (default: the lesson is loading)."""
    if step.get("task") or not step.get("board"):
        return None
    esc = html.escape
    loading = T._("The lesson is loading…") if loading is None else loading
    shown_game = "" if game in title else f'<span class="tpv-game">{esc(game)}</span>'
    heading = (f'<div><span class="tpv-label">{esc(step["label"])}</span><h2>{esc(step["title"])}</h2></div>'
               if step["label"] or step["title"] else "")
    return (
        f'<div class="tpv-wrap">{STYLE}<div class="tpv" aria-busy="true" style="--tpv-aspect: {aspect(step["board"]):.4f}">'
        f"<h1>{esc(title)}{shown_game}</h1>"
        f'<div class="tpv-bar" role="status">{esc(loading)}</div>'
        f'<div class="tpv-main"><div class="tpv-board">{step["board"]}</div>'
        f'<div>{heading}{step["move"]}<div class="tp-narration">{step["narration"]}</div>{step["rules"]}</div>'
        f"</div></div></div>")
