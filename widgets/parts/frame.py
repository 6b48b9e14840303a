"""The page's frame and a step's parts in HTML, written once, here.

Every page draws this frame: the header, the line that says a language is missing, the
controls, the message line, the board's column (what stands under the board after it), the
story column (a lesson's holds a step's parts: :func:`step_html`), the language menu and the
screen reader's line. The first paint (:mod:`widgets.parts.firstpaint`) is this frame filled with a step; each live page's script
(``widgets/static/frame.js``, ``step.js``) draws it empty, from its view's ``frame`` trait,
finds the parts by their classes and paints into them (and wires the language menu). The words are the page's (``texts``), so the frame is made anew with
them when the language changes.

>>> texts = {"home": "Lessons", "controls": "Steps", "board": "Board", "rules": "Rules",
...          "readings": "Readings", "panel": "Players", "legend": "Legend"}
>>> empty = frame_html(texts, story=step_html(texts))
>>> all(f'class="{c}' in empty for c in ("tp-page", "tp-title", "tp-board", "tp-narration", "tp-live"))
True
>>> 'aria-label="Steps"' in empty and '<summary>Players</summary>' in empty
True
>>> '<h2 class="tp-step-title">A &lt;b&gt;</h2>' in step_html(texts, {"title": "A <b>", "label": ""})
True
"""
from __future__ import annotations

from html import escape


def _box(summary: str, kind: str, inside: str, open_: bool) -> str:
    """The players' panel or the legend: folding, hidden while empty (the painter shows it)."""
    return (f'<details class="tp-{kind}-box"{" open" if open_ else ""}{"" if inside else " hidden"}>'
            f'<summary>{escape(summary)}</summary><div class="tp-{kind}">{inside}</div></details>')


def step_html(texts: dict[str, str], step: dict | None = None) -> str:
    """A step's parts in the story column: empty, or filled with ``step`` (a
    :class:`widgets.parts.step.StepView`'s ``data()``; HTML parts as they come)."""
    step = step or {}
    part = lambda name: step.get(name) or ""  # noqa: E731
    return (f'<div class="tp-step"><span class="tp-step-label">{escape(part("label"))}</span>'
            f'<h2 class="tp-step-title">{escape(part("title"))}</h2></div>'
            f'<div class="tp-move-box">{part("move")}</div>'
            f'<div class="tp-narration">{part("narration")}</div>'
            f'<p class="tp-reading-links" hidden data-label="{escape(texts.get("readings", ""))}" '
            f'data-rules-label="{escape(texts.get("rules_short", ""))}"></p>'
            f'<div class="tp-rules" role="region" aria-label="{escape(texts.get("rules", ""))}">'
            f'{part("rules")}</div>'
            + _box(texts.get("panel", ""), "panel", part("panel"), True)
            + _box(texts.get("legend", ""), "legend", part("legend"), False))


def language_html(texts: dict[str, str], languages: list[dict]) -> str:
    """The language menu (:func:`widgets.serving.language.menu`'s items), written once for the
    first paint and every page: disabled until the page's script wires it (``frame.js``), so a
    first paint's menu waits for the live page, with the header already as high as the live one.

    >>> menu = language_html({"language": "Taal"}, [{"code": "en", "label": "English"},
    ...                                              {"code": "nl", "label": "Nederlands", "current": True}])
    >>> "disabled" in menu and '<option value="nl" lang="nl" selected>Nederlands</option>' in menu
    True
    >>> 'title="Niet alles"' in language_html({}, [{"code": "de", "label": "Deutsch", "note": "Niet alles"}])
    True
    """
    label = escape(texts.get("language", ""))
    options = "".join(f'<option value="{escape(item["code"])}" lang="{escape(item["code"])}"'
                      + (f' title="{escape(item["note"])}"' if item.get("note") else "")
                      + f'{" selected" if item.get("current") else ""}>{escape(item["label"])}</option>'
                      for item in languages)
    return (f'<label class="tp-lang-pick"><span class="tp-sr">{label}</span>'
            f'<select class="tp-lang" aria-label="{label}" disabled>{options}</select></label>')


def frame_html(texts: dict[str, str], *, story: str = "", controls: str = "", board: str = "",
               title: str = "", game: str = "", home: str = "index.ipynb", first: str | None = None,
               shape: float | None = None, switches: bool = False,
               languages: list[dict] | None = None) -> str:
    """The page's frame (see the module's docs). ``story``, ``controls`` and ``board``: HTML
    put in those parts; ``first``: the first paint's further attributes of the root (HTML),
    which mark it as the first paint; ``shape``: the board's width / height, where the page's
    fitting is not there to say it (the first paint); ``switches``: the board has view
    switches under it (InTrappola's "Knowledge:"), whose row the first paint leaves room for
    as the page's fitting does; ``languages``: the language menu's items
    (:func:`language_html`: none where there are fewer than two)."""
    style = (f' style="--aspect: {shape:.4f}{"; --under: var(--switches-h)" if switches else ""}"'
             if shape is not None else "")
    return (
        f'<div class="tp-page{"" if first is None else " tp-first"}"{first or ""}>'
        f'<header class="tp-head"><a class="tp-home" href="{escape(home)}">← {escape(texts.get("home", ""))}</a>'
        f'<div class="tp-heading"><h1 class="tp-title" tabindex="-1">{escape(title)}</h1>'
        f'<span class="tp-game">{escape(game)}</span></div>'
        f'{language_html(texts, languages) if languages and len(languages) > 1 else ""}</header>'
        '<p class="tp-lang-notice" role="status" hidden></p>'
        f'<nav class="tp-controls" aria-label="{escape(texts.get("controls", ""))}">{controls}</nav>'
        '<div class="tp-message tp-note" role="status" hidden></div>'
        f'<main class="tp-main"{style}>'
        f'<div class="tp-board-box" role="region" aria-label="{escape(texts.get("board", ""))}">'
        f'<div class="tp-board">{board}</div><div class="tp-switches tp-fold" hidden></div>'
        '<div class="tp-switches"></div></div>'
        # what stands under the board (frame.js: the players' panel, presenting the rules) comes
        # before the story column in the page's order as on the screen: Tab goes down the
        # board's column, then the story's (it went to the story first, back to the panel last)
        '<div class="tp-under-board" hidden></div>'
        f'<section class="tp-story">{story}</section></main>'
        '<div class="tp-live tp-sr" aria-live="polite" aria-atomic="true"></div></div>')
