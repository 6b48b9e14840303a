"""A teacher presenting a lesson with a live class (a projector, the class's tally over the
step's story): board, narration, the class's tally and the step's rule cards all on the
projector's screen, without scrolling, each card more than its title's row.

InTrappola's deck run out, step 2 revealed with the class's tally, in Italian at 1024 x 768: the
board (at 45% of the width) left 135 px under it, under RULES_UNDER_MIN (frame.js), so the
rule cards stayed beside the narration, cut to a row each and still ~130 px below the screen
(the page then scrolled, the class's code above it). The presenter's words at their smallest,
the board is now made smaller (never under its words nor its view switches' row) for the
rules to stand under it.

Trapper's steps with three rule cards, revealed with the class's tally (the green turn's step 2
in Italian, the colour swap's in Dutch, 1024 x 768): the tally, the book's move and a long
narration beside the board left the cards below the screen, the board at its words' 12 px. The
tally now stands under the board, where it leaves room, the cards beside the narration.

The lesson's end with "what the class missed" open in the class's bar (Trigger's doubles, its
last step a refused move, 1024 x 768): the narration ran below the screen, the refused move's
box kept at 24 px while the presenter's words stepped down; it steps down with them now."""
from __future__ import annotations

import pytest

from .test_class_end import WHERE, answer
from .test_class_walk import PROJECTOR, LAPTOP, PHONE, joined, new_page

pytestmark = pytest.mark.browser

#: the lesson's parts on the screen (once fitted): tops and bottoms, each card's cut, the page's
#: scroll
SEEN_JS = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  await frame(); await new Promise((done) => setTimeout(done, 400)); await frame(); await frame();
  const page = document.querySelector('.tp-page:not(.tp-first)');
  const at = (e) => { const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  const parts = { board: at(page.querySelector('.tp-board svg')), narration: at(page.querySelector('.tp-narration')),
                  tally: at(page.querySelector('.tk-tally')), code: at(page.querySelector('.tk-code')) };
  page.querySelectorAll('.tp-rule').forEach((card, i) => {
    parts[`rule ${i}`] = at(card.querySelector('.tp-rule-title'));
    const text = card.querySelector('.tp-rule-text');
    if (text) parts[`text ${i}`] = at(text);
    const reading = card.querySelector('.tp-reading summary');
    if (reading) parts[`reading ${i}`] = at(reading);
  });
  return { h: innerHeight, parts, presenting: page.classList.contains('tp-present'),
           cut: [...page.querySelectorAll('.tp-rule')].map((card) => card.getAttribute('data-clamp')) };
}"""


#: a Trapper step with three rule cards, its try revealed with the class's tally, per language
TRAPPER = {"it": ("trapper-green-turn.ipynb", 2), "nl": ("trapper-colour-swap.ipynb", 2)}


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_a_revealed_step_with_the_class_s_tally_keeps_its_rules_on_the_projector(browser, voila, lang):
    errors: list[str] = []
    pages = []
    try:
        teacher = new_page(browser, PROJECTOR, errors, "teacher")
        pages.append(teacher)
        teacher.goto(voila.render_url("intrappola-deck-runs-out.ipynb", f"lang={lang}&present=1&class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        pages.append(joined(browser, link, PHONE, errors, lang, f"{lang}-{lang.upper()}"))
        teacher.keyboard.press("Escape")
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        teacher.wait_for_selector(".tk-bar[data-following='1']")
        for _ in range(40):  # on to step 2's reveal, with the class's tally
            if teacher.locator(".tp-page:not(.tp-first)[data-step='2'] .tk-tally:not([hidden])").count():
                break
            teacher.keyboard.press("ArrowRight")
            teacher.wait_for_timeout(400)
        teacher.wait_for_selector(".tp-page:not(.tp-first)[data-step='2'] .tk-tally:not([hidden])")
        for size in (PROJECTOR, LAPTOP):
            teacher.set_viewport_size(size)
            seen = teacher.evaluate(SEEN_JS)
            assert seen["presenting"] and len(seen["parts"]) > 5, seen
            for part, (top, bottom) in seen["parts"].items():
                assert top >= 0 and bottom <= seen["h"] + 0.5, (lang, size, part, seen)
            assert "row" not in seen["cut"], (lang, size, seen)  # a card cut to its title's row
        # the same class on to a Trapper lesson: its step's try revealed, the tally with it
        lesson, step = TRAPPER[lang]
        teacher.set_viewport_size(PROJECTOR)
        teacher.goto(voila.render_url(lesson, f"lang={lang}&step={step}&present=1"))
        teacher.wait_for_selector(f".tp-page:not(.tp-first)[data-step='{step}'] .tp-task[data-phase=try]")
        teacher.wait_for_selector(".tk-bar[data-state=on]")
        done = f".tp-page:not(.tp-first)[data-step='{step}'] .tp-task[data-phase=done]"
        for _ in range(3):  # on to the book's move revealed, with the class's tally
            if teacher.locator(done).count():
                break
            teacher.keyboard.press("ArrowRight")
            teacher.wait_for_timeout(600)
        teacher.wait_for_selector(done, state="attached")
        teacher.wait_for_selector(".tk-tally:not([hidden])")
        seen = teacher.evaluate(SEEN_JS)
        assert seen["presenting"] and sum(part.startswith("rule") for part in seen["parts"]) >= 3, seen
        for part, (top, bottom) in seen["parts"].items():
            assert top >= 0 and bottom <= seen["h"] + 0.5, (lesson, lang, part, seen)
        # on to the end of Trigger's doubles, the class answering its question (step 7): what the
        # class missed opens in the bar, over the last step's refused move and narration
        teacher.goto(voila.render_url("trigger-doubles.ipynb", f"lang={lang}&step=6&present=1"))
        teacher.wait_for_selector(".tp-page:not(.tp-first)[data-step='6'] .tp-narration")
        teacher.wait_for_selector(".tk-bar[data-state=on]")
        student = pages[1]
        for _ in range(12):
            if teacher.evaluate("document.querySelector('.tp-page:not(.tp-first) .tp-next').disabled"):
                break
            position = student.evaluate(WHERE)
            teacher.keyboard.press("ArrowRight")
            student.wait_for_function(f"at => ({WHERE})() !== at", arg=position)
            answer(student)
        teacher.wait_for_selector(".tk-missed[open]:not([hidden]) .tk-missed-table tr[data-rule]")
        seen = teacher.evaluate(SEEN_JS)
        for part in ("narration", "code"):
            top, bottom = seen["parts"][part]
            assert top >= 0 and bottom <= seen["h"] + 0.5, ("the end", lang, part, seen)
        assert not errors, errors
    finally:
        for page in pages:
            page.context.close()
