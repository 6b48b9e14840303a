"""An examiner's reading of InTrappola's mid-game rules (session 18): a case of the book the
other book-derived tests leave unpinned - a missed trap whose prey is the second card of the
deck. It quotes the Italian rulebook (/work/shared/seeds/003_64315ef67acb4725.txt).

The picture's places::

     1  2  3  4
     5  6  7  8
     9 10 11 12
    13 14 15 16
"""
from __future__ import annotations

from tutor.intrappola import GAME

from .helpers import play, position


def test_a_missed_prey_that_is_the_second_card_of_the_deck_goes_face_up_to_its_place():
    """(B) "Se la carta preda non è in possesso dell’avversario": "B3 l’altro giocatore
    guadagnerà la carta che si trova in cima al mazzo" - "B4 la seconda carta del mazzo sarà
    posizionata scoperta sul tavolo nella sua posizione". Anna closes place 6 with card 10 and
    names 6; Bruno does not hold it: it is the deck's second card. Bruno gains 12, card 6 goes
    face up to its own place, and nobody scores it."""
    s = position("table: 2 5 7\nhand Anna: 3 4 10\nhand Bruno: 8 9 11\n"
                 "deck: 12 6 1 13 14 15 16\nturn: Anna\n")
    s = play(s, "play 10 prey 6")
    f = GAME.facts(s)
    assert f["last"] == "missed" and f["last.gained"] == "12" and f["last.placed"] == "6"
    assert f["place.6"] == "table" and f["table"] == "2 5 6 7"
    assert f["hand.Anna"] == "3 4 10" and f["hand.Bruno"] == "8 9 11 12"  # B2, B3
    assert f["score.Anna"] == f["score.Bruno"] == 0 and f["caught.Anna"] == f["caught.Bruno"] == ""
    assert f["deck"] == 5 and f["deck.top"] == "1" and f["turn"] == "Bruno"  # B5
