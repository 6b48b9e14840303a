"""The "Write a lesson" page (issue 33) without a browser: its messages drive the draft, the
board is free play's, the lesson saved is checked, kept in the lessons folder and listed by the
course, and the learner's view is the lesson page on the draft."""
from __future__ import annotations

import pytest

from tutor.__main__ import check
from tutor.core.i18n import set_language, using
from tutor.core.walkthrough import load, parse, replay

from widgets.app import view_for, yours_view
from widgets.pages.author.view import LESSONS_ENV, AuthorPage, slug
from widgets.pages.author.yours import lesson_file, yours_html
from widgets.pages.course import course_html, notebooks_folder
from widgets.pages.lesson.view import LessonPage


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    return tmp_path


def write_three_steps(page: AuthorPage) -> None:
    """A move, a refused move kept as a step, a try-it: as the page's script sends them."""
    page.handle({"type": "write", "index": 0, "title": "Eén beurt van blauw",
                 "narration": "Het begin van het spel."})
    page.handle({"type": "typed", "text": "blue: take e6"})
    page.handle({"type": "write", "index": 1, "title": "Blauw neemt e6",
                 "narration": "P1 zet de blauwe trapper op e6."})
    page.handle({"type": "typed", "text": "green: take a1"})
    assert page.draft["pending"]["rule"] == "trapper.turn.one-trapper"
    page.handle({"type": "keep"})
    page.handle({"type": "write", "index": 2, "narration": "Eén trapper per beurt."})
    page.handle({"type": "move", "index": 0})  # the first listed move, as the board lists it
    page.handle({"type": "write", "index": 3, "narration": "Nu jij."})
    page.handle({"type": "task", "index": 3, "kind": "try"})


def test_a_three_step_lesson_in_dutch_is_saved_checked_and_listed(folder, tmp_path):
    with using("nl"):
        set_language("nl")
        page = AuthorPage.start("trapper", seed=3)
        assert page.texts["try_learner"] != "Try it as a learner"  # the page speaks Dutch
        write_three_steps(page)
        steps = page.draft["steps"]
        assert [s["task"] for s in steps] == ["plain", "plain", "plain", "try"]
        assert steps[2]["refused"] == "trapper.turn.one-trapper"
        page.handle({"type": "save"})
        saved = page.draft["saved"]
        assert page.draft["problem"] == "" and saved["filename"].startswith("trapper-een-beurt")
        path = folder / saved["filename"]
        assert path.read_text(encoding="utf-8") == saved["text"]
        assert check([str(path)], out=open(tmp_path / "out.txt", "w")) == 0
        walk = load(path)
        assert walk.title == "Eén beurt van blauw" and walk.steps[1].refused
        assert walk.lang == "nl"  # the lesson carries the language it was written in
        assert walk.steps[2].try_it is not None
        listed = yours_html()
        assert path.stem in listed and "Eén beurt van blauw" in listed
        assert f'yours.ipynb?lesson={path.stem}' in course_html()
        set_language("en")


def test_a_saved_lesson_opens_on_the_lesson_page(folder):
    page = AuthorPage.start("trapper", seed=3)
    write_three_steps(page)
    page.save()
    stem = page.draft["saved"]["filename"][:-len(".toml")]
    assert lesson_file(f"lesson={stem}") == folder / f"{stem}.toml"
    assert lesson_file("lesson=../../etc/passwd") is None
    target = view_for("yours.ipynb", notebooks_folder())
    from widgets.serving.params import parse_request
    shown = target(parse_request(f"lesson={stem}&step=2"))
    assert isinstance(shown, LessonPage) and shown.index == 2
    assert shown.initial["2"]["title"] == "" or shown.initial["2"]
    missing = yours_view(parse_request("lesson=nothing-here"))  # what there is, and how to write one
    assert missing.kind == "course" and 'data-yours="missing"' in missing.value


def test_try_it_as_a_learner_opens_the_lesson_page_at_the_step_shown():
    page = AuthorPage.start("trapper", seed=3)
    write_three_steps(page)
    page.handle({"type": "step", "index": 3})
    page.handle({"type": "learner"})
    assert isinstance(page.learner, LessonPage) and page.learner.index == 3
    task = page.learner.initial["3"].get("task")
    assert task, "the try-it step asks the learner"
    page.handle({"type": "writing"})
    assert page.learner is None


def test_a_lesson_that_fails_the_check_is_not_offered_and_the_problem_names_the_step():
    page = AuthorPage.start("trapper", seed=3)
    page.handle({"type": "typed", "text": "blue: take e6"})
    page.handle({"type": "typed", "text": "end turn"})
    page.handle({"type": "shift", "index": 2, "to": 1})  # the turn ends before any move
    page.handle({"type": "save"})
    assert "step 1" in page.draft["problem"] and "'move'" in page.draft["problem"]
    assert not page.draft["saved"]
    page.handle({"type": "learner"})
    assert page.learner is None and "step 1" in page.draft["problem"]


def test_proposals_ticks_marks_and_a_question_through_the_page():
    page = AuthorPage.start("trapper", seed=3)
    page.handle({"type": "typed", "text": "blue: take e6"})
    shown = page.draft["shown"]
    assert shown["rules"] and shown["changed"]
    # the engine's rules for the move are what the lesson shows until the author chooses
    assert all(r["chosen"] for r in shown["rules"])
    first, *others = [r["id"] for r in shown["rules"]]
    page.handle({"type": "rule", "index": 1, "id": first, "on": False})
    assert [r["id"] for r in page.draft["shown"]["rules"] if r["chosen"]] == others
    assert list(page.model.steps[0].rules) == others
    key = shown["changed"][0]["key"]
    page.handle({"type": "tick", "index": 1, "key": key})
    assert [c["ticked"] for c in page.draft["shown"]["changed"]][0] is True
    assert "tt-mark" not in page.scene["board"]
    page.handle({"type": "mark", "index": 1, "target": "e6"})
    assert page.draft["shown"]["marked"] == ["e6"]
    assert page.scene["board"].count('class="tt-mark"') == 1  # the ring the learner will see
    page.handle({"type": "mark", "index": 1, "target": "zz"})  # not a square: said, not kept
    assert "zz" in page.draft["problem"] and page.draft["shown"]["marked"] == ["e6"]
    page.handle({"type": "task", "index": 1, "kind": "ask", "fact": "money.P1",
                 "prompt": "Hoeveel geld?"})
    task = page.draft["shown"]["task"]
    assert task["kind"] == "ask" and task["choices"] == [] and task["answer"].isdigit()
    walk = parse(page.save())
    assert walk.steps[0].expect and walk.steps[0].view.mark == ("e6",)
    assert replay(walk).frames[1].answer == int(task["answer"])


def test_messages_out_of_bounds_are_dropped_and_chance_can_be_dealt():
    page = AuthorPage.start("trapper", seed=3)
    before = dict(page.draft)
    page.handle({"type": "write", "index": "1"})
    page.handle({"type": "start", "source": "exec", "text": "import os"})
    page.handle({"type": "shift", "index": 1, "to": 10 ** 6})
    assert page.draft == before
    page.handle({"type": "start", "source": "new", "game": "trigger", "seed": 2})
    assert page.draft["game"] == "trigger" and page.draft["chance"]
    # the page says "type the outcome": only a typed move is offered, no person's move
    assert page.scene["can_type"] and not page.scene["can_move"]
    page.handle({"type": "deal"})
    assert page.draft["cursor"] == 1 and page.draft["steps"][1]["move"]
    assert page.scene["can_type"] == page.draft["chance"]  # the opening, then the first roll
    while page.draft["chance"]:
        page.handle({"type": "deal"})
    assert not page.scene["can_type"] and page.scene["can_move"]
    page.handle({"type": "start", "source": "new", "game": "no-such-game"})
    assert "no-such-game" in page.draft["problem"]


def test_a_lesson_file_opened_to_edit_and_a_step_of_a_lesson():
    page = AuthorPage.start("trapper")
    text = (notebooks_folder().parent / "tutor/trapper/walkthroughs/display.toml").read_text()
    page.handle({"type": "start", "source": "file", "text": text})
    assert page.draft["title"].startswith("Trapper") and len(page.draft["steps"]) == 6
    again, old = parse(page.save()), parse(text)
    assert [s.move for s in again.steps] == [s.move for s in old.steps]
    assert [s.expect for s in again.steps] == [s.expect for s in old.steps]
    page.handle({"type": "start", "source": "lesson", "lesson": "trapper/display", "step": 2})
    assert page.draft["cursor"] == 0 and len(page.draft["steps"]) == 1
    page.handle({"type": "start", "source": "file", "text": "game = 1"})
    assert "game" in page.draft["problem"]


def test_a_move_that_cannot_be_read_sets_the_last_refusal_aside():
    """The page showed the new "cannot be read" beside the last move's refusal and its "Keep it
    as a refused step", as if the refusal were of what was just typed."""
    page = AuthorPage.start("trapper", seed=3)
    page.handle({"type": "typed", "text": "blue: take e6"})
    page.handle({"type": "typed", "text": "green: take a1"})
    assert page.draft["pending"]["rule"] == "trapper.turn.one-trapper"
    page.handle({"type": "typed", "text": "blue grabs"})
    assert page.draft["pending"] is None and "tp-problem" in page.scene["status"]
    assert len(page.model.steps) == 1  # nothing else changed: blue's take


def test_slugs():
    assert slug("../../etc") == "etc" and slug("Één!") == "een"


def test_free_play_links_to_writing_a_lesson():
    from widgets.parts.words import words
    from widgets.parts.frontend import STATIC

    assert words("play")["write_lesson"] == words("author")["title"]
    assert 'withLang("author.ipynb?from=play"' in (STATIC / "play.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", ["trapper", "intrappola", "trigger", "canyon"])
def test_every_game_can_be_written_tried_and_saved(game, folder, tmp_path):
    page = AuthorPage.start(game, seed=1)
    page.handle({"type": "write", "index": 0, "title": f"A {game} lesson"})
    while page.draft["chance"]:  # dice or a draw first: dealt from the seed, a step each
        page.handle({"type": "deal"})
    page.handle({"type": "move", "index": 0})
    last = page.draft["cursor"]
    assert last >= 1 and page.draft["steps"][last]["move"]
    page.handle({"type": "write", "index": last, "narration": "The first move."})
    page.handle({"type": "task", "index": last, "kind": "try"})
    assert page.draft["shown"]["task"]["kind"] == "try"
    page.handle({"type": "save"})
    assert page.draft["problem"] == ""
    path = folder / page.draft["saved"]["filename"]
    assert check([str(path)], out=open(tmp_path / "out.txt", "w")) == 0
    page.handle({"type": "learner"})
    assert isinstance(page.learner, LessonPage) and page.learner.index == last


def test_a_saved_lesson_can_be_taught_to_a_class(folder):
    from widgets.pages.lesson.teach import ClassTeacher

    page = AuthorPage.start("trapper", seed=3)
    write_three_steps(page)
    page.save()
    path = folder / page.draft["saved"]["filename"]
    teacher = ClassTeacher(lambda: replay(load(path)), "en")
    with using("nl"):
        step = teacher.render(3, "nl")
    assert step["data"]["index"] == 3 and step["data"]["task"]
    book = page.model.steps[2].move
    assert teacher.judge(3, "try", {"text": book}, "en")["group"] == "book"


@pytest.mark.parametrize("game", ["trapper", "intrappola", "trigger", "canyon"])
def test_free_plays_link_starts_the_lesson_on_its_game_in_progress(game):
    from widgets.app import CourseApp, play_view

    app = CourseApp(play_view(game, seed=4), notebooks_folder())
    play = app.view.play
    for _ in range(3):  # a few moves in: the person's first listed move, then the computers
        app.view.handle({"type": "move", "index": 0})
    state = play.state
    assert app.open_page("author.ipynb", "from=play")
    page = app.view
    assert isinstance(page, AuthorPage) and page.draft["problem"] == ""
    draft = page.model
    assert draft.game.facts(draft.state_at(0)) == draft.game.facts(state)
    assert app.open_page("author.ipynb", "") and app.view.model.position is None  # a new game


def test_a_try_its_other_right_moves_are_those_with_the_facts_the_lesson_checks():
    page = AuthorPage.start("trapper", seed=3)
    page.handle({"type": "typed", "text": "blue: take e6"})
    page.handle({"type": "task", "index": 1, "kind": "try"})
    assert page.draft["shown"]["task"]["accept"] == []  # no other move leaves every fact so
    page.handle({"type": "tick", "index": 1, "key": "square.e6"})  # what lies on e6 now
    accept = page.draft["shown"]["task"]["accept"]
    assert accept and all(text.startswith("blue: take e6") for text in accept)
    step = page.model.steps[0]
    assert step.try_it.compare == ("square.e6",)
    frame = replay(parse(page.save())).frames[1]
    assert set(accept) <= set(frame.accepted_texts)


def test_a_weaker_move_played_on_purpose_says_why():
    page = AuthorPage.start("trapper", seed=3)
    engine = page.model.game.best_move(page.model.state_at(0), seed=3)
    other = next(m for m in page.model.game.legal_moves(page.model.state_at(0)) if m != engine)
    page.handle({"type": "typed", "text": page.model.game.move_text(page.model.state_at(0), other)})
    shown = page.draft["shown"]["engine"]
    assert shown["move"] and shown["why"] == ""
    page.handle({"type": "why", "index": 1, "text": "De les wil de blauwe trapper laten zien."})
    walk = parse(page.save())
    assert walk.steps[0].stronger == page.model.game.move_text(page.model.state_at(0), engine)
    assert walk.steps[0].why.startswith("De les")
    assert replay(walk).frames[1].stronger_shown
    page.handle({"type": "why", "index": 1, "text": ""})
    assert parse(page.save()).steps[0].stronger is None


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_the_proposed_facts_are_said_in_the_pages_language_and_kept_in_the_engines(lang):
    """The engine writes its facts in its own words ("canoe of 2 bears", "face down", "none");
    the proposals and a question's answer show them as the game's board does in the page's
    language, while the lesson keeps the engine's values (the keys ``tutor check`` compares)."""
    from widgets.games.trapper import _FACT_WORDS

    with using(lang):
        set_language(lang)  # the page's language (set back by the conftest after the test)
        page = AuthorPage.start("trapper", seed=3)
        page.handle({"type": "typed", "text": "blue: take e6"})
        changed = {c["key"]: c for c in page.draft["shown"]["changed"]}
        engine = page.model.game.facts(page.model.state_at(1))
        for key in ("square.f6", "turn.trapper", "display.P1", "hand.P1"):
            assert changed[key]["value"] == str(engine[key])
            assert _FACT_WORDS.search(changed[key]["value"])  # the engine's own words...
            assert changed[key]["after"] != changed[key]["value"]
        for change in changed.values():  # ...said in none of the values shown ("beige": all three)
            shown = (change["before"] + " " + change["after"]).replace("beige", "")
            assert not _FACT_WORDS.search(shown), change
        page.handle({"type": "tick", "index": 1, "key": "square.f6"})
        page.handle({"type": "task", "index": 1, "kind": "ask", "fact": "square.f6", "prompt": "?"})
        task = page.draft["shown"]["task"]
        assert task["answer"] == engine["square.f6"] and task["answer_said"] == changed["square.f6"]["after"]
        assert task["answer"] in task["choices"] and len(task["choices_said"]) == len(task["choices"])
        assert not any(_FACT_WORDS.search(c) for c in task["choices_said"])
        walk = parse(page.save())
        assert walk.steps[0].expect["square.f6"] == engine["square.f6"]


@pytest.mark.parametrize("game", ["trapper", "canyon", "intrappola", "trigger"])
def test_a_question_s_own_words_read_right_for_every_fact_it_can_ask(game):
    """A question the author asks without words of their own is made from the fact's label,
    which may be a name ("Anna's hand") or a clause ("how many cards lie on the table",
    "whether the game is over", "what the last turn did"): it read "What is how many cards lie
    on the table now?" and "What is what the last turn did now?"."""
    import re

    page = AuthorPage.start(game, seed=3)
    move = next(iter(page.model.game.legal_moves(page.model.state_at(0))))
    page.handle({"type": "typed", "text": page.model.game.move_text(page.model.state_at(0), move)})
    clause = re.compile(r"\bwhat is (how|what|whether|which|who|where|when)\b", re.IGNORECASE)
    asked = 0
    for key in page.model.game.facts(page.model.state_at(1)):
        label = page.model.game.fact_label(key)
        page.handle({"type": "task", "index": 1, "kind": "ask", "fact": key, "prompt": ""})
        ask = page.model.steps[0].ask
        if ask is None or page.draft["shown"]["task"].get("kind") != "ask":
            continue
        prompt = ask.prompt
        if label in prompt:  # this fact's question (a fact no move changes makes none)
            asked += 1
            assert not clause.search(prompt), prompt
    assert asked, f"no question made in {game}"
