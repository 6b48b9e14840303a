"""The "Write a lesson" page writes the lesson out (``Draft.text``, the TOML) once per message
of the page: before, each message made it three times (to compare the lesson before and after
it, and again for the copy the browser keeps), and each draw of the draft once more."""
from __future__ import annotations

import pytest

from widgets.pages.author.model import Draft
from widgets.pages.author.view import LESSONS_ENV, AuthorPage


@pytest.fixture
def counted(monkeypatch):
    """How many times the lesson was written out."""
    made = {"n": 0}
    text = Draft.text

    def counting(self):
        made["n"] += 1
        return text(self)

    monkeypatch.setattr(Draft, "text", counting)
    return made


MESSAGES = [
    {"type": "write", "index": 0, "title": "Blue's turn", "narration": "The game begins."},
    {"type": "typed", "text": "blue: take e6"},  # a step
    {"type": "write", "index": 1, "narration": "Blue takes e6."},
    {"type": "typed", "text": "green: take a1"},  # refused: kept aside
    {"type": "keep"},
    {"type": "step", "index": 1},
    {"type": "tick", "index": 1, "key": "money.P1"},
    {"type": "mark", "index": 1, "target": "e6"},
    {"type": "task", "index": 1, "kind": "try"},
    {"type": "write", "index": "x"},  # not read: dropped
    {"type": "shift", "index": 1, "to": 10 ** 6},  # not read: dropped
    {"type": "save"},
    {"type": "learner"},
    {"type": "writing"},
    {"type": "undo"},
]


@pytest.mark.parametrize("lessons_folder", [False, True])
def test_each_message_writes_the_lesson_out_once(counted, monkeypatch, tmp_path, lessons_folder):
    if lessons_folder:
        monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    page = AuthorPage.start("trapper", seed=3)
    drawn = []
    page.observe(lambda change: drawn.append(change["new"]), "draft")
    for message in MESSAGES:
        counted["n"] = 0
        page.handle(message)
        dropped = message["type"] in ("write", "shift") and message.get("index") == "x" \
            or message.get("to") == 10 ** 6
        assert counted["n"] == (0 if dropped else 1), (message, counted["n"])
    # and what the page shows is the lesson as it is: its copy for the browser, its save
    assert page.draft["backup"] == page.model.text()
    assert page.draft["cursor"] == 0 and len(page.draft["steps"]) == 2  # (the undo)
    assert drawn, "the page was drawn"


def test_a_lesson_changed_after_its_save_is_no_longer_said_saved(counted, tmp_path, monkeypatch):
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    page = AuthorPage.start("trapper", seed=3)
    page.handle({"type": "write", "index": 0, "title": "Blue's turn", "narration": "Begin."})
    page.handle({"type": "typed", "text": "blue: take e6"})
    page.handle({"type": "save"})
    assert page.draft["saved"]["text"] == page.model.text()
    page.handle({"type": "step", "index": 0})  # nothing of the lesson changes: still saved
    assert page.draft["saved"]
    page.handle({"type": "write", "index": 1, "narration": "Blue takes e6."})
    assert page.draft["saved"] == {} and page.draft["backup"] == page.model.text()
