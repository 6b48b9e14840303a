"""Learning by doing without a browser: the lesson model (try-it steps, questions, Next and
Back over them, the progress record), playing on from a step, the lesson page's messages, and
the course's next lesson. On Nim (the example game) and on a real game's walkthrough with a
try-it step and two questions (the browser tests' fixture, tests/browser/fixtures)."""
from __future__ import annotations

from pathlib import Path

import re

import pytest

from examples.nim import GAME as NIM
from tutor.core import registry
from tutor.core import walkthrough as wt
from tutor.core.course import next_lesson, order
from tutor.core.game import CHANCE
from tutor.core.lesson import Verdict
from tutor.trapper import GAME as TRAPPER
from widgets.games import drawer_for
from widgets.parts.drawing import FactsDrawer
from widgets.pages.course import next_link
from widgets.pages.lesson.model import Lesson, Phase, StepResult, arrival_phase, following, learner_at, play_on
from widgets.pages.lesson.view import LessonPage
from widgets.games import kit_for
from widgets.games.freeplay import PERSON

ROOT = Path(__file__).resolve().parents[2]
NIM_FILE = ROOT / "examples" / "walkthroughs" / "first-game.toml"
TRY_FILE = ROOT / "tests" / "browser" / "fixtures" / "trapper-try.toml"


@pytest.fixture
def nim(monkeypatch):
    monkeypatch.setitem(registry.games(), "nim", NIM)
    return wt.replay(wt.load(NIM_FILE, NIM), NIM)


@pytest.fixture
def trapper():
    return wt.replay(wt.load(TRY_FILE))


def snapshot(lesson: Lesson) -> tuple:
    """Everything a learner would notice of a lesson."""
    visit = lesson.visit
    return (lesson.index, visit.phase, len(visit.said),
            tuple(visit.trying.attempts) if visit.trying else (), dict(lesson.results),
            lesson.finished, lesson.frame)


# ---- try-it steps -----------------------------------------------------------------------------
def test_a_try_it_step_asks_for_the_move_before_showing_it(nim):
    lesson = Lesson(nim)
    assert lesson.phase is Phase.DONE  # the setup only shows
    lesson.next()
    assert lesson.phase is Phase.DONE  # a refused step only shows
    lesson.next()
    assert lesson.index == 2 and lesson.phase is Phase.TRY and lesson.asking
    assert lesson.shown_state() == nim.frames[2].before  # the board: the position before


def test_the_book_s_move_goes_on_to_the_question_then_the_step(nim):
    lesson = Lesson(nim, index=2)
    found = lesson.attempt("take 3")
    assert found.verdict is Verdict.BOOK and lesson.phase is Phase.ASK
    assert lesson.results[2] == StepResult(tried="first")
    assert lesson.answer("4").right and lesson.phase is Phase.DONE
    assert lesson.shown_state() == nim.frames[2].state


def test_an_illegal_move_is_refused_with_its_rule_and_the_board_is_unchanged(trapper):
    lesson = Lesson(trapper, index=1)
    board = lesson.visit.session
    before = board.play.state
    found = lesson.attempt("green: take c4")
    assert found.verdict is Verdict.ILLEGAL and found.rule_id == "trapper.take.water"
    assert found.title == TRAPPER.rules["trapper.take.water"].title and found.reason
    assert lesson.phase is Phase.TRY and board.play.state is before and not board.play.match.moves
    assert 2 not in lesson.results  # a miss is no result yet


def test_a_click_on_the_board_is_the_move_free_play_would_make_and_is_judged(trapper):
    lesson = Lesson(trapper, index=1)
    lesson.board_action({"type": "click", "target": "g7"})  # the blue trapper: chosen
    lesson.board_action({"type": "click", "target": "h7"})  # its tile: two ways to pay
    board = lesson.visit.session
    assert [TRAPPER.move_text(board.play.state, m) for m in board.play.choices] == [
        "blue: take h7", "blue: take h7 paying green green"]
    lesson.board_action({"type": "choice", "index": 0})
    different = lesson.visit.said[-1]
    assert different.verdict is Verdict.DIFFERENT and lesson.phase is Phase.TRY
    assert {d.key for d in different.differences} == {"display.Anna", "trapper.green"}
    assert not board.play.match.moves  # judged, never played
    lesson.board_action({"type": "click", "target": "c3"})  # the green trapper
    lesson.board_action({"type": "click", "target": "d3"})
    lesson.board_action({"type": "choice", "index": 0})  # green: take d3 (a green card)
    assert lesson.visit.said[-1].verdict is Verdict.BOOK and lesson.phase is Phase.DONE
    assert lesson.results[1] == StepResult(tried="later")


def test_a_listed_move_is_picked_from_the_legal_moves(trapper):
    lesson = Lesson(trapper, index=1)
    listed = [text for text, _ in lesson.visit.session.play.legal()]
    assert "green: take d3" in listed and "green: take c4" not in listed
    lesson.board_action({"type": "move", "index": listed.index("green: take d3")})
    assert lesson.phase is Phase.DONE and lesson.results[1] == StepResult(tried="first")


def test_text_that_cannot_be_read_says_what_was_expected_and_gives_nothing_away(nim):
    lesson = Lesson(nim, index=2)
    found = lesson.attempt("grab three")
    assert found.verdict is Verdict.UNREADABLE and found.state is None
    assert "take N" in found.message and "“take 3”" not in found.message
    assert lesson.phase is Phase.TRY


def test_show_me_is_there_at_once_and_offered_after_two_misses(nim):
    lesson = Lesson(nim, index=4)
    assert not lesson.show_me_offered
    lesson.attempt("take 9")
    assert not lesson.show_me_offered
    lesson.attempt("take 1")
    assert lesson.show_me_offered
    shown = lesson.show_me()
    assert shown.verdict is Verdict.SHOWN and lesson.phase is Phase.ASK  # then the question
    assert lesson.results[4] == StepResult(tried="shown") and not lesson.show_me_offered
    fresh = Lesson(nim, index=2)
    assert fresh.show_me().verdict is Verdict.SHOWN  # always available


def test_back_over_a_try_it_step_shows_it_done_and_forward_asks_again(nim):
    lesson = Lesson(nim, index=3)
    assert lesson.back() == 2 and lesson.phase is Phase.DONE  # stepping back: never asked
    assert lesson.back() == 1
    assert lesson.next() == 2 and lesson.phase is Phase.TRY  # going forward: asked
    lesson.attempt("take 1")
    assert lesson.back() == 1 and lesson.next() == 2
    assert lesson.visit.trying.attempts == []  # a new try each time the step is shown again


def test_next_without_trying_shows_the_book_s_move_then_the_answer_then_goes_on(nim):
    lesson = Lesson(nim, index=2)
    assert lesson.next() == 2 and lesson.phase is Phase.ASK  # the book's move is shown
    assert lesson.visit.said[-1].verdict is Verdict.SHOWN
    assert lesson.next() == 2 and lesson.phase is Phase.DONE  # the answer is given
    told = lesson.visit.said[-1]
    assert told.answer == "4" and "4" in told.message and not told.right
    assert 2 not in lesson.results  # a teacher presenting: nothing scored
    assert lesson.next() == 3


# ---- questions --------------------------------------------------------------------------------
def test_a_number_question_wrong_shows_the_right_answer_and_its_rule(nim):
    lesson = Lesson(nim, index=2)
    lesson.attempt("take 3")
    assert lesson.answer("twelve").readable is False and lesson.phase is Phase.ASK
    wrong = lesson.answer("5")
    assert not wrong.right and wrong.answer == "4" and wrong.rule_id == "nim.take"
    assert lesson.phase is Phase.DONE and lesson.results[2] == StepResult("first", False)
    with pytest.raises(ValueError):
        lesson.answer("4")  # answered: the step is done


def test_a_choice_question_right_and_wrong_on_a_real_game(trapper):
    lesson = Lesson(trapper, index=3)
    assert lesson.phase is Phase.ASK  # a question without a try-it step
    assert lesson.answer("c4").right and lesson.phase is Phase.DONE
    again = Lesson(trapper, index=3)
    wrong = again.answer("d2")
    assert not wrong.right and wrong.answer == "c4"
    assert lesson.record()["answers"] == {"3": True} and again.record()["answers"] == {"3": False}


def test_the_progress_record_counts_and_finishes(trapper):
    lesson = Lesson(trapper, index=1)
    lesson.attempt("green: take d3")
    lesson.next()
    lesson.answer("3")  # Anna holds 3 cards
    lesson.next()
    assert not lesson.finished
    lesson.answer("b4")
    assert lesson.finished and lesson.counts() == {"tried": 1, "first": 1, "answered": 2, "right": 1}
    assert lesson.record() == {"finished": True, "steps": 3, "tries": {"1": "first"},
                               "answers": {"2": True, "3": False}}


# ---- play on from here ------------------------------------------------------------------------
def test_play_on_starts_at_the_position_shown_and_leaves_the_lesson_untouched(trapper):
    lesson = Lesson(trapper, index=1)
    lesson.attempt("green: take c4")
    before = snapshot(lesson)
    playing = lesson.play_on(seed=3)
    play = playing.play
    before_move = trapper.frames[1].before  # asking: the position before the move
    # what Anna cannot see (Ben's hand, the draw pile, face-down tiles) is dealt again; what she
    # sees is the lesson's
    assert play.state == TRAPPER.resample(before_move, 0, 3) != before_move
    assert TRAPPER.observation(play.state, 0).board == TRAPPER.observation(before_move, 0).board
    assert play.state.hands[0] == before_move.hands[0]
    assert play.seats == (PERSON, "computer") and playing.learner == 0
    assert len(playing.notes) == 2  # whose seat is the learner's; the hidden parts dealt again
    play.play_text("blue: take h7")
    play.undo()
    play.play_text("green: take d3")
    assert snapshot(lesson) == before
    playing.close()
    assert snapshot(lesson) == before


def test_play_on_from_a_step_done_plays_on_from_after_its_move_and_the_computer_answers(nim):
    lesson = Lesson(nim, index=1)
    playing = lesson.play_on(seed=1)
    assert playing.play.state == nim.frames[1].state and playing.learner == 0
    assert playing.play.play_text("take 2") and playing.play.advance() == 1
    assert playing.session.scene["from_position"] and playing.play.started_at is not None
    assert lesson.index == 1 and lesson.phase is Phase.DONE


def test_play_on_deals_hidden_parts_again_where_the_game_can(trapper, monkeypatch):
    dealt = []

    def resample(state, player, seed):
        dealt.append((player, seed))
        return state

    monkeypatch.setattr(TRAPPER, "resample", resample)
    playing = play_on(TRAPPER, trapper.frames[2].state, kit_for(TRAPPER), seed=9)
    assert dealt == [(0, 9)] and not any("cannot deal" in n for n in playing.notes)


def test_the_learner_after_the_dice_is_the_player_who_then_moves():
    trigger = registry.get("trigger")
    state = trigger.initial_state({}, 0)
    assert trigger.to_move(state) == CHANCE
    assert learner_at(trigger, state) in range(len(trigger.players(state)))
    start = NIM.initial_state({"heap": 1})
    assert learner_at(NIM, NIM.apply(start, NIM.parse_move(start, "take 1"))) is None  # over


# ---- the lesson page's messages -----------------------------------------------------------------
def page_of(replayed, drawer=None):
    page = LessonPage(replayed, drawer or drawer_for(replayed.game.name)(replayed.game))
    sent = []
    page.send = sent.append
    return page, sent


def tasks(sent) -> list[dict]:
    return [m for m in sent if m["type"] == "task"]


def verdicts(feedback: str) -> list[tuple[str, str]]:
    """(verdict, rule) of each box of a task's feedback (data-verdict, data-rule)."""
    return [(v, r or "") for v, r in re.findall(
        r'data-verdict="([a-z]+)"(?: data-rule="([^"]*)")?', feedback)]


def test_a_step_that_asks_is_sent_with_what_the_page_shows_before_its_move(trapper):
    page, _ = page_of(trapper)
    task = page.initial["1"]["task"]
    assert "Anna" in task["prompt"]
    assert task["scene"]["board"].startswith("<svg") and "green: take d3" in str(task["scene"]["moves"])
    question = trapper.frames[2].question
    assert page.composer.view(2).task["ask"] == {"prompt": question.prompt, "choices": [], "number": True}
    assert page.composer.view(3).task["ask"]["choices"] == ["d2", "c4", "b4"]
    assert page.initial["0"]["task"] is None and page.lesson_id == "trapper/trapper-try"


@pytest.mark.parametrize("index", [1, 2, 3])
def test_a_step_says_ahead_what_the_lesson_decides_for_the_page_to_paint_at_once(trapper, index):
    """The page picks the phase a step opens in, and what Next does while it asks, from the
    step's data: the same decisions the Lesson makes (one source: widgets/pages/lesson/model.py)."""
    frame = trapper.frames[index]
    task = LessonPage(trapper, drawer_for("trapper")(TRAPPER)).composer.view(index).task
    assert task["opens"] == {"forward": arrival_phase(frame, index - 1).value,
                             "back": arrival_phase(frame, index + 1).value}
    lesson = Lesson(trapper, index - 1)
    lesson.go(index)  # the Lesson arrives going forward ...
    assert lesson.phase.value == task["opens"]["forward"]
    seen = []
    while lesson.asking:  # ... and Next moves it on as the data says the page will
        seen.append(lesson.phase.value)
        expected = task["then"][lesson.phase.value]
        lesson.next()
        assert lesson.index == index and lesson.phase.value == expected
    assert sorted(task["then"]) == sorted(seen) and "done" not in task["then"]
    assert following(frame, Phase.DONE) is None and task["opens"]["back"] == "done"
    if index < len(trapper.frames) - 1:
        lesson.next()
        lesson.back()  # coming back: as the data says
        assert lesson.index == index and lesson.phase.value == task["opens"]["back"]


def test_the_page_s_messages_drive_the_lesson_and_each_answer_says_the_phase(trapper):
    page, sent = page_of(trapper)
    page.handle({"type": "go", "index": 1, "seq": "p:7"})
    assert tasks(sent)[-1]["phase"] == "try" and tasks(sent)[-1]["seq"] == "p:7"
    page.handle({"type": "try", "how": "typed", "text": "green: take c4", "seq": "p:8"})
    assert verdicts(sent[-1]["feedback"]) == [("illegal", "trapper.take.water")]
    assert sent[-1]["seq"] == "p:8" and sent[-1]["phase"] == "try"
    page.handle({"type": "click", "target": "c3", "seq": "p:9"})
    page.handle({"type": "click", "target": "d3", "seq": "p:10"})
    assert [text for text, _ in sent[-1]["scene"]["choices"]][0] == "green: take d3"
    page.handle({"type": "try", "how": "choice", "index": 0, "seq": "p:11"})
    assert sent[-1]["phase"] == "done" and verdicts(sent[-1]["feedback"]) == [("book", "")]
    assert sent[-1]["record"]["tries"] == {"1": "later"} and sent[-1]["seq"] == "p:11"


def test_messages_are_judged_in_the_order_the_page_sent_them(trapper):
    """A try the page sent before it moved on is judged at the step it was made at; the
    answer to each message names it, so the page shows only the answer to its latest."""
    page, sent = page_of(trapper)
    page.handle({"type": "go", "index": 1, "seq": "p:1"})
    page.handle({"type": "try", "how": "typed", "text": "green: take d3", "seq": "p:2"})
    page.handle({"type": "go", "index": 2, "seq": "p:3"})
    assert [(t["seq"], t["index"], t["phase"]) for t in tasks(sent)] == [
        ("p:1", 1, "try"), ("p:2", 1, "done"), ("p:3", 2, "ask")]
    assert page.lesson.results[1] == StepResult(tried="first")


def test_go_messages_ahead_of_the_pages_index_do_not_move_the_page(trapper):
    """End, Home, → pressed quickly once set the page and its kernel answering each other for
    ever: the page's index reached the kernel late (ipywidgets holds a change back while one is
    in flight), the kernel set the index back, and the page took each change as the kernel's
    move. Now the page says where it is only in "go" messages, and the kernel's ``index`` is
    its record of the step shown, set from those and never the page's to follow: after End,
    Home, → the lesson is at step 1, and every answer names the "go" it answers."""
    page, sent = page_of(trapper)
    for seq, index in (("p:1", 3), ("p:2", 0), ("p:3", 1)):
        page.handle({"type": "go", "index": index, "seq": seq})
    assert page.lesson.index == page.index == 1
    assert [(t["seq"], t["index"]) for t in tasks(sent)] == [("p:1", 3), ("p:2", 0), ("p:3", 1)]
    assert [m["type"] for m in sent if m["type"] not in ("task", "steps")] == []


def test_play_on_and_back_through_the_page(trapper):
    page, sent = page_of(trapper)
    page.handle({"type": "go", "index": 2, "seq": "p:2"})
    before = snapshot(page.lesson)
    page.handle({"type": "playon"})
    assert sent[-1]["type"] == "play" and sent[-1]["index"] == 2 and sent[-1]["notes"]
    assert sent[-1]["scene"]["from_position"] and sent[-1]["scene"]["can_move"]
    page.handle({"type": "play", "content": {"type": "typed", "text": "end turn"}})
    assert "Anna: end turn" in sent[-1]["scene"]["log"]
    page.handle({"type": "play", "content": {"type": "save"}})  # not offered
    assert page.learning.playing.session.saved == ""
    page.handle({"type": "unplay"})
    assert page.learning.playing is None and snapshot(page.lesson) == before


def test_a_click_on_a_step_that_only_shows_changes_nothing(nim):
    page, sent = page_of(nim, FactsDrawer(NIM))
    before = snapshot(page.lesson)
    page.handle({"type": "click", "target": "x", "seq": "p:1"})
    assert snapshot(page.lesson) == before
    assert [(t["seq"], t["phase"], t["feedback"]) for t in tasks(sent)] == [("p:1", "done", "")]


# ---- the course ---------------------------------------------------------------------------------
def test_next_lesson_follows_the_index_and_agrees_with_the_core_within_a_game():
    for wid in order():
        following = next_link(wid)
        same_game = next_lesson(wid)
        if same_game is not None:
            assert following["href"] == f"{same_game.replace('/', '-')}.ipynb", wid
    assert next_link("trapper/tactical-auction")["href"].startswith("intrappola-")
    assert next_link("canyon/the-end") == {}



def test_the_next_lesson_s_title_and_order_are_read_from_the_file_s_head(tmp_path):
    """A lesson's page reads every walkthrough's title and order without its steps (the whole
    files cost the kernel ~0.1 s a page): a multi-line text whose line starts with "[" is read
    whole, and a file whose head is not TOML is skipped as before."""
    from widgets.pages.course import _head

    good = tmp_path / "a.toml"
    good.write_text('title = "A"\norder = 3\nsummary = """\n[not a table]\n"""\n\n[setup]\nseed = 1\n'
                    '[[step]]\nmove = [unclosed\n', encoding="utf-8")
    assert _head(good) == {"title": "A", "order": 3, "summary": "[not a table]\n"}
    bad = tmp_path / "b.toml"
    bad.write_text('title = "B\n[setup]\n', encoding="utf-8")
    assert _head(bad) == {} and _head(tmp_path / "missing.toml") == {}

def test_a_legal_but_different_move_names_its_facts_values_in_the_page_s_language(trapper):
    """The facts a legal but different move changed are shown, and said to a screen reader,
    in the page's words: a Dutch page said "green 2, blue 0" and "herb 1" (the engine's)."""
    from html import escape

    from tutor.core.i18n import using

    with using("nl"):
        page, sent = page_of(trapper)
        page.handle({"type": "go", "index": 1, "seq": "p:1"})
        for target in ("g7", "h7"):  # the blue trapper takes h7: legal, not the book's move
            page.handle({"type": "click", "target": target, "seq": "p:2"})
        page.handle({"type": "try", "how": "choice", "index": 0, "seq": "p:3"})
        found = page.lesson.visit.said[-1]
        worded = page.composer.drawer.fact_value
        values = [(worded(d.yours, d.key), worded(d.book, d.key)) for d in found.differences]
    assert found.verdict is Verdict.DIFFERENT and verdicts(sent[-1]["feedback"]) == [("different", "")]
    assert re.findall(r"<td>(.*?)</td>", sent[-1]["feedback"]) == [
        escape(v) for pair in values for v in pair]
    engine = [str(v) for d in found.differences for v in (d.yours, d.book)]
    assert set(engine) - {v for pair in values for v in pair}, "no value the page words differently"
    said = sent[-1]["said"]
    assert all(v in said for pair in values for v in pair)
    assert not [v for v in engine if v not in {w for pair in values for w in pair} and v in said]


def test_a_refusal_by_a_rule_the_step_s_cards_show_does_not_say_the_rule_again(trapper):
    """On a projector a refused move's box said the whole rule and our reading again, under
    the step's card of the same rule, and pushed the move list out of sight (Trigger's
    "bonus a1" at roll-and-flip step 7). A rule on the cards is named there by its title and
    id; a rule the cards do not show is said in the box, its reading one click away."""
    from tutor.trigger import GAME as TRIGGER

    replayed = wt.replay(wt.by_id("trigger/roll-and-flip"))
    page, sent = page_of(replayed)
    page.handle({"type": "go", "index": 7, "seq": "p:1"})
    assert "trigger.bonus" in replayed.frames[7].rule_ids
    page.handle({"type": "try", "how": "typed", "text": "bonus a1", "seq": "p:2"})
    box = sent[-1]["feedback"]
    rule = TRIGGER.rules["trigger.bonus"]
    assert verdicts(box) == [("illegal", "trigger.bonus")] and rule.title in box
    from html import escape
    assert escape(rule.text) not in box and escape(rule.reading) not in box

    page, sent = page_of(trapper)  # refused by the water rule, which step 1's cards do not show
    page.handle({"type": "go", "index": 1, "seq": "p:1"})
    page.handle({"type": "try", "how": "typed", "text": "green: take c4", "seq": "p:2"})
    water = TRAPPER.rules["trapper.take.water"]
    assert "trapper.take.water" not in trapper.frames[1].rule_ids
    from html import escape
    assert escape(water.text) in sent[-1]["feedback"]
