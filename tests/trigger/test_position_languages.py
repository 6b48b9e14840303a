"""A Trigger position that cannot be read is refused in the page's language: the "Write a lesson"
page shows the reader's problem to the learner who typed the position. Trigger's own refusals
(a tile, a board's rows, a roll, a side, a line, a link, a result, the phase) were English on
Dutch and Italian pages; the place (line and column) is the same in every language."""
from __future__ import annotations

import pytest

from tutor.core.errors import BadState
from tutor.core.i18n import using
from tutor.trigger import GAME

from .helpers import TWELVES, block

DOWN = "\n".join(["(12) (12) (12) (12) (12) (12)"] * 6)
BAD = {  # what a learner may type, one of each of Trigger's own refusals
    "tile": ("turn: Anna", TWELVES.replace("12", "x", 1), TWELVES),
    "number": ("turn: Anna", TWELVES.replace("12", "13", 1), TWELVES),
    "rows": ("turn: Anna", "\n".join(TWELVES.splitlines()[:5]), TWELVES),
    "row": ("turn: Anna", TWELVES.replace("12 12 12 12 12 12", "12 12 12 12 12 12 12", 1), TWELVES),
    "roll": ("roll: 5 9", TWELVES, TWELVES),
    "side": ("missed Zoe: row 1", TWELVES, TWELVES),
    "line": ("missed Ben: row 9", TWELVES, TWELVES),
    "link": ("chain: row 1 z9", TWELVES, TWELVES),
    "board": ("turn: Anna", TWELVES, None),
    "play": ("phase: play", TWELVES, TWELVES),
    "spent": ("spent: 3", TWELVES, TWELVES),
    "result": ("results: Zoe 3", TWELVES, TWELVES),
    "over": ("phase: over", TWELVES, TWELVES),
    "cleared": ("turn: Anna", DOWN, TWELVES),
}
#: a word of each language's refusals (glossary words of tutor/trigger/glossary.toml)
WORD = {"nl": ("plaatje", "lijn", "dobbelstenen", "kant", "bord", "spelronde", "speelfase", "schrijf"),
        "it": ("tessera", "tessere", "riga", "righe", "dadi", "parte", "parti", "linea",
               "tabellone", "manche", "fase", "scrivi", "anello", "risultato")}


def _refusal(head: str, anna: str, ben: str | None) -> BadState:
    text = f"{head}\nboard Anna:\n{block(anna)}\n"
    if ben is not None:
        text += f"board Ben:\n{block(ben)}\n"
    with pytest.raises(BadState) as err:
        GAME.parse_position(text, {})
    return err.value


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_position_trigger_cannot_read_is_refused_in_the_page_s_language(case, lang):
    english = _refusal(*BAD[case])
    with using(lang):
        local = _refusal(*BAD[case])
    assert local.problem != english.problem, (case, local.problem)
    assert any(word in local.problem for word in WORD[lang]), (case, local.problem)
    assert local.where == english.where  # the same line and column
