"""What the drills say, read as a learner in en, nl and it: the players named as free play
names them (not P1, P2, Solo, nor the book's names of a lesson), every explanation a sentence
true of its position (a refusal's clause made a sentence; Canyon's "4 is not shown with 2";
Trigger's "3 and 4 allow 7"; a one-card trap's "They are the places"), and translated."""
from __future__ import annotations

import itertools
import random
import re

import pytest

from tutor.core import registry
from tutor.core.drills import (NAMES, SHE, drills, kinds_of, may_do, named, positions, she,
                               sentence)
from tutor.core.i18n import using

from widgets.games.freeplay import NAMES as PLAY_NAMES

GAMES = list(registry.games().values())
IDS = [g.name for g in GAMES]
#: questions looked at per kind of drill and game, and language
EACH = 8


def asked(game, lang, seed=1):
    """(kind, drill) for the first EACH questions of every kind, made in ``lang``."""
    found = []
    with using(lang):
        for kind in kinds_of(game):
            found += [(kind, d) for d in itertools.islice(drills(game, seed, [kind]), EACH)]
    return found


def test_drills_name_the_players_as_free_play_does():
    assert NAMES == PLAY_NAMES


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_position_of_the_drills_names_its_players_anna_ben(game):
    """Trapper's random games said P1, P2; Trigger's solo game 'Solo'; InTrappola's Bruno;
    Canyon's and the lessons' frames the book's Anne, Carl, Herman."""
    for state, where in itertools.islice(positions(game, seed=3), 150):
        players = game.players(state)
        assert players == NAMES[:len(players)], where
    for _, drill in asked(game, "en"):
        players = game.players(drill.state)
        assert players == NAMES[:len(players)]
        assert not re.search(r"\bP[1-6]\b|\bSolo\b|\bBruno\b|\bHerman\b", drill.prompt)


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_explanation_is_a_sentence_filled_in(game, lang):
    """A refusal was shown as the rule's clause ("d3 is not water", no capital, no stop)."""
    for kind, drill in asked(game, lang):
        for option in drill.options:
            text = option.explanation
            assert text and "{" not in text and "}" not in text, (kind, text)
            assert text[-1] in ".!?", (kind, lang, text)
            assert not text[0].islower() or re.match(r"\w*\d", text), (kind, lang, text)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_explanation_is_translated(game):
    """The same seed makes the same questions: each explanation with words in it reads
    differently in Dutch and Italian than in English."""
    english = asked(game, "en")
    for lang in ("nl", "it"):
        for (kind, en), (_, there) in zip(english, asked(game, lang)):
            for a, b in zip(en.options, there.options):
                if re.search(r"[A-Za-z]{3}", a.explanation.replace("Anna", "")):
                    assert a.explanation != b.explanation, (kind, lang, a.explanation)
            assert en.prompt != there.prompt, (kind, lang, en.prompt)


def test_sentence_keeps_a_place_or_a_number_first():
    assert sentence("d3 is not water") == "d3 is not water."
    assert sentence("the tile on c6 is still face down") == "The tile on c6 is still face down."
    assert sentence("A14 is not in your hand") == "A14 is not in your hand."
    assert sentence("Done.") == "Done."


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_canyon_s_two_card_tempo_refusal_names_the_tempo_and_the_cards(lang):
    """'a tempo up to 4 is shown with one card ...: 4 is not shown with 2' (2 meant two cards)."""
    game = registry.get("canyon")
    cards = {"en": "cards", "nl": "kaarten", "it": "carte"}[lang]
    seen = 0
    for _, drill in asked(game, lang):
        for option in drill.options:
            if option.rule_id == "canyon.round.tempo" and not option.right and option.move:
                tempo = sum(option.move.cards)
                count = len(option.move.cards)
                assert re.search(rf"\b{tempo}\b", option.explanation), option.explanation
                assert f"{count} {cards}" in option.explanation, option.explanation
                seen += 1
    with using(lang):
        text = game.rules.reason("canyon.round.tempo", tempo=3, count=2)
    assert f"2 {cards}" in text and re.search(r"\b3\b", text)


def test_may_do_never_explains_a_kind_by_another_player_s_turn():
    """'lay a tempo is not allowed now; Carl: tempo 0, for example: it is Marc's turn, not
    Carl's': true of Carl's move, nothing about Marc laying a tempo in the move phase."""
    for game in GAMES:
        for drill in itertools.islice(drills(game, 2, ["may-do"]), 25):
            assert all(o.rule_id != f"{game.name}.turn" for o in drill.options), drill.options


def test_may_do_in_a_canyon_move_phase_offers_no_tempo_refused_by_the_turn():
    game = registry.get("canyon")
    pool = []
    found = 0
    for state, _ in itertools.islice(positions(game, seed=5), 400):
        mover = game.to_move(state)
        if mover is not None and mover >= 0:
            pool.extend(m for m in list(game.legal_moves(state))[:3] if m not in pool)
        drill = may_do(game, state, random.Random(1), pool)
        if drill is not None:
            found += 1
            assert all(o.rule_id != "canyon.turn" for o in drill.options)
    assert found


def test_trigger_s_roll_explanation_works_the_sum_out():
    game = registry.get("trigger")
    for drill in itertools.islice(drills(game, 1, ["roll-allows"]), 30):
        a, b = drill.state.dice
        right = drill.options[drill.answer]
        why = right.explanation
        if a != b:
            assert f"{a} + {b} = {right.text}" in why, why
        else:
            assert "×" in why and why.endswith(f"= {right.text}."), why


def test_trigger_s_chain_explanation_names_the_tiles_it_turns():
    game = registry.get("trigger")
    from tutor.trigger.moves import Chain
    for drill in itertools.islice(drills(game, 1, ["chain-tiles"]), 10):
        after = game.facts(game.apply(drill.state, Chain()))
        cells = str(after["chain.tiles"]).split()
        why = drill.options[drill.answer].explanation
        assert cells and all(re.search(rf"\b{c}\b", why) for c in cells), (why, cells)


def test_trapper_s_sale_of_a_one_tile_canoe_is_no_sum():
    """'1 = 1, doubled: 2'."""
    game = registry.get("trapper")
    for drill in itertools.islice(drills(game, 1, ["sale"]), 25):
        why = drill.options[drill.answer].explanation
        assert not re.search(r"(?<![\d+] )\b(\d+) = \1\b", why), why
        assert why.endswith(f"{drill.options[drill.answer].text}."), why


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_intrappola_s_trap_cards_are_named_in_its_explanation(lang):
    """'They are the places around 4 8 that are still empty.' for one card, 7."""
    game = registry.get("intrappola")
    with using(lang):
        for drill in itertools.islice(drills(game, 1, ["close-place"]), 12):
            right = drill.options[drill.answer]
            assert right.explanation.startswith(right.text + " "), right.explanation


def test_intrappola_s_unknown_catch_of_a_pair_speaks_of_both_cards():
    """'Bruno has not seen where 4 8 is: for one card the chance is 1/2.'"""
    game = registry.get("intrappola")
    seen = 0
    for drill in itertools.islice(drills(game, 1, ["caught"]), 40):
        right = drill.options[drill.answer]
        if right.rule_id != "intrappola.knowledge":
            continue
        unseen = re.search(r"where ([A-H0-9 ]+) (is|are):", right.explanation)
        assert unseen, right.explanation
        assert (unseen[2] == "are") == (len(unseen[1].split()) == 2), right.explanation
        seen += 1
    assert seen


#: the words for "she" and "he" a question may speak of its player with, by language
PRONOUNS = {"en": ("she", "he"), "nl": ("ze", "hij")}


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_question_names_a_player_once(game, lang):
    """'Anna wants to trap card 3. Which cards must Anna play?', 'Ben announced a tempo of 1
    and won 1 trick. How many movement points does Ben have?', '3 and 4 were rolled for Anna:
    how many points may Anna turn?': a question says a player's name once, then 'she' or 'he'
    (or no one), and that word is the player's (in Dutch where the English speaks of her or
    him: Dutch says 'hij' of a canoe too)."""
    english = asked(game, "en")
    for (kind, drill), (_, en) in zip(asked(game, lang), english):
        for name in NAMES:
            assert len(re.findall(rf"\b{name}\b", drill.prompt)) <= 1, (kind, lang, drill.prompt)
        if lang not in PRONOUNS or not re.search(r"\b(she|he)\b", en.prompt):
            continue
        her, him = PRONOUNS[lang]
        player = game.players(drill.state)[drill.viewer]
        said = set(re.findall(rf"\b({her}|{him})\b", drill.prompt))
        assert said == {her if she(player) else him}, (kind, lang, drill.prompt, player)


def test_the_players_said_she_of_are_names_of_the_drills():
    assert SHE < set(NAMES) and {"Anna", "Ben"} & SHE == {"Anna"}


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_trigger_s_roll_question_says_who_threw_the_dice_for_whom(lang):
    """The Dutch question read 'Voor Anna is 3 en 4 gegooid' where free play says 'Ben gooit 3
    en 4 voor Anna': the question says the throw as free play does, the thrower (the opponent,
    2. DOBBELSTENEN) first, then the dice, then the player; alone (a roll of the score sheet
    may be replayed) it says the player's roll."""
    game = registry.get("trigger")
    seen = set()
    with using(lang):
        for drill in itertools.islice(drills(game, 1, ["roll-allows"]), 40):
            facts = game.facts(drill.state)
            thrower, player = facts["thrower"], game.players(drill.state)[drill.viewer]
            a, b = drill.state.dice
            assert facts["player"] == player
            if thrower != player:
                assert re.search(rf"^{thrower}\b.*\b{a}\b.*\b{b}\b.*\b{player}\b", drill.prompt), \
                    drill.prompt
            else:
                assert re.search(rf"\b{player}\b.*\b{a}\b.*\b{b}\b", drill.prompt), drill.prompt
            seen.add(thrower == player)
    assert seen == {True, False}


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_trigger_s_points_left_question_counts_one_point_as_one(lang):
    """'Ad Anna restano 1 del tiro': the points left of the roll are counted in the singular
    for 1 (the question's text for 1 differs from the one for more than the number)."""
    game = registry.get("trigger")
    plural = {"en": "points", "nl": "punten", "it": "punti"}[lang]
    ones = 0
    with using(lang):
        for drill in itertools.islice(drills(game, 1, ["points-left"]), 60):
            facts = game.facts(drill.state)
            left = facts["roll"] - facts["spent"]
            counted = re.search(rf"\b{left} (\w+)", drill.prompt)
            assert counted, drill.prompt
            assert (counted[1] == plural) == (left != 1), drill.prompt
            ones += left == 1
    assert ones
