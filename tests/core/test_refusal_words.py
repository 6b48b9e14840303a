"""Refusals read in a drill's explanation, in en, nl and it: a drill asks "Which of these moves
may Anna make now?" and explains a wrong option with the rule's refusal. Refusals named the
player twice ("Ben has played no card this turn, so Ben passes instead", "Anna can set a trap
..., so Anna may not discard"), said "you" in a drill about Anna (Trigger's solo malus), and
in Italian began with the tile's name, so a verb in the singular followed a plural name
("Erbe 3 in f3 non è accanto", "Funghi 1 può entrare"); some said what the player does where
the drill speaks of a move not made ("“pass” is refused: ... Ben raises or passes"); and a
may-do drill gave a kind that is one move as an example of itself ("Not allowed now: end the
turn. For example, “end turn” is refused: ...")."""
from __future__ import annotations

import importlib
import itertools
import re

import pytest

from tutor.core.drills import NAMES, drills
from tutor.core.i18n import using

GAMES = ("trapper", "canyon", "intrappola", "trigger")
LANGS = ("en", "nl", "it")
#: the player spoken to, as each language says it (a refusal names the player instead)
SECOND_PERSON = {"en": r"\b(you|your)\b", "nl": r"\b(je|jij|jouw|u)\b",
                 "it": r"\b(tu|hai|sei|tuo|tua|tue|tuoi)\b"}


def _game(name: str):
    return importlib.import_module(f"tutor.{name}").GAME


def _refusals(game, lang: str) -> dict[str, str]:
    with using(lang):
        return {rid: game.rules[rid].refusal for rid in game.rules if game.rules[rid].refusal}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GAMES)
def test_a_refusal_names_the_player_once_and_never_says_you(name, lang):
    found = _refusals(_game(name), lang)
    assert found
    twice = {rid: text for rid, text in found.items() if text.count("{player}") > 1}
    assert not twice
    spoken_to = {rid: text for rid, text in found.items()
                 if re.search(SECOND_PERSON[lang], text, re.IGNORECASE)}
    assert not spoken_to


def test_an_italian_refusal_names_a_tile_by_its_noun():
    """'erbe 3', 'funghi 1' (the book's plural tile names, "tessera erbe") said as a subject
    with a singular verb: the refusal says 'la tessera {tile}', whose verb agrees."""
    found = _refusals(_game("trapper"), "it")
    tiles = {rid: text for rid, text in found.items() if "{tile}" in text}
    assert len(tiles) >= 5
    assert all("tessera {tile}" in text for text in tiles.values()), tiles


def _unquoted(text: str) -> str:
    return re.sub(r"“[^”]*”", "", text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GAMES)
def test_an_explanation_names_the_mover_once(name, lang):
    """Outside the move it quotes ("“Dirk: stay” is refused"), a drill's explanation of a move
    or kind of move names the player once."""
    game = _game(name)
    with using(lang):
        asked = list(itertools.islice(drills(game, seed=3, kinds=["legal-move", "may-do"]), 60))
    explained = 0
    for drill in asked:
        mover = drill.state.players[drill.viewer] if hasattr(drill.state, "players") \
            else NAMES[drill.viewer]
        for option in drill.options:
            if option.right or not option.explanation:
                continue
            explained += 1
            said = re.findall(rf"\b{re.escape(mover)}\b", _unquoted(option.explanation))
            assert len(said) <= 1, (drill.source, option.explanation)
    assert explained > 60


def test_a_kind_that_is_one_move_is_not_given_as_an_example_of_itself():
    """'Not allowed now: end the turn. For example, “end turn” is refused: ...' - a kind of
    move that is one move (end the turn, stay put, pass, chain: a move naming nothing but its
    player) is named with its move, and its refusal follows as a sentence; a kind of many
    moves (paddle, discard a card, bid) keeps its example."""
    from dataclasses import fields

    single = several = 0
    asked = [(game, drill) for game in map(_game, GAMES)
             for drill in itertools.islice(drills(game, seed=3, kinds=["may-do"]), 60)]
    for game, drill in asked:
        right = set(drill.options[drill.answer].text.split(", "))
        for option in drill.options:
            added = set(option.text.split(", ")) - right
            if option.right or not added:
                continue
            kind = added.pop()
            quoted = re.findall(r"“([^”]*)”", option.explanation)
            assert len(quoted) == 1, option.explanation
            move = game.parse_move(drill.state, quoted[0])
            assert game.move_kind(drill.state, move) == kind
            if all(f.name == "player" for f in fields(move)):
                single += 1
                assert "For example" not in option.explanation, option.explanation
                assert option.explanation.startswith(f"Not allowed now: {kind} (“")
            else:
                several += 1
                assert "For example" in option.explanation, option.explanation
    assert single and several


def test_the_italian_refusal_of_a_dear_tile_says_what_is_left():
    """'a2 costa 7, più di quanto resta del tiro di 3: 3' - the number left hung at the end."""
    from tutor.trigger import GAME

    with using("it"):
        text = GAME.rules.reason("trigger.turn.flip", cells="a2", total=7, left=2, allowance=9)
    assert not re.search(r": 2$", text), text
    assert text.index("9") < text.index("2", text.index("9"))


#: refusals that say what the player may or must do instead of the move refused, and the
#: clause (between ": ") that says it: shown in a drill of a move not made ("“end turn” is
#: refused: ..."), they said what she does ("Ben pays 3 and takes a tile", "Anna cannot
#: discard and passes", "the canoe drifts")
INSTEAD = {
    "trapper": {"trapper.turn.bid": -1, "trapper.cards.swap.other": -1,
                "trapper.tactical.open": -1, "trapper.tactical.name": 0,
                "trapper.tactical.raise": -1, "trapper.tactical.auction": -1,
                "trapper.tactical.won": 0, "trapper.tactical.pay": 0},
    "intrappola": {"intrappola.discard.empty-deck": -1, "intrappola.trap.choose": -1},
    "canyon": {"canyon.current.exact": -1},
}
#: the words of "may", "must", "needs" in each language
MODAL = {"en": r"\b(may|must|needs)\b", "nl": r"\b(mag|moet|nodig)\b",
         "it": r"\b(può|deve|basta)\b"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_says_what_the_player_may_or_must_do(lang):
    for name, rules in INSTEAD.items():
        found = _refusals(_game(name), lang)
        for rule, clause in rules.items():
            said = found[rule].split(": ")[clause]
            assert re.search(MODAL[lang], said), (rule, found[rule])
