"""The practice-drills view (``widgets/static/drills.js`` draws it) around a widget-free
:class:`~widgets.pages.drills.model.DrillRun`.

Python sends the question shown as one trait (``question``: the board through the eyes of the
player the question is about, the panel, the prompt, the options or a number box, the
question's number; not the seed, an engineer's word that tells a learner nothing), what the
learner's answer meant (``result``) and the score of the sitting (``score``). The page reports
``choose``, ``number`` and ``next``, and once it opens ``practice``: the rules due or weakest
in the order practice takes them, as the page worked them out from the record it keeps
(``widgets/static/levels.js``; the record itself never comes here). (``mastery`` with the
record makes the kernel work it out, the reference, and what the sitting changed: ``changes``.)

>>> from examples.nim import GAME as nim
>>> page = DrillsPage(nim, seed=4, kinds=["legal-move"])
>>> page.question["prompt"], [o["text"] for o in page.question["options"]]
('Which of these moves may Anna make now?', ['take 3', 'take 2', 'take 4'])
>>> page.handle({"type": "choose", "index": 1})
>>> page.result["right"], page.score
(True, '1 of 1 question right')
"""
from __future__ import annotations

import html
import re
from typing import Any, Iterable

import traitlets

from tutor.core.drills import Option
from tutor.core.walkthrough import Frame, Question

from widgets.games import kit_for
from widgets.games.session import places_of
from widgets.pages.drills.model import DrillRun
from widgets.parts.html import esc
from widgets.parts import mastery
from widgets.parts.messages import (DRILLS, Choose, Language, Mastery, NextQuestion, Number,
                                     Practice)
from widgets.parts.texts import T
from widgets.parts.view import View
from widgets.parts.words import words
from widgets.serving.language import Speaking, switch


class DrillsPage(Speaking, View):
    """Drills of one game on the page (see the module's docs)."""

    kind = traitlets.Unicode("drills").tag(sync=True)
    MESSAGES = DRILLS
    title = traitlets.Unicode("").tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    question = traitlets.Dict().tag(sync=True)
    result = traitlets.Dict().tag(sync=True)
    score = traitlets.Unicode("").tag(sync=True)
    #: what the sitting changed, one line per rule ("Rivers: known, due again in 4 days (was: seen)")
    changes = traitlets.List().tag(sync=True)
    #: rules practice wants that no question here asks about, with their lesson step
    #: (``{"rule", "title", "href"}``): practised through the lesson instead
    lessons = traitlets.List().tag(sync=True)
    #: what the page needs to work out practice's order and what the sitting changed from the
    #: record it keeps, in the current language (see :func:`levels_words`); no learner's data
    levels = traitlets.Dict().tag(sync=True)

    def __init__(self, game: Any, seed: int = 0, kinds: Iterable[str] | None = None):
        self.run = DrillRun(game, seed, kinds)
        kit = kit_for(game)
        self.drawer = kit.drawer(game)
        self._eyes = kit.new_play()  # whose eyes a position is shown through, as free play does
        # a try-it step's hints: none of free play's help that tells the answer away (the tiles
        # a Trapper trapper may take)
        self._hints = kit.extras().try_hints(self._eyes)
        super().__init__(title=T._("{game}: practice drills", game=game.title), game=game.title,
                         texts=words("drills"), levels=levels_words(game))
        self.show()

    def act(self, message: Any) -> None:
        """What it changes reaches the page as one update (the verdict with its score, the
        next question with its answer cleared)."""
        with self.hold_sync():
            run = self.run
            match message:
                case Language(lang=lang):  # the language menu: the same question, the score kept
                    if switch(lang) is not None:
                        self.relocalize()
                    return
                case Choose(index=index):
                    if 0 <= index < len(run.drill.options):
                        run.choose(index)
                        self.result = self.result_data(index)
                case Number(text=text):
                    outcome = run.answer_number(text)
                    if outcome is None:
                        self.result = {"problem": T._("A number, please: write it in figures, "
                                                      "like 12.")}
                    else:
                        self.result = self.result_data(outcome.option, typed=text)
                case NextQuestion():
                    run.next()
                    self.show()
                    return
                case Practice() | Mastery():
                    number = run.number
                    if isinstance(message, Practice):
                        run.follow(message.focus, message.wanted)
                    else:
                        run.practise(message.evidence)
                    if run.number == number and run.outcome is None:
                        self.show()
                    self.lessons = lesson_links(run.game, run.unasked())
            self.score = run.score_text()
            self.changes = changed_lines(run)

    def relocalize(self) -> None:
        """Every text again in the current language, at the same question."""
        run = self.run
        looked = list(run.looked)
        run.remake()
        with self.hold_sync():
            self.title = T._("{game}: practice drills", game=run.game.title)
            self.texts = words("drills")
            self.levels = levels_words(run.game)
            outcome = run.outcome
            self.show()
            run.outcome, run.looked = outcome, looked
            if looked:
                self.result = self.result_data(looked[-1])
            self.score = run.score_text()
            self.changes = changed_lines(run)
            if self.lessons:
                self.lessons = lesson_links(run.game, run.unasked())
            self.speak()

    # ---- what is shown -------------------------------------------------------------------------
    def show(self) -> None:
        run = self.run
        drill = run.drill
        seen = self._eyes.seen(drill.state, drill.viewer)
        # the board a question is asked on, as a lesson's question: a board or panel leaves out
        # what tells the answer away (the fact asked: Canyon's movement points, Trigger's roll;
        # the fields Canyon's canoe may end on)
        asked = Question(drill.asks or "", drill.prompt)
        frame = Frame(0, seen, "", (), view=self._hints, question=asked)
        board = self.drawer.board(frame, drill.viewer)
        self.question = {
            "number": run.number, "kind": drill.kind, "prompt": drill.prompt,
            "note": variant_note(run.game, drill.state),
            # which question it is (practice may ask another one at the same number) and the
            # rule practice wants most now
            "key": f"{run.number}:{run.place}", "focus": run.focus[0] if run.focus else "",
            "label": T._("Question {number}", number=run.number),
            "options": [{"text": o.text} for o in drill.options],
            "numeric": run.numeric,
            "board": board,
            # the board's places the question is about (a phone keeps them in view: frame.js)
            "places": self.places_asked(board),
            "panel": self.drawer.panel(frame, drill.viewer),
            "legend": self.drawer.legend(frame),
        }
        self.result = {}
        self.score = run.score_text()

    def places_asked(self, board: str) -> list[str]:
        """The places of ``board`` (its ``data-target`` names) the question is about: where a
        click would make the moves its options name (Canyon's "start at e1": e1; Trapper's
        trapper and tile), as free play's coach marks a move, and the coordinates the options
        name; none for a question without either. A phone whose board cannot be shown whole
        with the question and its options keeps these in view (widgets/static/frame.js
        boardWindow).

        >>> from tutor.canyon import GAME as canyon
        >>> page = DrillsPage(canyon, seed=0)
        >>> [o["text"] for o in page.question["options"]], page.question["places"]
        (['Dirk: start at e1', 'Dirk: start at d1', 'Dirk: start at g1'], ['d1', 'e1', 'g1'])
        """
        drill = self.run.drill
        names = places_of(board)
        # the squares and fields the options name ("Cleo: start at f1" while Dirk is on turn:
        # no click makes it, the learner looks at f1 all the same): a name of the board's that
        # is a coordinate (letters, then a number), a word of an option's
        named = {word for option in drill.options for word in re.findall(r"\w+", option.text)}
        found = [name for name in names if COORDINATE.fullmatch(name) and name in named]
        moves = [option.move for option in drill.options if option.move is not None]
        if moves:
            eyes = self._eyes
            eyes.start_at(drill.state, eyes.default_seats(drill.state))  # its clicks read its state
            found += [name for move in moves for name in eyes.targets_of(drill.state, move, names)]
        return list(dict.fromkeys(found))

    def result_data(self, index: int | None, typed: str = "") -> dict:
        """What the answer (or an option looked at afterwards) meant, as HTML."""
        run = self.run
        drill = run.drill
        right = drill.options[drill.answer]
        if index is None:  # a typed number that is no option
            words = T._("Not quite: {given} is not it. The answer is {answer}.", given=typed,
                        answer=said(right.text))
            return {"index": None, "right": False, "answer": drill.answer,
                    "html": self._explained(words, right, False), "evidence": run.evidence.tail()}
        option = drill.options[index]
        words = (T._("Right: {option}.", option=said(option.text)) if option.right
                 else T._("Not this one: {option}.", option=said(option.text)))
        found = self._explained(words, option, option.right)
        if not option.right:
            found += self._explained(T._("The answer: {answer}.", answer=said(right.text)),
                                     right, True)
        return {"index": index, "right": option.right, "answer": drill.answer, "html": found,
                "first": run.looked[:1] == [index], "evidence": run.evidence.tail()}


    def _explained(self, words: str, option: Option, right: bool) -> str:
        """One option explained: right or wrong (``data-verdict``), why, and its rule
        (``data-rule``)."""
        rule_id, title = option.rule_id, self.run.rule_title(option.rule_id)
        kind = "tp-right" if right else "tp-wrong"
        data = f'data-verdict="{"right" if right else "wrong"}"' + (
            f' data-rule="{esc(rule_id)}"' if rule_id else "")
        rule = (f'<div class="tp-verdict-title">{esc(T._("Rule:"))} {esc(title)} '
                f'<code class="tp-rule-id">[{esc(rule_id)}]</code></div>' if title else "")
        return (f'<div class="tp-verdict {kind}" {data}><b>{"✓" if right else "✖"} '
                f'{html.escape(words)}</b>'
                + (f"<div>{esc(unbroken(option.explanation))}</div>" if option.explanation
                   else "")
                + f"{rule}</div>")


#: a board's place named as a coordinate (Canyon's field "f1", Trapper's square "d5")
COORDINATE = re.compile(r"[a-z]+[0-9]+")

_SUM = re.compile(r"(?<=[\d)]) ([+−×=]) (?=[\d(])")


def unbroken(text: str) -> str:
    """A sum in an explanation kept on one line (a phone broke "9 − 5 − 4 = 0" after the 9):
    the spaces around its signs do not break.

    >>> unbroken("left: 9 − 5 − 4 = 0.") == "left: 9\u00a0−\u00a05\u00a0−\u00a04\u00a0=\u00a00."
    True
    """
    return _SUM.sub("\u00a0\\1\u00a0", text)


def said(text: str) -> str:
    """An option as a verdict names it: in quotes where it has a colon of its own (a move,
    "Anna: start at h1", read "Right: “Anna: start at h1”.", not "Right: Anna: start at h1.").

    >>> said("Anna: tempo 4"), said("12")
    ('“Anna: tempo 4”', '12')
    """
    return f"“{text}”" if ":" in text else text


def levels_words(game: Any) -> dict:
    """What the drills page's script needs to order practice and say what a sitting changed
    from the record it keeps, in the current language: the game's rule ids and titles, the
    levels' words (:func:`widgets.parts.mastery.level_words`) and the line of one change with
    ``{rule}``, ``{level}`` and ``{was}`` where the page puts them."""
    return {**mastery.level_words(), "rules": list(game.rules),
            "titles": {rule: game.rules[rule].title for rule in game.rules},
            "line": T._("{rule}: {level} (before: {was})", rule="{rule}", level="{level}",
                        was="{was}")}


def changed_lines(run: DrillRun) -> list[str]:
    """What the sitting changed, one line per rule, in the current language."""
    return [T._("{rule}: {level} (before: {was})",
                rule=run.rule_title(item["rule"]) or item["rule"],
                level=mastery.level_text(item["level"], item["days"]),
                was=mastery.level_text(item["was"], None)) for item in run.changes()]


def lesson_links(game: Any, rules: list[str]) -> list[dict]:
    """Each rule's first lesson step, as a link the page follows (rules without one left out)."""
    from tutor.core.walkthrough import load, walkthroughs_of
    from urllib.parse import quote

    from widgets.pages.course import notebooks_folder

    folder = notebooks_folder()
    walks = [load(path, game) for path in walkthroughs_of(game)
             if (folder / f"{game.name}-{path.stem}.ipynb").is_file()]
    walks.sort(key=lambda w: (w.order, w.id))
    steps = mastery.rule_steps(walks)
    return [{"rule": rule, "title": game.rules[rule].title,
             "href": f"{quote(steps[rule][0].replace('/', '-'))}.ipynb?step={steps[rule][1]}"}
            for rule in rules if rule in steps and rule in game.rules]


def variant_note(game, state) -> str:
    """The rules the position is played by beyond the standard game (a board without water
    is the young players' game), by their titles; "" for the standard game."""
    titles = [game.rules[rule].title for rule in game.variant_rules(state)]
    return T._("This position plays by: {rules}", rules=", ".join(titles)) if titles else ""
