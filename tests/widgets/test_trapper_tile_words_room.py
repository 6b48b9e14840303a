"""A Trapper tile's words on a laptop or projector (``tt-wide-only``) stay inside the room its
water bar leaves: "2 nertsen" and "3 beren" were squeezed to 86 units but centred beside a bar
at the tile's left or right, so they ran under the bar or over the tile's edge (seen in
trapper-tactical-auction step 2, in Dutch, presenting at 1024 x 768). They fit now without
being drawn smaller than the board's other words (test_phone_boards.py measures them drawn)."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tutor.core.i18n import using
from tutor.core.walkthrough import Frame
from tutor.trapper import GAME
from tutor.trapper.tiles import TILES
from widgets.games.trapper import LABEL, LETTER_EM, WIDE_WORD_LEAST, TrapperDrawer, tile_words

NUM = r"(-?[\d.]+)"


def every_tile_face_up(side: str):
    """All 64 tiles on the board, face up, each with its water on ``side``."""
    start = GAME.initial_state({"players": 2}, 3)
    return replace(start, board=tuple(range(64)), face_up=(True,) * 64, water=(side,) * 64)


def attribute(element: str, name: str) -> float | None:
    found = re.search(rf'\b{name}="{NUM}"', element)
    return float(found.group(1)) if found else None


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("side", ["W", "E"])
def test_every_tile_s_words_fit_in_the_room_its_water_bar_leaves(lang, side):
    state = every_tile_face_up(side)
    with using(lang):
        board = TrapperDrawer(GAME).board(Frame(0, state, "", ()))
        words = {tile: tile_words(tile) for tile in range(64)}
    checked = 0
    for square in range(64):
        group = re.search(rf'<g data-key="sq{square}"[^>]*>(.*?)</g>', board, re.S).group(1)
        tile_rect = re.search(r"<rect [^>]*>", group).group(0)
        bar = re.search(r'<rect [^>]*class="tt-water"[^>]*>', group).group(0)
        left = attribute(tile_rect, "x")
        right = left + attribute(tile_rect, "width")
        bar_left = attribute(bar, "x")
        bar_right = bar_left + attribute(bar, "width")
        room = (bar_right, right) if side == "W" else (left, bar_left)
        texts = re.findall(r'<text ([^>]*class="tt-wide-only"[^>]*)>([^<]*)</text>', group)
        assert texts, (square, group)
        for attrs, text in texts:
            x, size = attribute(attrs, "x"), attribute(attrs, "font-size")
            natural = len(text) * size * LETTER_EM
            drawn = attribute(attrs, "textLength") or natural
            # inside the tile less its bar: not under the bar, not over the tile's edge
            assert room[0] <= x - drawn / 2 and x + drawn / 2 <= room[1], \
                (lang, side, square, text, x - drawn / 2, x + drawn / 2, room)
            # and no smaller than the board's other words, a squeeze counted
            assert size * min(1.0, drawn / natural) >= WIDE_WORD_LEAST, (lang, square, text, size)
            checked += 1
        # the tile still says what it is: its words, or (a long word) the phone's short word
        tile = state.board[square]
        upper, _, short, _ = words[tile]
        said = " ".join(text for attrs, text in texts if f'fill="{LABEL}"' in attrs)
        assert said in (upper, short), (lang, square, said, upper)
        if TILES[tile].kind == "canoe":
            assert said == upper, (lang, square, said)  # the count and the animals, in full
    assert checked >= 64
