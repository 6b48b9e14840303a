"""A projector (1024 × 768), presenting or not: a step's rule cards are cut short only where no
better place is free. Beside a try-it step's box, Trapper's rule card was cut to one row ("In
qualsiasi momento del…") while a quarter of the screen under the board stood empty: the cards
were cut first and moved under the board only where even one row each did not fit. Now they go
under the board where they stand there cut less (``widgets/static/frame.js`` fitBoard).
"""
from __future__ import annotations

import pytest

from .stepping import BOARD_SVG

pytestmark = pytest.mark.browser

#: what the fitting settled on: where the rules stand, how each card is cut (``data-clamp``:
#: a number of lines, "row": one row with the text's start) and the room left under the board
FITTED_JS = """
async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const idle = () => new Promise((done) => (window.requestIdleCallback || setTimeout)(() => done(), {timeout: 300}));
  await frame(); await idle(); await frame(); await frame();
  const page = document.querySelector('.tp-page:not(.tp-first)');
  const rules = page.querySelector('.tp-rules');
  let low = page.querySelector('.tp-board').getBoundingClientRect().bottom;
  for (const part of page.querySelectorAll('.tp-switches, .tp-under-board'))
    if (!part.hidden && part.getBoundingClientRect().height) low = Math.max(low, part.getBoundingClientRect().bottom);
  return {under: !!rules.closest('.tp-under-board'),
          cut: [...rules.querySelectorAll('.tp-rule')].map((card) => card.getAttribute('data-clamp')),
          bottom: rules.getBoundingClientRect().bottom, room: innerHeight - low,
          present: page.classList.contains('tp-present')};
}
"""


@pytest.mark.parametrize("lang", ["it", "en", "nl"])
@pytest.mark.parametrize("present", [True, False], ids=["presenting", "not-presenting"])
def test_a_rule_card_is_not_cut_to_a_row_beside_empty_room_under_the_board(tab, voila, lang, present):
    page = tab.page
    page.set_viewport_size({"width": 1024, "height": 768})
    query = f"lang={lang}&step=2" + ("&present=1" if present else "")
    page.goto(voila.render_url("trapper-most-species.ipynb", query), wait_until="commit",
              timeout=90_000)
    page.wait_for_selector(BOARD_SVG, timeout=90_000)
    fitted = page.evaluate(FITTED_JS)
    assert fitted["present"] is present
    assert fitted["bottom"] <= 768 + 0.5, f"a rule card below the fold: {fitted}"
    assert "row" not in fitted["cut"], f"cut to a row: {fitted}"
    if any(fitted["cut"]) and not fitted["under"]:
        assert fitted["room"] < 150, f"cut beside the narration, room free under the board: {fitted}"
    tab.assert_clean(f"trapper-most-species {query}")
