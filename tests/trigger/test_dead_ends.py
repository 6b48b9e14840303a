"""No dead ends (issue 14.5): a malus whose line has no face-down tile left lapses.

Found by the soak (about 0.8 % of random solo games): a self-malus turned up the only
face-down tile of a second missed line, which then owed a malus that could not be made, and
the player had no legal move. The book's malus turns "één reeds omgedraaid plaatje van die
lijn" face up: where the line has none left, there is nothing to turn and nothing is owed.
"""
from __future__ import annotations

from tutor.trigger import GAME

from .helpers import block, play, refused

# solo seed 141, ply 49: the bonus on f6 was taken, then the turn ended with row 6 and
# column f each down to one number (face-down tile: f6 only, in both)
BOARD = """\
(2) (7) 12 * 5 *
* (1) 9 10 10 *
9 8 (6) * (6) *
(2) 7 12 (9) 5 *
6 (4) (8) (3) (11) 10
(3) (4) (2) 11 (7) (8)"""


def forgotten():
    return GAME.parse_position("turn: Solo\nroll: 3 5\nmissed Solo: row 6, col f\n"
                               f"board Solo:\n{block(BOARD)}\n", {"mode": "solo"})


def test_a_self_malus_that_empties_another_missed_line_leaves_a_move():
    state = play(forgotten(), "malus row 6 f6")
    facts = GAME.facts(state)
    assert facts["tile.Solo.f6"] == "8" and facts["missed.Solo"] == ""  # col f: nothing face down
    assert [GAME.move_text(state, m) for m in GAME.legal_moves(state)] == [
        "flip e1", "flip b3", "flip b4", "flip e4", "flip a5", "flip f6", "bonus f6", "chain",
        "end"]


def test_in_the_game_for_two_a_line_with_nothing_face_down_lapses():
    # Anna ended her turn with a bonus on row 1 (the 3 on b1) and on column a (the 12 on a2,
    # the rest of the column stars); a1 is the one face-down tile of column a
    anna = ("(5) 3 (12) (12) (12) (12)\n12 12 12 12 12 12\n" + "* 12 12 12 12 12\n" * 4).strip()
    text = (f"turn: Ben\nroll: 1 2\nmissed Anna: row 1, col a\nboard Anna:\n{block(anna)}\n"
            "board Ben:\n" + block("\n".join(["12 12 12 12 12 12"] * 6)) + "\n")
    state = play(GAME.parse_position(text), "malus row 1 a1")
    assert GAME.facts(state)["tile.Anna.a1"] == "5"
    assert GAME.facts(state)["missed.Anna"] == ""  # column a has nothing face down left
    assert refused(state, "malus col a a1") == "trigger.malus"
