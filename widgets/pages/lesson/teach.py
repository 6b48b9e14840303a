"""The teacher's kernel in a class: the lesson's steps made in each student's language, what a
reveal shows, and the students' answers judged by the engine, once, here.

The students' pages have no kernel: the relay serves them what the teacher's kernel made. The
teacher's page asks this kernel (:class:`ClassMessages`, messages of the lesson page) and
hands the results to the relay:

* ``{"type": "class-hello"}`` -> ``{"type": "class-ready", "relay", "last"}``: where the
  relay is (``$TUTOR_CLASS_RELAY``, set by the JupyterHub recipe; empty: this server's
  ``tutor/class/``); the page's words are in its texts (:func:`widgets.parts.words.class_texts`);
  and, where the class answered, ``class-missed`` (below) again: the page drawn again in another
  language asks for it (the table in the teacher's new language);
* ``{"type": "class-render", "lesson": n, "items": [[step, lang], ...]}`` -> ``{"type":
  "class-steps", "lesson": n, "items": [{"index", "lang", "data", "reveal"}]}``: the steps the
  relay lacks, each as the lesson page gets it (:meth:`widgets.parts.step.StepView.data`) with
  what a reveal shows (the book's move of a try-it step, a question's answer), in that
  language; ``lesson`` (the lesson's number in the class, as the relay asked) comes back as
  it was sent, so that the relay takes them only for the lesson they were made for;
* ``{"type": "class-judge", "answers": [{"poll", "sid", "step", "kind", "value", "lang"}]}``
  -> ``{"type": "class-judged", "results": [{"poll", "sid", "group", "label", "right",
  "message"}]}``: each answer judged by the engine (a question by the lesson's check, a
  try-it move by :func:`tutor.core.lesson.evaluate`: the book's move, another legal move, or
  refused by a rule), grouped for the tally (labelled in the teacher's language) with what
  the student's page shows after the reveal (in the student's language); then ``{"type":
  "class-missed", "rows", "html"}``: what the class missed, per rule of the lesson's steps that
  ask, how many answered and how many right at their first answer (counts only, no names:
  :meth:`ClassTeacher.missed`). Each result carries ``evidence``: what the answer says of
  each rule, as a lesson's try-it step or question records it (``{"rule", "right", "from",
  "first"}``; ``first``: it counts only for the student's first answer to the poll, which
  the relay's class model knows), for the student's own record in their browser.

>>> from pathlib import Path
>>> from examples.nim import GAME as nim, __file__ as nim_file
>>> from tutor.core.walkthrough import load, replay
>>> walk = load(Path(nim_file).parent / "walkthroughs" / "first-game.toml", nim)
>>> teacher = ClassTeacher(lambda: replay(walk, nim), "en")
>>> rendered = teacher.render(2, "en")
>>> rendered["data"]["task"]["then"], "take 3" in rendered["reveal"]["try"]
({'try': 'ask', 'ask': 'done'}, True)
>>> [teacher.judge(2, "try", {"text": t}, "en")["group"] for t in ("take 3", "take 1", "take 7")]
['book', 'other', 'refused:nim.take']
>>> verdict = teacher.judge(4, "ask", {"choice": 0}, "en")
>>> verdict["group"], verdict["label"], verdict["right"]
('choice:0', 'P1', True)
"""
from __future__ import annotations

import html
import os
from typing import Any, Callable

from tutor.core.i18n import LANGUAGES, current, using
from tutor.core.lesson import TryIt, Verdict, check_answer, evaluate
from tutor.core.walkthrough import Replay

from widgets.games import drawer_for
from widgets.pages.lesson.model import Phase, asking_session, phases, told_answer
from widgets.pages.lesson.steps import StepComposer, mover_name
from widgets.parts.html import answer_html, attempt_html
from widgets.parts.messages import ClassHello, ClassJudge, ClassRender
from widgets.parts.texts import T

#: Steps one ``class-render`` may ask for, answers one ``class-judge`` may hold.
MOST_STEPS = 64
MOST_ANSWERS = 1000


def relay_address() -> str:
    """Where the teacher's page finds the class relay: ``$TUTOR_CLASS_RELAY`` (a JupyterHub
    service, e.g. ``/services/rules-tutor-class/``), else empty: this server's own
    ``tutor/class/``."""
    return os.environ.get("TUTOR_CLASS_RELAY", "")


def class_prompt(game: Any, frame: Any) -> str:
    """What a try-it step asks of a student following the class (whose page has the move list
    and a box to type in, not the board's clicks)."""
    player = mover_name(game, frame)
    if player is not None:
        return T._("Your turn: make {player}’s move. Pick it from the list or type it, then send "
                   "it.", player=player)
    return T._("Your turn: make the next move. Pick it from the list or type it, then send it.")


def join_form(lang: str) -> str:
    """The course page's "Join a class" field: a code typed there opens the relay's student
    page (``widgets/static/classroom.js`` points the form at the relay, on a server that
    has one; elsewhere it is hidden)."""
    escape = html.escape
    return (f'<form class="tc-join-class" method="get" hidden data-relay="{escape(relay_address())}">'
            f'<label for="tc-class-code">{escape(T._("Join a class"))}</label>'
            '<input id="tc-class-code" name="code" autocomplete="off" autocapitalize="characters" '
            'spellcheck="false" maxlength="12" placeholder="K7M-Q4P" required>'
            f'<input type="hidden" name="lang" value="{escape(lang)}">'
            f'<button class="tc-join-button" type="submit">{escape(T._("Join"))}</button></form>')


class ClassTeacher:
    """A lesson made in any language for the class, and answers judged (see the module's
    docs). ``remake()`` replays the walkthrough in the current language (the app's; the
    lesson page keeps it as ``page.remake``); ``setting()`` is the teacher's board view
    setting (the class sees the board as the teacher does)."""

    def __init__(self, remake: Callable[[], Replay], teacher_lang: str | Callable[[], str],
                 setting: Callable[[], dict] | None = None):
        self.remake = remake
        self._teacher_lang = teacher_lang
        self.setting = setting or (lambda: {})
        self._replays: dict[str, Replay] = {}
        self._composers: dict[tuple, StepComposer] = {}
        self._moves: dict[int, list] = {}
        #: each student's first answer to each step's try-it part or question, right or not:
        #: {(step, kind, student): right} (the relay's anonymous ids; counted, never shown)
        self.first: dict[tuple[int, str, str], bool] = {}
        #: the rules students' moves broke: {rule: {(step, student)}} (a student's refused
        #: moves at a step counted once per rule, any answer: as their own record counts them)
        self.refused: dict[str, set[tuple[int, str]]] = {}

    @property
    def teacher_lang(self) -> str:
        lang = self._teacher_lang
        return lang() if callable(lang) else lang

    # ---- the steps, in a language -----------------------------------------------------------
    def replay(self, lang: str) -> Replay:
        if lang not in self._replays:
            with using(lang):
                self._replays[lang] = self.remake()
        return self._replays[lang]

    def composer(self, lang: str) -> StepComposer:
        setting = dict(self.setting())
        key = (lang, tuple(sorted(setting.items())))
        if key not in self._composers:
            replayed = self.replay(lang)
            drawer = drawer_for(replayed.game.name)(replayed.game)
            drawer.setting.update(setting)
            self._composers[key] = StepComposer(replayed, drawer)
        return self._composers[key]

    def last(self) -> int:
        return len(self.replay(self.teacher_lang).frames) - 1

    def render(self, index: int, lang: str) -> dict:
        """Step ``index`` in ``lang``: its data as the lesson page gets it, and what a reveal
        of its try-it part and of its question shows."""
        with using(lang):
            composer = self.composer(lang)
            frame = composer.frames[index]
            reveal = {}
            order = phases(frame)
            if Phase.TRY in order:
                reveal["try"] = attempt_html(TryIt(composer.game, frame).show_me(), composer.game)
            if Phase.ASK in order:
                reveal["ask"] = answer_html(told_answer(composer.game, frame))
            data = composer.view(index).data()
            if data.get("task") and "prompt" in data["task"]:
                data = {**data, "task": {**data["task"], "prompt": class_prompt(composer.game, frame)}}
            title = getattr(composer.replay.walkthrough, "title", "") or composer.game.title
            return {"index": index, "lang": lang, "data": data, "reveal": reveal, "title": title}

    # ---- judging -----------------------------------------------------------------------------
    def judge(self, index: int, kind: str, value: dict, lang: str) -> dict | None:
        """A student's answer to step ``index``'s try-it part (``kind`` "try": ``{"move":
        i}`` from the listed moves, ``{"text": ...}`` typed) or question ("ask": ``{"choice":
        i}``, ``{"text": ...}``): the tally's group and label, whether it is right, and what
        the student's page shows (in ``lang``). None for an answer that fits no question of
        that step (it is not counted)."""
        if lang not in LANGUAGES or not isinstance(value, dict) or len(value) != 1:
            return None
        replayed = self.replay(lang)
        if not (isinstance(index, int) and 0 <= index < len(replayed.frames)):
            return None
        frame = replayed.frames[index]
        game = replayed.game
        teacher = self.teacher_lang
        with using(lang):
            if kind == "try" and Phase.TRY in phases(frame):
                # what differs is worded as the student's lesson words it (the engine's
                # values are in the source language: "green 2, blue 0")
                return self._judge_try(game, frame, value, teacher,
                                       self.composer(lang).drawer.fact_value)
            if kind == "ask" and Phase.ASK in phases(frame):
                return self._judge_ask(game, frame, index, value, teacher)
        return None

    # ---- what the class missed ------------------------------------------------------------------
    def count_first(self, step: Any, kind: Any, student: Any, right: bool,
                    refused: str | None = None) -> None:
        """A judged answer: kept only if it is the student's first to that step's part;
        ``refused``: the rule the student's move broke (counted for any answer)."""
        if isinstance(step, int) and kind in ("try", "ask") and isinstance(student, str | int):
            self.first.setdefault((step, kind, str(student)), bool(right))
            if refused:
                self.refused.setdefault(refused, set()).add((step, str(student)))

    def missed(self) -> list[dict]:
        """Per rule of the lesson's steps that ask (a try-it step's rules, a question's
        deciding rule), in the lesson's order: its title (the teacher's language), the first
        answers given to those steps and how many were right."""
        replayed = self.replay(self.teacher_lang)
        game = replayed.game
        asked: dict[str, list[tuple[int, str]]] = {}
        for frame in replayed.frames:
            order = phases(frame)
            if Phase.TRY in order:
                for rule in frame.rule_ids:
                    asked.setdefault(rule, []).append((frame.index, "try"))
            if Phase.ASK in order and frame.answer_rule:
                asked.setdefault(frame.answer_rule, []).append((frame.index, "ask"))
        rows = []
        # and the rules the students' moves broke that no step asks about (a refused move's
        # rule), after them: asked at no step of the lesson
        broken = [rule for rule in self.refused if rule not in asked]
        for rule in [*asked, *broken]:
            parts = asked.get(rule, [])
            firsts = [right for (step, kind, _), right in self.first.items() if (step, kind) in parts]
            with using(self.teacher_lang):
                title = game.rules[rule].title if rule in game.rules else rule
            rows.append({"rule": rule, "title": title, "answered": len(firsts),
                         "right": sum(firsts), "refused": len(self.refused.get(rule, ())),
                         "steps": [f"{step}:{kind}" for step, kind in parts]})
        return rows

    def missed_html(self) -> str:
        """:meth:`missed` as a table (``data-rule``, ``data-right``, ``data-answered``,
        ``data-refused``; ``data-steps``: the step parts that ask about the rule, ``step:kind``).
        A row whose steps the class was not asked (the teacher went past them, or a refused
        move's rule no step asks about) says so instead of its counts: the teacher's page
        knows which steps it asked (``widgets/static/classroom.js`` sets ``data-asked``)."""
        escape = html.escape
        with using(self.teacher_lang):
            head = (f'<tr><th scope="col">{escape(T._("Rule"))}</th>'
                    f'<th scope="col">{escape(T._("Right at the first answer"))}</th>'
                    f'<th scope="col">{escape(T._("Answers"))}</th>'
                    f'<th scope="col">{escape(T._("Moves it refused"))}</th></tr>')
            not_asked = escape(T._("not asked"))
        rows = "".join(
            f'<tr data-rule="{escape(r["rule"])}" data-right="{r["right"]}" '
            f'data-answered="{r["answered"]}" data-refused="{r["refused"]}" '
            f'data-steps="{escape(" ".join(r["steps"]))}"><td>{escape(r["title"])} '
            f'<code class="tp-rule-id">[{escape(r["rule"])}]</code></td>'
            f'<td class="tk-counted">{r["right"]}</td><td class="tk-counted">{r["answered"]}</td>'
            f'<td class="tk-not-asked" colspan="2" hidden>{not_asked}</td>'
            f'<td>{r["refused"]}</td></tr>' for r in self.missed())
        return f'<table class="tk-missed-table">{head}{rows}</table>'

    def _judge_try(self, game: Any, frame: Any, value: dict, teacher: str,
                   worded: Callable[[Any, str], str] | None = None) -> dict | None:
        tried = picked(value, "move", self.listed(game, frame) if "move" in value else [])
        if tried is None:
            return None
        attempt = evaluate(game, frame, tried)
        # shown with the step's own rule cards (after the reveal): a rule they show is not
        # said again, as in a lesson
        message = attempt_html(attempt, game, worded, cards=frame.rule_ids)
        with using(teacher):
            verdict = attempt.verdict
            if verdict is Verdict.BOOK:
                group, label = "book", T._("the book’s move")
            elif verdict is Verdict.ACCEPTED:
                group, label = "accepted", T._("another move the step accepts")
            elif verdict is Verdict.DIFFERENT:
                group, label = "other", T._("another legal move")
            elif verdict is Verdict.ILLEGAL:
                group = f"refused:{attempt.rule_id}"
                label = T._("refused: {rule}", rule=game.rules[attempt.rule_id].title)
            else:
                group, label = "unreadable", T._("could not be read")
        # what the answer says of each rule, as a lesson's try-it step records it: a refused
        # move the rule it breaks (any answer), the step's rules right only at the first
        evidence = ([{"rule": attempt.rule_id, "right": False, "from": "try", "first": False}]
                    if verdict is Verdict.ILLEGAL and attempt.rule_id else [])
        evidence += [{"rule": rule, "right": attempt.right, "from": "try", "first": True}
                     for rule in frame.rule_ids]
        return {"group": group, "label": label, "right": attempt.right, "message": message,
                "evidence": evidence}

    def listed(self, game: Any, frame: Any) -> list:
        """The moves a try-it step lists (the order the student's page shows them in: the
        lesson's free-play board at the position before the move)."""
        if frame.index not in self._moves:
            kit = self.composer(current()).kit
            session = asking_session(game, kit, frame)
            self._moves[frame.index] = [move for _, move in session.play.legal()]
            session.close()
        return self._moves[frame.index]

    def _judge_ask(self, game: Any, frame: Any, index: int, value: dict,
                   teacher: str) -> dict | None:
        choices = frame.question.choices
        given = picked(value, "choice", choices)
        if given is None:
            return None
        answer = check_answer(game, frame, given)
        if not answer.readable:
            with using(teacher):
                group, label = "unreadable", T._("could not be read")
        elif choices:
            chosen = next(i for i, c in enumerate(choices)
                          if c.casefold() == answer.given.strip().casefold())
            group = f"choice:{chosen}"
            label = self.replay(teacher).frames[index].question.choices[chosen]
        else:
            number = f"{float(answer.given.strip().replace(',', '.')):g}"
            group, label = f"number:{number}", number
        # a question's deciding rule, right or not, as a lesson's question records it (an
        # answer that cannot be read says nothing of it)
        evidence = ([{"rule": frame.answer_rule, "right": answer.right, "from": "ask",
                      "first": True}] if answer.readable and frame.answer_rule else [])
        return {"group": group, "label": label, "right": answer.right,
                "message": answer_html(answer), "evidence": evidence}


def picked(value: dict, key: str, listed: Any) -> Any:
    """A student's answer: ``{key: i}``, the i-th of ``listed``, or ``{"text": ...}`` typed;
    None when it is neither."""
    if key in value:
        chosen = value[key]
        return listed[chosen] if isinstance(chosen, int) and 0 <= chosen < len(listed) else None
    text = value.get("text")
    return text[:200] if isinstance(text, str) else None


class ClassMessages:
    """The class messages of one lesson page (see the module's docs); ``page`` is the
    :class:`widgets.pages.lesson.view.LessonPage` (its ``remake`` makes the walkthrough again in the
    current language; without it, every language gets the page's own replay)."""

    def __init__(self, page: Any):
        self.page = page
        self.teacher = ClassTeacher(
            lambda: page.remake() if page.remake is not None else page.composer.replay,
            current, lambda: page.composer.drawer.setting)

    def switched(self) -> None:
        """The teacher changed how the board is drawn: the class's steps are made again."""
        self.page.send({"type": "class-forget"})

    def send_missed(self) -> None:
        """What the class missed (:meth:`ClassTeacher.missed`), in the teacher's language now."""
        self.page.send({"type": "class-missed", "rows": self.teacher.missed(),
                        "html": self.teacher.missed_html()})

    def handle(self, message: Any) -> bool:
        """Handle a class message (:data:`widgets.parts.messages.LESSON`'s ``class-*``: True), or
        leave it to the page (False)."""
        match message:
            case ClassHello():
                self.page.send({"type": "class-ready", "relay": relay_address(),
                                "last": self.teacher.last()})
                if self.teacher.first or self.teacher.refused:
                    # the page drawn again (another language): what the class missed, in it
                    self.send_missed()
            case ClassRender(items=items, lesson=lesson):
                made = [self.teacher.render(item[0], item[1]) for item in items[:MOST_STEPS]
                        if isinstance(item, list) and len(item) == 2
                        and isinstance(item[0], int) and 0 <= item[0] <= self.teacher.last()
                        and item[1] in LANGUAGES]
                if made:
                    self.page.send({"type": "class-steps", "lesson": lesson, "items": made})
            case ClassJudge(answers=answers):
                results = []
                for given in answers[:MOST_ANSWERS]:
                    if not isinstance(given, dict):
                        continue
                    found = self.teacher.judge(given.get("step"), given.get("kind"),
                                               given.get("value"), given.get("lang"))
                    if found is not None:
                        results.append({"poll": given.get("poll"), "sid": given.get("sid"),
                                        **found})
                        group = found["group"]
                        self.teacher.count_first(given.get("step"), given.get("kind"),
                                                 given.get("sid"), found["right"],
                                                 group[len("refused:"):]
                                                 if group.startswith("refused:") else None)
                if results:  # the table of first answers, then the answers judged
                    self.send_missed()
                    self.page.send({"type": "class-judged", "results": results})
            case _:
                return False
        return True
