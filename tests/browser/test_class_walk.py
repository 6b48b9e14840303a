"""A live class walked as a teacher and students do it, in real browsers on the session's
server: a projector (1024x768), a phone in Dutch, a laptop in Italian, and a phone that joins
and closes its tab without answering. What each met and that was wrong:

* the teacher's "1 of 3 answered" counted the student who had closed his tab (beside "2
  following"): the bar now counts the students here (``data-asked``);
* a refused move, revealed on the student's page, said the lesson's "try again" though the
  class had moved on;
* on a phone, "Send" under a try-it step's move list, and then "your answer arrived", were
  behind the step bar at the foot of the screen;
* a student's own verdict came after the step's story: a phone showed it only after scrolling
  past the narration;
* "what the class missed" of the first lesson stayed open, with its rules, on the next lesson
  the class followed the teacher into;
* a student looking back at the first lesson when the class moved on saw the next lesson's
  title over the first lesson's board;
* the bar's note stayed in the language the class was started in after the teacher picked
  another one;
* a student's page said "you are following the teacher" (or "the teacher is choosing the next
  lesson") and offered "Look back" after the teacher ended the class; the teacher's bar still
  said "2 following" beside the dead code, and the lesson offered no new class.

Walked again (session 15), a projector, phones and a laptop:

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

Walked again (session 16):

* presenting with a class, a long narration (a revealed step's "the lesson plays this one
  because") pushed the rule cards, or the narration's own end, below the projector's screen:
  the presenter's words now step down a size at a time where they do not fit, and the bar's
  note and "what the class missed" keep to its rows;
* a student's phone named the step's rules cut ("Een…", "Een kaart ve…"): each name whole now;
* "what the class missed" showed "0 | 0" for the steps End went past, and left out the rule a
  student's refused move broke: those rows now say "not asked" (``data-asked``), and the
  refused move's rule is a row, with how many moves it refused;
* a student on keys used the language menu (End: the last language): the page came again in
  it without the menu's focus, so the next Home did nothing. The menu keeps the focus.

Checked by behaviour: the pages' ``data-*``, what is visible, and words compared with the
catalogs' (not with English).
"""
from __future__ import annotations

import json

import pytest

from tutor.core.i18n import using
from widgets.parts.words import class_texts

pytestmark = pytest.mark.browser

LESSON = "trapper-green-turn.ipynb"
PROJECTOR = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
WAIT = 30_000


def new_page(browser, viewport, errors, who, locale="en-US"):
    page = browser.new_context(viewport=viewport, locale=locale).new_page()
    page.set_default_timeout(WAIT)
    page.on("pageerror", lambda error: errors.append(f"{who}: {error}"))
    return page


def joined(browser, link, viewport, errors, lang, locale):
    page = new_page(browser, viewport, errors, lang, locale)
    page.goto(f"{link}?lang={lang}")
    page.click(".tf-join button")
    page.wait_for_selector(".tf-root[data-state=following]")
    return page


def test_a_class_walked_counts_true_words_follow_and_ends_cleanly(browser, voila):
    errors: list[str] = []
    pages = []
    try:
        teacher = new_page(browser, PROJECTOR, errors, "teacher")
        pages.append(teacher)
        teacher.goto(voila.render_url(LESSON, "class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        code = teacher.get_attribute(".tk-bar", "data-code")
        teacher.click(".tk-large")
        daan = joined(browser, link, PHONE, errors, "nl", "nl-NL")
        giulia = joined(browser, link, LAPTOP, errors, "it", "it-IT")
        xavi = joined(browser, link, PHONE, errors, "en", "en-US")
        pages += [daan, giulia]
        teacher.wait_for_selector(".tk-bar[data-following='3']")
        # a phone's line naming the step's rules below the fold: each name whole (one line cut
        # them to "Een…", "Een kaart ve…"), in Dutch and in English
        for phone in (daan, xavi):
            phone.wait_for_selector(".tf-root[data-step='0'] .tp-rule-links:not([hidden]) .tp-reading-link")
            names = phone.eval_on_selector_all(
                ".tp-rule-links .tp-reading-link",
                "links => links.map((b) => [b.scrollWidth - b.clientWidth, b.getBoundingClientRect().right])")
            assert len(names) >= 2 and all(over <= 1 and right <= 390 for over, right in names), names
        # a student on keys: End, then Home, on the language menu (the page comes again in the
        # language chosen: the menu lost the focus, and the next key did nothing)
        xavi.focus("select.tp-lang")
        for key, lang in (("End", "it"), ("Home", "en")):
            xavi.keyboard.press(key)
            xavi.wait_for_function(
                "lang => document.documentElement.lang === lang && document.activeElement"
                " && document.activeElement.matches('select.tp-lang')"
                " && document.querySelector('.tf-root').dataset.state === 'following'", arg=lang)
        xavi.context.close()  # he closes his phone's tab, never to answer
        teacher.wait_for_selector(".tk-bar[data-following='2']")

        for _ in range(2):
            teacher.click(".tp-next")
        for student in (daan, giulia):
            student.wait_for_selector(".tf-root[data-teacher-step='2'][data-phase=try]")
        # on the phone, the move list and "Send" are seen with the board and the prompt,
        # above the step bar at the foot of the screen
        daan.wait_for_timeout(300)
        seen = daan.evaluate("""() => {
            const box = (s) => document.querySelector(s).getBoundingClientRect();
            return { moves: box('.tf-task .tp-moves').top, send: box('.tf-send').bottom,
                     fold: box('.tp-controls').top, board: box('.tp-board').top };
        }""")
        assert 0 <= seen["board"] and seen["moves"] < seen["send"] <= seen["fold"], seen
        giulia.fill(".tp-typed", "verde: prendi c4")  # refused: the water side faces the trapper
        giulia.click(".tf-send")
        teacher.wait_for_selector(".tk-bar[data-answered='1'][data-judged='1']")
        # one of the two students here answered, not one of three
        assert teacher.get_attribute(".tk-bar", "data-asked") == "2"
        daan.fill(".tp-typed", "groen: neem d3")  # the book's move
        daan.click(".tf-send")
        teacher.wait_for_selector(".tk-bar[data-answered='2'][data-judged='2']")
        daan.wait_for_selector(".tf-task[data-answered=true] .tf-sent")
        daan.wait_for_timeout(300)
        seen = daan.evaluate("""() => ({ sent: document.querySelector('.tf-sent').getBoundingClientRect().bottom,
                                          fold: document.querySelector('.tp-controls').getBoundingClientRect().top })""")
        assert seen["sent"] <= seen["fold"], seen  # he sees his answer arrived

        teacher.click(".tp-next")  # the book's move revealed
        verdict = giulia.locator(".tf-verdicts [data-verdict=illegal]")
        verdict.wait_for()
        assert verdict.get_attribute("data-rule") == "trapper.take.water"
        assert not giulia.locator(".tf-verdicts .tp-refusal-note").is_visible()  # no "try again"
        # on the phone, the verdict is seen with the board, above the fold and the step bar:
        # under the step's title, not after the story
        daan.locator(".tf-verdicts [data-verdict=book]").wait_for()
        daan.evaluate("window.scrollTo(0, 0)")
        seen = daan.evaluate("""() => {
            const box = (s) => document.querySelector(s).getBoundingClientRect();
            return { verdict: box('.tf-verdicts').bottom, story: box('.tp-narration').top,
                     fold: box('.tp-controls').top };
        }""")
        assert seen["verdict"] <= seen["story"] and seen["verdict"] <= seen["fold"], seen

        # the lesson's end: what the class missed opens; the next lesson starts without it
        teacher.keyboard.press("End")
        teacher.wait_for_selector(".tk-missed[open]:not([hidden]) .tk-missed-table tr[data-rule]")
        # its rows: the rule Giulia's move broke (no step asks about it), how many moves it
        # refused; the rules of the steps End went past "not asked", not "0 | 0"
        rows = {row[0]: row[1:] for row in teacher.eval_on_selector_all(
            ".tk-missed-table tr[data-rule]",
            "rows => rows.map((r) => [r.dataset.rule, r.dataset.asked, r.dataset.steps, r.dataset.refused,"
            " !!r.querySelector('.tk-not-asked').offsetParent])")}
        assert rows["trapper.take.water"] == ["false", "", "1", True], rows
        assert rows["trapper.take"][0] == "true" and rows["trapper.take"][3] is False, rows
        skipped = [rule for rule, (asked, steps, _, said) in rows.items() if steps == "5:try"]
        assert skipped and all(rows[rule][0] == "false" and rows[rule][3] for rule in skipped), rows
        giulia.wait_for_selector(".tf-root[data-teacher-step='7']")
        first_title = giulia.text_content(".tp-title")
        giulia.click(".tf-step-away")  # she looks back at the first lesson...
        giulia.click(".tf-prev")
        giulia.wait_for_selector(".tf-root[data-state=away]:not([data-step='7'])")
        looked = giulia.get_attribute(".tf-root", "data-step")  # the step seen before (End jumped)
        teacher.click(".tk-onward:visible, .tp-next-lesson:visible")  # (the class bar's at the end)
        teacher.wait_for_selector(".tk-bar[data-state=on][data-lesson='trapper/colour-swap']")
        daan.wait_for_selector(".tf-root[data-state=following][data-lesson='2']")
        assert teacher.locator(".tk-missed").is_hidden()
        assert teacher.locator(".tk-missed-table tr[data-rule]").count() == 0
        # ... while the class moved on: her page names the lesson she looks at, not the next
        giulia.wait_for_selector(".tf-root[data-state=away][data-lesson='2']")
        assert giulia.get_attribute(".tf-root", "data-step") == looked
        assert giulia.text_content(".tp-title") == first_title
        giulia.click(".tf-back-to-class")
        giulia.wait_for_selector(".tf-root[data-state=following][data-lesson='2'][data-step='0']")
        assert giulia.text_content(".tp-title") not in ("", first_title)

        # the teacher reads Dutch now: the whole bar does, its note too
        with using("nl"):
            dutch = class_texts()
        teacher.select_option("select.tp-lang", "nl")
        teacher.wait_for_function("label => document.querySelector('.tk-bar .tk-label').textContent === label",
                                  arg=dutch["class_code"])
        note = teacher.locator(".tk-note")
        assert note.is_visible()  # the link is this computer's own (127.0.0.1)
        assert note.text_content() == dutch["class_loopback"]

        # the teacher ends the class: nothing on a student's page says it goes on
        teacher.click(".tk-end")
        teacher.click(".tk-end")
        for student in (daan, giulia):
            student.wait_for_selector(".tf-root[data-state=ended]")
            assert student.text_content(".tf-status") == ""
            assert student.locator(".tf-step-away").is_hidden() and student.locator(".tp-controls").is_hidden()
            texts = json.loads(student.locator("#tutor-follow").text_content())["texts"]
            assert student.text_content(".tp-message") == texts["ended"]
        # nor on the teacher's: no "2 following", no code to join by; the lesson may start
        # another class
        teacher.wait_for_selector(".tk-bar[data-state=ended]")
        for part in (".tk-following", ".tk-code", ".tk-qr"):
            assert teacher.locator(part).is_hidden(), part
        assert teacher.text_content(".tk-note") == dutch["class_ended"]
        teacher.click(".tk-teach")
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        assert teacher.get_attribute(".tk-bar", "data-code") != code
        assert teacher.locator(".tk-code").is_visible() and teacher.locator(".tk-following").is_visible()
        assert not errors, errors
    finally:
        for page in pages:
            page.context.close()


def test_the_clicker_closes_the_large_code_before_it_moves_the_class(browser, voila):
    """A walk: a teacher presenting shows the code large for the class to scan, then presses
    the clicker. → moved the class a step behind the code (the teacher saw nothing of it) and
    Escape left presenter mode under it; now either closes the code, and the next press moves."""
    errors: list[str] = []
    pages = []
    try:
        teacher = new_page(browser, PROJECTOR, errors, "teacher")
        pages.append(teacher)
        teacher.goto(voila.render_url(LESSON, "present=1&class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        ada = joined(browser, link, PHONE, errors, "nl", "nl-NL")
        pages.append(ada)
        teacher.wait_for_selector(".tk-bar[data-following='1']")

        teacher.keyboard.press("ArrowRight")
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        teacher.wait_for_timeout(500)  # what the press would have sent
        assert ada.get_attribute(".tf-root", "data-teacher-step") == "0"
        assert "step=1" not in teacher.url

        teacher.click(".tk-large")  # the code large again, for a latecomer
        teacher.wait_for_selector(".tk-bar.tk-big")
        teacher.keyboard.press("Escape")
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        assert "present=1" in teacher.url and teacher.locator(".tp-present").count() == 1

        teacher.keyboard.press("ArrowRight")  # the code closed: the clicker moves the class
        ada.wait_for_selector(".tf-root[data-state=following][data-teacher-step='1']")
        assert not errors, errors
    finally:
        for page in pages:
            page.context.close()


def test_presenting_a_revealed_answer_with_the_class_s_tally_keeps_the_rule_in_view(browser, voila):
    """A projector (1024x768) in presenter mode, a class on: Trigger's doubles question revealed.
    The class's tally and the presenter's large narration pushed the step's rule card below
    the screen; it now stands in the room under the board, its reading with it."""
    errors: list[str] = []
    teacher = new_page(browser, PROJECTOR, errors, "teacher")
    try:
        teacher.goto(voila.render_url("trigger-doubles.ipynb", "present=1&class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        teacher.click(".tk-large")
        teacher.keyboard.press("ArrowRight")  # step 1 asks
        teacher.wait_for_selector(".tp-page:not(.tp-first)[data-step='1'] .tp-ask-box:not([hidden])")
        teacher.keyboard.press("ArrowRight")  # the reveal, with the class's answers
        teacher.wait_for_selector(".tk-tally:not([hidden])")
        teacher.wait_for_timeout(800)  # fitted within a few frames
        seen = teacher.evaluate("""() => {
          const page = document.querySelector('.tp-page:not(.tp-first)');
          const at = (s) => { const e = page.querySelector(s); const r = e.getBoundingClientRect();
                              return [r.top, r.bottom]; };
          return {h: innerHeight, rule: at('.tp-rule-title'), reading: at('.tp-reading summary'),
                  board: at('.tp-board svg'), tally: at('.tk-tally'), presenting: page.classList.contains('tp-present')}; }""")
        assert seen["presenting"], seen
        for part in ("rule", "reading", "board", "tally"):
            assert seen[part][0] >= 0 and seen[part][1] <= seen["h"], (part, seen)
        assert not errors, errors
    finally:
        teacher.context.close()


def test_a_teacher_s_reload_at_a_revealed_answer_does_not_ask_the_class_again(browser, voila):
    """The teacher reveals the class's answers, then reloads the page (a projector's laptop):
    the lesson came back asking at that step, and the class was asked again, its answers and
    tally gone. The page now goes on to where the class is: the answer revealed."""
    errors: list[str] = []
    teacher = new_page(browser, PROJECTOR, errors, "teacher")
    student = None
    try:
        teacher.goto(voila.render_url("trigger-doubles.ipynb", "class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        teacher.click(".tk-large")
        student = joined(browser, link, PHONE, errors, "en", "en-US")
        teacher.wait_for_selector(".tk-bar[data-following='1']")
        teacher.keyboard.press("ArrowRight")  # step 1 asks: how many points may Anna turn?
        teacher.wait_for_selector(".tp-page:not(.tp-first)[data-step='1'] .tp-ask-box:not([hidden])")
        student.wait_for_selector(".tf-root[data-step='1'][data-phase=ask]")
        teacher.keyboard.press("ArrowRight")  # revealed
        student.wait_for_selector(".tf-root[data-step='1'][data-phase=revealed]")
        teacher.reload()
        teacher.wait_for_selector(".tk-bar[data-state=on]")
        teacher.wait_for_selector(".tp-page:not(.tp-first)[data-step='1'] .tp-task[data-phase=done]",
                                  state="attached")
        teacher.wait_for_timeout(1500)  # a 'go' asking again would have reached the class by now
        assert student.get_attribute(".tf-root", "data-phase") == "revealed"
        assert teacher.locator(".tp-page:not(.tp-first) .tp-ask-box:not([hidden])").count() == 0
        assert not errors, errors
    finally:
        if student is not None:
            student.context.close()
        teacher.context.close()


# ---- walked again (session 15) ----------------------------------------------------------------
SEEN = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  return { y: window.scrollY, board: box('.tp-board').top, fold: box('.tp-controls').top,
           verdicts: box('.tf-verdicts').bottom, state: document.querySelector('.tf-root').dataset.state };
}"""


def teaching(browser, voila, errors, pages, query):
    """The teacher's projector with a class started (``query``), its large code closed by
    Escape (the keys move the class): the page and the class's link."""
    teacher = new_page(browser, PROJECTOR, errors, "teacher")
    pages.append(teacher)
    teacher.goto(voila.render_url(LESSON, query))
    teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
    link = teacher.get_attribute(".tk-link", "href")
    teacher.keyboard.press("Escape")
    teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
    return teacher, link


def test_a_phone_that_sent_its_move_sees_the_next_step_from_its_board(browser, voila):
    errors: list[str] = []
    pages = []
    try:
        teacher, link = teaching(browser, voila, errors, pages, "class=new")
        daan = joined(browser, link, PHONE, errors, "nl", "nl-NL")
        pages.append(daan)
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
        teacher, link = teaching(browser, voila, errors, pages, "class=new")
        giulia = joined(browser, link, PHONE, errors, "it", "it-IT")
        pages.append(giulia)
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
        teacher, link = teaching(browser, voila, errors, pages, "present=1&class=new")
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
        ada = joined(browser, link, PHONE, errors, "nl", "nl-NL")
        pages.append(ada)
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


# ---- walked again (session 16) ----------------------------------------------------------------
#: the lesson's parts on the screen, once fitted: their tops and bottoms, and how each card is cut
IN_VIEW = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const idle = () => new Promise((done) => (window.requestIdleCallback || setTimeout)(() => done(), {timeout: 300}));
  await frame(); await idle(); await frame(); await frame();
  const page = document.querySelector('.tp-page:not(.tp-first)');
  const at = (e) => { const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  const parts = {board: at(page.querySelector('.tp-board svg')), narration: at(page.querySelector('.tp-narration'))};
  page.querySelectorAll('.tp-rule').forEach((card, i) => {
    parts[`rule ${i}`] = at(card.querySelector('.tp-rule-title'));
    const reading = card.querySelector('.tp-reading summary');
    if (reading) parts[`reading ${i}`] = at(reading);
  });
  return {h: innerHeight, parts, presenting: page.classList.contains('tp-present'),
          cut: [...page.querySelectorAll('.tp-rule')].map((card) => card.getAttribute('data-clamp'))};
}"""


def test_presenting_a_long_narration_with_a_class_keeps_its_rules_on_the_projector(browser, voila):
    """A walk: presenting with a class on, at a step whose narration is long (Trapper's tactical
    auction's last step, its "the lesson plays this one because"; Trigger's solo malus), the
    class's bar over the lesson and the presenter's 30 px words pushed the rule cards (1024 x
    768), or the narration's own end (1280 x 800 too), below the screen. Board, narration and
    every rule card with its reading are now on the screen together: the presenter's words a
    size smaller at a time where they do not fit, and the bar's note and "what the class missed"
    kept to its rows."""
    errors: list[str] = []
    teacher = new_page(browser, PROJECTOR, errors, "teacher")
    try:
        teacher.goto(voila.render_url("trapper-tactical-auction.ipynb", "step=22&present=1&class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        teacher.keyboard.press("Escape")
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        for lesson, step in (("trapper-tactical-auction.ipynb", 22), ("trigger-solo-malus.ipynb", 10)):
            if lesson != "trapper-tactical-auction.ipynb":  # the same class follows the next lesson
                teacher.goto(voila.render_url(lesson, f"step={step}&present=1"))
                teacher.wait_for_selector(".tk-bar[data-state=on]")
            teacher.wait_for_selector(f".tp-page:not(.tp-first)[data-step='{step}'] .tp-narration")
            for size in (PROJECTOR, LAPTOP):
                teacher.set_viewport_size(size)
                seen = teacher.evaluate(IN_VIEW)
                assert seen["presenting"] and len(seen["parts"]) > 2, seen
                for part, (top, bottom) in seen["parts"].items():
                    assert top >= 0 and bottom <= seen["h"] + 0.5, (lesson, size, part, seen)
                assert "row" not in seen["cut"], (lesson, size, seen)  # a card cut to its title
        assert not errors, errors
    finally:
        teacher.context.close()


# ---- walked again (session 17) ----------------------------------------------------------------
def test_the_code_large_is_a_modal_the_focus_stays_in_it_and_comes_back_to_next(browser, voila):
    """A teacher on keys with the class's code large (the whole screen): Tab went on to the
    lesson's controls behind it (Next, the step list, the language menu), unseen, and a key
    there moved the lesson under the code. The code large is now a dialog: the page behind it
    inert, Tab and Shift+Tab go round its own controls, Escape closes it, the focus on Next."""
    errors: list[str] = []
    teacher = new_page(browser, PROJECTOR, errors, "teacher")
    try:
        teacher.goto(voila.render_url(LESSON, "class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        assert teacher.get_attribute(".tk-bar", "aria-modal") == "true"
        inside = "() => !!document.activeElement && !!document.activeElement.closest('.tk-bar.tk-big')"
        for key in ["Tab"] * 8 + ["Shift+Tab"] * 8:
            teacher.keyboard.press(key)
            assert teacher.evaluate(inside), (key, teacher.evaluate("document.activeElement.outerHTML.slice(0, 120)"))
        # the controls behind cannot take the focus
        assert teacher.evaluate("() => { const n = document.querySelector('.tp-page .tp-next');"
                                " n.focus(); return n.closest('[inert]') !== null; }")
        assert teacher.evaluate(inside)
        teacher.keyboard.press("Escape")
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        assert teacher.evaluate("() => document.activeElement.matches('.tp-next')"
                                " && !document.querySelector('[inert]')"
                                " && !document.querySelector('.tk-bar').hasAttribute('aria-modal')")
        teacher.keyboard.press("Tab")  # the page's controls are back
        assert not teacher.evaluate(inside)
        assert not errors, errors
    finally:
        teacher.context.close()
