"""The lesson's first paint (widgets/preview.py): what Voila serves as HTML before its scripts."""
from __future__ import annotations

import pytest

from tutor.core.i18n import SOURCE, set_language
from widgets import app, params
from widgets.preview import aspect, preview_html


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


def shown_in(monkeypatch, voila: bool, step: int, lang: str = "en") -> list[str]:
    """The preview of the green turn at ``step`` in ``lang``."""
    return previewed(monkeypatch, lambda: app.walkthrough_app("trapper/green-turn"),
                     f"step={step}&lang={lang}", voila)


def test_in_voila_the_step_asked_for_is_previewed_in_its_language(monkeypatch):
    shown = shown_in(monkeypatch, True, 1, "nl")
    assert len(shown) == 1
    html = shown[0]
    assert "De les wordt geladen" in html and "trapper.take.water" in html
    assert html.count("<svg") == 1 and "green: take c4" not in html  # the move in Dutch words
    assert "groen" in html


def test_jupyterlab_gets_no_preview(monkeypatch):
    assert shown_in(monkeypatch, False, 1) == []


def test_a_step_that_asks_is_not_previewed():
    assert preview_html({"task": {"phases": ["try"]}}, "t", "g") is None


@pytest.mark.parametrize("svg, ratio", [
    ('<svg viewBox="0 0 800 400">', 2.0), ('<svg viewBox="-10 -10 300,600">', 0.5), ("<svg>", 1.0)])
def test_the_board_column_follows_the_boards_shape(svg, ratio):
    assert aspect(svg) == ratio


def test_free_play_is_previewed_with_its_board_and_whose_turn(monkeypatch):
    made = []
    shown = previewed(monkeypatch, lambda: made.append(app.play_app("trapper").children[0]),
                      "lang=it")
    status = made[0].scene["status"]
    assert len(shown) == 1 and "La partita si sta caricando" in shown[0]
    assert shown[0].count("<svg") == 1 and status in shown[0]
