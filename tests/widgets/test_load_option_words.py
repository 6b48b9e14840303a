"""A saved game whose setup was hand-edited or comes from another version is refused in the
learner's words (free play's Load): each engine's option refusal names the option and its
values as the setup menu does, never by the option's code ("players moet een getal (2-4)",
"mode moet een van two, 2v1, 2v2, solo zijn" in Dutch), while ``BadOption.where`` still names
the option for authors and tests. Model tests, no browser."""
from __future__ import annotations

import json
import re

import pytest

from tutor.canyon.game import CanyonGame
from tutor.core.errors import BadOption
from tutor.core.i18n import using
from tutor.intrappola.game import InTrappolaGame
from tutor.trapper.game import TrapperGame
from tutor.trigger.game import TriggerGame
from widgets.games.canyon import CanyonExtras
from widgets.games.freeplay import FreePlay
from widgets.games.trapper import TrapperExtras
from widgets.games.trigger import TriggerExtras

#: each game's options as the engine reads them, and their coded values
CODES = {"players", "variant", "bonus_tiles", "water_rule", "skip", "map", "mode", "scoring",
         "doubles", "rounds", "bad_rolls", "pictures", "standard", "young", "tactical",
         "no-bonus", "no-water", "two", "2v1", "2v2", "solo", "points", "double", "multiply",
         "reroll", "keep", "true", "false", "brook", "default", "short", "known", "options"}

#: per game: (bad options, the option ``where`` names, the setup menu field its values are named by)
BAD = {
    TrapperGame: [({"players": "four"}, "players", None), ({"players": 9}, "players", None),
                  ({"variant": "kids"}, "variant", "variant"),
                  ({"bonus_tiles": "yes"}, "bonus_tiles", None),
                  ({"variant": "tactical", "water_rule": False}, "water_rule", "variant"),
                  ({"variant": "young", "water_rule": True}, "water_rule", "variant"),
                  ({"colour": 2}, "options", None)],
    CanyonGame: [({"players": "four"}, "players", None), ({"skip": "yes"}, "skip", "rounds"),
                 ({"map": "moon"}, "map", None), ({"map": 3}, "map", None),
                 ({"speed": 1}, "speed", None)],
    TriggerGame: [({"mode": "3v3"}, "mode", "mode"), ({"scoring": "goals"}, "scoring", None),
                  ({"doubles": "triple"}, "doubles", None), ({"rounds": 5}, "rounds", None),
                  ({"bad_rolls": "drop"}, "bad_rolls", None),
                  ({"mode": "2v1", "players": ["Ann", "Bo"]}, "players", "mode"),
                  ({"speed": 1}, "speed", None)],
    InTrappolaGame: [({"pictures": 9}, "pictures", None), ({"players": ["Ann"]}, "players", None),
                     ({"speed": 1}, "options", None)],
}
EXTRAS = {TrapperGame: TrapperExtras, CanyonGame: CanyonExtras, TriggerGame: TriggerExtras}
QUOTED = re.compile(r"“([^”]*)”")


def cases():
    for game, bad in BAD.items():
        for options, where, menu in bad:
            for lang in ("nl", "it"):
                yield pytest.param(game, options, where, menu, lang,
                                   id=f"{game.__name__}-{json.dumps(options)}-{lang}")


@pytest.mark.parametrize("game, options, where, menu, lang", list(cases()))
def test_a_bad_option_in_a_saved_game_is_said_in_the_learner_s_words(game, options, where, menu, lang):
    engine = game()
    with using(lang):
        with pytest.raises(BadOption) as refused:
            engine.initial_state(options)
        play = FreePlay(engine, {}, seed=3)
        state = play.state
        saved = json.dumps({"game": engine.name, "options": options, "seed": 1, "moves": []})
        assert play.load(saved) is False
        assert play.state is state  # nothing half-applied: the game on the board is kept
        said = play.problem
        fields = {f["name"]: f for f in EXTRAS[game]().fields(play)} if game in EXTRAS else {}
    assert refused.value.where == where  # for authors and tests: the option's code
    assert refused.value.problem.rstrip(".") in said
    if menu is not None:  # its values named as the setup menu names them, in its language
        names = {label for _, label in fields[menu]["options"]}
        assert set(QUOTED.findall(said)) & names and set(QUOTED.findall(said)) <= names | {
            str(v) for v in options.values()}, said
    # what is left once the menu's names and the learner's own values are taken out
    plain = QUOTED.sub("", said)
    for value in options.values():
        plain = plain.replace(repr(value), "")
    codes = {w for w in re.findall(r"[\w-]+", plain.lower()) if w in CODES}
    assert not codes, (codes, said)
