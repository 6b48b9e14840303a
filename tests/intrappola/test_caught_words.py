"""The caught drill's reason where the deck is empty said "every card Anna does not hold is in
the other hand" - untrue of the cards on the table, which she does not hold either. It now
leaves out the table, and what it says is checked against the position."""
from __future__ import annotations

import itertools

import pytest

from tutor.core.i18n import using
from tutor.intrappola import GAME
from tutor.intrappola.cards import all_cards
from tutor.core.drills import drills

TABLE = {"en": "table", "nl": "tafel", "it": "tavolo"}


@pytest.mark.parametrize("lang", TABLE)
def test_an_empty_deck_puts_every_card_off_the_table_and_out_of_hand_in_the_other_hand(lang):
    with using(lang):
        asked = [d for d in itertools.islice(drills(GAME, seed=1, kinds=["caught"]), 400)
                 if not d.state.deck]
    assert asked
    for drill in asked:
        state, hunter = drill.state, drill.viewer
        rest = set(all_cards(state.pictures)) - set(state.table) - set(state.hands[hunter])
        assert rest == set(state.hands[1 - hunter])  # what the reason says is so
        why = drill.options[drill.answer].explanation
        assert TABLE[lang] in why and state.players[hunter] in why, why


def test_no_trap_is_explained_by_a_trap_of_this_hand():
    """"What may Anna do now?" where no trap can be set: "set a trap" was explained by a trap
    seen in another position - "“play B6 B9 prey B10” is refused: B6 is not in Anna's hand" -
    which says nothing of why Anna cannot set one. The example is now a card of her hand
    beside a prey it touches, refused as the prey still has an open side."""
    from tutor.core import drills as core_drills
    from tutor.intrappola.moves import Trap

    asked = list(itertools.islice(drills(GAME, seed=3, kinds=["may-do"]), 200))
    trap_kind = GAME.move_kind(asked[0].state, Trap((1,), (2,)))
    explained = 0
    for drill in asked:
        right = set(drill.options[drill.answer].text.split(", "))
        if trap_kind in right:
            continue
        tried = core_drills.candidates(GAME, drill.state)
        hand = set(drill.state.hands[drill.viewer])
        assert all(set(m.cards) <= hand for m in tried if isinstance(m, Trap))
        for option in drill.options:
            if trap_kind in option.text.split(", "):
                explained += 1
                assert option.rule_id == "intrappola.trap.closed", option.explanation
    assert explained
