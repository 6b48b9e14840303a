"""An examiner's reading of Trigger's mid-game rules (session 18): a case of the book the other
book-derived tests leave unpinned - the malus on a diagonal. It quotes the Dutch rulebook
(/work/shared/seeds/004_4e947b651c8c8fe6.txt)."""
from __future__ import annotations

from tutor.trigger import GAME

from .helpers import play, position, refused

#: Anna's long diagonal a1-f6 is down to its 5 on a1; no row or column gives a bonus
DIAGONAL_LEFT = """5 12 12 12 12 12
12 (3) 12 12 12 12
12 12 (4) 12 12 12
12 12 12 (6) 12 12
12 12 12 12 (7) 12
12 12 12 12 12 (8)"""


def test_a_bonus_forgotten_on_a_diagonal_is_punished_on_that_diagonal():
    """6. BONUS: "Wanneer op een lijn, in een kolom of op een diagonaal, slechts één plaatje open
    blijft liggen". 7. MALUS: "wijst hij zijn tegenspeler er op dat hij op die lijn, kolom of
    diagonaal vergeten heeft een bonus te nemen. Tenslotte neemt hij één reeds omgedraaid plaatje
    van die lijn of kolom of diagonaal waar de fout gebeurde en legt het terug met cijfer(s) naar
    boven." Anna ends her turn with the 5 on a1 untaken; once the dice are rolled for Ben, he
    turns one face-down tile of that diagonal (c3) face up again."""
    state = play(position(DIAGONAL_LEFT), "end")
    assert GAME.facts(state)["missed.Anna"] == "diag a1-f6"
    state = play(state, "roll 1 2")
    assert refused(state, "malus diag a1-f6 a1") == "trigger.malus.tile"  # still face up
    assert refused(state, "malus diag a6-f1 c4") == "trigger.malus"  # the other diagonal
    assert refused(state, "malus row 3 c3") == "trigger.malus"  # no bonus forgotten there
    state = play(state, "malus diag a1-f6 c3")
    facts = GAME.facts(state)
    assert facts["tile.Anna.c3"] == "4" and facts["missed.Anna"] == ""
    assert facts["up.Anna"] == 32  # 31 face up before, one turned up again
