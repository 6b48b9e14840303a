"""Canyon's river is drawn once a map, a cave's occupant and a language (its fields, names and
click targets), not again for every click and step: ~20 ms a river here, several times that in
the static site's Python in the page. What is drawn is the same as drawn afresh, in the page's
language, for the map of the state drawn."""
from __future__ import annotations

from tutor.core.i18n import per_language, using
from tutor.core.walkthrough import by_id, replay
from widgets.games import canyon as C
from widgets.games import kit_for


def _boards(wid: str, lang: str) -> list[str]:
    played = replay(by_id(wid))
    drawer = kit_for(played.game).drawer(played.game)
    with using(lang):
        return [drawer.board(frame) for frame in played.frames]


def test_a_river_is_drawn_once_and_as_drawn_afresh_in_each_language(monkeypatch):
    monkeypatch.setattr(C, "_maps_drawn", per_language(dict))  # none drawn yet (another test's)
    calls = []
    fields = C.CanyonDrawer._fields
    monkeypatch.setattr(C.CanyonDrawer, "_fields",
                        lambda self, geo, occupied=False: calls.append(occupied) or fields(self, geo, occupied))
    kept = {lang: _boards("canyon/trick", lang) for lang in ("en", "nl", "it")}
    assert 1 <= len(calls) <= 6, calls  # once a language (and cave occupant), not once a step
    assert "grot" in kept["nl"][0] and "grotta" in kept["it"][0] and ">cave<" in kept["en"][0]

    real = C._map_drawn

    def afresh(*args):
        C._maps_drawn().clear()
        return real(*args)
    monkeypatch.setattr(C, "_map_drawn", afresh)
    for lang, boards in kept.items():
        assert _boards("canyon/trick", lang) == boards, lang


def test_another_map_is_drawn_as_its_own():
    long_river = _boards("canyon/trick", "en")[0]
    other = next(b for wid in ("canyon/current-push", "canyon/narrow-pass")
                 for b in _boards(wid, "en")[:1])
    assert other != long_river and other.count('class="cy-hit"') != long_river.count('class="cy-hit"')
