"""Every lesson built ahead: each step of each lesson in each language, and the verdicts the
page needs to answer a learner without Python (issue 31).

A lesson page on the static site works from its first paint (``widgets/static/ahead.js``):
it fetches ``NAME.steps.LANG.json.gz`` beside the page (one gzip file per lesson and
language, fetched on first use of that language) and draws the lesson view
(``widgets/static/lesson.js``) on it, the built file answering what the kernel would.

What a file holds, all made by the code the live page uses:

* ``page``: the lesson view's traits (:class:`widgets.pages.lesson.view.LessonPage`: title,
  game, the step names, the page's words, the lesson's id, the next lesson, the language
  menu);
* ``steps``: every step's value, :meth:`widgets.pages.lesson.steps.StepComposer.view` ->
  :meth:`widgets.parts.step.StepView.data` (with its task: what opens, what Next does);
* ``judged``: per step that asks, its verdicts judged ahead by the widget-free
  :class:`widgets.pages.lesson.model.Lesson` itself (the same calls the kernel's
  :class:`widgets.pages.lesson.learning.LearnMessages` makes):

  - ``moves``: each legal move of the try-it list (by the list's index) as the board's free
    play hands it to the lesson: the book's move, another move the step accepts, a legal
    move with what it changes, or its refusal; ``feedback`` (the page's HTML), ``said``
    (the live region), ``verdict``, ``right``, and ``scene`` when the board changed;
  - ``shown``: "Show me" (and Next while trying);
  - ``choices``: each choice of a question, as answered; or for a number question
    ``number``: the answer, and its feedback right, wrong (``{given}`` filled in by the page)
    and unreadable; ``told``: Next while asked (the answer given);
  - ``clicks``: the try-it board's clicks (:func:`clicks`): from the try's start, every
    click target of the board and of its players' panel (their ``data-target``: Canyon's cards
    in the hand), each choice a click offered and each game button, to :data:`CLICKS` clicks
    deep (fewer where that would make the file more than :data:`GROWTH` bigger), as the
    board's free play answers them: the scene shown next (the
    board with what was chosen), or the move made, judged (by the list's index when it is a
    listed move's verdict).
"""
from __future__ import annotations

import copy
import gzip
import html
import json
import multiprocessing
import os
import re
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from difflib import SequenceMatcher
from functools import lru_cache
from pathlib import Path
from typing import Any

from tutor.core.i18n import LANGUAGES, SOURCE, set_language, using

#: a number no answer is: the wrong answer whose feedback the page fills with the learner's
WRONG = "987654321"
UNREAD = "?"


def file_name(stem: str, lang: str) -> str:
    """The built steps of notebook ``stem`` in ``lang``, beside its page."""
    return f"{stem}.steps.{lang}.json.gz"


def _attempt(lesson: Any, learn: Any) -> dict:
    from tutor.core.lesson import Attempt

    said = [s for s in lesson.visit.said if isinstance(s, Attempt)]
    task = learn.task()
    found = said[-1]
    return {"verdict": found.verdict.value, "right": found.right, "said": task["said"],
            "feedback": task["feedback"], "text": found.move_text, "rule": found.rule_id}


#: how many clicks deep a try-it board's clicks are built ahead (a trapper then a tile, two
#: cards then the trapper's tile, tiles then Flip); a click further on is Python's
CLICKS = 3
#: how many states of a try-it board (the first, in the order they are met) are clicked on
#: first: the file keeps the edges of its first boards only, as many as :data:`GROWTH` allows
#: (:func:`fitted`), a few where boards have many choices. Since several of Trigger's tiles may
#: be chosen for one flip, every tile and pair of them is a state (~400 at a step), each
#: clicked on for a file that kept 3 of them (4-30 s of the build per lesson and language).
#: Where the file would keep as many boards as were clicked on, the lesson is clicked on again
#: with the next bound, the last none: the same bytes as without a bound, always.
CLICKED_STATES = (16, 64, None)
#: the most the clicks may add to a lesson's file (gzipped): a lesson whose clicks would add
#: more is clicked fewer clicks deep (its boards with many choices: Trapper's trappers and
#: payments, Trigger's tiles)
GROWTH = 0.30
#: what free play keeps of its game, not of what the learner chose on the board so far (what
#: was said goes with the next click)
SHELL = frozenset({"game", "computers", "observe", "on_change", "judge", "started_at",
                   "evidence", "seats", "match", "log", "message", "problem", "hinted"})
#: a scene's text cut into its elements' pieces, a verdict's into words (widgets/static/judge.js
#: cuts them alike: ASCII classes, the same in Python and JavaScript)
PIECE = re.compile(r"<[^<]*|[^<]+")
WORD = re.compile(r"[A-Za-z0-9_]+|[^A-Za-z0-9_]+")


def chosen(play: Any) -> str:
    """What the learner has chosen on a try-it board so far (the trapper and payment, the
    tiles of a flip, the moves a click offered...): free play's own state but its game's."""
    return repr(sorted((k, repr(v)) for k, v in vars(play).items() if k not in SHELL))


def text_diff(old: str, new: str, cut: re.Pattern = PIECE) -> list:
    """``new`` as the pieces of ``old`` (cut by ``cut``) it keeps (a count), skips (a
    negative count) and the text put in between (a string)."""
    return list(_text_diff(old, new, cut.pattern))


@lru_cache(maxsize=8192)
def _text_diff(old: str, new: str, pattern: str) -> tuple:
    """:func:`text_diff`, kept: fitting a lesson's clicks to its file (:func:`fitted`) packs
    the same verdicts again for each number of boards tried, and the diffs were two thirds of
    the lessons' build (difflib)."""
    cut = re.compile(pattern)
    a, b = cut.findall(old), cut.findall(new)
    # what the two share at their start and end first (a board's scenes differ in a few
    # places): difflib, quadratic in the length, sees only what lies between
    head, most = 0, min(len(a), len(b))
    while head < most and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < most - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    ops: list = [head] if head else []
    middle_a, middle_b = a[head:len(a) - tail], b[head:len(b) - tail]
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, middle_a, middle_b, autojunk=False).get_opcodes():
        if tag == "equal":
            ops.append(i2 - i1)
            continue
        if i2 > i1:
            ops.append(i1 - i2)
        if j2 > j1:
            ops.append("".join(middle_b[j1:j2]))
    if tail:
        ops.append(tail)
    return tuple(ops)


def patched(old: str, ops: list, cut: re.Pattern = PIECE) -> str:
    """The text :func:`text_diff` describes (judge.js does the same)."""
    pieces, at, out = cut.findall(old), 0, []
    for op in ops:
        if isinstance(op, str):
            out.append(op)
        elif op > 0:
            out.extend(pieces[at:at + op])
            at += op
        else:
            at -= op
    return "".join(out)


def difference(base: dict, new: dict, cut: re.Pattern = PIECE) -> dict:
    """``new`` as what differs from ``base``: ``set`` (values), ``diff`` (texts, by
    :func:`text_diff` where that is shorter)."""
    found: dict = {}
    for key, value in new.items():
        if key in base and base[key] == value:
            continue
        if isinstance(value, str) and isinstance(base.get(key), str):
            ops = text_diff(base[key], value, cut)
            shorter = json.dumps(ops, ensure_ascii=False)
            if len(shorter) < len(json.dumps(value, ensure_ascii=False)):
                found.setdefault("diff", {})[key] = ops
                continue
        found.setdefault("set", {})[key] = value
    made = {**{k: v for k, v in base.items() if k in new}, **found.get("set", {}),
            **{k: patched(base[k], ops, cut) for k, ops in found.get("diff", {}).items()}}
    if made != new:
        raise AssertionError("a difference does not give the value back")
    return found


def packed_verdicts(verdicts: list[dict]) -> list[dict]:
    """Verdicts, each after the first of its rule and kind as what differs from the one before
    it of that rule and kind (``b``: its index; the move, the square named): a board's
    refusals differ in a few words."""
    out, last = [], {}
    for i, verdict in enumerate(verdicts):
        kind = (verdict.get("verdict"), verdict.get("rule"), tuple(sorted(verdict)))
        if kind in last:
            out.append({"b": last[kind], **difference(verdicts[last[kind]], verdict, WORD)})
        else:
            out.append(verdict)
        last[kind] = i
    return out


def clicks(lesson: Any, learn: Any, index: int, first: dict, moves: dict,
           depth: int = CLICKS, bound: int | None = None) -> dict:
    """The try-it board of step ``index`` clicked ahead, as the kernel's Lesson answers each
    click, from the try's start to ``depth`` clicks deep (see the module's docs).

    ``depth``: how many clicks deep. ``states``: what the learner has chosen so far
    (:func:`chosen`), the first the try's start; each its scene (``s``: an index of ``scenes``, what differs from the first scene; none for
    the first) and, but at the last depth, its edges: ``c`` by the index of the click's target
    in ``targets``, ``h`` by the choice's index, ``a`` as ``[id, edge]`` by the button's id
    (none: not built). An edge is
    ``[0, state]`` (nothing played: that state's scene, or with ``notes[n]`` before its status:
    ``[0, state, n]``), ``[3, state, scene]`` (nothing played, that scene), ``[1, i]`` (a move
    played: the verdict of the list's move ``i``) or ``[2, v]`` (``verdicts[v]``, packed by
    :func:`packed_verdicts`, without the move's text, which the page does not read; ``[2]``:
    the verdict after the last one met, walking the states in order, each one's ``c``, ``h``,
    ``a`` in order). After a move the board is at the first state again (``reset``
    0 where it is not). Returned as found (every verdict whole, numbered as found):
    :func:`finished` writes it as above."""
    from widgets.games.session import places_of
    from widgets.pages.lesson.model import Phase

    def start() -> Any:
        lesson.arrive(index, Phase.TRY)
        return lesson.visit.session

    session = start()
    listed = [move for _text, move in session.play.legal()]
    origin = chosen(session.play)

    def looks(play: Any) -> tuple:
        """What a try-it board's scene is drawn from (the game at the step, what was chosen and
        said): the same, the same scene."""
        return (chosen(play), play.message, play.problem, repr(play.hinted),
                play.state is play.started_at, len(play.match.moves))

    begun = looks(session.play)
    # the verdict of a listed move as a click's verdict is kept: what the page reads of it
    kept = {number: {k: v for k, v in verdict.items() if k != "text"}
            for number, verdict in moves.items()}
    targets: list[str] = []
    notes: list[str] = []
    scenes: list[dict] = []
    verdicts: list[dict] = []
    reset = 1
    states = [{"key": origin, "path": [], "scene": first, "depth": 0}]
    keys = {origin: 0}
    out_states: list[dict] = [{}]

    interned: dict = {}

    def intern(table: list, value: Any) -> int:
        key = (id(table), json.dumps(value, sort_keys=True, ensure_ascii=False))
        if key not in interned:
            interned[key] = len(table)
            table.append(value)
        return interned[key]

    # a scene per look of the board (:func:`looks`): drawn once; and a board that differs from
    # one drawn only by what was said (a click on nothing) is that one with its status line
    # made again, checked against the whole scene the first time
    drawn = {begun: first}
    said_only: list[bool] = []

    def scene_of(session: Any) -> dict:
        look = looks(session.play)
        if look not in drawn:
            like = next((drawn[other] for other in drawn
                         if other[0] == look[0] and other[2:] == look[2:]), None)
            if like is not None and said_only != [False]:
                scene = {**like, "status": session.status_html()}
                if not said_only:
                    session.show()
                    said_only.append(learn.task()["scene"] == scene)
                    if not said_only[0]:
                        scene = learn.task()["scene"]
            else:
                session.show()
                scene = learn.task()["scene"]
            drawn[look] = scene
        return drawn[look]

    def quietly(session: Any, content: dict) -> None:
        """``content`` acted on the board, its scene not drawn (drawn once, when wanted); a
        game button is found in the scene shown before it, as on the page."""
        if content["type"] == "action":
            session.buttons()
        session.play.on_change.remove(session.show)
        try:
            lesson.board_action(content)
        finally:
            session.play.on_change.append(session.show)

    def reach(state: dict) -> Any:
        """The try's board with what ``state`` has chosen: its clicks made on a new try once,
        then what they chose put back (the try goes on after a wrong move, which only takes
        the board's choices away)."""
        session = lesson.visit.session
        if "kept" in state and lesson.phase is Phase.TRY and session is not None:
            for name, value in state["kept"].items():
                setattr(session.play, name, copy.deepcopy(value))
            if chosen(session.play) == state["key"]:
                return session
        session = start()
        for done in state["path"]:
            quietly(session, done)
        if chosen(session.play) != state["key"] or lesson.visit.session is not session:
            raise AssertionError(f"step {index}: clicks {state['path']} do not choose the same "
                                 "twice")
        state["kept"] = {name: copy.deepcopy(value) for name, value in vars(session.play).items()
                         if name not in SHELL or name in ("message", "problem", "hinted")}
        return session

    def edge(state: dict, content: dict) -> list:
        nonlocal reset
        session = reach(state)
        made: list = []
        judge = session.play.judge
        session.play.judge = lambda move: (made.append(move), judge(move))
        said = len(lesson.visit.said)
        try:
            quietly(session, content)
        finally:
            session.play.judge = judge
        if len(lesson.visit.said) > said:  # a move: judged
            verdict = {k: v for k, v in _attempt(lesson, learn).items() if k != "text"}
            if not verdict["right"]:
                scene = scene_of(session)
                if scene != first:
                    verdict["scene"] = scene
                if chosen(session.play) != origin:
                    reset = 0
            number = next((i for i, m in enumerate(listed) if made and m == made[0]), None)
            if number is not None and kept.get(str(number)) == verdict:
                return [1, number]
            return [2, intern(verdicts, verdict)]
        scene = scene_of(session)
        key = chosen(session.play)
        if key not in keys:
            keys[key] = len(states)
            states.append({"key": key, "path": [*state["path"], content], "scene": scene,
                           "depth": state["depth"] + 1})
            out_states.append({"s": intern(scenes, difference(first, scene))})
        to = keys[key]
        theirs = states[to]["scene"]
        if scene == theirs:
            return [0, to]
        same = all(scene[k] == theirs[k] for k in scene if k != "status")
        if same and scene["status"].endswith(theirs["status"]):
            note = scene["status"][:len(scene["status"]) - len(theirs["status"])]
            return [0, to, intern(notes, note)]
        return [3, to, intern(scenes, difference(first, scene))]

    at, cut = 0, False
    while at < len(states):
        state = states[at]
        at += 1
        if state["depth"] >= depth:
            continue
        if bound is not None and at > bound:  # not clicked on: see CLICKED_STATES
            cut = True
            continue
        scene = state["scene"]
        found: dict = {}
        # the board's places, then the players' panel's (the cards of a hand)
        names = places_of(scene["board"] + (scene.get("panel") or ""))
        for name in names:
            number = intern(targets, name)
            row = found.setdefault("c", [])
            row.extend([None] * (number + 1 - len(row)))
            row[number] = edge(state, {"type": "click", "target": name})
        for _text, number in scene.get("choices") or []:
            row = found.setdefault("h", [])
            row.extend([None] * (number + 1 - len(row)))
            row[number] = edge(state, {"type": "choice", "index": number})
        for key, _label in scene.get("actions") or []:
            found.setdefault("a", []).append([key, edge(state, {"type": "action", "id": key})])
        out_states[keys[state["key"]]].update(found)
    for number in moves:  # a listed move leaves the board's choices as they were at the start
        start()
        lesson.board_action({"type": "move", "index": int(number)})
        if lesson.visit.session is not None and chosen(lesson.visit.session.play) != origin:
            reset = 0
    return {"depth": depth, "cut": cut, "targets": targets, "states": out_states, "scenes": scenes,
            "notes": notes, "verdicts": verdicts, "reset": reset}


def _edges(state: dict) -> list[list]:
    """A state's edges in the order the page numbers verdicts: its clicks, choices, buttons."""
    buttons = [e for _id, e in state.get("a", [])]
    return [e for e in (*state.get("c", []), *state.get("h", []), *buttons) if e is not None]


def finished(raw: dict, boards: int | None = None) -> dict:
    """The clicks of :func:`clicks` as the file holds them: only the edges of the first
    ``boards`` states clicked (in the order they were reached; all by default: a click on the
    others is Python's), the states, scenes, notes and verdicts they reach, numbered anew; each
    verdict numbered as first met (``[2]``: the next one), packed (:func:`packed_verdicts`)."""
    states = raw["states"]
    clicked = [i for i, state in enumerate(states) if _edges(state)]
    kept = set(clicked[:boards] if boards is not None else clicked)
    reached, at = [0], 0
    while at < len(reached):
        state = reached[at]
        at += 1
        if state in kept:
            for e in _edges(states[state]):
                if e[0] in (0, 3) and e[1] not in reached:
                    reached.append(e[1])
    number = {old: new for new, old in enumerate(sorted(reached))}
    scenes: dict[int, int] = {}
    notes: dict[int, int] = {}
    verdicts: dict[int, int] = {}

    def again(e: list | None) -> list | None:
        if e is None:
            return None
        if e[0] == 1:
            return list(e)
        if e[0] == 2:
            if e[1] in verdicts:
                return [2, verdicts[e[1]]]
            verdicts[e[1]] = len(verdicts)
            return [2]
        if e[0] == 3:
            return [3, number[e[1]], scenes.setdefault(e[2], len(scenes))]
        return [0, number[e[1]]] + ([notes.setdefault(e[2], len(notes))] if len(e) > 2 else [])

    out = []
    for old in sorted(reached):
        state = states[old]
        made: dict = {}
        if "s" in state:
            made["s"] = scenes.setdefault(state["s"], len(scenes))
        if old in kept:
            for kind in ("c", "h"):
                if kind in state:
                    made[kind] = [again(e) for e in state[kind]]
            if "a" in state:
                made["a"] = [[key, again(e)] for key, e in state["a"]]
        out.append(made)
    order = lambda found: [old for old, _new in sorted(found.items(), key=lambda item: item[1])]
    return {"depth": raw["depth"], "boards": len(kept), "targets": raw["targets"], "states": out,
            "scenes": [raw["scenes"][i] for i in order(scenes)],
            "notes": [raw["notes"][i] for i in order(notes)],
            "verdicts": packed_verdicts([raw["verdicts"][i] for i in order(verdicts)]),
            "reset": raw["reset"]}


def judged(page: Any, index: int, depth: int = CLICKS, bound: int | None = None) -> dict | None:
    """The verdicts of step ``index`` of a lesson page (see the module's docs), or None."""
    from tutor.core.lesson import Answer
    from widgets.pages.lesson.learning import LearnMessages
    from widgets.pages.lesson.model import Lesson, Phase, phases, told_answer
    from widgets.parts.html import answer_html

    frame = page.composer.frames[index]
    order = phases(frame)
    if order == [Phase.DONE] or frame.before is None:
        return None
    lesson = Lesson(page.composer.replay, index, kit=page.composer.kit)
    holder = type("Holder", (), {"lesson": lesson, "send": lambda self, m: None})()
    learn = LearnMessages(holder)
    # what a try and an answer say of the rules (the Lesson's evidence, widgets/parts/mastery.py)
    found: dict = {"rules": list(frame.rule_ids), "answer_rule": frame.answer_rule}
    if Phase.TRY in order:
        lesson.arrive(index, Phase.TRY)
        first = learn.task()["scene"]
        moves = {}
        for _text, number in first["moves"]:
            lesson.arrive(index, Phase.TRY)
            lesson.board_action({"type": "move", "index": number})
            if not lesson.visit.said:  # the board asked for more (a choice): Python's
                continue
            verdict = _attempt(lesson, learn)
            if not verdict["right"]:
                scene = learn.task()["scene"]
                if scene is not None and scene != first:
                    verdict["scene"] = scene
            moves[str(number)] = verdict
        found["moves"] = moves
        found["clicks"] = clicks(lesson, learn, index, first, moves, depth, bound)
        lesson.arrive(index, Phase.TRY)
        lesson.show_me()
        found["shown"] = _attempt(lesson, learn)
    if Phase.ASK in order:
        told = told_answer(lesson.game, frame)
        found["told"] = {"feedback": answer_html(told), "said": told.message}
        choices = list(frame.question.choices)

        def answered(given: str) -> dict:
            lesson.arrive(index, Phase.ASK)
            lesson.answer(given)
            answer = [s for s in lesson.visit.said if isinstance(s, Answer)][-1]
            return {"right": answer.right, "readable": answer.readable, "said": answer.message,
                    "feedback": answer_html(answer)}

        if choices:
            found["choices"] = {choice: answered(choice) for choice in choices}
        else:
            wrong = answered(WRONG)
            esc = html.escape(WRONG)
            wrong["feedback"] = wrong["feedback"].replace(esc, "{given}")
            found["number"] = {"answer": told.answer, "right": answered(told.answer),
                               "wrong": wrong, "unreadable": answered(UNREAD)}
    lesson.close()
    return found


def lesson_data(walkthrough_id: str, lang: str) -> dict:
    """One lesson in one language, built ahead (see the module's docs)."""
    from tutor.core.i18n import localize
    from tutor.core.walkthrough import by_id, replay
    from widgets.app import lesson_for
    from widgets.serving.language import menu

    set_language(lang)
    try:
        with using(lang):
            walk = by_id(walkthrough_id)
            replayed = replay(localize(walk) if lang != SOURCE else walk)
            page = lesson_for(replayed, 0, query="")
            page.languages = menu(lang)  # the frame's menu too
            last = page.lesson.last
            traits = {name: getattr(page, name) for name in (
                "kind", "title", "game", "names", "texts", "frame", "lesson_id", "next_lesson", "home")}
            traits.update(lang=lang, languages=page.languages, notice="", message="", index=0)
            steps = [page.composer.view(i).data() for i in range(last + 1)]
            kept: dict[int, dict | None] = {}  # each step's verdicts, its clicks as found
            for bound in CLICKED_STATES:
                for i in range(last + 1):  # a step whose clicks the bound did not cut: as it was
                    if i not in kept or (kept[i] or {}).get("clicks", {}).get("cut"):
                        kept[i] = judged(page, i, bound=bound)
                # copies: fitted() writes each step's clicks as the file holds them
                verdicts = {str(i): dict(found) for i, found in kept.items() if found is not None}
                data = {"page": traits, "steps": steps, "judged": verdicts}
                raw = {i: found["clicks"] for i, found in verdicts.items() if "clicks" in found}
                made, boards = fitted(data, raw)
                # as without a bound: none was met, or fewer boards kept than were clicked on
                if not any(found["cut"] for found in raw.values()) or (
                        boards is not None and bound is not None and boards < bound):
                    break
            page.release()
            page.close()
            return made
    finally:
        set_language(SOURCE)


def fitted(data: dict, raw: dict) -> tuple[dict, int | None]:
    """``data`` with its steps' clicks (``raw``, by step: :func:`clicks`) as the file holds
    them (:func:`finished`): all, or where they would add more than :data:`GROWTH` to the file,
    the edges of the first boards only, as many as fit (at least the try's first board); and
    how many boards (None: all)."""
    def made(boards: int | None) -> dict:
        for i, found in raw.items():
            data["judged"][i]["clicks"] = finished(found, boards)
        return data

    if not raw:
        return data, None
    without = len(packed({**data, "judged": {i: {k: v for k, v in found.items() if k != "clicks"}
                                             for i, found in data["judged"].items()}}))
    most = without * (1 + GROWTH)
    if len(packed(made(None))) <= most:
        return data, None
    low, high = 1, max(len(found["states"]) for found in raw.values())
    while low < high:  # the most boards that fit
        middle = (low + high + 1) // 2
        if len(packed(made(middle))) <= most:
            low = middle
        else:
            high = middle - 1
    return made(low), low


def packed(data: dict) -> bytes:
    """A lesson's file as written: its JSON, gzipped."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), 9, mtime=0)


def _built(job: tuple[str, str, str]) -> tuple[str, bytes]:
    """One lesson file: ``(notebook stem, walkthrough id, language)`` -> (its name, its bytes)."""
    stem, walkthrough_id, lang = job
    return file_name(stem, lang), packed(lesson_data(walkthrough_id, lang))


class Lessons:
    """Every lesson notebook of ``folder`` being built ahead, each language one file, on every
    core (each file on its own: the same bytes as one after the other). Started at the build's
    beginning, it works beside the build's other stages (the longest: ~50 s of one core for
    the 138 files); :meth:`write` waits for the files and writes them; :meth:`close` stops
    the workers (a build that stops early)."""

    def __init__(self, folder: Path):
        from .paint import notebook_call

        self.jobs = []
        for notebook in sorted(folder.glob("*.ipynb")):
            call = notebook_call(notebook)
            if call is not None and call[0] == "walkthrough_app" and call[1]:
                self.jobs.extend((notebook.stem, call[1][0], lang) for lang in LANGUAGES)
        workers = min(len(self.jobs), os.cpu_count() or 1)
        self.pool = None
        if workers > 1 and hasattr(os, "fork"):
            # forked: the workers have the modules this process imported; each sets its language
            self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
            self.made = [self.pool.submit(_built, job) for job in self.jobs]

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)

    def write(self, out: Path, log=print) -> dict[str, int]:
        """The files beside their pages in ``out`` (``voici/render/``); ``{file name: bytes}``."""
        written = {}
        render = out / "voici" / "render"
        made = (f.result() for f in self.made) if self.pool is not None else map(_built, self.jobs)
        for done, (name, body) in enumerate(made, 1):
            (render / name).write_bytes(body)
            written[name] = len(body)
            if done % 30 == 0 and done < len(self.jobs):
                log(f"  {done} of {len(self.jobs)} files")
        return written


def write_lessons(out: Path, folder: Path, log=print) -> dict[str, int]:
    """Every lesson notebook of ``folder`` built ahead beside its page in ``out``
    (``voici/render/``), each language one gzip file (:class:`Lessons`); ``{file name: bytes}``."""
    lessons = Lessons(folder)
    try:
        return lessons.write(out, log)
    finally:
        lessons.close()


#: Voici's page script: it starts the kernel. On a lesson built ahead the page starts it only
#: when wanted (widgets/static/ahead.js calls ``tutorStartPython``)
VOICI = '<script src="../build/voici.js"></script>'
#: (Voici starts on the window's "load" event: registered after the page has loaded, such a
#: listener is called at once)
DEFERRED = ('<script>window.tutorStartPython = function () {'
            ' if (window.tutorPythonStarted) return; window.tutorPythonStarted = true;'
            ' var add = window.addEventListener;'
            ' window.addEventListener = function (type, listener, options) {'
            '  if (type === "load" && document.readyState === "complete") {'
            '   setTimeout(function () { listener.call(window, new Event("load")); }, 0); return; }'
            '  return add.call(window, type, listener, options); };'
            ' var s = document.createElement("script"); s.src = "../build/voici.js";'
            ' document.body.appendChild(s); };</script>')


def python_size(out: Path) -> int:
    """Bytes of what Python's start fetches from ``static/pyodide/`` (the runtime, the lock,
    the wheels), as files: the page's progress figure counts them as they arrive."""
    served = out / "static" / "pyodide"
    names = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
    return sum((served / n).stat().st_size for n in names if (served / n).is_file()) + sum(
        p.stat().st_size for p in served.glob("*.whl"))


def page_head(stem: str, lesson: bool = True, python_bytes: int = 0) -> str:
    """What a lesson page built ahead loads first: its styles and ``ahead.js`` (on a page of
    free play or drills, ``ahead.js`` starts Python at once and says how far it is)."""
    # the lesson drawn ahead stands where its first paint stood (.tp-first-wrap's margins,
    # as Voila's page has them)
    return ('<style>#tutor-ahead { position: fixed; inset: 0; z-index: 1000; overflow: auto;'
            ' background: #fff; padding: 20px 15px 0; } .tp-python-note { margin: 0.4rem 1rem; padding: 0.3rem 0.6rem;'
            ' border-left: 4px solid #b26b00; background: #fff6e0; }</style>'
            '<link rel="stylesheet" href="../../static/tutor/page.css">'
            '<link rel="stylesheet" href="../../static/tutor/classroom.css">'
            f'<script type="module" src="../../static/tutor/ahead.js" '
            f'data-tutor-{"ahead" if lesson else "wait"}="{html.escape(stem)}" '
            f'data-python-bytes="{python_bytes}">'
            '</script>')


def defer_python(page: Path, lesson: bool = True, python_bytes: int = 0) -> None:
    """A lesson page drawn from its steps built ahead: ``ahead.js`` in its head, Voici's
    script (the kernel) started by the page when wanted instead of at once."""
    text = page.read_text(encoding="utf-8")
    if VOICI not in text or "</title>" not in text:
        raise ValueError(f"{page.name}: not a Voici page this build knows")
    text = text.replace(VOICI, DEFERRED, 1).replace("</title>", "</title>" + page_head(page.stem, lesson, python_bytes), 1)
    page.write_text(text, encoding="utf-8")


def build_ahead(out: Path, folder: Path, log=print, lessons: Lessons | None = None) -> dict[str, int]:
    """Every lesson built ahead beside its page (``lessons``: already being made), and the page
    set to draw from it."""
    from .paint import WAITING, notebook_call

    written = lessons.write(out, log) if lessons is not None else write_lessons(out, folder, log)
    size = python_size(out)
    for stem in sorted({name.split(".steps.")[0] for name in written}):
        defer_python(out / "voici" / "render" / f"{stem}.html", python_bytes=size)
    for notebook in sorted(folder.glob("*.ipynb")):  # free play, drills: ahead.js waits
        call = notebook_call(notebook)
        page = out / "voici" / "render" / f"{notebook.stem}.html"
        if call is not None and call[0] in WAITING and page.is_file():
            defer_python(page, lesson=False, python_bytes=size)
    return written
