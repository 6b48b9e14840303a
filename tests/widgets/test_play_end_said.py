"""Free play's status at the end of a game: the moves that ended it, since the learner's last
move, are told (the computers' last traps, paddles), as they are during the game. The status
was empty at the end: a learner whose game a computer ended read "Ben wins" without being told
what Ben did (the board's last change, on a phone, above the screen). Checked against the
game's log and who decided each move, not against words."""
from __future__ import annotations

import html
import re

import pytest

from tutor.core.i18n import using
from widgets.pages.play import play_app


def played_out(game: str, seed: int):
    """A game played to its end, the learner always playing the list's first move."""
    page = play_app(game, pace=0, seed=seed)
    play = page.play
    for _ in range(500):
        if play.over:
            return page
        if play.person_to_move():
            page.handle({"type": "move", "index": 0})
    pytest.fail(f"{game} seed {seed} did not end")


def status_text(page) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page.scene["status"]))


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_moves_that_ended_the_game_are_told_at_the_end(lang, seed):
    with using(lang):
        page = played_out("intrappola", seed)
        play = page.play
        states = play.match.states[:-1]
        last = max(i for i, state in enumerate(states) if play.decides(state))
        after = play.log[last + 1:]  # the computers' moves after the learner's last
        status = status_text(page)
        assert page.scene["over"] and not page.scene["can_move"]
        for line in after:
            assert line.rstrip(".") in status, (line, status)
        assert ("tp-since" in page.scene["status"]) == bool(after), page.scene["status"]
        # the learner's own last move is not told as another's
        assert play.log[last].rstrip(".") not in status, status


def test_a_game_a_computer_ended_is_among_the_seeds():
    """(the test above tells something: a computer ends at least one of its games)"""
    with using("en"):
        ended = []
        for seed in (0, 1, 2):
            page = played_out("intrappola", seed)
            play = page.play
            ended.append(not play.decides(play.match.states[-2]))
    assert any(ended) and not all(ended), ended
