"""The course app without a browser: one app per visit that opens the view a course link names
in place, closes the view it leaves (widgets and the computers' timers), and keeps the
keep-alive on the view shown."""
from __future__ import annotations

import asyncio

from ipywidgets.widgets.widget import _instances
import pytest

from tutor.core.i18n import SOURCE, current, set_language, using
from widgets.app import CourseApp, walkthrough_index
from widgets.parts.words import session_texts as keepalive_texts
from widgets.pages.course import next_link, page_target
from widgets.pages.drills.view import DrillsPage
from widgets.pages.lesson.view import LessonPage
from widgets.pages.play import PlayPage


@pytest.fixture(autouse=True)
def english():
    yield
    set_language(SOURCE)


def sent_by(app):
    messages = []
    app.send = messages.append
    return messages


def live_widgets() -> int:
    return len(_instances)


def test_the_index_opens_a_lesson_then_the_next_then_the_index_in_place():
    app = walkthrough_index()
    assert app.view.kind == "course"
    assert app.open_page("trapper-setup.ipynb", "step=2")
    lesson = app.view
    assert isinstance(lesson, LessonPage) and lesson.lesson_id == "trapper/setup" and lesson.index == 2
    following = next_link("trapper/setup")["href"]
    assert app.open_page(following)
    assert app.view.lesson_id == f"trapper/{following[len('trapper-'):-len('.ipynb')]}"
    assert lesson.closed and app.view.index == 0
    assert app.open_page("index.ipynb") and app.view.kind == "course"


def test_each_kind_of_page_opens_its_view():
    app = walkthrough_index()
    for page, kind in (("trapper-play.ipynb", PlayPage), ("canyon-drills.ipynb", DrillsPage),
                       ("intrappola-es1-corner.html", LessonPage)):  # Voici's name of the notebook
        assert app.open_page(page) and isinstance(app.view, kind), page


@pytest.mark.parametrize("page", ["no-such-page.ipynb", "../index.ipynb", "trapper-no-such.ipynb",
                                  "chess-play.ipynb", "index.py", ""])
def test_a_page_that_is_not_the_courses_is_loaded_as_a_page(page):
    app = walkthrough_index()
    shown = app.view
    sent = sent_by(app)
    assert not app.open_page(page, "step=1")
    assert sent == [{"type": "navigate", "page": page, "query": "step=1"}] and app.view is shown


def test_a_view_that_cannot_be_made_in_place_is_loaded_as_a_page(monkeypatch):
    app = walkthrough_index()
    sent = sent_by(app)
    monkeypatch.setattr("widgets.app.lesson_view", lambda *a, **k: 1 / 0)
    assert not app.open_page("trapper-setup.ipynb")
    assert sent[-1]["type"] == "navigate" and app.view.kind == "course"


def test_the_address_of_a_link_names_the_step_and_the_language():
    app = walkthrough_index()
    app.open_page("trapper-green-turn.ipynb", "step=3&lang=nl")
    assert (app.view.index, app.view.lang, current()) == (3, "nl", "nl")
    with using("nl"):
        assert app.alive.texts == keepalive_texts()  # the keep-alive speaks the view's language
    app.open_page("index.ipynb", "lang=it")
    assert app.view.lang == "it" and "?lang=it" in app.view.value  # its links keep it


def test_the_views_left_are_closed_and_nothing_grows_with_the_lessons_opened():
    app = walkthrough_index()
    app.open_page("trapper-setup.ipynb")
    app.open_page("index.ipynb")
    before = live_widgets()
    shown = []
    for page in ("trapper-setup.ipynb", "trapper-display.ipynb", "trapper-green-turn.ipynb",
                 "canyon-setup.ipynb", "trigger-roll-and-flip.ipynb", "index.ipynb"):
        app.open_page(page)
        shown.append(app.view)
    assert [v.closed for v in shown] == [True] * 5 + [False]
    assert live_widgets() == before  # a lesson's widgets (and its steps' boards) went with it


def test_free_play_left_stops_its_computers():
    """A free-play game whose computer is thinking (its move scheduled on the event loop) is
    stopped when the learner follows a link: no move is played for a view that is gone."""
    loop = asyncio.new_event_loop()
    asyncio.events._set_running_loop(loop)  # as in a kernel: the computers' moves are scheduled
    try:
        app = walkthrough_index()
        app.open_page("trapper-play.ipynb")
        play = app.view
        play.handle({"type": "new", "values": {"seed": 3, "seats": ["computer", "computer"]}})
        session = play.session
        assert session._pending is not None and not session._pending.cancelled()
        pending = session._pending
        app.open_page("index.ipynb")
        assert play.closed and pending.cancelled() and session.show not in session.play.on_change
    finally:
        asyncio.events._set_running_loop(None)
        loop.close()


def test_the_keepalive_follows_the_view_shown():
    app = walkthrough_index()
    alive = app.alive
    app.open_page("trapper-green-turn.ipynb", "step=2")
    assert alive.step == 2
    app.view.handle({"type": "go", "index": 4, "seq": "p:1"})
    assert alive.step == 4  # a reload link after the kernel went opens step 4
    app.open_page("trapper-play.ipynb")
    play = app.view
    assert alive.step is None and alive.saved == ""
    play.handle({"type": "move", "index": 0})
    play.handle({"type": "save"})
    assert alive.saved == play.saved != ""
    app.open_page("index.ipynb")
    assert (alive.step, alive.saved) == (None, "")
    play.saved = "changed after it was left"  # a view left no longer reaches the keep-alive
    assert alive.saved == ""


def test_the_open_message_from_the_page():
    app = walkthrough_index()
    app.handle({"type": "open", "page": "trapper-setup.ipynb", "query": "step=1"})
    assert app.view.kind == "lesson" and app.view.index == 1
    app.handle({"type": "open", "page": ["not", "a", "page"]})  # nonsense: nothing moves
    assert app.view.kind == "lesson"


def test_page_names_are_read_as_the_course_names_its_notebooks(tmp_path):
    (tmp_path / "trapper-setup.ipynb").write_text("{}")
    assert page_target("trapper-setup.ipynb", tmp_path) == ("lesson", "trapper/setup")
    assert page_target("trapper-display.ipynb", tmp_path) is None  # its notebook is not there
    assert isinstance(CourseApp("a sentence").message, str)


def test_the_next_lesson_is_named_in_the_page_s_language_also_after_a_switch():
    """The last step's link to the next lesson said its English title on a Dutch or Italian
    page ("Movement points: tricks plus the bonus"): its title is the course index's, in the
    page's language, and again in the language the menu switches to."""
    from widgets.pages.course import walkthrough_links

    def course_title(lang: str, notebook: str) -> str:
        with using(lang):
            return next(name for _, name, _, page in walkthrough_links() if page == notebook)

    app = walkthrough_index()
    assert app.open_page("canyon-trick.ipynb", "lang=it")
    following = app.view.next_lesson
    assert current() == "it" and following["href"] == "canyon-movement-points.ipynb"
    assert following["title"] == course_title("it", following["href"])
    assert following["title"] != course_title("en", following["href"])
    app.view.handle({"type": "lang", "lang": "nl"})
    assert current() == "nl" and app.view.next_lesson["title"] == course_title("nl", following["href"])
