"""Several pictures on a phone are shown one part at a time (``data-fold``): the part shown
first holds what the step points at, a prey closed across the border between two pictures
(A4 by B1) included - it was shown on picture A alone, B1 cut away, so the several-pictures
lesson's "A4 is closed" needed a tap to be seen."""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import using
from tutor.core.walkthrough import by_id, replay
from tutor.intrappola import GAME, Trap, place, read_card, sides
from widgets.games.intrappola import InTrappolaDrawer
from widgets.parts.texts import T

LESSON = "intrappola/variant-several-pictures"
U = 100  # a place's side in the picture's units


def folded(board: str) -> tuple[list[tuple[float, ...]], int, list[str]]:
    """The parts' boxes, the one shown first, their names."""
    boxes = [tuple(float(v) for v in box.split(","))
             for box in re.search(r'data-fold="([^"]+)"', board).group(1).split()]
    at = int(re.search(r'data-fold-at="(\d+)"', board).group(1))
    names = re.search(r'data-fold-names="([^"]+)"', board).group(1).split("|")
    return boxes, at, names


def inside(card: int, box: tuple[float, ...]) -> bool:
    row, col = place(card)
    x, y, w, h = box
    return x <= col * U and (col + 1) * U <= x + w and y <= row * U and (row + 1) * U <= y + h


def pointed(frame) -> list[int]:
    """What the step points at: its trap's prey and cards, the places beyond the prey's sides
    (what closes it), the highlighted places."""
    P = frame.state.pictures
    cards = [read_card(name, P) for name in frame.view.highlight]
    if isinstance(frame.move, Trap):
        cards += [*frame.move.prey, *frame.move.cards]
        cards += [c for prey in frame.move.prey for _, c in sides(prey, P) if c is not None]
    return cards


def test_a_prey_closed_across_the_border_is_shown_whole_with_what_closes_it():
    frames = replay(by_id(LESSON)).frames
    drawer = InTrappolaDrawer(GAME)
    for index in (3, 4):  # "A4 ... on the right lies B1" (refused), then A3 B1 catch A4
        frame = frames[index]
        boxes, at, _ = folded(drawer.board(frame))
        shown = boxes[at]
        for card in pointed(frame):
            assert inside(card, shown), (index, card, shown)
        assert inside(read_card("B1", 2), shown) and inside(read_card("A4", 2), shown)
        # a whole picture's width, so every word keeps the size a picture has on a phone
        assert shown[2] == 4 * U


def test_every_step_shows_first_the_part_that_holds_what_it_points_at():
    drawer = InTrappolaDrawer(GAME)
    for frame in replay(by_id(LESSON)).frames:
        boxes, at, _ = folded(drawer.board(frame))
        assert all(box[2] == 4 * U for box in boxes)
        cards = pointed(frame)
        if any(all(inside(c, box) for c in cards) for box in boxes):
            assert all(inside(c, boxes[at]) for c in cards), (frame.index, boxes[at])


def test_each_picture_is_still_a_part_of_its_own_and_the_whole_board_unchanged():
    drawer = InTrappolaDrawer(GAME)
    frame = replay(by_id(LESSON)).frames[2]  # A4 and A8: picture A
    board = drawer.board(frame)
    boxes, at, names = folded(board)
    assert boxes[:2] == [(0, 0, 400, 446), (400, 0, 400, 446)] and at == 0
    assert boxes[2] == (200, 0, 400, 400)  # where A meets B: half of each, no captions cut
    assert re.search(r'viewBox="0 0 800 446"', board)  # a laptop draws it whole, as before


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_part_where_two_pictures_meet_is_named_in_each_language(lang):
    drawer = InTrappolaDrawer(GAME)
    with using(lang):
        _, _, names = folded(drawer.board(replay(by_id(LESSON)).frames[3]))
        assert names[2] == T._("where pictures {left} and {right} meet", left="A", right="B")
    if lang != "en":
        assert "where pictures" not in names[2]
