"""The end of a lesson taught to a class, on a projector (1024 x 768), and a teacher on keys.

Walked (session 18): a teacher presenting with a class pressed Next to a lesson's end.

* "What the class missed" opened by itself in the class's bar, then the page scrolled to the
  next lesson's link at the foot of the story column: the bar and the class's code went above
  the screen (Canyon's trick, step 5: the code at -156 px in Italian; Trigger's doubles: -15
  px). The way on is now in the bar, under the table, the focus on it: the code, the table and
  the link on the screen together (the story column's own link gives way to it);
* the teacher picked a language on the lesson's menu (a native select: it keeps the focus once
  used, as a student on keys needs, test_class_walk.py), then pressed End: the projector went
  to Italian, the lesson stayed where it was. Home and End on the menu are now the lesson's
  first and last step (as a clicker's arrows and Page keys were); the arrow keys up and down
  still choose a language.

Checked by behaviour: positions on the screen, the focus, ``data-*``, the page's language.
"""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
WAIT = 30_000

#: where the class's code, the table and the next lesson's link with the focus are on the screen;
#: the links to the next lesson shown
AT_END = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  await frame(); await frame();
  const at = (s) => { const e = document.querySelector(s); if (!e || !e.offsetParent) return null;
                      const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const focus = document.activeElement;
  const links = [...document.querySelectorAll('.tp-page:not(.tp-first) .tp-next-lesson, .tp-page:not(.tp-first) .tk-onward')]
    .filter((a) => a.offsetParent).map((a) => a.getAttribute('href'));
  const box = focus.getBoundingClientRect();
  return {h: innerHeight, code: at('.tk-code'), table: at('.tk-missed-table'), onward: [box.top, box.bottom],
          links, focus: focus.getAttribute('href'), end: document.querySelector('.tk-bar').dataset.end}; }"""


#: where a student's page is: the teacher's step and its phase
WHERE = "() => { const r = document.querySelector('.tf-root'); return `${r.dataset.teacherStep}:${r.dataset.phase}`; }"


def answer(student) -> None:
    """The student answers what the class is asked: a try-it step's first listed move, a
    question's first choice (or 1)."""
    phase = student.get_attribute(".tf-root", "data-phase")
    if phase == "try":
        moves = student.eval_on_selector_all(".tf-task .tp-moves option", "o => o.map((x) => x.value)")
        student.select_option(".tf-task .tp-moves", moves[1])
        student.click(".tf-send")
    elif phase == "ask":
        choice = student.locator(".tf-choices .tp-answer-choice").first
        if choice.is_visible():
            choice.click()
        else:
            student.locator(".tf-task input:visible").first.fill("1")
            student.keyboard.press("Enter")
    else:
        return
    # (the relay's receipt: on a loaded machine, at the suite's busy start, it took over 30 s)
    student.wait_for_selector(".tf-task[data-answered=true]", timeout=90_000)


@pytest.mark.parametrize("lesson, lang", [("canyon-trick.ipynb", "it"), ("trigger-doubles.ipynb", "nl")])
def test_the_end_of_a_lesson_taught_keeps_the_code_the_table_and_the_way_on_on_the_projector(
        browser, voila, lesson, lang):
    errors: list[str] = []
    teacher = browser.new_context(viewport=PROJECTOR).new_page()
    student = browser.new_context(viewport=PHONE).new_page()
    try:
        for page, who in ((teacher, "teacher"), (student, "student")):
            page.set_default_timeout(WAIT)
            page.on("pageerror", lambda error, who=who: errors.append(f"{who}: {error}"))
        teacher.goto(voila.render_url(lesson, f"lang={lang}&class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        teacher.keyboard.press("Escape")  # the code closed, the focus on Next
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        student.goto(f"{link}?lang={lang}")
        student.click(".tf-join button")
        student.wait_for_selector(".tf-root[data-state=following]")
        teacher.wait_for_selector(".tk-bar[data-following='1']")
        following = teacher.get_attribute(".tp-page:not(.tp-first) .tp-after .tp-next-lesson", "href")
        # the teacher on keys, Next by Next to the end, the class answering what it is asked
        for _ in range(40):
            if teacher.evaluate("document.querySelector('.tp-page:not(.tp-first) .tp-next').disabled"):
                break
            assert teacher.evaluate("document.activeElement.matches('.tp-next')")
            position = student.evaluate(WHERE)
            teacher.keyboard.press("ArrowRight")  # a step or its next phase: the class follows
            student.wait_for_function(f"at => ({WHERE})() !== at", arg=position)
            answer(student)
        teacher.wait_for_selector(".tk-missed[open]:not([hidden]) .tk-missed-table tr[data-rule]")
        # the focus on the way on (Enter opens the next lesson)
        teacher.wait_for_function("() => document.activeElement.matches('.tk-onward')")
        teacher.wait_for_timeout(600)  # fitted and scrolled within a few frames
        seen = teacher.evaluate(AT_END)
        assert seen["focus"] == following, seen
        for part in ("code", "table", "onward"):
            assert seen[part] and seen[part][0] >= 0 and seen[part][1] <= seen["h"], (part, seen)
        assert seen["links"] == [following] and seen["end"] == "true", seen  # one way on, the lesson's
        assert not errors, errors
    finally:
        student.context.close()
        teacher.context.close()


def test_a_teacher_on_keys_picks_a_language_then_home_and_end_move_the_lesson(browser, voila):
    errors: list[str] = []
    page = browser.new_context(viewport=PROJECTOR).new_page()
    page.set_default_timeout(WAIT)
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(voila.render_url("trigger-doubles.ipynb", "lang=en&step=3"))
        page.wait_for_selector(".tp-page:not(.tp-first)[data-step='3'] select.tp-lang:not([disabled])")
        last = page.evaluate("document.querySelector('.tp-page:not(.tp-first) .tp-step-list').options.length - 1")
        for _ in range(12):  # Tab to the language menu
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('select.tp-lang')"):
                break
        on_menu = "() => document.activeElement && document.activeElement.matches('select.tp-lang')"
        assert page.evaluate(on_menu)
        page.keyboard.press("ArrowDown")  # another language, chosen by keys
        page.wait_for_function("() => document.documentElement.lang !== 'en'"
                               " && document.querySelector('.tp-page:not(.tp-first) select.tp-lang:not([disabled])')")
        page.wait_for_function(on_menu)  # the menu keeps the focus
        chosen = page.evaluate("document.documentElement.lang")
        for key, step in (("End", last), ("Home", 0)):
            page.keyboard.press(key)
            page.wait_for_selector(f".tp-page:not(.tp-first)[data-step='{step}']")
            page.wait_for_timeout(500)  # a language the key chose would be asked for by now
            assert page.evaluate("document.documentElement.lang") == chosen, key
            assert page.evaluate("new URLSearchParams(location.search).get('lang')") == chosen, key
        page.keyboard.press("ArrowUp")  # the arrow keys still choose a language
        page.wait_for_function("lang => document.documentElement.lang !== lang", arg=chosen)
        assert not errors, errors
    finally:
        page.context.close()
