"""The teacher's table of what the class missed (widgets/static/classroom.js, the kernel's
widgets/pages/lesson/teach.py) stayed in the language the class answered in after the teacher
picked another one on the lesson's menu, until the next answer was judged: it now switches with
the page, its counts kept. Words compared with the catalogs', not with English."""
from __future__ import annotations

import pytest

from tutor.core.i18n import using
from widgets.parts.texts import T

from .test_class_walk import LAPTOP, PHONE, joined, new_page

pytestmark = pytest.mark.browser

#: the table: its column heads, and each row's rule, counts and first cell's words
TABLE_JS = """() => {
  const table = document.querySelector('.tk-missed .tk-missed-table');
  if (!table) return null;
  return { heads: [...table.querySelectorAll('th')].map((th) => th.textContent.trim()),
           rows: [...table.querySelectorAll('tr[data-rule]')].map((row) => [row.dataset.rule,
             row.dataset.answered, row.dataset.right, row.dataset.refused, row.cells[0].textContent.trim()]) };
}"""


def test_what_the_class_missed_switches_language_with_the_teacher_s_page(browser, voila):
    errors: list[str] = []
    pages = []
    try:
        teacher = new_page(browser, LAPTOP, errors, "teacher")
        pages.append(teacher)
        teacher.goto(voila.render_url("trapper-green-turn.ipynb", "lang=en&class=new"))
        teacher.wait_for_selector(".tk-bar[data-state=on].tk-big")
        link = teacher.get_attribute(".tk-link", "href")
        teacher.keyboard.press("Escape")
        teacher.wait_for_selector(".tk-bar[data-state=on]:not(.tk-big)")
        ada = joined(browser, link, PHONE, errors, "nl", "nl-NL")
        pages.append(ada)
        teacher.wait_for_selector(".tk-bar[data-following='1']")
        for _ in range(2):
            teacher.click(".tp-next")
        ada.wait_for_selector(".tf-root[data-teacher-step='2'][data-phase=try]")
        ada.fill(".tp-typed", "groen: neem c4")  # refused: the water side faces the trapper
        ada.click(".tf-send")
        teacher.wait_for_selector(".tk-bar[data-judged='1'] .tk-missed:not([hidden]) tr[data-rule]", state="attached")
        for _ in range(6):  # the book's move revealed, and on: no answer is judged again
            if teacher.locator(".tp-page:not(.tp-first)[data-step='3']").count():
                break
            teacher.click(".tp-next")
            teacher.wait_for_timeout(300)
        ada.wait_for_selector(".tf-root[data-teacher-step='3']")
        before = teacher.evaluate(TABLE_JS)
        with using("en"):
            assert before["heads"][0] == T._("Rule")

        for lang in ("it", "nl"):
            teacher.select_option("select.tp-lang", lang)
            teacher.wait_for_function(
                "lang => document.documentElement.lang === lang"
                " && !document.querySelector('select.tp-lang').disabled", arg=lang)
            with using(lang):
                head = T._("Rule")
            teacher.wait_for_function(
                "head => { const th = document.querySelector('.tk-missed .tk-missed-table th');"
                " return !!th && th.textContent.trim() === head; }", arg=head, timeout=10_000)
            now = teacher.evaluate(TABLE_JS)
            assert [row[:4] for row in now["rows"]] == [row[:4] for row in before["rows"]], (lang, now)
            assert [row[4] for row in now["rows"]] != [row[4] for row in before["rows"]], (lang, now)
            assert teacher.locator(".tk-missed").is_visible()
        assert not errors, errors
    finally:
        for page in pages:
            page.context.close()
