"""A Canyon position that cannot be read is refused in the page's language: the "Write a lesson"
page and free play's "load a position" show the reader's problem to whoever typed the position.
Canyon's own refusals (the players, a card written twice, the draws for the dealer, the canoes,
the tempos, the tricks, the hands, the map, a play) were English on Dutch and Italian pages; the
place (line and column) is the same in every language."""
from __future__ import annotations

import pytest

from tests.refusals import refusal, said_in
from tutor.core.errors import BadState
from tutor.core.i18n import using

from .helpers import position

TEMPOS = "seat Anne: tempo 1\nseat Carl: tempo 1\nseat Marc: tempo 0\nseat Herman: tempo 1\n"
SMALL = "map:\n  SS..\n  ....\n  .DD.\n"  # two start docks, no rock cave
DRAWS = "seat Anne: draw blue 9\nseat Carl: draw red 9\nseat Marc: draw red 2\nseat Herman: draw red 4\n"
BAD = {  # what an author may type: one of each of Canyon's own refusals
    "players": "players: Anne Carl\n",
    "player": "dealer: Zoe\n",
    "card twice": "seat Anne: hand blue 7\nseat Carl: hand blue 7\n",
    "trump twice": "round: 8\nseat Anne: hand green 4\ntrump: green 4\n",
    "dealer drew": DRAWS + "dealer: Marc\n",
    "launch": "phase: launch\nseat Carl: canoe c1\n",
    "start dock": "phase: launch\nseat Anne: canoe c2\n",
    "no start dock": "players: Anne Carl Marc\n" + SMALL,
    "tempo order": "seat Carl: tempo 1\n",
    "tricks early": "seat Anne: tempo 1  tricks 1\n",
    "every tempo": "phase: move\nseat Anne: tempo 1\n",
    "trick order": "phase: tricks\n" + TEMPOS + "table: Anne blue 7, Marc red 2\n",
    "round dealt": "phase: tricks\nround: 8\n" + TEMPOS.replace("tempo 0", "tempo 0  tricks 1"),
    "rounds dealt": "phase: tricks\nround: 1\n" + TEMPOS.replace("tempo 0", "tempo 0  tricks 8"),
    "all moved": "phase: move\nmoved: Anne Carl Marc Herman\n" + TEMPOS,
    "stand": "phase: move\n" + TEMPOS.replace("Anne: tempo 1", "Anne: canoe f3  tempo 1"),
    "left over": "phase: move\n" + TEMPOS.replace("Anne: tempo 1", "Anne: canoe c2  tempo 1  left 2"),
    "one per field": "phase: move\n" + TEMPOS.replace("tempo 1", "canoe c2  tempo 1"),
    "hand": "round: 1\nseat Anne: hand blue 7\n",
    "one card": "round: 8\nseat Anne: hand blue 7, red 2\n",
    "last trick": "phase: tricks\n" + TEMPOS.replace("tempo 0", "tempo 0  tricks 1")
                  + "last-trick: Anne blue 3\n",
    "cards left": "phase: move\n" + TEMPOS.replace("tempo 0", "tempo 0  tricks 20"),
    "draws": "seat Anne: draw blue 3\n",
    "tie": DRAWS,
    "map": "map:\n",
    "cave": SMALL + "seat Anne: canoe cave\n",
    "tempo": "seat Anne: tempo 6 with 3+3\n",
    "card": "seat Anne: hand x, blue 7\n",
    "play": "table: Anne\n",
    "colour": "round: 4\nseat Anne: hand green 1, green 2, green 3, green 4, green 5\n"
              "seat Carl: hand green 6, green 7, green 8, green 9, green 10\ntrump: green\n",
}
#: a word of each language's refusals (the rulebook's words: tutor/canyon/glossary.toml)
WORD = {"nl": ("speler", "kaart", "kano", "aanlegsteiger", "landingssteiger", "tempo", "slag",
               "ronde", "rotshol", "kleur"),
        "it": ("giocator", "carta", "carte", "canoa", "canoe", "pontile", "tempo", "presa",
               "prese", "manche", "grotta", "mappa", "colore")}


def _refusal(text: str) -> BadState:
    return refusal(lambda: position(text))


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_position_canyon_cannot_read_is_refused_in_the_page_s_language(case, lang):
    english, local = said_in(lang, lambda: position(BAD[case]), WORD[lang], case)
    assert "{" not in local.problem, (case, local.problem)  # every placeholder filled


def test_the_refusals_name_cards_phases_and_colours_in_the_page_s_language():
    with using("nl"):
        drew = _refusal(BAD["dealer drew"]).problem
        phase = _refusal(BAD["every tempo"]).problem
        colour = _refusal(BAD["colour"]).problem
        one = _refusal(BAD["one card"]).problem
        dealt = _refusal(BAD["round dealt"]).problem
    assert "Marc trok rood 2" in drew, drew
    assert "ronde 8 deelt 1 kaart en er is 1 slag gehaald" in dealt, dealt
    assert "de fase kano's verplaatsen" in phase, phase
    assert "de kleur groen" in colour, colour
    assert "1 kaart in de hand" in one, one
    with using("it"):
        one = _refusal(BAD["one card"]).problem
        many = _refusal(BAD["hand"]).problem
    assert "1 carta," in one and "8 carte," in many, (one, many)
