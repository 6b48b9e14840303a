"""Move texts that name a move the rules forbid in a form no move holds."""
from __future__ import annotations

import pytest

from tutor.core import BadMoveText
from tutor.trapper import GAME


def test_a_colour_swap_paid_with_two_colours_is_refused_by_the_swap_rule_at_a_try_it_step():
    """A learner who paid a swap with two colours ("paying beige green") was told the move
    could not be read, with no rule named; the text is read, and the colour swap forbids it."""
    from tutor.core import walkthrough as wt
    from tutor.core.lesson import Verdict, evaluate

    walk = wt.replay(wt.by_id("trapper/colour-swap"))
    frame = next(f for f in walk.frames if f.try_it is not None and f.move_words
                 and "paying beige beige" in GAME.move_text(f.before, f.move))
    tried = GAME.move_text(frame.before, frame.move).replace("paying beige beige",
                                                             "paying beige green")
    found = evaluate(GAME, frame, tried)
    assert found.verdict is Verdict.ILLEGAL and found.rule_id == "trapper.cards.swap", found
    assert found.title == GAME.rules["trapper.cards.swap"].title and found.state is None
    with pytest.raises(BadMoveText) as refused:  # the notation itself still refuses it
        GAME.parse_move(frame.before, tried)
    assert refused.value.rule_id == "trapper.cards.swap"
