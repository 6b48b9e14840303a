"""A lesson the course does not list (the draft tried as a learner, an author's own lesson from
the lessons folder) is no game's last lesson: its page said "That was the last lesson of this
game" at its end, which is not true of it. The course's last lesson still says so."""
from __future__ import annotations

from widgets.app import view_for
from widgets.pages.author.view import LESSONS_ENV, AuthorPage
from widgets.pages.course import next_link, notebooks_folder
from widgets.pages.lesson.view import LessonPage
from widgets.serving.params import parse_request


def test_next_link_tells_an_unlisted_lesson_from_the_last():
    assert next_link("canyon/the-end") == {}  # the course's last lesson
    assert next_link("trapper/my-own-lesson") == {"unlisted": True}
    assert next_link("trapper/setup")["href"]


def written(page: AuthorPage) -> None:
    page.handle({"type": "write", "index": 0, "title": "My turn", "narration": "A new game."})
    page.handle({"type": "typed", "text": "blue: take e6"})
    page.handle({"type": "write", "index": 1, "narration": "Blue takes e6."})


def test_the_draft_tried_as_a_learner_is_no_game_s_last_lesson():
    page = AuthorPage.start("trapper", seed=3)
    written(page)
    page.handle({"type": "learner"})
    assert isinstance(page.learner, LessonPage)
    assert page.learner.next_lesson == {"unlisted": True}


def test_an_author_s_own_lesson_is_no_game_s_last_lesson(tmp_path, monkeypatch):
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    page = AuthorPage.start("trapper", seed=3)
    written(page)
    page.handle({"type": "save"})
    stem = page.draft["saved"]["filename"][:-len(".toml")]
    shown = view_for("yours.ipynb", notebooks_folder())(parse_request(f"lesson={stem}"))
    assert isinstance(shown, LessonPage)
    assert shown.next_lesson == {"unlisted": True}
