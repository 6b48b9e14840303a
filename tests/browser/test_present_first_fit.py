"""Presenting without a class (``?present=1``, a teacher's link for the projector): the first
paint (widgets/parts/firstpaint.py FIT_FIRST) and the live page (widgets/static/frame.js
fitBoard) fit the step alike. Trapper's canoe sold, in English at 1024 x 768: the live page put
the rule cards under the board and stepped the presenter's words down to 20 px, the first paint
kept the cards beside the narration at 23 px: the words jumped when the app came."""
from __future__ import annotations

import pytest

from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)
from .test_link_walk import PRESENT_FIT_JS, first_and_live

pytestmark = pytest.mark.browser

#: where the rule cards stand (beside the narration, or under the board), with PRESENT_FIT_JS's
PLACE_JS = PRESENT_FIT_JS.replace(
    "return { present:",
    "const rules = root.querySelector('.tp-rules');\n"
    "  return { under: !!rules && !!rules.closest('.tp-under-board'),"
    " cut: [...root.querySelectorAll('.tp-rule')].map((card) => card.getAttribute('data-clamp')),"
    " present:")


@pytest.mark.parametrize("notebook, query, size", [
    ("trapper-canoe-sold.ipynb", "lang=en&step=1&present=1", (1024, 768)),
    ("trapper-canoe-sold.ipynb", "lang=it&step=1&present=1", (1024, 768)),
    ("trapper-green-turn.ipynb", "lang=it&step=1&present=1", (1024, 768)),
    ("trigger-doubles.ipynb", "lang=it&step=10&present=1", (1024, 768)),
])
def test_the_first_paint_presents_a_step_as_the_live_page_fits_it(page, voila, notebook, query, size):  # noqa: F811
    first, live = first_and_live(page, voila, notebook, query, size, PLACE_JS)
    where = f"{notebook}?{query} at {size}"
    assert live["present"] and first["present"], where
    assert live["end"] <= 0 and all(title <= 0 for title in live["titles"]), f"{where}: {live}"
    assert (first["words"], first["narration"], first["under"]) \
        == (live["words"], live["narration"], live["under"]), f"{where}: first paint {first}, live {live}"
    assert not page.script_errors, page.script_errors
