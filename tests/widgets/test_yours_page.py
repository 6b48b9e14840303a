"""``yours.ipynb`` ("Your lessons") when its address names none of the lessons of the server's
lessons folder: it said only "This walkthrough cannot be shown: there is no such lesson in the
lessons folder", also to someone who had written no lesson yet, on a server with no lessons
folder at all. It now says what there is (no lessons of one's own yet; the folder's lessons to
pick from; the lesson asked for is not there) and how to make one ("Write a lesson"; for the
server, ``python3 run.py app --lessons FOLDER``), in the page's language."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tutor.core.i18n import set_language

from widgets.app import yours_view
from widgets.pages.author.view import LESSONS_ENV
from widgets.pages.course import CoursePage
from widgets.pages.lesson.view import LessonPage
from widgets.serving.params import parse_request

LESSON = Path(__file__).resolve().parents[1] / "browser" / "fixtures" / "trapper-try.toml"
SAID = re.compile(r'<p class="tc-yours-said[^"]*" role="status">(.*?)</p>')


@pytest.fixture(autouse=True)
def english():
    yield
    set_language("en")


@pytest.fixture
def no_folder(monkeypatch):
    monkeypatch.delenv(LESSONS_ENV, raising=False)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    return tmp_path


def shown(query: str) -> CoursePage:
    page = yours_view(parse_request(query))
    assert isinstance(page, CoursePage), f"{query}: {page!r}"
    return page


def case(page: CoursePage) -> str:
    return re.search(r'data-yours="(\w+)"', page.value)[1]


def said(page: CoursePage) -> str:
    found = SAID.search(page.value)
    return found[1] if found else ""


@pytest.mark.usefixtures("no_folder")
def test_with_no_lessons_folder_it_says_there_are_none_yet_and_how_to_make_one():
    page = shown("")
    assert case(page) == "none" and said(page)
    assert 'href="author.ipynb"' in page.value  # "Write a lesson by playing it"
    assert "<code>python3 run.py app --lessons " in page.value
    assert 'href="index.ipynb"' in page.value  # the way back to the course
    assert "yours.ipynb?lesson=" not in page.value


@pytest.mark.usefixtures("no_folder")
def test_it_is_said_in_dutch_and_italian_with_the_links_keeping_the_language():
    english = shown("")
    for lang in ("nl", "it"):
        page = shown(f"lang={lang}")
        assert page.lang == lang and case(page) == "none"
        assert said(page) and said(page) != said(english), lang
        command = re.search(r"<code>(.*?)</code>", page.value)[1]
        assert command.startswith("python3 run.py app --lessons ") and command != \
            re.search(r"<code>(.*?)</code>", english.value)[1], "the folder's word is the reader's"
        assert f'href="author.ipynb?lang={lang}"' in page.value
        assert f'href="index.ipynb?lang={lang}"' in page.value


@pytest.mark.usefixtures("no_folder")
def test_a_lesson_asked_for_on_a_server_with_no_folder_is_named():
    page = shown("lesson=my-lesson&lang=it")
    assert case(page) == "missing" and "my-lesson" in said(page)
    assert "<code>python3 run.py app --lessons " in page.value
    assert 'href="?lesson=my-lesson&amp;lang=nl"' in page.value  # the language links keep it


def test_an_empty_folder_says_there_are_none_yet_and_how_lessons_come_there(folder):
    page = shown("lang=nl")
    assert case(page) == "empty" and said(page)
    assert 'href="author.ipynb?lang=nl"' in page.value and "<code>" not in page.value


def test_a_folder_with_lessons_lists_them_to_pick_from(folder):
    shutil.copy(LESSON, folder / "green-try.toml")
    (folder / "broken.toml").write_text("game = 1\n", encoding="utf-8")
    page = shown("")
    assert case(page) == "list" and not said(page)
    assert 'href="yours.ipynb?lesson=green-try"' in page.value
    assert 'data-yours="broken"' in page.value  # named, with its problem
    opened = yours_view(parse_request("lesson=green-try"))
    assert isinstance(opened, LessonPage)


def test_a_wrong_lesson_name_says_so_and_lists_the_folders_lessons(folder):
    shutil.copy(LESSON, folder / "green-try.toml")
    page = shown("lesson=grean-try&lang=nl")
    assert case(page) == "missing" and "grean-try" in said(page)
    assert 'href="yours.ipynb?lesson=green-try&amp;lang=nl"' in page.value
    hostile = shown("lesson=%3Cb%3E../x")
    assert "<b>" not in hostile.value and case(hostile) == "missing"
