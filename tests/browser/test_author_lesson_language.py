"""An author's own lesson written in English, read on the Dutch page (``yours.ipynb``): the page
says, in Dutch, that the lesson's own words are English, and marks them ``lang="en"`` (a screen
reader reads them as English); the rules, the board and the buttons stay Dutch. The course's
"Your lessons" says each lesson's language. On a phone the board and the narration are still
on the screen with the sentence.

Voila started as ``run.py app --lessons DIR`` starts it (``TUTOR_LESSONS``), Debian's Chromium.
"""
from __future__ import annotations

import pytest

from tutor.core.i18n import using
from widgets.pages.author.model import Draft
from widgets.pages.author.yours import WRITTEN_IN
from widgets.pages.lesson.view import WORDS_NOTES
from widgets.parts.texts import T

from .conftest import Tab
from .harness import VoilaServer
from .stepping import BOARD_SVG

pytestmark = pytest.mark.browser

NARRATION = "Blue passes: nothing else happens on the board."


@pytest.fixture(scope="module")
def lessons(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lessons")
    draft = Draft.new("trapper", seed=2, title="My English lesson")
    draft.play("pass")
    draft.write(1, title="A pass", narration=NARRATION)
    (folder / "trapper-mine-en.toml").write_text(draft.save(), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def server(lessons):
    with VoilaServer("notebooks", env={"TUTOR_LESSONS": str(lessons)}) as running:
        yield running


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_an_english_lesson_on_the_dutch_page_says_so_and_marks_its_words(browser, server, size):
    tab = Tab(browser)
    page = tab.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        page.goto(server.render_url("yours.ipynb", "lesson=trapper-mine-en&lang=nl&step=1"))
        page.wait_for_selector(BOARD_SVG, state="visible", timeout=90_000)
        note = page.locator(".tp-words-lang")
        assert note.get_attribute("data-words-lang") == "en"
        with using("nl"):
            assert note.inner_text() == T._(WORDS_NOTES["en"])
        root = ".tp-page:not(.tp-first)"
        assert page.get_attribute(root, "data-words-lang") == "en"
        assert page.evaluate("() => document.documentElement.lang") == "nl"
        assert page.get_attribute(f"{root} .tp-title", "lang") == "en"
        assert page.get_attribute(f"{root} .tp-step-title", "lang") == "en"
        narration = page.locator(f"{root} .tp-narration p").first
        assert narration.inner_text() == NARRATION and narration.get_attribute("lang") == "en"
        # the board and the narration are on the screen with the sentence
        height = size[1]
        for part in (BOARD_SVG, f"{root} .tp-narration p"):
            box = page.locator(part).first.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= height, part
        tab.assert_clean("an English lesson on the Dutch page")
    finally:
        tab.close()


def test_your_lessons_say_the_language_each_is_written_in(browser, server):
    tab = Tab(browser)
    page = tab.page
    try:
        page.goto(server.render_url("index.ipynb", "lang=it"))
        item = page.locator("#course-yours li[data-yours='trapper-mine-en']")
        item.wait_for(timeout=90_000)
        assert item.get_attribute("data-lang") == "en"
        assert item.locator(".tc-name").get_attribute("lang") == "en"
        with using("it"):
            assert T._(WRITTEN_IN["en"]) in item.inner_text()
    finally:
        tab.close()
