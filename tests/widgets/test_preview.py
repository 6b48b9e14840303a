"""The first paint (widgets/parts/firstpaint.py): what Voila serves as HTML before its scripts, in the
page's own frame and stylesheet."""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import SOURCE, set_language, using
from widgets import app
from widgets.serving import params
from widgets.parts.frontend import STATIC
from widgets.parts.firstpaint import aspect, preview_html
from widgets.parts.texts import T


def previewed(monkeypatch, make, query: str, voila: bool = True) -> list[str]:
    """The preview HTML an app (``make()``) displays for a page asking ``query`` (none outside
    Voila)."""
    shown: list[str] = []
    if voila:
        monkeypatch.setenv("VOILA_KERNEL_ID", "k-1")
    else:
        monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.setattr(params, "_received", None)  # the request is read once per kernel
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", query)
    import IPython.display

    def display(obj, metadata=None):
        assert metadata == {"tutor-preview": True}
        shown.append(obj.data)
    monkeypatch.setattr(IPython.display, "display", display)
    try:
        make()
    finally:
        set_language(SOURCE)
    return shown


def first_paint(html: str) -> dict:
    """What the first paint says of itself: its data-* and lang, its board, its loading line."""
    page = re.search(r'<div class="tp-page tp-first"([^>]*)>', html)
    return {"attrs": dict(re.findall(r'([\w-]+)="([^"]*)"', page[1])),
            "board": re.search(r'<div class="tp-board">(.*?)</div><div class="tp-switches', html, re.S)[1],
            "loading": re.search(r'<span class="tp-loading" role="status">([^<]*)</span>', html)[1],
            "home": re.search(r'<a class="tp-home" href="([^"]*)"', html)[1]}


def test_in_voila_the_step_asked_for_is_previewed_in_its_language(monkeypatch):
    made = []
    shown = previewed(monkeypatch, lambda: made.append(app.walkthrough_app("trapper/green-turn")),
                      "step=1&lang=nl")
    page = made[0].view
    assert len(shown) == 1
    paint = first_paint(shown[0])
    assert paint["attrs"]["data-step"] == "1" and paint["attrs"]["lang"] == "nl"
    assert paint["board"] == page.initial["1"]["board"]  # the board the page will show
    assert page.initial["1"]["narration"] in shown[0] and page.initial["1"]["rules"] in shown[0]
    with using("nl"):
        assert paint["loading"] == T._("The lesson is loading…")
    assert paint["home"] == "index.ipynb?lang=nl"  # the way home keeps the language asked


def test_the_first_paint_is_styled_by_the_pages_own_stylesheet(monkeypatch):
    shown = previewed(monkeypatch, lambda: app.walkthrough_app("trapper/green-turn"), "step=1")[0]
    style = re.search(r"<style>(.*?)</style>", shown, re.S)[1]
    assert style == (STATIC / "page.css").read_text(encoding="utf-8")
    used = set(re.findall(r'class="([^"]+)"', shown.split("</style>")[1].split('<div class="tp-board">')[0]))
    classes = {c for names in used for c in names.split()}
    missing = [c for c in classes if c.startswith("tp-") and f".{c}" not in style]
    assert not missing, f"the first paint uses classes page.css does not style: {missing}"


def test_jupyterlab_gets_no_preview(monkeypatch):
    assert previewed(monkeypatch, lambda: app.walkthrough_app("trapper/green-turn"), "step=1",
                     voila=False) == []


def test_a_step_that_asks_is_not_previewed():
    assert preview_html({"task": {"opens": {"forward": "try"}}}, "t", "g") is None


@pytest.mark.parametrize("svg, ratio", [
    ('<svg viewBox="0 0 800 400">', 2.0), ('<svg viewBox="-10 -10 300,600">', 0.5), ("<svg>", 1.0)])
def test_the_board_column_follows_the_boards_shape(svg, ratio):
    assert aspect(svg) == ratio


def test_free_play_is_previewed_with_its_board_and_whose_turn(monkeypatch):
    made = []
    shown = previewed(monkeypatch, lambda: made.append(app.play_app("trapper").view), "lang=it")
    scene = made[0].scene
    assert len(shown) == 1
    paint = first_paint(shown[0])
    assert paint["board"] == scene["board"] and scene["status"] in shown[0]
    assert paint["attrs"]["lang"] == "it" and "data-step" not in paint["attrs"]
    with using("it"):
        assert paint["loading"] == T._("The game is loading…")


def test_the_first_paint_takes_the_phone_column_where_the_page_does():
    """The template's inline script gives the first paint the page's one column on a phone:
    at the width frame.js switches at."""
    template = (STATIC.parent.parent / "share/jupyter/voila/templates/tutor/index.html.j2").read_text()
    frame = (STATIC / "frame.js").read_text()
    phone = re.search(r"const PHONE = (\d+);", frame)[1]
    assert f"window.innerWidth <= {phone}) page.classList.add(\"tp-narrow\")" in template


#: the parts a step or the page fills: what is inside them is the step's, not the frame's
FILLED = {"tp-board", "tp-move-box", "tp-narration", "tp-rules", "tp-panel", "tp-legend",
          "tp-controls", "tp-step-label", "tp-step-title", "tp-title", "tp-game"}


def skeleton(page_html: str) -> list[tuple[str, str]]:
    """The frame's elements in order (tag and classes), from its root ``tp-page`` down, without
    what a filled part holds."""
    from html.parser import HTMLParser

    found: list[tuple[str, str]] = []
    void = {"br", "img", "input", "meta", "link"}

    class Walk(HTMLParser):
        open: list[bool] = []  # per open element of the root: inside a filled part
        done = False

        def handle_starttag(self, tag, attrs):
            classes = (dict(attrs).get("class") or "").split()
            if self.done or not (self.open or "tp-page" in classes):
                return
            inside = bool(self.open) and self.open[-1]
            if not inside:
                found.append((tag, " ".join(c for c in classes if c != "tp-first")))
            if tag not in void:
                self.open.append(inside or bool(FILLED & set(classes)))

        def handle_endtag(self, tag):
            if tag not in void and self.open:
                self.open.pop()
                self.done = not self.open

    Walk().feed(page_html)
    return found


def test_the_first_paint_is_the_frame_every_page_draws_filled_with_the_step(monkeypatch):
    """One renderer: the first paint and the live page's frame (the view's ``frame`` trait,
    which frame.js draws) are the same HTML, element for element (they were written twice, in
    firstpaint.py and in frame.js / step.js, and differed: no message line, no live region)."""
    made = []
    shown = previewed(monkeypatch, lambda: made.append(app.walkthrough_app("trapper/green-turn")),
                      "step=1&lang=it")
    page = made[0].view
    painted = shown[0].split("</style>", 1)[1]
    # the language menu too, written once (disabled: the live page's script wires it; it was
    # drawn by the script beside the first paint's)
    menu = re.search(r'<label class="tp-lang-pick">.*?</label>', painted)
    assert menu and "disabled" in menu[0] and 'value="it" lang="it" selected' in menu[0]
    assert menu[0] in page.frame
    first = skeleton(painted)
    assert first and first == skeleton(page.frame)
    assert ("div", "tp-live tp-sr") in first and ("section", "tp-story") in first


@pytest.mark.parametrize("wid, under", [("intrappola/es2-border", True), ("trapper/green-turn", False)])
def test_the_first_paint_leaves_room_under_the_board_for_its_view_switches(wid, under):
    """InTrappola's board has its "Knowledge:" switches under it; the page's fitting keeps
    their row on the screen, and the first paint leaves the same room (its board was a row
    taller than the live page's, and shrank when the script ran)."""
    from tutor.core.walkthrough import by_id, replay

    page = app.lesson_for(replay(by_id(wid)), 0, query="")
    try:
        step = page.composer.view(1).data()
        assert bool(step.get("switches")) is under
        shown = preview_html(step, "t", "g")
        main = re.search(r'<main class="tp-main"([^>]*)>', shown)[1]
        assert ("--under:" in main) is under, main
    finally:
        page.release()
        page.close()
