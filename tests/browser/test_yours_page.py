"""``yours.ipynb`` ("Your lessons") on the live app, walked by keys: with no lesson to show it said
"This walkthrough cannot be shown: there is no such lesson in the lessons folder", also to
someone who had written none on a server with no lessons folder. It now says what there is
and how to make a lesson, in the reader's language, and its links go there: "Write a lesson",
the folder's lessons.

Voila as ``run.py app`` starts it (the session's server: no lessons folder), and as ``run.py
app --lessons DIR`` starts it (``TUTOR_LESSONS``) with one lesson in the folder.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .harness import VoilaServer
from .stepping import BOARD_SVG

pytestmark = pytest.mark.browser

LESSON = Path(__file__).resolve().parent / "fixtures" / "trapper-try.toml"
PAGE = ".tutor-app .tc-yours-page"


@pytest.fixture(scope="module")
def with_lessons(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lessons")
    shutil.copy(LESSON, folder / "green-try.toml")
    with VoilaServer("notebooks", env={"TUTOR_LESSONS": str(folder)}) as running:
        yield running


def tab_to(page, selector: str, most: int = 20) -> None:
    """Tab until the control ``selector`` names has the focus."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_no_lessons_of_your_own_yet_says_how_to_write_one_and_goes_there(tab, voila, lang):
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(voila.render_url("yours.ipynb", f"lang={lang}"))
    page.wait_for_selector(PAGE, state="visible", timeout=90_000)
    assert page.get_attribute(PAGE, "data-yours") == "none"
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator(f"{PAGE} .tc-yours-said").inner_text().strip()
    assert page.locator(f"{PAGE} code").inner_text().startswith("python3 run.py app --lessons ")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, "the page is wider than the phone"
    tab.assert_clean("your lessons, none yet")
    tab_to(page, f"{PAGE} .tc-author a")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/voila/render/author.ipynb?lang={lang}", timeout=30_000)
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)


def test_a_wrong_lesson_name_lists_the_folders_lessons_and_opens_one(tab, with_lessons):
    page = tab.page
    page.goto(with_lessons.render_url("yours.ipynb", "lang=nl&lesson=grean-try"))
    page.wait_for_selector(PAGE, state="visible", timeout=90_000)
    assert page.get_attribute(PAGE, "data-yours") == "missing"
    assert "grean-try" in page.locator(f"{PAGE} .tc-yours-said").inner_text()
    tab.assert_clean("a wrong lesson name")
    tab_to(page, f"{PAGE} a.tc-lesson")
    page.keyboard.press("Enter")
    page.wait_for_url("**/voila/render/yours.ipynb?lesson=green-try&lang=nl", timeout=30_000)
    page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
