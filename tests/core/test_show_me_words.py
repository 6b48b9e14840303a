""""Show me" says the book's move once: the message put a verb before a move that is written
with its own ("Il libro gioca gioca 16 preda 15", "The book plays take 3"), seen on a
class's revealed step."""
from __future__ import annotations

import pytest

from tutor.core import walkthrough as wt
from tutor.core.i18n import using
from tutor.core.lesson import TryIt, Verdict

@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_show_me_names_the_book_s_move_without_a_doubled_word(lang):
    games = set()
    with using(lang):
        for wid in sorted(wt.library()):
            replay = wt.replay(wt.by_id(wid))  # its moves shown in the language of the replay
            for frame in (f for f in replay.frames if f.try_it is not None):
                games.add(replay.game.name)
                shown = TryIt(replay.game, frame).show_me()
                assert shown.verdict is Verdict.SHOWN and frame.move_words in shown.message
                before = shown.message[:shown.message.index(frame.move_words)].split()
                first = frame.move_words.split()[0].lower()
                assert not before or before[-1].lower().strip(":") != first, shown.message
    assert games == {"trapper", "canyon", "intrappola", "trigger"}  # every game's were asked
