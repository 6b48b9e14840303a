"""Stars, bonuses and the chain reaction (against an independent fixed point)."""
from __future__ import annotations

import random

import pytest

from tutor.trigger import GAME
from tutor.trigger.board import STAR, Board, cell_name
from tutor.trigger.chain import chain_reaction

from .helpers import TWELVES, play, position, refused

# a star on e1; its row holds 5 3 2 1 11, its column e2-e6 are face down
STAR_ROW = "5 3 2 1 * 11\n" + "\n".join(["12 12 12 12 (12) 12"] * 5)


def test_a_star_waits_for_its_row_and_column():
    state = position(STAR_ROW, head="turn: Anna\nroll: 6 6")
    assert refused(state, "star e1") == "trigger.turn.star"
    # the tiles still face up as a list, in a sentence that needs no verb to agree with them
    # (Dutch and Italian said "a1 b1 c1 d1 f1 ... ligt nog" / "è ancora scoperto")
    params = GAME.violation(state, GAME.parse_move(state, "star e1")).params
    assert params["blockers"] == "a1, b1, c1, d1, f1"
    from tutor.core.i18n import using
    for lang, words in (("en", "(still face up in its row or column: a1, b1, c1, d1, f1)"),
                        ("nl", "(nog om te draaien in haar lijn of kolom: a1, b1, c1, d1, f1)"),
                        ("it", "(da girare ancora nella sua riga o colonna: a1, b1, c1, d1, f1)")):
        with using(lang):
            assert GAME.rules.reason("trigger.turn.star", **params).endswith(words), lang
    state = play(state, "flip a1", "flip b1", "flip c1", "flip d1")  # 11 of 24
    assert refused(state, "star e1") == "trigger.turn.star"  # f1 still up
    state = play(state, "flip f1", "star e1")  # 22 of 24; the star is free
    facts = GAME.facts(state)
    assert facts["tile.Anna.e1"] == "(*)" and facts["spent"] == 22


def test_only_a_face_up_star_is_turned_as_a_star():
    state = position(STAR_ROW)
    assert refused(state, "star a1") == "trigger.turn.star.tile"


def test_a_face_up_star_costs_25_points():
    board = Board.fresh((STAR,) + (1,) * 35)
    assert board.points() == 25 + 35


ROW_ONE_LEFT = "5 (3) (2) (1) * (11)\n" + TWELVES.split("\n", 1)[1]


def test_the_last_number_of_a_line_is_a_free_bonus_stars_not_counted():
    state = position(ROW_ONE_LEFT)
    assert GAME.facts(state)["bonus.Anna"] == "row 1"
    state = play(state, "bonus a1")
    assert GAME.facts(state)["spent"] == 0 and GAME.facts(state)["tile.Anna.a1"] == "(5)"
    assert GAME.facts(state)["chain"] == "row 1"


def test_a_tile_that_is_not_alone_gives_no_bonus():
    state = position(ROW_ONE_LEFT)
    assert refused(state, "bonus a2") == "trigger.bonus"
    assert refused(state, "bonus b1") == "trigger.bonus"  # face down
    assert refused(position(), "chain") == "trigger.bonus.chain"


# the board of the chain-reaction walkthrough: paying b1 sets off 11 bonuses
CASCADE = """(3) 7 (6) (*) 4 (2)
(8) (1) 5 3 9 (10)
(12) (4) (*) (7) (5) (9)
(2) 11 (11) 6 (8) (1)
(*) 2 10 (3) (6) 1
(4) (9) 8 (12) (7) 12"""


def test_one_flip_sets_off_a_row_then_a_column_then_a_diagonal():
    state = position(CASCADE, head="turn: Anna\nroll: 3 4")
    assert GAME.facts(state)["bonus.Anna"] == ""  # no line is down to one tile yet
    state = play(state, "flip b1", "chain")
    facts = GAME.facts(state)
    assert facts["chain"].startswith("row 1, col e, diag a6-f1, ")
    assert len(state.chain) == 11 and facts["spent"] == 7
    assert facts["up.Anna"] == 0 and facts["phase"] == "round over" and facts["winner"] == "Anna"


LINE_CELLS = (
    [[(r, c) for c in range(6)] for r in range(6)]
    + [[(r, c) for r in range(6)] for c in range(6)]
    + [[(i, i) for i in range(6)], [(5 - i, i) for i in range(6)]]
)


def fixed_point(values, down):
    """Independent: sweep every line until no line has exactly one face-up number."""
    down = {(i // 6, i % 6) for i in range(36) if down[i]}
    number = {(i // 6, i % 6) for i in range(36) if values[i] != STAR}
    changed = True
    while changed:
        changed = False
        for line in LINE_CELLS:
            up = [rc for rc in line if rc in number and rc not in down]
            if len(up) == 1:
                down.add(up[0])
                changed = True
    return {r * 6 + c for r, c in down}


@pytest.mark.parametrize("seed", range(300))
def test_the_chain_reaction_reaches_the_same_fixed_point(seed):
    rnd = random.Random(seed)
    values = tuple(rnd.choice([STAR] + list(range(1, 13))) for _ in range(36))
    down = tuple(rnd.random() < rnd.choice([0.5, 0.7, 0.85]) for _ in range(36))
    board = Board(values, down)
    after, links = chain_reaction(board)
    assert {c for c in range(36) if after.down[c]} == fixed_point(values, down)
    # every link was a real bonus when it was taken, and each turned one new tile
    step = board
    for line, cell in links:
        lone = [c for l, c in step.bonus_lines() if l.name == line]
        assert lone == [cell], (line, cell_name(cell))
        step = step.turned([cell])
    assert step == after and len(links) == after.down.count(True) - down.count(True)
