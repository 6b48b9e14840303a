"""States no game reaches that a position or a saved game could still write, and that made
moves legal the book forbids.

* Tiles paid from the roll with the malus window still open ("spent: 3" and "turned: no"):
  the malus is claimed "vooraleer te spelen" (7. MALUS, seed 004 line 57), and the first tile
  turned closes the window (trigger.malus.window); such a position offered a malus after the
  roll had been played.
* A solo sheet of more than 20 rolls, or a full one waiting for a 21st: "het scoreblad 1 - 20"
  (SPEL VOOR 1 SPELER, line 69) - the try ends with the sheet full (trigger.solo.sheet); such
  a position rolled a 21st time.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.core import BadState
from tutor.trigger import GAME

from .helpers import TWELVES, block

SAVED = json.loads((Path(__file__).parent / "data" / "saved-on-main.json").read_text())

# Anna forgot the bonus on row 1 (the 5 on a1); Ben's roll of 3 is written as already paid
ANNA = "5 (3) (2) (1) * (11)\n" + TWELVES.split("\n", 1)[1]
BEN = "1 2 12 12 12 12\n" + TWELVES.split("\n", 1)[1]


def _paid(turned: str) -> str:
    return (f"turn: Ben\nroll: 1 2\nspent: 3\n{turned}missed Anna: row 1\n"
            f"board Anna:\n{block(ANNA)}\nboard Ben:\n{block(BEN)}\n")


def test_a_position_that_paid_from_the_roll_has_closed_the_malus_window():
    state = GAME.parse_position(_paid(""))  # paid: a tile was turned, the window is closed
    assert not any(type(m).__name__ == "Malus" for m in GAME.legal_moves(state))
    with pytest.raises(BadState) as err:
        GAME.parse_position(_paid("turned: no\n"))
    assert err.value.line == 4, err.value


def test_a_saved_state_that_paid_with_the_malus_window_open_is_refused():
    data = json.loads(json.dumps(SAVED["two"]["state"]))  # Anna to play a roll of 5 and 6
    GAME.from_json(data)
    data.update(spent=3, acted=False)
    with pytest.raises(BadState):
        GAME.from_json(data)


SOLO = "\n".join(["12 12 12 12 12 12"] * 6)


def test_a_solo_position_holds_at_most_the_twenty_rolls_of_the_sheet():
    rolls = ", ".join(["1 2"] * 19)
    head = f"turn: Solo\nsheet: {rolls}\n"
    GAME.parse_position(f"{head}roll: 1 2\nboard Solo:\n{block(SOLO)}\n", {"mode": "solo"})
    with pytest.raises(BadState) as err:  # a 21st roll on a sheet of 20 lines
        GAME.parse_position(f"turn: Solo\nsheet: {rolls}, 1 2\nroll: 1 2\nboard Solo:\n"
                            f"{block(SOLO)}\n", {"mode": "solo"})
    assert err.value.line == 2, err.value
    with pytest.raises(BadState) as err:  # the sheet is full: the try is over, no roll next
        GAME.parse_position(f"turn: Solo\nsheet: {rolls}, 1 2\nboard Solo:\n{block(SOLO)}\n",
                            {"mode": "solo"})
    assert err.value.line == 2, err.value


def test_a_saved_solo_state_with_more_rolls_than_the_sheet_is_refused():
    data = json.loads(json.dumps(SAVED["solo"]["state"]))  # in the roll phase, 17 rolls
    GAME.from_json(data)
    data.update(sheet=[[1, 2]] * 20)
    with pytest.raises(BadState):
        GAME.from_json(data)
