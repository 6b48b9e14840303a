"""A Trigger position that cannot be read is refused in the page's language: the "Write a lesson"
page shows the reader's problem to the learner who typed the position. Trigger's own refusals
(a tile, a board's rows, a roll, a side, a line, a link, a result, the phase) were English on
Dutch and Italian pages; the place (line and column) is the same in every language."""
from __future__ import annotations

import re

import pytest

from tests.refusals import placed, refusal, said_in
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


def _position(head: str, anna: str, ben: str | None) -> object:
    text = f"{head}\nboard Anna:\n{block(anna)}\n"
    if ben is not None:
        text += f"board Ben:\n{block(ben)}\n"
    return GAME.parse_position(text, {})


def _refusal(head: str, anna: str, ben: str | None) -> BadState:
    return refusal(lambda: _position(head, anna, ben))


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_position_trigger_cannot_read_is_refused_in_the_page_s_language(case, lang):
    english, local = said_in(lang, lambda: _position(*BAD[case]), WORD[lang], case)


#: positions the reader took that no game reaches (the engine's invariants failed on them):
#: what is wrong, where (line, column), and the refusal's words in each language
UNREACHABLE = {
    "a missed line with nothing turned": (
        "turn: Anna\nmissed Anna: row 1", "line 2, column 14",
        {"en": "row 1 has no face-down tile", "nl": "row 1 heeft geen omgedraaid plaatje",
         "it": "row 1 non ha tessere coperte"}),
    "a match over after one of two rounds": (
        "phase: over\nresults: Anna 5", "line 1, column 8",
        {"en": "a match that is over has a result for each of its 2 rounds",
         "nl": "een partij die voorbij is, heeft een resultaat voor elk van haar 2 spelronden",
         "it": "una partita finita ha un risultato per ciascuna delle sue 2 manche"}),
    "a result for every round, the match going on": (
        "turn: Anna\nresults: Anna 5, Ben 4", "line 2, column 10",
        {"en": "with a result for each of its 2 rounds the match is over",
         "nl": "met een resultaat voor elk van haar 2 spelronden is de partij voorbij",
         "it": "con un risultato per ciascuna delle sue 2 manche la partita è finita"}),
    "a roll written in the opening": (
        "phase: opening\nroll: 6 6", "line 1, column 8",
        {"en": "in the 'opening' phase the dice are not rolled yet",
         "nl": "in de fase 'opening' zijn de dobbelstenen nog niet gegooid",
         "it": "nella fase 'opening' i dadi non sono ancora stati tirati"}),
    "three results of two rounds": (
        "phase: round over\nresults: Anna 5, Ben 4, Anna 3", "line 2, column 10",
        {"en": "3 results, but the match has 2 rounds",
         "nl": "3 resultaten, maar de partij heeft 2 spelronden",
         "it": "3 risultati, ma la partita ha 2 manche"}),
}


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("case", sorted(UNREACHABLE))
def test_a_position_no_game_reaches_is_refused_where_it_goes_wrong(case, lang):
    """The reader took these, and the engine's own check then found the state impossible
    (a bonus missed on a line with nothing turned; a match over without all its results, or
    going on with all of them, or with more results than rounds)."""
    head, where, says = UNREACHABLE[case]
    with using(lang):
        refused = _refusal(head, TWELVES, TWELVES)
    line, column = map(int, re.findall(r"\d+", where))
    assert refused.where == placed(line, column, lang) and refused.line == line, refused
    assert refused.problem.startswith(says[lang]), refused


@pytest.mark.parametrize("lang, says", [
    ("en", "the tiles of board Anna are not those of its layout: b2 holds 5 there, 6 in the layout"),
    ("nl", "de plaatjes van board Anna zijn niet die van zijn layout: b2 heeft daar 5, in de layout 6"),
    ("it", "le tessere di board Anna non sono quelle del suo layout: b2 ha 5, nel layout 6")])
def test_a_board_that_does_not_hold_the_tiles_of_its_layout_is_refused(lang, says):
    """A solo replay written with its layout: a board whose b2 is a 5 where the layout has a 6
    was read, a state no game reaches (the replay sets up the layout again: the tiles change)."""
    from tutor.core.walkthrough import by_id, replay
    text = GAME.position_text(replay(by_id("trigger/solo")).frames[12].state)
    assert "layout Anna:" in text
    lines = text.split("\n")
    at = lines.index("board Anna:")
    lines[at + 2] = lines[at + 2].replace("(6)", "(5)", 1)
    with using(lang), pytest.raises(BadState) as err:
        GAME.parse_position("\n".join(lines), {})
    assert err.value.problem == says and err.value.where == placed(at + 1, 1, lang)
    GAME.parse_position(text, {})  # as written by the engine, it reads
