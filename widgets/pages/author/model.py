"""Writing a lesson by playing it (issue 33): the authoring model, widget-free.

A :class:`Draft` is a walkthrough being made, from a new game, a step of an existing lesson, a
position text or a lesson file. Each move the author plays becomes a step; a move the engine
refuses can be kept as a refused step. For each step the engine proposes
(:meth:`Draft.proposals`) the rules the move uses or breaks and the facts that changed; the
author ticks facts (``expect``), writes, marks squares, and may make the step a try-it (the
other moves that give the same facts are accepted too) or a question (the engine computes the
answer; the wrong choices are the fact's values after the other legal moves).

:meth:`Draft.save` writes the TOML and checks it with the code of ``python -m tutor check``: a
lesson that does not pass raises :class:`~tutor.core.errors.BadWalkthrough` naming the step and
the field. Nothing an author writes is run: moves and positions are read by the game's
readers, within their bounds, and texts are written as escaped strings.

>>> draft = Draft.new("trapper", seed=3)
>>> played = draft.play("pass")
>>> played.refused is None, len(draft.steps)
(True, 1)
>>> draft.write(1, narration="Anna ends her turn at once.")
>>> draft.save().startswith('game = "trapper"')
True
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from tutor.core import inputs, registry
from tutor.core.errors import BadOption, BadWalkthrough, IllegalMove, MalformedInput
from tutor.core.game import CHANCE, Game
from tutor.core.hints import Hints, read_hints
from tutor.core.walkthrough import (Question, Replay, Step, TryIt, Walkthrough, answer_text,
                                    by_id, parse, replay)
from tutor.core.writing import checked, dumps, hints_table

from widgets.games import kit_for
from widgets.parts.texts import T

#: most legal moves looked at for proposals (accepted moves of a try-it, wrong choices)
MOST_MOVES = 400
#: most wrong choices a question proposes
MOST_CHOICES = 3


def _where(name: str) -> str:
    """Where a problem is, in the page's language: the step, the move, the position or the
    options."""
    # the same English word means another thing elsewhere: each is said here as a place
    if name == "step":
        return T.p_("where a problem is", "step")
    if name == "move":
        return T.p_("where a problem is", "move")
    if name == "position":
        return T.p_("where a problem is", "position")
    assert name == "options", name
    return T.p_("where a problem is", "options")


def player_counts(game: Game[Any, Any]) -> tuple[int, ...]:
    """The numbers of players a new game of ``game`` may have here: the ones free play
    offers, else the number of its new game (InTrappola's two, Trigger's two-player game)."""
    counts = tuple(kit_for(game).extras().player_counts)
    return counts or (len(game.players(game.initial_state({}, 0))),)


def players_option(game: Game[Any, Any], count: int) -> list[str]:
    """The ``players`` option of a new game of ``game`` for ``count`` players (their names);
    BadOption (``field`` "players", said in the page's words, no place before it) when the
    game is not played by that many here.

    >>> players_option(registry.get("trapper"), 3)
    ['P1', 'P2', 'P3']
    """
    counts = player_counts(game)
    if count in counts:
        return [f"P{n}" for n in range(1, count + 1)]
    if len(counts) == 1:
        problem = T.n_("A new game of {game} here has {n} player, not {count}",
                       "A new game of {game} here has {n} players, not {count}", counts[0],
                       game=game.title, n=counts[0], count=count)
    else:
        problem = T._("{game} is for {low} to {high} players, not {count}", game=game.title,
                      low=min(counts), high=max(counts), count=count)
    raise BadOption(problem, field="players")


def _field(index: int, name: str) -> str:
    """Step ``index`` and its field ``name`` (the lesson file's key, kept as it is)."""
    return T._("step {index}, field '{field}'", index=index, field=name)


@dataclass(frozen=True)
class Played:
    """What playing a move did: the step it made (its number), or the refusal (the rule and
    the reason) the author may keep as a refused step."""

    text: str
    step: int | None = None
    refused: str | None = None
    reason: str = ""
    #: the move as the page shows it (the game's words in the page's language)
    shown: str = ""


@dataclass(frozen=True)
class RuleProposal:
    id: str
    title: str
    reading: str = ""
    #: the rule that refused the step's move
    broken: bool = False


@dataclass(frozen=True)
class FactChange:
    key: str
    label: str
    before: Any
    after: Any
    #: in the step's ``expect``
    ticked: bool = False


@dataclass(frozen=True)
class Proposals:
    """What the engine proposes for one step."""

    rules: tuple[RuleProposal, ...] = ()
    changed: tuple[FactChange, ...] = ()
    #: the step's moved-to or named squares the board may mark (the game's hints' ``mark``)
    marks: tuple[str, ...] = ()


@dataclass
class Draft:
    """A walkthrough being written (see the module's docs). ``steps`` are the walkthrough's
    own :class:`~tutor.core.walkthrough.Step` values; ``cursor`` is the step shown (0: the
    setup), after which a played move is put."""

    game: Game[Any, Any]
    title: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    position: str | None = None
    intro: str = ""
    intro_rules: tuple[str, ...] = ()
    intro_view: Hints | None = None
    summary: str = ""
    source: str = ""
    order: int = 1000
    wid: str = "my-lesson"
    #: the language the author writes in (the page's; "" or "en": English)
    lang: str = ""
    steps: list[Step] = field(default_factory=list)
    cursor: int = 0
    #: the last refused move, which :meth:`keep_refused` makes a step
    pending: Played | None = None

    # ---- starting ---------------------------------------------------------------------------
    @classmethod
    def new(cls, game_name: str, options: Mapping[str, Any] | None = None, seed: int = 0,
            title: str = "", position: str | None = None, players: int = 0) -> "Draft":
        """A new game of ``game_name`` (options such as players, the seed of its deal), or
        the position text ``position`` pasted in (read by the game's reader, within its
        bounds). ``players``: a number of players asked for (0: the game's default), checked
        against the numbers free play offers (:func:`players_option`)."""
        if game_name not in registry.names():
            raise MalformedInput(T._("there is no game called {name}", name=game_name[:40]),
                                 field="game")
        game = registry.get(game_name)
        options = dict(options or {})
        if players:
            options["players"] = players_option(game, players)
        if position is not None:
            position = inputs.text_of(position, "position", BadWalkthrough)
        draft = cls(game, title=title, options=options, seed=seed, position=position)
        draft._start()  # wrong options or position: MalformedInput, as everywhere
        return draft

    @classmethod
    def begin(cls, source: str, game_name: str, *, seed: int = 0, players: int = 0,
              lesson: str = "", step: int = 0, text: str = "") -> "Draft":
        """A draft from where the author chose to start (the page's "Where the lesson
        starts"): ``source`` "new" (a new game of ``game_name``, ``seed``, ``players``: 0 the
        game's default), "position" (the position text ``text`` of that game), "lesson" (step
        ``step`` of the lesson ``lesson``) or "file" (the lesson file ``text``, to edit: a move
        played goes after its last step). A field the source does not use is not looked at."""
        if source == "file":
            draft = cls.open(text.encode("utf-8"), name="lesson.toml")
            draft.cursor = len(draft.steps)
            return draft
        if source == "lesson":
            return cls.from_lesson_step(lesson, step)
        if source not in ("new", "position"):  # the page's message allows no other
            raise ValueError(f"a draft starts from new, position, lesson or file, not {source!r}")
        return cls.new(game_name, seed=seed, players=players,
                       position=text if source == "position" else None)

    @classmethod
    def from_lesson_step(cls, walk: Walkthrough | str, index: int, title: str = "") -> "Draft":
        """A step of an existing lesson (an id or a walkthrough): its position after that step
        (0: its setup), written as a position text."""
        walk = by_id(walk) if isinstance(walk, str) else walk
        replayed = replay(walk)
        if not 0 <= index < len(replayed.frames):
            raise BadWalkthrough(T._("{lesson} has steps 0 to {last}", lesson=walk.id,
                                     last=len(replayed.frames) - 1), where=_where("step"))
        game = replayed.game
        state = replayed.frames[index].state
        return cls(game, title=title, options=dict(walk.options), seed=walk.seed,
                   position=game.position_text(state))

    @classmethod
    def from_state(cls, game: Game[Any, Any], state: Any, seed: int = 0,
                   title: str = "") -> "Draft":
        """A position reached in play (free play's game in progress), written as its
        position text; the text must read back to the same facts."""
        text = game.position_text(state)
        draft = cls(game, title=title, seed=seed, position=text)
        if game.facts(draft._start()) != game.facts(state):
            raise BadWalkthrough(T._("this position cannot be written as a position text yet"),
                                 where=_where("position"))
        return draft

    @classmethod
    def from_walkthrough(cls, walk: Walkthrough) -> "Draft":
        """A lesson to edit: every part of it kept."""
        game = registry.get(walk.game)
        return cls(game, title=walk.title, options=dict(walk.options), seed=walk.seed,
                   position=walk.position, intro=walk.intro, intro_rules=walk.intro_rules,
                   intro_view=walk.intro_view, summary=walk.summary, source=walk.source,
                   order=walk.order, wid=walk.id.rpartition("/")[2] or "my-lesson",
                   lang=walk.lang, steps=list(walk.steps))

    @classmethod
    def open(cls, text: str | bytes, name: str = "lesson.toml") -> "Draft":
        """A lesson file to edit, read as every lesson file is (same bounds, same errors)."""
        draft = cls.from_walkthrough(parse(text, name=name))
        draft._start()  # wrong options or position: said now, not when the page is drawn
        return draft

    # ---- the lesson -------------------------------------------------------------------------
    def walkthrough(self) -> Walkthrough:
        return Walkthrough(
            id=self.wid, game=self.game.name, title=self.title or self.game.title,
            steps=tuple(self.steps), summary=self.summary, source=self.source,
            options=dict(self.options), seed=self.seed, position=self.position,
            intro=self.intro, intro_rules=self.intro_rules,
            intro_view=self.intro_view if self.intro_view is not None else self.game.hints(),
            path=f"{self.wid}.toml", order=self.order,
            lang="" if self.lang in ("", "en") else self.lang)

    def text(self) -> str:
        """The lesson as TOML, unchecked."""
        return dumps(self.walkthrough())

    def check(self, text: str | None = None) -> Replay[Any, Any]:
        """The lesson read back from its text and replayed as ``tutor check`` does."""
        return checked(text or self.text(), name=f"{self.wid}.toml",
                       wid=f"{self.game.name}/{self.wid}")

    def save(self) -> str:
        """The lesson's TOML, checked (BadWalkthrough naming step and field if it fails)."""
        text = self.text()
        self.check(text)
        return text

    # ---- the states -------------------------------------------------------------------------
    def _start(self) -> Any:
        game, options, seed, position = self.game, self.options, self.seed, self.position
        if position is not None:
            return inputs.guarded(lambda: game.parse_position(position, options, seed),
                                  _where("position"))
        try:
            return inputs.guarded(lambda: game.initial_state(options, seed), _where("options"))
        except BadOption as exc:  # its ``where`` is the option's key ("players"): English
            # on every page; the problem names the option in the page's words already
            raise BadOption(exc.problem, where=_where("options"), field="options") from None

    def states(self) -> list[Any]:
        """The state at the setup and after each step, as far as the steps can be played (a
        step moved before a move it needs stops the list there)."""
        state = self._start()
        found = [state]
        for step in self.steps:
            if step.move is not None:
                try:
                    move = self._parse(state, step.move)
                except MalformedInput:
                    break
                if step.refused is None:
                    try:
                        state = self.game.apply(state, move)
                    except IllegalMove:
                        break
            found.append(state)
        return found

    def state_at(self, index: int) -> Any:
        states = self.states()
        if index >= len(states):
            raise BadWalkthrough(T._("this step cannot be played after the steps before it"),
                                 where=_field(index, "move"))
        return states[index]

    def _parse(self, state: Any, text: str) -> Any:
        text = inputs.text_of(text, _where("move"), MalformedInput)
        return inputs.guarded(lambda: self.game.parse_move(state, text), _where("move"))

    # ---- playing ------------------------------------------------------------------------------
    def play(self, text: str) -> Played:
        """Play a move (its text in the game's notation, or as the page shows it) after the
        step shown: a new step, or a refusal kept aside (:meth:`keep_refused`). A text that
        cannot be read raises MalformedInput, as in free play."""
        return self.play_move(self._parse(self.state_at(self.cursor), text))

    def play_move(self, move: Any) -> Played:
        """Play a move the board made (a click, a listed move): as :meth:`play`."""
        state = self.state_at(self.cursor)
        canonical = self.game.move_text(state, move)
        try:
            self.game.apply(state, move)
        except IllegalMove as exc:
            self.pending = Played(canonical, refused=exc.rule_id, reason=exc.reason,
                                  shown=self.game.move_display(state, move))
            return self.pending
        self.pending = None
        self._insert(Step(narration="", move=canonical))
        return Played(canonical, step=self.cursor)

    def keep_refused(self) -> Played:
        """The last refused move as a step: the engine's rule is its ``refused``."""
        if self.pending is None or self.pending.refused is None:
            raise BadWalkthrough(T._("no refused move to keep"), where=_where("move"))
        kept = self.pending
        self._insert(Step(narration="", move=kept.text, refused=kept.refused,
                          rules=(kept.refused,)))
        self.pending = None
        return replace(kept, step=self.cursor)

    def _insert(self, step: Step) -> None:
        self.steps.insert(self.cursor, step)
        self.cursor += 1

    def undo(self) -> None:
        """Take back the step shown (the last one made)."""
        if self.cursor:
            self.delete(self.cursor)

    def delete(self, index: int) -> None:
        self._step(index)
        del self.steps[index - 1]
        self.cursor = min(self.cursor if self.cursor < index else self.cursor - 1,
                          len(self.steps))

    def move_step(self, index: int, to: int) -> None:
        """Put step ``index`` at place ``to`` (steps from 1); the steps after may no longer
        play, which :meth:`check` then names."""
        step = self._step(index)
        self._step(to)
        del self.steps[index - 1]
        self.steps.insert(to - 1, step)
        self.cursor = to

    def go(self, index: int) -> None:
        if not 0 <= index <= len(self.steps):
            raise BadWalkthrough(T._("steps are 0 to {last}", last=len(self.steps)),
                                 where=_where("step"))
        self.cursor = index
        self.pending = None

    def _step(self, index: int) -> Step:
        if not 1 <= index <= len(self.steps):
            raise BadWalkthrough(T._("there is no step {index}", index=index),
                                 where=_where("step"))
        return self.steps[index - 1]

    def _set(self, index: int, **changes: Any) -> None:
        self.steps[index - 1] = replace(self._step(index), **changes)

    # ---- what the author writes ----------------------------------------------------------------
    def write(self, index: int, *, title: str | None = None, narration: str | None = None,
              why: str | None = None) -> None:
        """The title and narration of a step (0: the setup's narration; the title is then
        the lesson's)."""
        if index == 0:
            if title is not None:
                self.title = title.strip()
            if narration is not None:
                self.intro = narration.strip()
            return
        self._set(index, **{name: text.strip() for name, text in
                            (("title", title), ("narration", narration), ("why", why))
                            if text is not None})

    def set_rules(self, index: int, rule_ids: tuple[str, ...] | list[str]) -> None:
        unknown = [r for r in rule_ids if r not in self.game.rules]
        if unknown:
            raise BadWalkthrough(T._("unknown rule id '{rule}' for {game}", rule=unknown[0],
                                     game=self.game.name), where=_field(index, "rules"))
        if index == 0:
            self.intro_rules = tuple(rule_ids)
        else:
            self._set(index, rules=tuple(rule_ids))

    def tick(self, index: int, key: str, on: bool = True) -> None:
        """A changed fact into the step's ``expect`` (its value after the step), or out."""
        step = self._step(index)
        expect = dict(step.expect)
        if on:
            facts = self.game.facts(self.state_at(index))
            if key not in facts:
                raise BadWalkthrough(T._("no fact called '{key}'", key=key),
                                     where=_field(index, "expect"))
            expect[key] = facts[key]
        else:
            expect.pop(key, None)
        self._set(index, expect=expect)

    def toggle_mark(self, index: int, square: str) -> None:
        """Ring a square on the board at this step, or take the ring away (the step's board
        hints read by the game's hints class as a file's)."""
        hints = self.intro_view if index == 0 else self._step(index).view
        table = hints_table(hints) if hints is not None else {}
        marks = table.pop("mark", [])
        marks = [m for m in marks if m != square] if square in marks else [*marks, square]
        hints = read_hints(self.game.hints, {**table, "mark": marks} if marks else table,
                           "[setup]" if index == 0 else T._("step {index}", index=index))
        if index == 0:
            self.intro_view = hints
        else:
            self._set(index, view=hints)

    def shown_move(self, states: list[Any] | None = None) -> tuple[Any, Any] | None:
        """The step shown's move and the state it is played from, as the learner's view of
        that step draws it (the tiles it turned, what it paid); None at the setup, for a step
        without a move or a refused one, and for one that no longer plays. ``states``:
        :meth:`states`, when the caller has them already."""
        if self.cursor == 0 or self.cursor > len(self.steps):
            return None
        step = self.steps[self.cursor - 1]
        states = self.states() if states is None else states
        if step.move is None or step.refused is not None or self.cursor >= len(states):
            return None
        before = states[self.cursor - 1]
        try:
            return before, self._parse(before, step.move)
        except MalformedInput:
            return None

    # ---- a weaker move played on purpose -------------------------------------------------------
    def engine_move(self, index: int) -> str | None:
        """The engine's own move where the step's move is played (its computer's choice),
        when it is another legal move; None for a refused step, a step without a move, or
        chance."""
        step = self._step(index)
        if step.move is None or step.refused is not None:
            return None
        before = self.state_at(index - 1)
        if self.game.to_move(before) in (None, CHANCE):
            return None
        best = self.game.best_move(before, seed=self.seed)
        if best is None or best == self._parse(before, step.move):
            return None
        return self.game.move_text(before, best)

    def set_why(self, index: int, why: str, stronger: str | None = None) -> None:
        """The lesson plays a weaker move on purpose: the stronger one (default: the engine's)
        and the lesson's reason, which the learner reads; an empty reason takes both away."""
        if not why.strip():
            self._set(index, stronger=None, why="")
            return
        stronger = stronger or self.engine_move(index)
        if stronger is None:
            raise BadWalkthrough(T._("the engine plays this move itself: there is no stronger "
                                     "one"), where=_field(index, "stronger"))
        self._set(index, stronger=stronger, why=why.strip())

    # ---- try-it and questions -----------------------------------------------------------------
    def plain(self, index: int) -> None:
        self._set(index, try_it=None, ask=None)

    def make_try(self, index: int, accept: tuple[str, ...] | None = None,
                 compare: tuple[str, ...] = ()) -> None:
        """The learner finds the step's move. ``accept`` (default: the proposed
        :meth:`same_moves`) are the other moves it takes."""
        step = self._step(index)
        if step.move is None or step.refused is not None:
            raise BadWalkthrough(T._("a try-it step needs a legal move"),
                                 where=_field(index, "try"))
        if accept is None:
            accept = self.same_moves(index, compare)
        self._set(index, try_it=TryIt(tuple(accept), tuple(compare)))

    def _others(self, index: int) -> tuple[Any, Any, list[tuple[Any, Any]]]:
        """(the state before, the step's move, [(another legal move, the state after it)])."""
        step = self._step(index)
        before = self.state_at(index - 1)
        mine = self._parse(before, step.move) if step.move is not None else None
        return before, mine, [(move, self.game.play(before, move)) for move in
                              itertools.islice(self.game.legal_moves(before), MOST_MOVES)
                              if move != mine]

    def same_moves(self, index: int, compare: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The other legal moves after which the facts (``compare``, default all) are the
        same as after the step's move: the moves a try-it should accept too."""
        before, _mine, others = self._others(index)
        after = self.game.facts(self.state_at(index))
        keys = compare or tuple(after)
        found = []
        for move, state in others:
            facts = self.game.facts(state)
            if all(facts.get(k) == after.get(k) for k in keys):
                found.append(self.game.move_text(before, move))
        return tuple(found)

    def make_question(self, index: int, fact: str, prompt: str,
                      choices: tuple[str, ...] | None = None, rule: str | None = None) -> None:
        """Ask for a fact of the position after the step. A number is typed; otherwise the
        choices are the answer and (default) the values the fact takes after other legal moves
        from the same position."""
        facts = self.game.facts(self.state_at(index))
        where = _field(index, "ask.fact")
        if fact not in facts:
            raise BadWalkthrough(T._("no fact called '{key}' after the move", key=fact),
                                 where=where)
        answer = facts[fact]
        numeric = isinstance(answer, (int, float)) and not isinstance(answer, bool)
        if choices is None:
            choices = () if numeric else self.wrong_choices(index, fact)
            if not numeric and len(choices) < 2:  # a walkthrough refuses one choice: say it now
                raise BadWalkthrough(T._("every legal move leaves '{key}' {answer}: a question "
                                         "on it has no wrong choice; ask another fact", key=fact,
                                         answer=repr(answer_text(answer))), where=where)
        self._set(index, ask=Question(fact, prompt.strip(), tuple(choices), rule), try_it=None)

    def wrong_choices(self, index: int, fact: str) -> tuple[str, ...]:
        """The answer and up to :data:`MOST_CHOICES` wrong ones: the fact's values in the
        positions the other legal moves lead to (yes/no for a truth value)."""
        answer = answer_text(self.game.facts(self.state_at(index))[fact])
        if answer in ("yes", "no"):
            return ("yes", "no")
        _before, _mine, others = self._others(index)
        wrong: list[str] = []
        for _move, state in others:
            value = self.game.facts(state).get(fact)
            text = answer_text(value) if value is not None else None
            if text is not None and text != answer and text not in wrong:
                wrong.append(text)
            if len(wrong) == MOST_CHOICES:
                break
        return tuple(sorted([answer, *wrong]))

    # ---- what the engine proposes ----------------------------------------------------------------
    def proposals(self, index: int) -> Proposals:
        """The rules the step's move uses or breaks (titles, readings), the facts it changed
        (ticked: in ``expect``), the squares it may mark."""
        if index == 0:
            return Proposals(tuple(self._rule(r) for r in self.intro_rules))
        step = self._step(index)
        before, after = self.state_at(index - 1), self.state_at(index)
        ids: list[str] = []
        broken = None
        if step.move is not None:
            move = self._parse(before, step.move)
            found = self.game.violation(before, move)
            if found is not None:
                broken = found.rule_id
                ids.append(found.rule_id)
            else:
                ids += self.game.move_rules(before, move)
        ids += [r for r in step.rules if r not in ids]
        rules = tuple(self._rule(r, broken=r == broken) for r in ids)
        old, new = self.game.facts(before), self.game.facts(after)
        changed = tuple(
            FactChange(k, self.game.fact_label(k), old.get(k), new[k], k in step.expect)
            for k in new if old.get(k) != new[k])
        marks = tuple(sorted({k.split(".", 1)[1] for k in (c.key for c in changed)
                              if k.startswith("square.")}))
        return Proposals(rules, changed, marks)

    def _rule(self, rule_id: str, broken: bool = False) -> RuleProposal:
        rule = self.game.rules[rule_id]
        return RuleProposal(rule_id, rule.title, rule.reading, broken)
