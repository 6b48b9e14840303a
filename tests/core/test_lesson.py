"""Try-it steps and questions: the walkthrough format, its checks, and the widget-free logic
of tutor/core/lesson.py, on the example game Nim and on a real Trapper walkthrough."""
from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from examples.nim import GAME as NIM
from tutor.core import BadWalkthrough, registry
from tutor.core import walkthrough as wt
from tutor.core.lesson import TryIt, Verdict, check_answer, evaluate

NIM_WALK = Path(__file__).resolve().parents[2] / "examples" / "walkthroughs" / "first-game.toml"


@pytest.fixture(autouse=True)
def nim_known():
    registry.register(NIM)


@pytest.fixture
def nim():
    return wt.replay(wt.load(NIM_WALK))


# ---- Nim ---------------------------------------------------------------------------------------
def test_the_replay_carries_try_it_steps_and_questions(nim):
    frames = nim.frames
    assert [f.try_it is not None for f in frames] == [False, False, True, False, True]
    assert frames[2].accepted_texts == ("take 3",) and frames[2].try_it.compare == ("heap",)
    assert (frames[2].question.fact, frames[2].answer, frames[2].answer_rule) == ("heap", 4, "nim.take")
    assert (frames[4].answer, frames[4].question.choices) == ("P1", ("P1", "P2"))


def test_the_book_s_move_is_right(nim):
    step = TryIt(NIM, nim.frames[2])
    for tried in ("take 3", NIM.parse_move(nim.frames[2].before, "take 3")):
        found = step.attempt(tried)
        assert found.verdict is Verdict.BOOK and found.right and found.state == nim.frames[2].state


def test_an_illegal_move_is_refused_by_its_rule_and_changes_nothing(nim):
    frame = nim.frames[2]
    before = NIM.to_json(frame.before)
    found = TryIt(NIM, frame).attempt("take 4")
    assert found.verdict is Verdict.ILLEGAL and not found.right and found.state is None
    assert (found.rule_id, found.title) == ("nim.take", "Take from the heap")
    assert found.reason == "you may take 1, 2 or 3, not 4"
    assert found.message == "Not allowed: you may take 1, 2 or 3, not 4. (Take from the heap)"
    assert NIM.to_json(frame.before) == before


def test_an_illegal_move_carries_the_rule_s_reading():
    misere = NIM.initial_state({"heap": 1, "variant": "misere"})
    frame = wt.Frame(1, NIM.apply(misere, NIM.parse_move(misere, "take 1")), "", ("nim.take",),
                     before=misere, move=NIM.parse_move(misere, "take 1"), move_text="take 1",
                     try_it=wt.TryIt())
    assert evaluate(NIM, frame, "take 2").rule_id == "nim.take.heap"
    reading = NIM.rules["nim.variant.misere"].reading
    assert reading and NIM.rules["nim.take.heap"].reading == ""  # only readings are shown


def test_a_legal_other_move_says_what_differs_from_the_facts(nim):
    found = TryIt(NIM, nim.frames[2]).attempt("take 1")
    assert found.verdict is Verdict.DIFFERENT and not found.right
    assert [(d.key, d.label, d.yours, d.book) for d in found.differences] == [
        ("heap", "counters on the heap", 6, 4)]  # the step compares the heap only
    assert found.message == "Legal, but not the move of the book: counters on the heap: yours 6, the book’s 4."
    assert NIM.facts(found.state)["heap"] == 6
    same_heap = replace(nim.frames[2], try_it=replace(nim.frames[2].try_it, compare=("over",)))
    other = TryIt(NIM, same_heap).attempt("take 1")  # the compared fact is the same: all differ
    assert {d.key for d in other.differences} == {"heap", "taken.P1"}
    last = TryIt(NIM, nim.frames[4]).attempt("take 2")  # every differing fact, labelled
    assert {d.key for d in last.differences} == {"heap", "over", "taken.P1"}
    assert "counters P1 has taken: yours 5, the book’s 6" in last.message


def test_unreadable_text_says_what_was_expected(nim):
    found = TryIt(NIM, nim.frames[2]).attempt("grab three")
    assert found.verdict is Verdict.UNREADABLE and found.move is None and found.state is None
    # the example is a legal move, never the answer (the book's move is take 3)
    assert found.message == ("That is not a move I can read: expected 'take N', got 'grab three'. "
                             "Write a move like “take 1”.")


def test_show_me_is_offered_after_two_misses_and_always_available(nim):
    step = TryIt(NIM, nim.frames[4])
    assert not step.show_me_offered
    step.attempt("take 4")
    assert not step.show_me_offered and step.misses == 1
    step.attempt("take 1")
    assert step.show_me_offered and step.misses == 2 and not step.solved
    shown = step.show_me()
    assert shown.verdict is Verdict.SHOWN and shown.state == nim.frames[4].state
    assert step.solved and not step.show_me_offered
    early = TryIt(NIM, nim.frames[4])
    assert early.show_me().verdict is Verdict.SHOWN  # before any try, too


def test_a_step_shown_again_starts_afresh(nim):
    first = TryIt(NIM, nim.frames[2])
    first.attempt("take 1")
    first.attempt("take 2")
    again = TryIt(NIM, nim.frames[2])  # stepping back over the step and forward again
    assert again.misses == 0 and not again.show_me_offered


def test_a_frame_without_try_it_or_question_is_refused(nim):
    with pytest.raises(ValueError, match="step 3 is not a try-it step"):
        TryIt(NIM, nim.frames[3])
    with pytest.raises(ValueError, match="step 3 asks no question"):
        check_answer(NIM, nim.frames[3], "1")


@pytest.mark.parametrize("given, right, readable, message", [
    ("4", True, True, "Right: 4."),
    (4, True, True, "Right: 4."),
    (" 4.0 ", True, True, "Right: 4."),
    ("5", False, True, "Not quite: it is 4. The rule that decides it: Take from the heap."),
    ("four", False, False, "A number, please: write it in figures, like 12."),
    ("9" * 40, False, False, "A number, please"),
])
def test_a_number_question(nim, given, right, readable, message):
    answer = check_answer(NIM, nim.frames[2], given)
    assert (answer.right, answer.readable, answer.answer, answer.rule_id) == (right, readable, "4", "nim.take")
    assert answer.message.startswith(message)


@pytest.mark.parametrize("given, right, readable", [
    ("P1", True, True), ("p1", True, True), ("P2", False, True), ("P3", False, False)])
def test_a_choice_question(nim, given, right, readable):
    answer = check_answer(NIM, nim.frames[4], given)
    assert (answer.right, answer.readable, answer.answer) == (right, readable, "P1")
    if not readable:
        assert answer.message == "Choose one of: P1, P2."


# ---- the format's checks -----------------------------------------------------------------------
BASE = NIM_WALK.read_text()


@pytest.mark.parametrize("old, new, where, problem", [
    ('move = "take 4"\nrefused = "nim.take"', 'move = "take 4"\nrefused = "nim.take"\ntry = true',
     "step 1 (line 15), field 'try'", "a refused step cannot be a try-it"),
    ('title = "P2 takes one"\nmove = "take 1"', 'title = "P2 takes one"\ntry = true',
     "step 3 (line 35), field 'try'", "a try-it step needs the book's 'move'"),
    ('try = true', 'try = "yes"', "step 4 (line 41), field 'try'", "must be true or a table"),
    ('compare = ["heap"]', 'compare = ["heap"]\nlevel = 2', "field 'try'", "unknown field(s) ['level']"),
    ('compare = ["heap"]', 'accept = ["take 4"]', "step 2 (line 22), field 'try.accept' (move 1)",
     "'take 4' is not legal here: you may take 1, 2 or 3, not 4 [nim.take]"),
    ('compare = ["heap"]', 'accept = ["take"]', "field 'try.accept' (move 1)", "expected 'take N'"),
    ('compare = ["heap"]', 'accept = ["take 3"]', "field 'try.accept' (move 1)", "the book's move itself"),
    ('compare = ["heap"]', 'compare = ["heep"]', "field 'try.compare'", "no fact called 'heep' after the move"),
    ('fact = "heap"', 'fact = "heep"', "step 2 (line 22), field 'ask.fact'", "no fact called 'heep'"),
    ('fact = "winner"', 'fact = "over"', "field 'ask.choices'", "the answer 'yes' (over) is not among"),
    ('choices = ["P1", "P2"]', 'choices = ["P1", "P1"]', "field 'ask.choices'", "must be different"),
    ('choices = ["P1", "P2"]', 'choices = ["P1"]', "field 'ask.choices'", "one choice is no choice"),
    ('choices = ["P1", "P2"]', '', "field 'ask.fact'", "'winner' is 'P1', not a number: give 'choices'"),
    ('prompt = "Who wins?"', 'prompt = "Who wins?"\nrule = "nim.win"', "field 'ask.rule'", "unknown rule id 'nim.win'"),
    ('prompt = "Who wins?"', 'prompt = "  "', "field 'ask.prompt'", "the prompt is empty"),
    ('prompt = "Who wins?"', '', "field 'ask'", "field 'prompt' is missing"),
])
def test_a_bad_try_it_or_question_names_file_step_and_field(old, new, where, problem):
    assert old in BASE
    with pytest.raises(BadWalkthrough) as err:
        wt.replay(wt.parse(BASE.replace(old, new, 1), "first-game.toml"))
    text = str(err.value)
    assert text.startswith("first-game.toml, step ") and where in text and problem in text, text


# ---- a real game: Trapper ----------------------------------------------------------------------
TRAPPER = textwrap.dedent('''
    game = "trapper"
    title = "Try it: the green trapper"

    [setup]
    position = """
    players: Anna, Ben
    turn: Anna
    board:
      8  *  *          *          *              *             *  *     *
      7  *  beige      *          *              *             *  blue  *
      6  *  *          *          *              *             .  *     *
      5  .  *          *          *              *             .  *     *
      4  .  (bear2/N)  bear4/S    (elk1/E)       *             *  purple  *
      3  *  .          green      mushroom5/S    (salmon3/N)   *  *     *
      2  *  *          .          canoe-bear3/E  (wolf1/W)     *  *     *
      1  *  *          *          (herb2/N)      *             *  *     *
         a  b          c          d              e             f  g     h
    hand Anna: green 2, blue 2, beige 1
    draw: purple, green
    """
    narration = "Anna's turn: the green trapper on c3."

    [[steps]]
    title = "Mushroom 5"
    move = "green: take d3"
    narration = "Anna pays a green card and takes mushroom 5."
    rules = ["trapper.take", "trapper.take.reveal"]
    [steps.try]
    accept = ["green: take d3 paying blue blue"]
    compare = ["hand.Anna", "trapper.green"]
    [steps.ask]
    fact = "square.d4"
    prompt = "Which tile is turned up on d4?"
    choices = ["elk 1", "bear 2", "salmon 3"]

    [[steps]]
    title = "Count the cards"
    move = "green: take d2"
    narration = "The canoe with 3 bears, for the second green card."
    try = true
    [steps.ask]
    fact = "cards.Anna"
    prompt = "How many cards does Anna hold now?"
    rule = "trapper.cards"
''')


@pytest.fixture
def trapper():
    return wt.replay(wt.parse(TRAPPER, "trapper-try.toml"))


def test_a_trapper_try_it_step(trapper):
    game, frame = trapper.game, trapper.frames[1]
    step = TryIt(game, frame)
    water = step.attempt("green: take c4")
    assert water.verdict is Verdict.ILLEGAL and water.rule_id == "trapper.take.water"
    assert water.title == game.rules["trapper.take.water"].title and water.state is None
    other = step.attempt("beige: take c7")
    assert other.verdict is Verdict.DIFFERENT
    assert [d.key for d in other.differences] == ["hand.Anna", "trapper.green"]
    assert [(d.yours, d.book) for d in other.differences] == [
        ("green 2, blue 2, beige 0, purple 0", "green 1, blue 2, beige 1, purple 0"), ("c3", "d3")]
    assert step.show_me_offered
    paid = step.attempt("green: take d3 paying blue blue")
    assert paid.verdict is Verdict.ACCEPTED and paid.right
    assert game.facts(paid.state)["hand.Anna"] == "green 2, blue 0, beige 1, purple 0"
    # the lesson goes on from the book's move, not this one: said, with the book's move (a
    # learner saw the board go on from a move they had not made, without a word)
    assert game.move_display(frame.before, frame.move) in paid.message
    assert step.attempt("green: take c9").verdict is Verdict.UNREADABLE


def test_trapper_questions(trapper):
    game = trapper.game
    tile = check_answer(game, trapper.frames[1], "Elk 1")
    assert tile.right and tile.rule_id == "trapper.take"
    cards = check_answer(game, trapper.frames[2], "5")
    assert not cards.right and cards.answer == "3" and cards.rule_id == "trapper.cards"
    assert cards.message == f"Not quite: it is 3. The rule that decides it: {game.rules['trapper.cards'].title}."


def test_the_check_command_checks_try_it_steps_and_questions(tmp_path, capsys):
    from tutor.__main__ import main
    bad = tmp_path / "bad.toml"
    bad.write_text(TRAPPER.replace('choices = ["elk 1", "bear 2", "salmon 3"]',
                                   'choices = ["bear 2", "salmon 3"]'))
    good = tmp_path / "good.toml"
    good.write_text(TRAPPER)
    assert main(["check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.toml, step 1 (line 24), field 'ask.choices': the answer 'elk 1' (square.d4)" in out
    assert "1 passed, 1 failed" in out


def test_a_choice_is_judged_by_its_place_so_translated_choices_work(nim):
    from dataclasses import replace
    frame = nim.frames[4]
    dutch = replace(frame, question=replace(frame.question, choices=("Speler 1", "Speler 2")))
    assert check_answer(NIM, dutch, "speler 1").right
    wrong = check_answer(NIM, dutch, "Speler 2")
    assert not wrong.right and wrong.answer == "Speler 1"


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_wrong_answer_names_its_rule_as_a_title_not_as_the_subject_of_a_verb(trapper, lang):
    """The rule's title went into "{title} decides it" / "{title} beslist het": a title such
    as "Pushed further" ("Verder geduwd") or "Several canoes arrive in one round" then read as
    a broken sentence ("Meerdere kano's komen in één ronde aan beslist het."). The title now
    closes the sentence after a colon, in every language."""
    from tutor.core.i18n import using

    with using(lang):
        game = trapper.game
        said = check_answer(game, trapper.frames[2], "5")
        title = game.rules["trapper.cards"].title
    assert said.message.endswith(f": {title}."), said.message
