"""The dots that show where a trapper may go sit in a tile's corners, clear of the tile's
words: at d6 of the standard setup, the green trapper's dot covered the "f" of the Italian
"fungo", which read "rungo" (the author page and free play, every language, laptop and phone).
The words' boxes are measured as a font draws them: from the baseline up by the capitals'
height, as wide as the word's letters or its fitted length."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from tutor.core.i18n import using
from tutor.trapper import GAME
from widgets.games.trapper import TrapperDrawer

CAP = 0.73  # a capital's height in DejaVu Sans Bold, the pages' font, per unit of size
WIDTH = 0.62  # a bold letter's mean width per unit of size (the drawer fits longer words)
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def _attrs(tag: str) -> dict[str, str]:
    return dict(ATTR.findall(tag))


def _boxes(svg: str):
    dots, words = [], []
    for tag in re.findall(r"<circle [^>]*>", svg):
        a = _attrs(tag)
        if "tt-dot" in a.get("class", ""):
            r = float(a["r"]) + float(a.get("stroke-width", 0)) / 2
            x, y = float(a["cx"]), float(a["cy"])
            dots.append((x - r, y - r, x + r, y + r))
    for tag, text in re.findall(r"(<text [^>]*>)([^<]*)</text>", svg):
        a = _attrs(tag)
        if not text.strip() or not re.search(r"tt-(wide|fold)-only", a.get("class", "")):
            continue
        size, x, y = float(a["font-size"]), float(a["x"]), float(a["y"])
        width = float(a.get("textLength") or len(text) * size * WIDTH)
        if a.get("fill") == "#fff":
            continue  # a canoe's count, on its boat at the tile's foot
        words.append((text, (x - width / 2, y - CAP * size, x + width / 2, y)))
    return dots, words


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_no_dot_covers_a_tile_s_word_in_any_language(lang):
    state = GAME.initial_state(seed=1)
    frame = SimpleNamespace(state=state, view=None, refusal=None, move=None)
    with using(lang):
        svg = TrapperDrawer(GAME).board(frame)
    dots, words = _boxes(svg)
    assert len(dots) >= 4 and len(words) >= 8, (len(dots), len(words))
    for dot in dots:
        for text, box in words:
            apart = dot[2] <= box[0] or box[2] <= dot[0] or dot[3] <= box[1] or box[3] <= dot[1]
            assert apart, (lang, text, box, dot)
