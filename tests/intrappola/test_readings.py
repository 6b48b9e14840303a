"""Every choice the rulebook leaves open is a labelled reading (issue 14.3), and the engine
does what the reading says.

Each known open choice has a test below that plays the case the choice decides. If the code
branched otherwise, the case fails; if the reading lost its label (its ``reading``, the
book's ``words`` quoted from the seed, ``book = "it"``), the label test fails. A rule with a
reading that no test here covers fails too, so a new choice must come with its case.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.core import IllegalMove
from tutor.intrappola import GAME

from .helpers import legal, play, position, refusal

ROOT = Path(__file__).resolve().parents[2]


def _plain(text: str) -> str:
    return " ".join(text.split())


# ---- the cases, one per open choice --------------------------------------------------------
def prey_must_be_the_opponents() -> None:
    # Anna's own 4 is closed by her 8 (3 on the table): she may not name it
    s = position("table: 3 16\nhand Anna: 4 8 9\nhand Bruno: 1 6 7\ndeck: 2 5 10 11 12 13 14 15")
    assert refusal(s, "play 8 prey 4").rule_id == "intrappola.trap.prey-own"
    assert not any(m.endswith("prey 4") for m in legal(s))


def the_stuck_end() -> None:
    # nobody can trap now: with the deck empty the game is over; with a deck, it is over
    # when no discards can bring a trap, and goes on while they can
    table = "table: 2 3 4 5 7 8 9 10 12 13 14 15\n"  # every empty place closed by the table
    over = position(table + "hand Anna: 1 11\nhand Bruno: 6 16\ndeck:")
    assert GAME.to_move(over) is None and GAME.facts(over)["end"] == "stuck"
    with_deck = position(table + "hand Anna: 1\nhand Bruno: 16\ndeck: 6 11")
    assert GAME.to_move(with_deck) is None and GAME.facts(with_deck)["end"] == "stuck"
    comes = position("table: 2 3 5 8 12 13 16\ncaught Anna: 4\ncaught Bruno: 1\n"
                     "hand Anna: 9 10 14\nhand Bruno: 6 7 11\ndeck: 15")
    assert legal(comes) == ["discard 9", "discard 10", "discard 14"]
    # players who discard round the cards in play twice (here 7) without a trap stop
    assert GAME.to_move(position(GAME.position_text(comes) + "quiet: 13")) == 0
    assert GAME.facts(position(GAME.position_text(comes) + "quiet: 14"))["end"] == "quiet"


def gained_into_the_hand() -> None:
    # B3: Bruno gains the top card (7) into his hand: not a prey, no points
    s = position("table: 2 11 16\nhand Anna: 5 9 14\nhand Bruno: 3 4 6\ndeck: 7 1 8 10 12 13 15")
    f = GAME.facts(play(s, "play 5 prey 1"))
    assert (f["hand.Bruno"], f["caught.Bruno"], f["score.Bruno"]) == ("3 4 6 7", "", 0)


def missed_pair_runs_B1_to_B5() -> None:
    # Bruno holds 6 but not 7: the whole trap is missed, every step of B happens
    s = position("table: 2 3 11\nhand Anna: 5 8 10\nhand Bruno: 6 13 14\n"
                 "deck: 7 1 4 9 12 15 16")
    f = GAME.facts(play(s, "play 5 8 10 prey 6 7"))
    assert f["last"] == "missed" and f["score.Anna"] == 0 and f["place.6"] == "Bruno"
    assert f["last.shown.Bruno"] == "6 13 14" and f["last.shown.Anna"] == ""  # B1
    assert f["hand.Anna"] == "5 8 10"  # B2
    assert f["last.gained"] == "7" and f["hand.Bruno"] == "6 7 13 14"  # B3
    assert f["last.placed"] == "1" and f["place.1"] == "table"  # B4
    assert f["turn"] == "Bruno"  # B5


def must_trap_when_one_can() -> None:
    s = position("table: 2 11 16\nhand Anna: 5 7 12\nhand Bruno: 1 3 4\ndeck: 6 8 9 10 13 14 15")
    assert refusal(s, "discard 7").rule_id == "intrappola.discard"


def a_trap_plays_cards_touching_the_prey() -> None:
    # 1 is closed by the table alone: no trap; a card that touches no named prey: refused
    s = position("table: 2 5 16\nhand Anna: 3 9 14\nhand Bruno: 1 4 6\ndeck: 7 8 10 11 12 13 15")
    assert refusal(s, "play prey 1").rule_id == "intrappola.trap"
    assert not any(m.endswith("prey 1") for m in legal(s))


def one_prey_named_of_several() -> None:
    s = position("table: 2 5 12 15\nhand Anna: 1 7 10\nhand Bruno: 3 6 11\ndeck: 4 8 9 13 14 16")
    assert refusal(s, "play 7 10 prey 6 11").rule_id == "intrappola.trap.choose"
    assert GAME.facts(play(s, "play 7 10 prey 11"))["place.6"] == "Bruno"


def pictures_side_by_side() -> None:
    s = position("pictures: 2\ntable: A2 A8 A11 B5 B10 B16\nhand Anna: A3 B1 A14 B8 B12\n"
                 "hand Bruno: A4 A1 B3 B7 A16\n"
                 "deck: A5 A6 B2 A9 A10 A12 A13 A15 B4 B6 B9 B11 B13 B14 B15 A7")
    assert refusal(s, "play A3 prey A4").rule_id == "intrappola.trap.closed"  # B1 is no edge
    f = GAME.facts(s)
    assert (f["points.A4"], f["points.A8"], f["points.B4"]) == (2, 4, 1)


def knowledge_forgets_after_an_unseen_discard() -> None:
    s = position("table: 2 3 5 6 7 9 10 11 13 14 15\nhand Anna: 1 16\nhand Bruno: 8 12\n"
                 "deck: 4\nknown Bruno: 1 16")
    f = GAME.facts(play(s, "discard 1"))
    assert f["known.Bruno"] == "" and f["where.Bruno.16"] == "unseen"


CASES = {
    "intrappola.trap.prey-own": prey_must_be_the_opponents,
    "intrappola.end": the_stuck_end,
    "intrappola.trap.missed": gained_into_the_hand,
    "intrappola.trap.pair": missed_pair_runs_B1_to_B5,
    "intrappola.turn": must_trap_when_one_can,
    "intrappola.trap": a_trap_plays_cards_touching_the_prey,
    "intrappola.trap.choose": one_prey_named_of_several,
    "intrappola.variant.pictures": pictures_side_by_side,
    "intrappola.knowledge": knowledge_forgets_after_an_unseen_discard,
}


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_the_engine_follows_the_labelled_reading(rule_id):
    rule = GAME.rules[rule_id]
    assert rule.reading and rule.words and rule.book == "it", f"{rule_id} has lost its label"
    CASES[rule_id]()


def test_every_reading_has_its_case_here():
    assert {r for r, rule in GAME.rules.items() if rule.reading} == set(CASES)


def test_every_rule_quotes_the_italian_rulebook():
    """The words themselves are checked against the rulebook by ``python -m tutor quotes``
    (the rulebooks are not in the repository)."""
    for rule_id, rule in GAME.rules.items():
        assert rule.source and rule.words, rule_id
        assert rule.book == "it"
        assert re.search(r"\blines? \d+", rule.source), f"{rule_id}: no line in {rule.source!r}"


def test_a_refused_move_names_the_rule_that_holds_the_reading():
    s = position("table: 3 16\nhand Anna: 4 8 9\nhand Bruno: 1 6 7\ndeck: 2 5 10 11 12 13 14 15")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(s, GAME.parse_move(s, "play 8 prey 4"))
    assert refused.value.rule_id == "intrappola.trap.prey-own"
    assert GAME.rules["intrappola.trap.prey-own"].words == (
        "La “carta preda” è una carta immagine che si presume in mano all’avversario.")
