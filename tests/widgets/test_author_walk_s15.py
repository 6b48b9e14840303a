"""A teacher's mistakes on the "Write a lesson" page (walk s15): an empty title, a step without
narration, a name already in the lessons folder, a folder gone or not writable, a change after
saving, a reload (the page's kept copy of the lesson opened again). Each is said in the page's
language, and nothing in the folder is lost or half-written."""
from __future__ import annotations

import os

import pytest

from tutor.core.i18n import set_language, using

from widgets.pages.author import view as author_view
from widgets.pages.author.view import LESSONS_ENV, AuthorPage


@pytest.fixture
def folder(tmp_path, monkeypatch):
    kept = tmp_path / "lessons"
    kept.mkdir()
    monkeypatch.setenv(LESSONS_ENV, str(kept))
    return kept


@pytest.fixture
def dutch():
    with using("nl"):
        set_language("nl")
        yield
        set_language("en")


def one_step(title: str = "Blauw neemt e6", narration: str = "Blauw neemt e6.") -> AuthorPage:
    page = AuthorPage.start("trapper", seed=3)
    page.handle({"type": "write", "index": 0, "title": title, "narration": "Het begin."})
    page.handle({"type": "typed", "text": "blue: take e6"})
    page.handle({"type": "write", "index": 1, "narration": narration})
    return page


def files(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def english(page: AuthorPage, message: dict) -> str:
    """The problem the same message gives on an English page."""
    set_language("en")
    try:
        with using("en"):
            page.handle(message)
            return page.draft["problem"]
    finally:
        set_language("nl")


def test_an_empty_title_is_refused_in_the_page_s_language_and_nothing_is_written(folder, dutch):
    page = one_step(title="")
    page.handle({"type": "save"})
    problem = page.draft["problem"]
    assert problem and not page.draft["saved"] and files(folder) == []
    assert problem != english(one_step(title=""), {"type": "save"})  # said in Dutch
    page.handle({"type": "write", "index": 0, "title": "Een titel"})
    page.handle({"type": "save"})
    assert page.draft["problem"] == "" and files(folder) == ["trapper-een-titel.toml"]


def test_a_lesson_of_the_same_name_is_not_replaced_unasked(folder, dutch):
    first = one_step()
    first.handle({"type": "save"})
    path = folder / first.draft["saved"]["filename"]
    kept = path.read_text(encoding="utf-8")
    other = one_step(narration="Een andere les met dezelfde titel.")
    other.handle({"type": "save"})
    assert other.draft["problem"] and not other.draft["saved"]["where"]
    assert path.read_text(encoding="utf-8") == kept  # the first lesson is still there
    assert other.draft["saved"]["text"] != kept  # its own file still offered as a download
    other.handle({"type": "save"})  # again: the author means it
    assert other.draft["problem"] == "" and other.draft["saved"]["where"] == str(path)
    assert path.read_text(encoding="utf-8") == other.draft["saved"]["text"]
    # the page that wrote it saves its own changes without asking
    other.handle({"type": "write", "index": 1, "narration": "Verbeterd."})
    other.handle({"type": "save"})
    assert other.draft["problem"] == "" and "Verbeterd." in path.read_text(encoding="utf-8")


def test_a_folder_that_cannot_be_written_leaves_the_old_file_whole(folder, dutch, monkeypatch):
    page = one_step()
    page.handle({"type": "save"})
    path = folder / page.draft["saved"]["filename"]
    kept = path.read_text(encoding="utf-8")
    page.handle({"type": "write", "index": 1, "narration": "Nieuw."})

    def refused(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(author_view.os, "replace", refused)
    page.handle({"type": "save"})  # raised out of the page before: no word, the kernel's error
    assert page.draft["problem"] and page.draft["saved"]["text"]  # said; the download offered
    assert not page.draft["saved"]["where"]
    assert files(folder) == [path.name] and path.read_text(encoding="utf-8") == kept


def test_a_folder_gone_is_said_and_the_download_still_offered(folder, dutch):
    page = one_step()
    folder.rmdir()
    page.handle({"type": "save"})
    assert page.draft["problem"] and page.draft["saved"]["text"]
    assert not page.draft["saved"]["where"] and not folder.exists()


def test_a_change_after_saving_takes_the_saved_notice_and_its_old_download_away(folder):
    page = one_step()
    page.handle({"type": "save"})
    assert page.draft["saved"]["text"]
    page.handle({"type": "step", "index": 0})  # looking around changes nothing
    assert page.draft["saved"]["text"]
    page.handle({"type": "write", "index": 1, "narration": "Anders gezegd."})
    assert page.draft["saved"] == {}  # it offered the file without the change as "saved"
    page.handle({"type": "save"})
    assert "Anders gezegd." in page.draft["saved"]["text"]


def test_steps_without_narration_are_named_when_saved(folder, dutch):
    page = one_step(narration="")
    page.handle({"type": "typed", "text": "end turn"})
    page.handle({"type": "write", "index": 2, "narration": "Klaar."})
    page.handle({"type": "save"})
    assert page.draft["saved"]["silent"] == [1]
    assert page.draft["words"]["silent"] and "1" in page.draft["words"]["silent"]
    assert [s.get("narrated") for s in page.draft["steps"][1:]] == [False, True]


def test_the_kept_copy_opens_again_where_the_author_was(folder):
    page = one_step()
    page.handle({"type": "typed", "text": "end turn"})
    page.handle({"type": "task", "index": 1, "kind": "try"})
    backup = page.draft["backup"]
    assert backup and AuthorPage.start("trapper").draft["backup"] == ""  # a new page: nothing
    again = AuthorPage.start("canyon")  # the reloaded page: a new kernel, a new draft
    again.handle({"type": "start", "source": "file", "text": backup})
    assert again.draft["problem"] == "" and again.model.text() == page.model.text()
    assert again.model.title == page.model.title and (again.model.lang or "en") == (page.model.lang or "en")
    # the next move goes after the last step (at step 0 it went before every step written)
    assert again.draft["cursor"] == 2
    again.handle({"type": "typed", "text": "green: take d6"})
    assert [s.move for s in again.model.steps][:2] == [s.move for s in page.model.steps]


def test_a_whole_write_or_none(tmp_path, monkeypatch):
    path = tmp_path / "a.toml"
    path.write_text("old", encoding="utf-8")

    def broken(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(author_view.os, "replace", broken)
    with pytest.raises(OSError):
        author_view.write_whole(path, "new")
    assert path.read_text(encoding="utf-8") == "old" and os.listdir(tmp_path) == ["a.toml"]


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_yes_no_question_s_choices_are_said_like_its_answer(lang):
    """The page said the answer "nee" and the choices "yes · no" (the file's words)."""
    with using(lang):
        set_language(lang)
        try:
            page = AuthorPage.start("trapper", seed=3)
            page.handle({"type": "typed", "text": "blue: take e6"})
            page.handle({"type": "task", "index": 1, "kind": "ask", "fact": "over", "prompt": ""})
            task = page.draft["shown"]["task"]
            assert task["choices"] == ["yes", "no"] and task["answer"] == "no"
            said = dict(zip(task["choices"], task["choices_said"]))
            assert said["no"] == task["answer_said"]
            assert said["yes"] != "yes" or lang == "en"
        finally:
            set_language("en")


def test_a_problem_fixed_by_a_change_is_no_longer_said(folder):
    """"The lesson has no title" stayed on the page after the title was written, until the
    next Save."""
    page = one_step(title="")
    page.handle({"type": "save"})
    assert page.draft["problem"]
    page.handle({"type": "step", "index": 0})  # looking: the problem stays
    assert page.draft["problem"]
    page.handle({"type": "write", "index": 0, "title": "Nu met titel"})
    assert page.draft["problem"] == ""
    page.handle({"type": "delete", "index": 9})  # a problem of its own: said
    assert page.draft["problem"] and len(page.model.steps) == 1
    assert files(folder) == []


def test_switching_language_says_the_refusal_at_hand_again_and_keeps_no_old_problem(folder):
    """The refusal's reason and a problem stayed in the language the page had before."""
    set_language("nl")
    try:
        with using("nl"):
            page = one_step(title="")
            page.handle({"type": "typed", "text": "green: take a1"})
            dutch_reason = page.draft["pending"]["reason"]
            page.handle({"type": "save"})
            assert page.draft["problem"]
        with using("it"):
            page.handle({"type": "lang", "lang": "it"})
            pending = page.draft["pending"]
            assert pending["rule"] == "trapper.turn.one-trapper"
            assert pending["reason"] and pending["reason"] != dutch_reason
            assert page.draft["problem"] == "" and len(page.model.steps) == 1
            page.handle({"type": "save"})
            italian = page.draft["problem"]
        with using("nl"):
            assert italian and italian != english(one_step(title=""), {"type": "save"})
    finally:
        set_language("en")
