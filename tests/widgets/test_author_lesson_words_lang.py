"""An author's own lesson keeps the words its author wrote, in the language its file records
(``lang``; none: English). Read on a page of another language, the learner was not told that
the narration is in another language, and screen readers read it as the page's language.
The page now says it (``words_lang``, ``words_note`` in the page's language), and the course
page's "Your lessons" says each lesson's language."""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import set_language, using
from tutor.core.walkthrough import by_id, replay

from widgets.app import yours_view
from widgets.games import drawer_for
from widgets.pages.author.model import Draft
from widgets.pages.author.view import LESSONS_ENV, AuthorPage
from widgets.pages.author.yours import yours_html
from widgets.pages.lesson.view import WORDS_NOTES, LessonPage
from widgets.parts.texts import T
from widgets.serving.params import parse_request


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    yield tmp_path
    set_language("en")


def write_lesson(folder, name: str, lang: str) -> None:
    """A one-move Trapper lesson written on a page in ``lang``."""
    with using(lang):
        draft = Draft.new("trapper", seed=2, title=f"Mine {lang}")
        draft.lang = lang
        draft.play("pass")
        draft.write(1, narration=f"Words in {lang}.")
        (folder / f"{name}.toml").write_text(draft.save(), encoding="utf-8")


@pytest.mark.parametrize("page_lang", ["nl", "it"])
def test_an_english_lesson_on_another_page_says_its_words_are_english(folder, page_lang):
    write_lesson(folder, "mine-en", "en")
    page = yours_view(parse_request(f"lesson=mine-en&lang={page_lang}"))
    assert isinstance(page, LessonPage)
    assert page.lang == page_lang
    assert page.words_lang == "en"
    with using(page_lang):
        assert page.words_note == T._(WORDS_NOTES["en"])
        assert page.words_note != WORDS_NOTES["en"], "said in the page's language"
    # the lesson's words are as written; what the page writes itself is in its language
    assert "Words in en." in page.initial["1"]["narration"]


def test_a_dutch_lesson_on_an_english_or_italian_page_says_so_and_not_on_a_dutch_one(folder):
    write_lesson(folder, "mine-nl", "nl")
    for lang, words in (("en", "nl"), ("it", "nl"), ("nl", "")):
        page = yours_view(parse_request(f"lesson=mine-nl&lang={lang}"))
        assert isinstance(page, LessonPage)
        assert page.words_lang == words, lang
        assert bool(page.words_note) == bool(words)


def test_the_language_menu_says_it_anew(folder):
    write_lesson(folder, "mine-nl", "nl")
    page = yours_view(parse_request("lesson=mine-nl&lang=nl"))
    assert page.words_lang == ""
    page.handle({"type": "lang", "lang": "it"})
    assert page.lang == "it" and page.words_lang == "nl"
    with using("it"):
        assert page.words_note == T._(WORDS_NOTES["nl"])


def test_a_shipped_lesson_is_in_the_page_language():
    for lang in ("en", "nl", "it"):
        with using(lang):
            replayed = replay(by_id("trapper/green-turn"))
            page = LessonPage(replayed, drawer_for("trapper")(replayed.game))
        assert page.words_lang == "" and page.words_note == ""


def test_trying_an_english_draft_on_a_dutch_page_says_so():
    set_language("nl")
    try:
        page = AuthorPage.start("trapper", seed=3)
        page.model.lang = "en"  # an English lesson opened to edit
        page.model.play("pass")
        page.handle({"type": "learner"})
        assert isinstance(page.learner, LessonPage)
        assert page.learner.words_lang == "en" and page.learner.words_note
    finally:
        set_language("en")


@pytest.mark.parametrize("page_lang", ["en", "nl", "it"])
def test_your_lessons_say_each_lessons_language(folder, page_lang):
    write_lesson(folder, "mine-en", "en")
    write_lesson(folder, "mine-nl", "nl")
    with using(page_lang):
        listed = yours_html()
    items = dict(re.findall(r'data-yours="([^"]+)" data-lang="([^"]+)"', listed))
    assert items == {"mine-en": "en", "mine-nl": "nl"}
    titles = dict(re.findall(r'<span class="tc-name" lang="([^"]+)">([^<]+)<', listed))
    assert titles == {"en": "Mine en", "nl": "Mine nl"}
    with using(page_lang):
        for lang in ("en", "nl"):
            from widgets.pages.author.yours import WRITTEN_IN
            assert T._(WRITTEN_IN[lang]) in listed
