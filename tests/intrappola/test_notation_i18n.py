"""InTrappola's moves in the learner's language: what the page shows reads back."""
from __future__ import annotations

import pytest

from tutor.intrappola import GAME

from ..contract import shown_moves_read_back


@pytest.mark.parametrize("lang", ["nl", "it"])
@pytest.mark.parametrize("pictures", [1, 3])
def test_every_move_of_seeded_games_reads_back_from_what_the_page_shows(lang, pictures):
    checked, changed = shown_moves_read_back(GAME, {"pictures": pictures}, lang, per_state=60)
    assert checked > 30 and changed > 0.9 * checked, (checked, changed)
