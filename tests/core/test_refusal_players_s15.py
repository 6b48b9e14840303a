"""Trapper's and InTrappola's refusals name the player, as Canyon's and Trigger's do: the same
refusal is shown in a drill about another player ("Which of these moves may Anna make now?"),
in a lesson and in free play, so it never speaks to "you" ("you have no purple card") - in
en, nl and it. And a may-do drill's example of a kind of move that is not allowed is refused
by the rule that refuses most of that kind's moves, so its reason is the kind's."""
from __future__ import annotations

import itertools
import re
import string
from collections import Counter

import pytest

from tutor.core import registry
from tutor.core import drills as core_drills
from tutor.core.drills import drills, kinds_of, sentence
from tutor.core.i18n import using

GAMES = {name: registry.games()[name] for name in ("trapper", "intrappola")}
LANGS = ("en", "nl", "it")
#: the words that speak to the reader, per language (a refusal names the player instead)
YOU = {"en": r"\b(?:you|your|yours|yourself)\b",
       "nl": r"\b(?:je|jij|jou|jouw|jezelf|u|uw)\b",
       "it": r"\b(?:tu|hai|tuo|tua|tue|tuoi|puoi|devi|te|ti)\b"}
#: drills looked at per kind, game and language
EACH = 12


class Word:
    """A refusal's parameter that is not the player: a word in any format ("{colour:adj}")."""

    def __format__(self, spec: str) -> str:
        return "Xyz"

    def __str__(self) -> str:
        return "Xyz"


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def english(game, rule_id: str) -> str:
    """The rule's refusal template in English (the params it names)."""
    with using("en"):
        return game.rules[rule_id].refusal


def filled(game, rule_id: str, player: str) -> str:
    """The rule's refusal in the current language, for ``player``, as a drill shows it."""
    params = {name: (player if name == "player" else Word())
              for name in placeholders(english(game, rule_id))}
    return sentence(game.rules.reason(rule_id, **params))


def refusing(game):
    return [r for r in game.rules if english(game, r)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GAMES)
def test_no_refusal_speaks_to_you_and_a_refusal_about_a_player_names_her(name, lang):
    game = GAMES[name]
    with using(lang):
        for rule_id in refusing(game):
            text = filled(game, rule_id, "Cleo")
            assert not re.search(YOU[lang], text, re.I), (rule_id, text)
            if "player" in placeholders(english(game, rule_id)):
                assert "Cleo" in text, (rule_id, text)


@pytest.mark.parametrize("name", GAMES)
def test_the_refusals_about_a_player_all_name_her(name):
    """A refusal that used to say "you" is about a player: it has ``{player}`` now (and the
    ones about no player - a square, a tile, the game - have none)."""
    game = GAMES[name]
    about = {r for r in refusing(game) if "player" in placeholders(english(game, r))}
    expected = {
        "trapper": {
            "trapper.turn.one-trapper", "trapper.turn.draw", "trapper.turn.pass",
            "trapper.turn.bid", "trapper.cards", "trapper.cards.swap", "trapper.cards.swap.other",
            "trapper.display.attach", "trapper.display.choice", "trapper.display.one-way",
            "trapper.bonus.species", "trapper.bonus.species.different",
            "trapper.bonus.species.once", "trapper.end.drop-out", "trapper.tactical.open",
            "trapper.tactical.name", "trapper.tactical.raise", "trapper.tactical.cannot-pay",
            "trapper.tactical.auction", "trapper.tactical.won", "trapper.tactical.pay",
            "trapper.tactical.hand"},
        "intrappola": {
            "intrappola.hand", "intrappola.trap", "intrappola.trap.must-spring",
            "intrappola.trap.prey-own", "intrappola.trap.choose", "intrappola.discard",
            "intrappola.discard.empty-deck", "intrappola.pass"},
    }[name]
    assert about == expected


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GAMES)
def test_a_drills_refusal_names_the_drills_player_never_you(name, lang):
    """"Which of these moves may Anna make now?" - "Anna: purple: take f4" explained "Anna has
    no purple card ...", not "you have no purple card"."""
    game = GAMES[name]
    named = 0
    with using(lang):
        for kind in kinds_of(game):
            for drill in itertools.islice(drills(game, 5, [kind]), EACH):
                player = game.players(drill.state)[drill.viewer]
                for option in drill.options:
                    if option.right or option.rule_id is None \
                            or option.rule_id not in game.rules:
                        continue
                    text = option.explanation
                    assert not re.search(YOU[lang], text, re.I), (kind, option.text, text)
                    if "player" in placeholders(english(game, option.rule_id)):
                        assert player in text, (kind, drill.prompt, option.text, text)
                        named += 1
    assert named >= 5  # the drills do show refusals about their player


# ---- may-do: the example of a kind not allowed is refused by the kind's most common rule -------
def _kinds_refused(game, state):
    """Each kind of move the mover has not, with the rules refusing its candidates, in order."""
    legal = list(game.legal_moves(state))
    have = {game.move_kind(state, m) for m in legal}
    found: dict[str, list[str]] = {}
    # the moves the drill tries (Canyon leaves out its paddles onto fields that are no water)
    for move in core_drills.candidates(game, state):
        kind = game.move_kind(state, move)
        if kind in have:
            continue
        why = game.violation(state, move)
        if why is not None and why.rule_id != f"{game.name}.turn":
            found.setdefault(kind, []).append(why.rule_id)
    return found


def _not_allowed(game, drill):
    """(kind, rule id) of each may-do option that adds a kind the mover has not."""
    right = set(drill.options[drill.answer].text.split(", "))
    for option in drill.options:
        extra = set(option.text.split(", ")) - right
        if not option.right and extra:
            yield extra.pop(), option.rule_id


def test_a_may_do_example_is_refused_by_the_kinds_most_common_rule_trigger():
    """Trigger, seed 748818239 of options[1], ply 57 (drill 17 of may-do, seed 2): the roll's
    points are spent, so no tile may be turned. Its "turn a tile" moves come from other
    positions; the first, "flip d1", was refused as d1 is already face down - one tile's
    reason. Most flips are refused as they cost more than the 0 points left: the kind's."""
    game = registry.games()["trigger"]
    drill = next(itertools.islice(drills(game, 2, ["may-do"]), 17, None))
    assert drill.source == "seed 748818239 of options[1], ply 57"
    shown = dict(_not_allowed(game, drill))
    assert shown["turn a tile"] == "trigger.turn.flip"
    # every flip a learner could name here: most are refused by that rule
    rules = Counter()
    for square in (f"{f}{r}" for f in "abcdefghij" for r in range(1, 11)):
        try:
            move = game.parse_move(drill.state, f"flip {square}")
        except Exception:  # no such square
            continue
        found = game.violation(drill.state, move)
        if found is not None:
            rules[found.rule_id] += 1
    assert rules.most_common(1)[0][0] == "trigger.turn.flip"


@pytest.mark.parametrize("name", ["trigger", "canyon", "intrappola", "trapper"])
def test_every_may_do_example_is_refused_by_the_kinds_most_common_rule(name):
    game = registry.games()[name]
    for drill in itertools.islice(drills(game, 0, ["may-do"]), 25):
        refused = _kinds_refused(game, drill.state)
        for kind, rule in _not_allowed(game, drill):
            if kind not in refused:  # a kind met only among the moves seen elsewhere
                continue
            counts = Counter(refused[kind])
            most = max(counts.values())
            typical = next(r for r in refused[kind] if counts[r] == most)  # ties: the first
            assert rule == typical, (drill.source, kind, rule, counts)


def test_the_most_common_rule_decides_and_a_tie_goes_to_the_rule_met_first():
    assert core_drills._typical([("a", core_drills.Violation("x.one")),
                                 ("b", core_drills.Violation("x.two")),
                                 ("c", core_drills.Violation("x.two"))])[0] == "b"
    assert core_drills._typical([("a", core_drills.Violation("x.one")),
                                 ("b", core_drills.Violation("x.two"))])[0] == "a"
