"""The "Write a lesson" view (``widgets/static/author.js`` draws it) over the widget-free
:class:`~widgets.pages.author.model.Draft`.

The board is the game's own free play at the step shown, every seat a person; a move made
there is handed to the draft, which makes it a step (or keeps the refusal aside); chance
dealt by the seed becomes a step too. Trait ``scene`` is that board's scene; trait ``draft`` is
what the page shows of the lesson (:meth:`AuthorPage.describe`).

"Try it as a learner" makes the lesson page on the draft, checked as ``tutor check`` does, at
the step shown (trait ``learner``) until the author goes back. Save offers the checked TOML
as a download and, when the server was started with ``--lessons DIR`` (``TUTOR_LESSONS``),
also writes it into DIR, whose lessons the course lists under "Your lessons".

>>> page = AuthorPage.start("trapper", seed=3)
>>> page.handle({"type": "typed", "text": "blue: take e6"})
>>> page.draft["cursor"], page.draft["steps"][1]["move"]
(1, 'blue: take e6')
>>> page.handle({"type": "typed", "text": "green: take a1"})
>>> page.draft["pending"]["rule"]
'trapper.turn.one-trapper'
"""
from __future__ import annotations

import os
import re
import tempfile
import unicodedata
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

import traitlets
from ipywidgets import widget_serialization

from tutor.core import registry
from tutor.core.errors import BadWalkthrough, MalformedInput
from tutor.core.game import CHANCE
from tutor.core.i18n import current
from tutor.core.walkthrough import answer_text

from widgets.games import kit_for
from widgets.games.session import PlaySession
from widgets.pages.author.model import Draft
from widgets.pages.lesson.model import judged_session
from widgets.pages.lesson.view import UNLISTED, LessonPage
from widgets.parts.messages import (AUTHOR, BackToWriting, DealChance, DeleteStep, KeepRefused, Language,
                                    MarkSquare, PickRule, Save, ShiftStep, ShowStep, StartDraft,
                                    StepTask, TickFact, TryAsLearner, Typed, Undo,
                                    WhyWeaker, WriteStep)
from widgets.parts.texts import T
from widgets.parts.view import View
from widgets.parts.words import words
from widgets.serving.language import Speaking, switch

#: the folder saved lessons go to as well (``run.py app --lessons DIR``), if any
LESSONS_ENV = "TUTOR_LESSONS"
#: most facts offered for a question
MOST_FACTS = 300


def lessons_folder() -> Path | None:
    """The folder the server was told to keep the authors' lessons in, or None."""
    named = lessons_named()
    return named if named is not None and named.is_dir() else None


def lessons_named() -> Path | None:
    """The folder the server was told to keep the lessons in, whether it is there or not."""
    named = os.environ.get(LESSONS_ENV, "")
    return Path(named) if named else None


def write_whole(path: Path, text: str) -> None:
    """``text`` into ``path`` whole or not at all: written beside it, then put in its place
    (a full disk or a broken write leaves the file as it was, never half a lesson)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".writing-", suffix=".part")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def slug(title: str) -> str:
    """A file name's stem for a lesson's title.

    >>> slug("De groene beurt: één zet!"), slug("")
    ('de-groene-beurt-een-zet', 'my-lesson')
    """
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    words_ = re.findall(r"[a-z0-9]+", plain.lower())
    return "-".join(words_)[:48].strip("-") or "my-lesson"


class AuthorPage(Speaking, View):
    """The "Write a lesson" view (see the module's docs)."""

    kind = traitlets.Unicode("author").tag(sync=True)
    MESSAGES = AUTHOR
    title = traitlets.Unicode("").tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    scene = traitlets.Dict().tag(sync=True)
    draft = traitlets.Dict().tag(sync=True)
    #: where a lesson may start: the games and their lessons
    starts = traitlets.Dict().tag(sync=True)
    #: the lesson page on the draft ("Try it as a learner"), or None while writing
    learner = traitlets.Instance(LessonPage, allow_none=True).tag(sync=True,
                                                                   **widget_serialization)

    def __init__(self, draft: Draft):
        #: the lesson's text as last made (:meth:`_text`); while a message is acted on, the
        #: page is drawn at its end (``_later``), if asked (``_asked``)
        self._written_text: str | None = None
        self._later = self._asked = False
        super().__init__(texts=words("author"), title=T._("Write a lesson"),
                         starts=start_choices())
        self.session: PlaySession | None = None
        #: the file this page wrote last, and the one a second Save may replace
        self._written: Path | None = None
        self._replace: Path | None = None
        self._write(draft)

    @classmethod
    def start(cls, game_name: str, seed: int = 0, **options: Any) -> "AuthorPage":
        return cls(Draft.new(game_name, options, seed))

    # ---- the board: the game's free play, judged by the draft -------------------------------------
    def _board(self) -> None:
        """Free play of the game at the step shown; its moves go to the draft."""
        if self.session is not None:
            self.session.close()
        draft = self.model
        game = draft.game
        kit = kit_for(game)
        states = draft.states()  # a step that no longer plays: the board stays before it
        view = draft.intro_view if draft.cursor == 0 else draft.steps[draft.cursor - 1].view
        self.session = judged_session(game, kit, states[min(draft.cursor, len(states) - 1)],
                                      self._judged, Ringed(kit.extras(), game, view),
                                      seed=draft.seed, publish=self._publish, session=_StepBoard,
                                      shown=draft.shown_move(states))
        self._show()

    def _publish(self, scene: dict) -> None:
        # chance to move: no move of a person's, but the outcome may be typed ("roll 3 5"),
        # as the page says beside "Deal from the seed"
        # (``moves_done``: the steps before the board; a move made adds one, a refused one
        # none: controls.js empties the typed move's box once it was made)
        self.scene = {**scene, "can_type": self.chance(), "moves_done": self.model.cursor}

    def _judged(self, move: Any) -> None:
        """A move made on the board: a step of the draft, or a refusal kept aside."""
        played = self.model.play_move(move)
        self.problem = ""
        if played.refused is None:
            self._board()
        else:
            self._show()

    def deal(self) -> None:
        """Chance is to move: free play deals it from the seed (a roll, a draw), and the
        draft takes it as a step (the author may type the outcome instead)."""
        play = self.session.play if self.session is not None else None
        if play is None or self.model.game.to_move(play.state) != CHANCE:
            return
        play.step()
        for move in list(play.match.moves):
            self.model.play_move(move)
        self._board()

    def chance(self) -> bool:
        states = self.model.states()
        return (self.model.cursor < len(states)
                and self.model.game.to_move(states[self.model.cursor]) == CHANCE)

    # ---- what the page reports -------------------------------------------------------------------
    def act(self, message: Any) -> None:
        # the lesson is written out once a message: the text the page was last drawn with is
        # the one before it; the page is drawn (and the text made) once, when it is done
        before, problem = self._text(), self.problem
        self._written_text, self._later, self._asked = None, True, False
        try:
            self._act(message)
        finally:
            self._later = False
            draw = self._asked
            if not isinstance(message, Save) and self._text() != before:
                # the lesson changed since it was saved: its download and "saved" are old; and
                # a problem said before this change ("no title") is no longer the lesson's
                draw = draw or bool(self.saved) or (problem != "" and self.problem == problem)
                self.saved, self._replace = {}, None
                if self.problem == problem:
                    self.problem = ""
            if draw:
                self._draw()

    def _text(self) -> str:
        """The lesson's text (unchecked; "" when it cannot be written), made once for the
        draft as it is now: :meth:`act` forgets it when a message may change the draft."""
        if self._written_text is None:
            try:
                self._written_text = self.model.text()
            except (MalformedInput, ValueError):
                self._written_text = ""
        return self._written_text

    def _act(self, message: Any) -> None:
        draft = self.model
        try:
            if isinstance(message, Typed) and draft.pending is not None:
                # a new try (even one that cannot be read): the last refusal is no longer the
                # move at hand
                draft.pending = None
                self._show()
            match message:
                case StartDraft():
                    self._begin(message)
                    return
                case KeepRefused():
                    draft.keep_refused()
                    self._board()
                case ShowStep(index=index):
                    draft.go(min(index, len(draft.steps)))
                    self._board()
                case Undo():
                    draft.undo()
                    self._board()
                case DeleteStep(index=index):
                    draft.delete(index)
                    self._board()
                case ShiftStep(index=index, to=to):
                    draft.move_step(index, to)
                    self._board()
                case WriteStep(index=index, title=title, narration=narration):
                    draft.write(index, title=title, narration=narration)
                    self._show()
                case PickRule(index=index, id=rule, on=on):
                    rules = self._rules(index)
                    rules = [*rules, rule] if on and rule not in rules else \
                        [r for r in rules if r != rule or on]
                    draft.set_rules(index, rules)
                    self._show()
                case TickFact(index=index, key=key, on=on):
                    draft.tick(index, key, on)
                    if draft.steps[index - 1].try_it is not None:  # the facts that decide
                        self._task(index, "try", "", "")
                    self._show()
                case MarkSquare(index=index, target=target):
                    draft.toggle_mark(index, target)
                    self._board()
                case StepTask(index=index, kind=kind, fact=fact, prompt=prompt):
                    self._task(index, kind, fact, prompt)
                    self._show()
                case Save():
                    self.save(asked=True)
                case TryAsLearner():
                    self.try_as_learner()
                case WhyWeaker(index=index, text=text):
                    draft.set_why(index, text)
                    self._show()
                case DealChance():
                    self.deal()
                case Typed(text=text) if self.chance():  # the author sets chance
                    draft.play(text)
                    self._board()
                case BackToWriting():
                    self._leave_learner()
                case Language(lang=lang):
                    if switch(lang) is not None:
                        self.texts = words("author")
                        self.title = T._("Write a lesson")
                        # what the page said is said again in the new language: the refusal
                        # at hand (its rule's reason) anew; a problem by the next try
                        self.problem = ""
                        if draft.pending is not None:
                            draft.play(draft.pending.text)
                        self._board()
                        self.speak()
                case _:  # the board's own messages: a click, a listed or typed move...
                    if self.session is not None:
                        self.session.act(message)
        except MalformedInput as exc:  # said on the page, naming what and where
            self.problem = str(exc)
            self._show()

    def _rules(self, index: int) -> list[str]:
        """The rules the step shows: its own, else (a move's step) the ones the engine gives
        the move, as the lesson page would show them."""
        draft = self.model
        own = list(draft.intro_rules if index == 0 else draft.steps[index - 1].rules)
        if own or index == 0 or index >= len(draft.states()):
            return own
        return [r.id for r in draft.proposals(index).rules]

    def _task(self, index: int, kind: str, fact: str, prompt: str) -> None:
        draft = self.model
        if kind != "ask":
            draft.plain(index)
        if kind == "try":  # the facts the lesson checks decide which other moves are right
            draft.make_try(index, compare=tuple(draft.steps[index - 1].expect))
        elif kind == "ask":
            # a fact no other move changes makes no question (refused, the question kept); on
            # a step not asking yet the fact sent is only the list's first: the first fact a
            # question can ask stands in for it
            keys = [fact] if fact else []
            if draft.steps[index - 1].ask is None:
                keys += [k for k in draft.game.facts(draft.state_at(index)) if k != fact]
            for n, key in enumerate(keys):
                try:
                    # a fact's label may be a name ("Anna's hand") or a clause ("how many cards
                    # lie on the table", "whether the game is over"): asked as a task it reads
                    # right with either
                    return draft.make_question(index, key, prompt or T._(
                        "Say {fact} now.", fact=draft.game.fact_label(key)))
                except BadWalkthrough:
                    if n == len(keys) - 1:
                        raise

    def _begin(self, asked: StartDraft) -> None:
        """A new draft from where the author chose to start (the model checks what was asked:
        the game, the number of players, the lesson, the text)."""
        self._write(Draft.begin(asked.source, asked.game or self.model.game.name,
                                seed=asked.seed, players=asked.players, lesson=asked.lesson,
                                step=asked.step, text=asked.text))

    def _write(self, draft: Draft) -> None:
        """Write ``draft`` from now on (a new lesson in the page's language)."""
        if not draft.steps and not draft.lang:
            draft.lang = current()
        self.model, self.problem, self.saved = draft, "", {}
        self._written = self._replace = None  # another lesson: its name is checked anew
        self._board()

    def start_from_play(self, view: Any) -> bool:
        """Start on the position of a free-play game in progress (the view left when the
        author followed free play's link); False when ``view`` is no free play."""
        play = getattr(view, "play", None) if getattr(view, "kind", "") == "play" else None
        if play is None:
            return False
        try:
            draft = Draft.from_state(play.game, play.state, seed=play.match.seed)
        except (MalformedInput, NotImplementedError) as exc:
            self.problem = str(exc)
            self._show()
            return False
        self._write(draft)
        return True

    # ---- saving and trying -------------------------------------------------------------------------
    def save(self, asked: bool = False) -> str | None:
        """The lesson checked and offered (a download; the lessons folder too, if any).
        ``asked``: by the page's Save, which also wants a title. A lesson of that name
        already in the folder is replaced only when this page wrote it, or on a second Save;
        a folder gone or not writable is said, the download still offered."""
        draft = self.model
        draft.wid = slug(draft.title)
        # checked as Draft.save does (BadWalkthrough naming the step and the field: said on the
        # page), the text made once for the check and the page
        text = self._written_text = draft.text()
        draft.check(text)
        if asked and not draft.title.strip():
            raise MalformedInput(T._("The lesson has no title: write one in the title box of "
                                     "step 0 (the setup), then save again."))
        name = f"{draft.game.name}-{draft.wid}.toml"
        self.saved = {"text": text, "filename": name, "where": "",
                      "download": "data:application/toml;charset=utf-8," + quote(text),
                      "silent": [n for n, step in enumerate(draft.steps, start=1)
                                 if not step.narration.strip()]}
        self.problem = ""
        named = lessons_named()
        if named is not None:
            self.problem = self._keep(named, name, text)
        self._show()
        return text

    def _keep(self, folder: Path, name: str, text: str) -> str:
        """Write the lesson into the lessons folder: "" when done, else what stopped it."""
        path = folder / name
        if not folder.is_dir():
            return T._("The lessons folder {folder} is not there (any more): the lesson was "
                       "not saved in it. Download it below, or start the app again with "
                       "--lessons.", folder=str(folder))
        try:
            there = path.read_text(encoding="utf-8") if path.exists() else None
        except (OSError, UnicodeDecodeError):
            there = ""
        if there is not None and there != text and path not in (self._written, self._replace):
            self._replace = path
            return T._("A lesson called {name} is already in the lessons folder. Save again to "
                       "replace it, or change the lesson's title.", name=path.stem)
        try:
            write_whole(path, text)
        except OSError:
            return T._("The lesson could not be written into the lessons folder {folder} (is "
                       "it read-only, or full?). Download it below instead.",
                       folder=str(folder))
        self._written, self._replace = path, None
        self.saved["where"] = str(path)
        return ""

    def try_as_learner(self) -> None:
        """The lesson page on the draft, at the step shown, as a learner will see it."""
        draft = self.model
        replayed = draft.check(self._text())  # first: a lesson that fails it is not shown
        kit = kit_for(replayed.game)
        # a draft is no lesson of the course: nothing follows it, and it is no game's last
        page = LessonPage(replayed, kit.drawer(replayed.game), index=draft.cursor,
                          home=self.home, next_lesson=UNLISTED.copy())
        page.speak()
        self._leave_learner()
        self.learner = page

    def _leave_learner(self) -> None:
        left, self.learner = self.learner, None
        if left is not None:
            left.close()

    def release(self) -> None:
        self._leave_learner()
        if self.session is not None:
            self.session.close()

    # ---- what the page shows ----------------------------------------------------------------------
    def _show(self) -> None:
        """The page drawn anew: at the end of the message acted on, else now (the draft may
        have changed since its text was made)."""
        if self._later:
            self._asked = True
            return
        self._written_text = None
        self._draw()

    def _draw(self) -> None:
        self.draft = self.describe()

    def describe(self) -> dict:
        """The draft as the page shows it: its steps, the step shown with what the engine
        proposes for it and its task, the problem the check found, the saved file."""
        draft = self.model
        game = draft.game
        text = self._text()
        states = draft.states()
        steps = [{"index": 0, "title": draft.title, "narration": draft.intro, "move": "",
                  "refused": "", "task": "plain", "ok": True}]
        for number, step in enumerate(draft.steps, start=1):
            ok = number < len(states)
            move = self._display(states[number - 1], step.move) if ok and step.move else step.move
            steps.append({"index": number, "title": step.title, "narration": step.narration,
                          "move": move or "", "refused": step.refused or "", "ok": ok,
                          "narrated": bool(step.narration.strip()),
                          "task": "try" if step.try_it else "ask" if step.ask else "plain"})
        index = draft.cursor
        shown: dict[str, Any] = {"index": index}
        if index < len(states):
            found = draft.proposals(index)
            chosen = set(self._rules(index))
            rules = [*found.rules, *(draft._rule(r) for r in chosen
                                     if r not in {p.id for p in found.rules})]
            shown["rules"] = [{**asdict(r), "chosen": r.id in chosen} for r in rules]
            # the values in the page's language where the game's drawer has words for them
            drawer = kit_for(game).drawer(game)
            said = drawer.fact_value
            shown["changed"] = [{"key": c.key, "label": c.label,
                                 # nothing (a fact not yet true: "no last trap") as a dash,
                                 # not a bare "→ 16"
                                 "before": said(c.before, c.key) or "–",
                                 "after": said(c.after, c.key) or "–", "value": _said(c.after),
                                 "ticked": c.ticked}
                                for c in found.changed]
            shown["marks"] = list(found.marks)
            view = draft.intro_view if index == 0 else draft.steps[index - 1].view
            shown["marked"] = list(getattr(view, "mark", ()) or ())
            shown["can_mark"] = "mark" in getattr(game.hints, "__dataclass_fields__", {})
            if index:
                step = draft.steps[index - 1]
                facts = game.facts(states[index])
                shown["facts"] = [[k, game.fact_label(k)] for k in list(facts)[:MOST_FACTS]]
                if step.try_it is not None:
                    shown["task"] = {"kind": "try", "accept": list(step.try_it.accept)}
                elif step.ask is not None:
                    shown["task"] = {"kind": "ask", "fact": step.ask.fact,
                                     "prompt": step.ask.prompt, "choices": list(step.ask.keys),
                                     "answer": answer_text(facts.get(step.ask.fact)),
                                     "answer_said": said(facts.get(step.ask.fact),
                                                         step.ask.fact),
                                     "choices_said": [drawer.choice_value(c, step.ask.fact)
                                                      for c in step.ask.keys]}
                else:
                    shown["task"] = {"kind": "plain"}
                shown["can_try"] = bool(step.move) and step.refused is None
                engine = draft.engine_move(index) if shown["can_try"] else None
                if engine is not None or step.stronger is not None:
                    stronger = step.stronger or engine or ""
                    shown["engine"] = {"move": self._display(states[index - 1], stronger),
                                       "why": step.why}
        pending = draft.pending
        return {
            "game": game.name, "game_title": game.title, "lang": current(),
            "title": draft.title, "steps": steps, "cursor": index, "shown": shown,
            "pending": ({"move": pending.shown or pending.text, "rule": pending.refused or "",
                         "reason": pending.reason} if pending is not None else None),
            "problem": self.problem, "saved": self.saved,
            "lessons_folder": lessons_folder() is not None, "chance": self.chance(),
            # the page keeps the lesson being written in the browser: a reload (a new
            # kernel) offers to go on with it
            # (its text made here, once: the next message compares the lesson with it)
            "backup": text if draft.steps or draft.title or draft.intro else "",
            "words": _words(self.saved),
        }


    def _display(self, state: Any, text: str) -> str:
        """A move's text as the page shows it (the game's words), else as written."""
        try:
            return self.model.game.move_display(state, self.model._parse(state, text))
        except MalformedInput:
            return text


class _StepBoard(PlaySession):
    """The board of the step shown (:func:`~widgets.pages.lesson.model.judged_session`'s,
    a move made there handed to the draft), drawn
    with the step's own move as the learner's view of that step draws it (``shown``: the
    state before and the move; a Trigger flip's tiles dimly numbered, what it paid), until a
    move is tried on it."""

    def __init__(self, *args: Any, shown: tuple[Any, Any] | None = None, **options: Any):
        self.shown = shown
        super().__init__(*args, **options)

    def frame(self) -> Any:
        found = super().frame()
        play = self.play
        if self.shown is None or found.before is not None or play.refusal is not None:
            return found
        before, move = self.shown
        return replace(found, before=play.seen(before, play.viewer()), move=move,
                       move_text=play.game.move_text(before, move),
                       move_shown=play.move_words(before, move, play.state))


class Ringed:
    """A game's free-play extras whose board hints also ring the squares the step marks
    (its ``view``'s ``mark``), so the author sees the rings the learner will see."""

    def __init__(self, extras: Any, game: Any, view: Any):
        self._extras, self._game = extras, game
        self._marks = tuple(getattr(view, "mark", ()) or ())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._extras, name)

    def hints(self, play: Any) -> Any:
        found = self._extras.hints(play)
        if not self._marks:
            return found
        base = found if found is not None else self._game.hints()
        return replace(base, mark=self._marks) if hasattr(base, "mark") else found


def _words(saved: dict) -> dict:
    """The page's words said by the kernel (in the page's language): the steps a saved
    lesson leaves without narration, and going on with a lesson the browser kept."""
    silent = saved.get("silent") or []
    return {
        "silent": T.n_("Step {steps} has no narration: the learner sees only the board there. "
                       "Write one and save again.",
                       "Steps {steps} have no narration: the learner sees only the board "
                       "there. Write them and save again.", len(silent),
                       steps=", ".join(map(str, silent))) if silent else "",
        "kept": T._("This browser kept a lesson you were writing here: “{title}” ({game}, "
                    "steps 0 to {last})."),
        # beside a step of the list that has no narration yet
        "silent_step": T._("no narration yet"),
        "go_on": T._("Go on with it"),
        "put_away": T._("Forget it"),
    }


def _said(value: Any) -> str:
    return "" if value is None else answer_text(value)


def start_choices() -> dict:
    """The games and, per game, its lessons (id, title), for "where the lesson starts"."""
    from tutor.core.walkthrough import library, load

    games: dict[str, dict] = {}
    for wid, path in library().items():
        name = wid.split("/")[0]
        entry = games.setdefault(name, {"title": registry.get(name).title, "lessons": []})
        try:
            entry["lessons"].append([wid, load(path).title])
        except MalformedInput:
            continue
    return games
