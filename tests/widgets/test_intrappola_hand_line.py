"""InTrappola's free play when no trap can be laid: the status says "click a card in the hand",
and on a phone the players' panel, with the hand in it, was far below the screen, under the
step bar. The hand is now also a line of its own (the scene's ``hand``, drawn under the status
by play.js), each card a click that puts it under the deck; at any other time there is none.
Checked against the engine's legal moves and the move a click makes, not words."""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import using
from tutor.intrappola import Discard
from widgets.games.intrappola import discard_target
from widgets.pages.play import play_app

TARGET = re.compile(r'data-target="([^"]+)"')


def at_a_discard(seed: int):
    """The page at the learner's first turn that can only discard (the list's first move
    played until then), or None."""
    page = play_app("intrappola", pace=0, seed=seed)
    play = page.play
    for _ in range(30):
        if play.over:
            return None
        if play.person_to_move():
            if all(isinstance(move, Discard) for move in play.game.legal_moves(play.state)
                   if play.game.is_legal(play.state, move)):
                return page
            assert page.scene["hand"] == "", "a hand line while a trap can be laid"
            page.handle({"type": "move", "index": 0})
    return None


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_hand_to_discard_from_is_a_line_of_its_own(lang):
    with using(lang):
        found = [page for page in map(at_a_discard, range(11, 20)) if page is not None]
        assert found, "no seed reaches a discard"
        for page in found[:3]:
            play = page.play
            legal = [m for m in play.game.legal_moves(play.state) if play.game.is_legal(play.state, m)]
            targets = TARGET.findall(page.scene["hand"])
            assert 'data-phase="discard"' in page.scene["hand"]
            assert len(targets) == len(legal), (targets, legal)
            assert set(targets) <= set(TARGET.findall(page.scene["panel"]))  # the panel's cards
            done = len(play.match.moves)
            page.handle({"type": "click", "target": targets[-1]})
            assert len(play.match.moves) > done
            made = play.match.moves[done]
            assert isinstance(made, Discard), made
            assert discard_target(made.card, play.state.pictures) == targets[-1], (made, targets)
