"""A live class walked on a projector, phones and a laptop (session 15): a teacher keys through
the green trapper turn, a Dutch phone and an Italian laptop answer, a phone joins late.

What a student met and that was wrong:

* a phone that sent its move (the page scrolled down to show "your answer arrived") stayed
  scrolled when the teacher revealed and moved on: the next step came with its board's top
  rows above the screen. Another step now starts at the top; a reveal shows the student's
  verdict above the step bar;
* the teacher picked Dutch on the lesson's menu while the class answered the step's question
  (its moves revealed): the lesson, drawn again in Dutch, opened the step from its start and
  asked the class for the move again, the answers and the tally of the moves gone. It now goes
  on to where the class is, as after a reload;
* presenting on a projector (1024x768) with a class on, the class bar (code, link, QR code,
  counts and buttons over two to four rows) pushed the step's rule cards below the screen at a
  try-it step, and put the names of who joined ("only you see the names") on the projector. In
  presenter mode the bar is now one row;
* a teacher on keys closed the large code (Escape or "Start teaching") and pressed Space, a
  presenter's "next": the focus had stayed on "Show the code large", which Space pressed - the
  code filled the screen again and the class did not move (at the lesson's end, Enter did the
  same instead of opening the next lesson). The focus now goes to the lesson's Next.

Checked by behaviour: where the page is scrolled, boxes on screen, ``data-*``.
"""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

LESSON = "trapper-green-turn.ipynb"
PROJECTOR = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
WAIT = 30_000

SEEN = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  return { y: window.scrollY, board: box('.tp-board').top, fold: box('.tp-controls').top,
           verdicts: box('.tf-verdicts').bottom, state: document.querySelector('.tf-root').dataset.state };
}"""


def new_page(browser, viewport, errors, who, locale="en-US"):
    page = browser.new_context(viewport=viewport, locale=locale).new_page()
    page.set_default_timeout(WAIT)
    page.on("pageerror", lambda error: errors.append(f"{who}: {error}"))
    return page


def test_a_phone_that_sent_its_move_sees_the_next_step_from_its_board(browser, voila):
    errors: list[str] = []
    pages = []
    try:
        teacher = new_page(browser, PROJECTOR, errors, "teacher")
        pages.append(teacher)
        teacher.goto(voila.render_url(LESSON, "class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        teacher.keyboard.press("Escape")  # the code closed: the keys move the class
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        daan = new_page(browser, PHONE, errors, "daan", "nl-NL")
        pages.append(daan)
        daan.goto(f"{link}?lang=nl")
        daan.click(".tf-join button")
        daan.wait_for_selector(".tf-root[data-state=following]")
        teacher.wait_for_selector(".tk-bar[data-following='1']")

        teacher.keyboard.press("ArrowRight")
        teacher.keyboard.press("ArrowRight")  # step 2: the class tries the move
        daan.wait_for_selector(".tf-root[data-teacher-step='2'][data-phase=try]")
        daan.fill(".tp-typed", "groen: neem d3")
        daan.click(".tf-send")
        daan.wait_for_selector(".tf-task[data-answered=true] .tf-sent")
        teacher.wait_for_selector(".tk-bar[data-answered='1'][data-judged='1']")
        daan.wait_for_timeout(300)
        assert daan.evaluate("window.scrollY") > 0  # scrolled to "your answer arrived"

        teacher.keyboard.press("ArrowRight")  # the book's move revealed (then the step's question)
        daan.wait_for_selector(".tf-root[data-phase=ask]")
        teacher.keyboard.press("ArrowRight")  # the question revealed, unanswered
        daan.wait_for_selector(".tf-root[data-phase=revealed]")
        daan.locator(".tf-verdicts [data-verdict=book]").wait_for()
        daan.wait_for_timeout(500)
        seen = daan.evaluate(SEEN)
        assert 0 < seen["verdicts"] <= seen["fold"], seen  # his verdict, above the step bar

        teacher.keyboard.press("ArrowRight")  # the next step: its board seen whole
        daan.wait_for_selector(".tf-root[data-teacher-step='3'][data-phase=show]")
        daan.wait_for_timeout(500)
        seen = daan.evaluate(SEEN)
        assert seen["y"] == 0 and seen["board"] >= 0, seen
        assert not errors, errors
    finally:
        for page in pages:
            page.context.close()


def test_the_teacher_picking_another_language_does_not_ask_the_class_again(browser, voila):
    errors: list[str] = []
    pages = []
    try:
        teacher = new_page(browser, PROJECTOR, errors, "teacher")
        pages.append(teacher)
        teacher.goto(voila.render_url(LESSON, "class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        teacher.keyboard.press("Escape")
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        giulia = new_page(browser, PHONE, errors, "giulia", "it-IT")
        pages.append(giulia)
        giulia.goto(f"{link}?lang=it")
        giulia.click(".tf-join button")
        giulia.wait_for_selector(".tf-root[data-state=following]")
        teacher.keyboard.press("ArrowRight")
        teacher.keyboard.press("ArrowRight")  # step 2: the class tries the move
        giulia.wait_for_selector(".tf-root[data-teacher-step='2'][data-phase=try]")
        giulia.fill(".tp-typed", "verde: prendi d3")
        giulia.click(".tf-send")
        teacher.wait_for_selector(".tk-bar[data-answered='1'][data-judged='1']")
        teacher.keyboard.press("ArrowRight")  # the moves revealed, the step's question asked
        giulia.wait_for_selector(".tf-root[data-phase=ask]")
        teacher.wait_for_selector(".tk-tally:not([hidden]) .tt-bar[data-group=book]")
        poll = teacher.get_attribute(".tk-bar", "data-poll")

        teacher.select_option("select.tp-lang", "nl")
        teacher.wait_for_selector("html[lang=nl] .tp-page:not(.tp-first) .tp-ask-box:not([hidden])")
        teacher.wait_for_timeout(1500)  # a 'go' asking again would have reached the class by now
        assert giulia.get_attribute(".tf-root", "data-phase") == "ask"
        assert teacher.get_attribute(".tk-bar", "data-poll") == poll
        assert teacher.locator(".tk-tally .tt-bar[data-group=book]").is_visible()
        assert teacher.locator(".tp-page:not(.tp-first) .tp-try-box:not([hidden])").count() == 0
        assert not errors, errors
    finally:
        for page in pages:
            page.context.close()


def test_presenting_with_a_class_keeps_the_step_s_rules_on_the_projector(browser, voila):
    errors: list[str] = []
    pages = []
    try:
        teacher = new_page(browser, PROJECTOR, errors, "teacher")
        pages.append(teacher)
        teacher.goto(voila.render_url(LESSON, "present=1&class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        teacher.keyboard.press("Escape")
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        ada = new_page(browser, PHONE, errors, "ada", "nl-NL")
        pages.append(ada)
        ada.goto(f"{link}?lang=nl")
        ada.fill(".tf-join input[name=name]", "Ada")
        ada.click(".tf-join button")
        ada.wait_for_selector(".tf-root[data-state=following]")
        teacher.wait_for_selector(".tk-bar[data-following='1']")
        teacher.keyboard.press("ArrowRight")
        teacher.keyboard.press("ArrowRight")  # step 2: the class is asked for the move
        teacher.wait_for_selector(".tp-page:not(.tp-first)[data-step='2'] .tp-try-box:not([hidden])")
        ada.wait_for_selector(".tf-root[data-phase=try]")
        ada.fill(".tp-typed", "groen: neem d3")
        ada.click(".tf-send")
        teacher.wait_for_selector(".tk-bar[data-judged='1'] .tk-missed:not([hidden])")  # its line too
        teacher.wait_for_timeout(800)  # fitted within a few frames
        seen = teacher.evaluate("""() => {
          const page = document.querySelector('.tp-page:not(.tp-first)');
          const at = (s) => { const r = page.querySelector(s).getBoundingClientRect(); return [r.top, r.bottom]; };
          return {h: innerHeight, presenting: page.classList.contains('tp-present'), board: at('.tp-board svg'),
                  rule: at('.tp-rule-title'), code: at('.tk-code'),
                  names: page.querySelector('.tk-names').getBoundingClientRect().height}; }""")
        assert seen["presenting"], seen
        for part in ("board", "rule", "code"):
            assert seen[part][0] >= 0 and seen[part][1] <= seen["h"], (part, seen)
        assert seen["names"] == 0, seen  # not on the projector
        assert not errors, errors
    finally:
        for page in pages:
            page.context.close()


def test_a_teacher_on_keys_goes_on_with_space_once_the_code_is_closed(browser, voila):
    errors: list[str] = []
    pages = []
    try:
        teacher = new_page(browser, PROJECTOR, errors, "teacher")
        pages.append(teacher)
        teacher.goto(voila.render_url(LESSON, "present=1&class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        ada = new_page(browser, PHONE, errors, "ada", "nl-NL")
        pages.append(ada)
        ada.goto(f"{link}?lang=nl")
        ada.click(".tf-join button")
        ada.wait_for_selector(".tf-root[data-state=following]")
        teacher.keyboard.press("Escape")  # the code closed
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        teacher.keyboard.press(" ")
        ada.wait_for_selector(".tf-root[data-teacher-step='1']")
        assert teacher.locator(".tk-bar.tk-big").count() == 0
        teacher.click(".tk-large")  # the code large again, for a latecomer, then "Start teaching"
        teacher.wait_for_selector(".tk-bar.tk-big")
        teacher.keyboard.press("Enter")
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        teacher.keyboard.press(" ")
        ada.wait_for_selector(".tf-root[data-teacher-step='2']")
        assert teacher.locator(".tk-bar.tk-big").count() == 0
        assert not errors, errors
    finally:
        for page in pages:
            page.context.close()
