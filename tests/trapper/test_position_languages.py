"""A Trapper position that cannot be read is refused in the page's language: the "Write a lesson"
page and free play's "load a position" show the reader's problem to whoever typed the position.
Trapper's own refusals (a tile, a square, the board's ranks, the trappers, a player, cards, a
display, a sold canoe, bonus tiles, the draw pile, a move half made) were English on Dutch and
Italian pages; the place (line and column, or the field) is the same in every language."""
from __future__ import annotations

import pytest

from tests.refusals import refusal, said_in
from tutor.core.errors import BadState
from tutor.core.i18n import using
from tutor.trapper import GAME

from .helpers import BOARD, HEAD, position

CORNERS = "board:\n  5  *  *  *  green   blue   *  *  *\n  4  *  *  *  purple  beige  *  *  *\n"
BAD = {  # (extra lines, board) of what an author may type: one of each of Trapper's refusals
    "tile": ("display Anna: bear9\n", BOARD),
    "no other": ("display Anna: mink1 | mink1\n", BOARD),
    "no tiles left": ("display Anna: mink1 | lynx1 | elk4 | herb1 | mushroom1\n", CORNERS),
    "face up": ("", BOARD.replace("bear4/S", "(bear4/S)")),
    "rank": ("", BOARD.replace("  8  *", "  9  *")),
    "rank twice": ("", BOARD.replace("  8  *", "  7  *")),
    "squares": ("", BOARD.replace("  8  *  *", "  8  *", 1)),
    "square": ("", BOARD.replace("(herb2/N)", "(herb2/N")),
    "water side": ("", BOARD.replace("bear4/S", "bear4/Q")),
    "trapper twice": ("", BOARD.replace("(wolf1/W)", "green")),
    "trapper missing": ("", BOARD.replace("purple", "*")),
    "trappers missing": ("", BOARD.replace("purple", "*").replace("blue", "*")),
    "no board": ("", ""),
    "player": ("hand Zoe: green 1\n", BOARD),
    "cards": ("hand Ben: green two\n", BOARD),
    "row": ("display Anna: mink1 + mink4\n", BOARD),
    "join": ("display Anna: canoe-mink2 + wolf4\n", BOARD),
    "full": ("display Anna: canoe-mink1 + mink1\n", BOARD),
    "attach": ("display Anna: canoe-mink2 + mink1 | mink4\n", BOARD),
    "sold": ("sold Anna: canoe-mink2 + mink1\n", BOARD),
    "bonus": ("bonus Anna: canoe 99\n", BOARD),
    "draw": ("draw: pink\n", BOARD),
    "moved": ("played: 2\n", BOARD),
    "sixteen": ("hand Ben: green 17\n", BOARD),
}
#: a word of each language's refusals (the rulebooks' words: tutor/trapper/glossary.toml)
WORD = {"nl": ("kaartje", "veld", "rij", "trapper", "speler", "kano", "kaarten", "bonusfiches",
               "waterzijde", "kleur", "vitrine"),
        "it": ("tessera", "casella", "riga", "Trapper", "giocatore", "canoa", "carte", "Bonus",
               "acqua", "colore", "serie")}


def _refusal(extra: str, board: str) -> BadState:
    return refusal(lambda: position(extra, board))


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_position_trapper_cannot_read_is_refused_in_the_page_s_language(case, lang):
    english, local = said_in(lang, lambda: position(*BAD[case]), WORD[lang], case)
    assert "{" not in local.problem, (case, local.problem)  # every placeholder filled


def test_the_refusals_name_the_game_s_pieces_in_the_page_s_language():
    """The tiles and colours a refusal names are the page's words, not the English codes."""
    with using("nl"):
        attach = _refusal(*BAD["attach"]).problem
        twice = _refusal(*BAD["trapper twice"]).problem
        missing = _refusal(*BAD["trappers missing"]).problem
    assert "nerts 4" in attach and "kano met 2 nertsen" in attach, attach
    assert "de groene trapper" in twice, twice
    assert "blauwe en paarse trappers" in missing, missing
    with using("it"):
        missing = _refusal(*BAD["trappers missing"]).problem
    assert "Trapper blu e viola" in missing, missing


def test_a_position_still_reads_in_every_language():
    with using("it"):
        state = GAME.parse_position(HEAD + BOARD, {}, 0)
    assert state == GAME.parse_position(HEAD + BOARD, {}, 0)
