"""An examiner's reading of Canyon's mid-game rules (session 18): a sentence of the book the
other book-derived tests leave unpinned - the points that lapse only when the way is blocked
after some fields. It quotes the Dutch rulebook (/work/shared/seeds/002_fc202ff09fbaf512.txt)."""
from __future__ import annotations

from .helpers import fact, play, position, refused

#: a one-field-wide channel from the start dock b1 to the landing dock b8
CHANNEL = """map:
  #S#
  #.#
  #.#
  #.#
  #.#
  #.#
  #..
  #D#
"""


def test_points_lapse_only_where_the_way_is_blocked_after_some_fields():
    """Fase 4, Basisregels: "Alle bewegingspunten moeten worden gebruikt." - "Enkel als de weg
    volledig is geblokkeerd, kunnen overtollige bewegingspunten vervallen." Anne has 4 points
    (4 tricks, tempo 1 missed) but Carl's canoe lies two fields down the channel: she paddles
    the two fields she can and the other two lapse; stopping sooner is refused."""
    s = position("players: Anne Carl Marc\ndealer: Marc\nphase: move\n"
                 "seat Anne: canoe b2  tempo 1  tricks 4\n"
                 "seat Carl: canoe b5  tempo 0  tricks 0\n"
                 "seat Marc: canoe c7  tempo 0  tricks 0\n" + CHANNEL)
    assert fact(s, "turn") == "Anne" and fact(s, "points.Anne") == 4
    assert refused(s, "Anne: stay") == "canyon.move.all-points"
    assert refused(s, "Anne: paddle to b3") == "canyon.move.all-points"
    s = play(s, "Anne: paddle to b4")
    assert fact(s, "canoe.Anne") == "b4" and fact(s, "moved.Anne") is True
    assert fact(s, "turn") == "Carl"
