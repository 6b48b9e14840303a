"""The words of every page's script (the JS has no translator), said once, translated when
asked: :func:`words` gives the words a page kind needs (each group below once, whichever pages
share it), in the current language.

>>> lesson = words("lesson")
>>> lesson["next"], lesson["show_me"], lesson["class_teach"], lesson["undo"]
('Next', 'Show me', 'Teach a class', '↶ Undo')
>>> sorted(set(words("drills")) - set(words("play")))[:3]
['answer', 'changes', 'next_question']
"""
from __future__ import annotations

from typing import Callable

from widgets.parts.texts import T


def page_texts() -> dict[str, str]:
    """The words of the page's frame and its step controls."""
    return {
        "back": T._("Back"), "next": T._("Next"), "restart": T._("Restart"),
        "end": T._("Last step"), "steps": T._("Steps"), "present": T._("Present"),
        "leave": T._("Leave presenter mode"), "home": T._("All lessons"),
        "rules": T._("Rules in this step"), "rules_short": T._("Rules"),
        "legend": T._("What the marks mean"),
        "readings": T._("Our reading of:"), "reading": T._("Our reading"),
        "panel": T._("Players and cards"), "loading": T._("Loading the step…"),
        "keys": T._("Keys: → or space next, ← back, Home first, End last."),
        "board": T._("Board"), "controls": T._("Step controls"), "language": T._("Language"),
        "numbering": T._("Step 0 is the setup; step k shows the position after the "
                         "walkthrough's k-th step."),
    }


def play_texts() -> dict[str, str]:
    return {
        "your_move": T._("Your move"), "play": T._("Play"), "typed": T._("or type a move"),
        "try": T._("Try"), "undo": T._("↶ Undo"), "new": T._("New game"), "seed": T._("Seed"),
        "hint": T._("Hint"),
        "setup": T._("A new game"), "save": T._("Save"), "load": T._("Load"),
        "download": T._("Download the saved game"),
        "saved": T._("Saved game (text): copy it, or paste one here and press Load"),
        "log": T._("Moves so far"), "choose": T._("Choose one:"), "seats": T._("Seats"),
        "back_to_lesson": T._("Back to the lesson"), "write_lesson": T._("Write a lesson"),
    }


def learn_texts() -> dict[str, str]:
    """The words of the learning parts of the page, translated now."""
    return {
        "try_it": T._("Try it"), "question": T._("Question"),
        "show_me": T._("Show me"), "show_me_offer": T._("Stuck? Show me the book’s move"),
        "answer": T._("Answer"), "your_answer": T._("Your answer (a number)"),
        "pick": T._("Pick a legal move…"),
        "play_on": T._("Play on from here"), "back_to_lesson": T._("Back to the lesson"),
        "playing_on": T._("Playing on from step {index}"),
        "next_lesson": T._("Next lesson"), "last_lesson": T._("That was the last lesson of this "
                                                             "game: pick another on the course page."),
        "finished": T._("Lesson finished"),
    }


def class_texts() -> dict[str, str]:
    """The words of the teacher's class panel (and a student's way back to the class from a
    lesson of their own), translated now; every key starts with ``class_``."""
    return {
        "class_teach": T._("Teach a class"),
        "class_starting": T._("Starting the class…"),
        "class_join_at": T._("Join at"),
        "class_code": T._("Class code"),
        "class_following": T._("following"),
        "class_answered": T._("{answered} of {following} answered"),
        "class_moves": T._("The class’s moves"),
        "class_answers": T._("The class’s answers"),
        "class_away": T._("{n} stepped away"),
        "class_big": T._("Show the code large"),
        "class_small": T._("Start teaching"),
        "class_end": T._("End the class"),
        "class_confirm_end": T._("End the class for every student?"),
        "class_ended": T._("The class has ended."),
        "class_lost": T._("The class relay cannot be reached: trying again…"),
        "class_loopback": T._("Students cannot open this address (it is this computer’s own). "
                              "Start the app with --Voila.ip=0.0.0.0 and open it by the "
                              "computer’s network address."),
        "class_names": T._("Who joined (only you see the names)"),
        "class_missed": T._("What the class missed: right at the first answer, per rule"),
        "class_back": T._("Back to the class"),
        "class_choosing": T._("Your class is waiting while you choose the next lesson: open one "
                              "and the class follows you there."),
        "class_panel": T._("The class"),
    }


def drill_texts() -> dict[str, str]:
    return {
        "next_question": T._("Next question"), "answer": T._("Answer"),
        "your_answer": T._("Your answer (a number)"), "options": T._("Answers to choose from"),
        "right_mark": T._("right"), "wrong_mark": T._("wrong"),
        "question_label": T._("Question {number}"),
        "changes": T._("What practice changed since this page opened"),
        "through_lessons": T._("Rules to work on that no question here asks about: practise "
                               "them in their lessons"),
    }


def progress_texts() -> dict[str, str]:
    """The words of the progress the index shows beside each lesson (kept in the browser)."""
    return {
        "finished": T._("finished"), "started": T._("started"),
        "tries": T._("try-it steps right first time: {right} of {total}"),
        "answers": T._("questions right: {right} of {total}"),
        "summary": T._("Your progress (kept in this browser): {done} of {total} lessons finished."),
    }


def mastery_texts() -> dict[str, str]:
    """The words of the learner's record per rule (widgets/static/mastery.js, course.js)."""
    return {
        "record_title": T._("Your record"),
        "record_where": T._("Your progress and what you know of each rule are kept in this "
                            "browser only: no server keeps them. Save them to a file to move "
                            "them to another browser."),
        "forget": T._("Forget my progress"),
        "forgotten": T._("Your progress is forgotten in this browser."),
        "save_record": T._("Save my record to a file"),
        "read_record": T._("Read a record file"),
        # Translators: beside "Read a record file" until a file is chosen (then its name)
        "no_file": T._("No file chosen"),
        "record_read": T._("The record file is read: its progress is added to this browser's."),
        "not_record": T._("That file is not a record of the Rules Tutor."),
    }


def session_texts() -> dict[str, str]:
    """The widget's sentences, in the current language (``{step}`` is filled in the page)."""
    return {
        "gone": T._("This page's session has ended (it was left alone too long, or the server "
                    "restarted), so its buttons no longer answer."),
        "unreachable": T._("The tutor's server cannot be reached, so this page's buttons no "
                           "longer answer."),
        "reload_step": T._("Reload at step {step}", step="{step}"),
        "reload_saved": T._("Reload from the last saved position"),
        "reload": T._("Reload the page"),
    }


def follow_texts() -> dict[str, str]:
    """The student page's own words (it shares the step frame's and the try-it ones)."""
    return {
        "title": T._("Follow the class"),
        "join": T._("Join a class"),
        "code": T._("Class code"),
        "name": T._("Your name (optional: only the teacher sees it)"),
        "join_button": T._("Join"),
        "bad_code": T._("No class has that code. Check it with your teacher."),
        "wait_code": T._("Too many wrong codes: wait a minute, then try again."),
        "full": T._("The class is full."),
        "following": T._("Following the teacher"),
        "waiting": T._("Waiting for the teacher’s next step…"),
        "no_teacher": T._("The teacher’s page is not connected: the class goes on when it is."),
        "lost": T._("Connection lost: reconnecting…"),
        "back_online": T._("Connected again."),
        "ended": T._("The class has ended. Thank you for taking part!"),
        "send": T._("Send"),
        "sent": T._("Your answer is in. You can change it until the teacher shows the answer."),
        "step_away": T._("Look back"),
        "back_to_class": T._("Back to the class"),
        "away_note": T._("You stepped away: the class goes on without you. Come back any time."),
        "try_here": T._("Try it and play on from here (on your own)"),
        "teacher_at": T._("The teacher is at step {step}."),
        "choosing": T._("The teacher is choosing the next lesson…"),
        "moved_on": T._("The class has gone on to another lesson: {title}."),
        "late_missed": T._("Your answer did not reach the class before it moved on, so it was "
                           "not counted."),
        "late_earlier": T._("Your change did not reach the class before it moved on, so your "
                            "earlier answer is the one counted."),
    }


def author_texts() -> dict[str, str]:
    """The words of the "Write a lesson" page."""
    return {
        "title": T._("Write a lesson"),
        "start": T._("Where the lesson starts"), "new_game": T._("A new game"),
        "from_lesson": T._("A step of a lesson"), "from_position": T._("A position text"),
        "from_file": T._("Open a lesson file"), "game": T._("Game"), "players": T._("Players"),
        "lesson": T._("Lesson"), "step": T._("Step"), "begin": T._("Start writing"),
        "steps": T._("The lesson's steps"), "setup_step": T._("The setup"),
        "lesson_title": T._("The lesson's title"), "step_title": T._("Step title"),
        "narration": T._("Narration"), "write_note": T._("Write in the page's language: the "
                                                         "lesson keeps it."),
        "apply": T._("Keep the words"),
        "refused": T._("Refused by the rules"), "keep": T._("Keep it as a refused step"),
        "delete": T._("Delete"), "up": T._("Earlier"), "down": T._("Later"),
        "proposed_rules": T._("The rules this step shows"),
        "broken": T._("broken"), "changed": T._("What changed (ticked: the lesson checks it)"),
        "no_change": T._("Nothing changed."),
        "marks": T._("Ring squares"), "marking": T._("Click the board to ring a square; click "
                                                    "again to take the ring away."),
        "marked": T._("Ringed:"),
        "task": T._("What the learner does"), "task_plain": T._("Reads the step"),
        "task_try": T._("Finds the move (try it)"), "task_ask": T._("Answers a question"),
        "fact": T._("The fact asked about"), "prompt": T._("The question"),
        "also_right": T._("Also accepted:"), "choices": T._("Choices:"),
        "answer_is": T._("The answer the engine computes:"),
        "try_learner": T._("Try it as a learner"), "back_writing": T._("Back to writing"),
        "save_lesson": T._("Save the lesson"), "download_lesson": T._("Download the lesson file"),
        "saved_in": T._("Saved in {path}; it is in the course under “Your lessons”."),
        "passes": T._("The lesson passes the check."),
        "play_note": T._("Play a move on the board, or type it: each move becomes a step."),
        "chance": T._("Chance is to move: type the outcome, or deal it from the seed."),
        "deal": T._("Deal from the seed"),
        "engine_move": T._("The engine would play: {move}"),
        "why": T._("If your move is clearly weaker, say why the lesson plays it (the learner "
                   "reads it):"),
    }


def python_texts() -> dict[str, str]:
    """What the static site's lesson says about Python, which it needs only for some controls
    (``widgets/static/ahead.js``; ``{percent}`` is filled in by the page)."""
    return {
        "python_loading": T._("Python is starting for this: {percent}%…"),
        "python_failed": T._("Python cannot start in this browser: playing on, clicks on the "
                             "board and moves typed in your own words are not available here. "
                             "The lesson itself keeps working."),
        "python_page_failed": T._("Python cannot start in this browser, so this page cannot "
                                  "work here. The lessons work without it."),
        "drills_loading": T._("The drills are loading…"),
        # offline before this browser kept Python (the course is kept once a visit has had it)
        "python_offline": T._("There is no connection, and this browser has not kept Python yet: "
                              "playing on, clicks on the board and moves typed in your own words "
                              "need it. The lesson itself keeps working."),
        "python_page_offline": T._("There is no connection, and this browser has not kept Python "
                                   "yet: this page needs it. Open it once while online."),
        "course_kept": T._("The whole course is kept in this browser: it works without a "
                           "connection."),
    }


#: the groups of words each kind of page gets (a student's page, ``follow``, shares the step
#: frame's words and the try-it words with the lesson)
KINDS: dict[str, tuple[Callable[[], dict[str, str]], ...]] = {
    "lesson": (page_texts, play_texts, learn_texts, class_texts, python_texts),
    "play": (page_texts, play_texts),
    "drills": (page_texts, drill_texts),
    "course": (progress_texts, mastery_texts),
    "session": (session_texts,),
    "follow": (page_texts, play_texts, learn_texts, follow_texts),
    "author": (page_texts, play_texts, author_texts),
}


def words(kind: str) -> dict[str, str]:
    """The words of a page of ``kind`` (:data:`KINDS`), translated now."""
    found: dict[str, str] = {}
    for group in KINDS[kind]:
        found.update(group())
    return found
