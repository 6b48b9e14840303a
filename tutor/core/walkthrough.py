"""Walkthroughs: worked examples of a rulebook, as data files, and the one replay.

A walkthrough is a TOML file: the game and its options, a starting position (a position
text the author writes by hand, or a seed), then steps. A step has a narration, the rule
ids it shows, optionally a move (its text), what the state must look like afterwards
(``expect``: facts of the game), or that the move is refused by a rule (``refused``). A move
the lesson plays although the engine has a clearly better one carries that move (``stronger``,
a move text legal where the step starts) and the lesson's reason (``why``, shown to the
learner and translated like the narration)::

    game = "nim"
    title = "Taking the last counter"
    [setup]
    position = "heap 4"
    narration = "Four counters are left."
    [[steps]]
    move = "take 3"
    narration = "P1 takes three."
    rules = ["nim.take"]
    expect = { heap = 1 }

:func:`replay` turns a walkthrough into frames: frame 0 is the setup, frame *k* the state
after step *k*. Stepping back and forth is moving an index over these frames.
"""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, Iterable, Mapping, TypeVar

from . import inputs, registry
from .errors import BadWalkthrough, IllegalMove, MalformedInput
from .game import Game
from .hints import Hints, check_places, read_hints
from .i18n import LANGUAGES, N_, translator

T = translator("core")  # what a walkthrough gets wrong is said in the page's language (the
                        # author page shows it); the TOML's field names stay as they are

S = TypeVar("S")
M = TypeVar("M")

@dataclass(frozen=True)
class TryIt:
    """A try-it step: the learner makes the move (``try = true`` or a ``[steps.try]`` table)."""

    #: other moves the step accepts besides the book's (move texts, each legal there)
    accept: tuple[str, ...] = ()
    #: the facts named when a legal move differs from the book's (default: every fact that
    #: differs)
    compare: tuple[str, ...] = ()


@dataclass(frozen=True)
class Question:
    """A question asked before the step's move is shown and answered after it: the answer is
    the named fact, computed by the engine after the move (``[steps.ask]``)."""

    fact: str
    prompt: str
    #: the choices offered (texts); none: the answer is a number
    choices: tuple[str, ...] = ()
    #: the rule that decides it (default: the step's first rule)
    rule: str | None = None
    #: the choices as the file writes them (English, as the facts say them): the answer is found
    #: among these, by place, since ``choices`` may have been translated (``i18n.localize``)
    keys: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choices and not self.keys:
            object.__setattr__(self, "keys", self.choices)


def answer_text(value: object) -> str:
    """A fact's value as a learner's answer is compared with it: ``yes``/``no`` for a truth
    value, the number or the text otherwise.

    >>> answer_text(True), answer_text(12), answer_text(2.5), answer_text("Anna")
    ('yes', '12', '2.5', 'Anna')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass(frozen=True)
class Step:
    narration: str
    title: str = ""
    move: str | None = None
    rules: tuple[str, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)
    refused: str | None = None
    view: Hints = field(default_factory=Hints)  # the game's hints class
    line: int | None = None
    try_it: TryIt | None = None
    ask: Question | None = None
    #: a clearly better move than the step's (a move text, legal where the step starts): the
    #: lesson plays a weaker one on purpose, and says why (``why``, a text the learner reads)
    stronger: str | None = None
    why: str = ""


@dataclass(frozen=True)
class Walkthrough:
    id: str
    game: str
    title: str
    steps: tuple[Step, ...]
    summary: str = ""
    source: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    position: str | None = None
    #: the file line of the position text's first line (errors name the file's line too)
    position_line: int | None = None
    intro: str = ""
    intro_rules: tuple[str, ...] = ()
    intro_view: Hints = field(default_factory=Hints)
    path: str = ""
    #: place in the rulebook's teaching order among the game's walkthroughs (index page)
    order: int = 1000
    #: the language its texts are written in, when not English (a lesson written on the
    #: "Write a lesson" page in Dutch says ``lang = "nl"``)
    lang: str = ""


@dataclass(frozen=True)
class Frame(Generic[S, M]):
    """What the step player shows at one index."""

    index: int
    state: S  # the state shown (unchanged from ``before`` when the move was refused)
    narration: str
    rule_ids: tuple[str, ...]
    title: str = ""
    before: S | None = None
    move: M | None = None
    move_text: str | None = None
    refusal: IllegalMove | None = None
    #: the walkthrough's view hints for this frame, an instance of the game's hints class
    #: (None where a frame is made outside a walkthrough without hints)
    view: Hints | None = None
    #: a try-it step: the learner makes ``move`` (or one of ``accepted``) from ``before``
    try_it: TryIt | None = None
    #: the other moves the try-it step accepts, parsed in ``before``
    accepted: tuple[M, ...] = ()
    #: the texts of the book's move and of the other accepted moves
    accepted_texts: tuple[str, ...] = ()
    #: a question about this step, and its answer: the fact's value in ``state`` (and, for a
    #: choice, the right choice's place in ``question.choices``: compare by place, since
    #: translated choices differ from the English fact)
    question: Question | None = None
    answer: Any = None
    answer_index: int | None = None
    #: the rule that decides the question
    answer_rule: str | None = None
    #: the move as the page shows it: ``move_display`` in the language of the replay (the
    #: canonical ``move_text`` is what files and checks read)
    move_shown: str | None = None
    #: a step that plays a weaker move on purpose: the stronger move (its canonical text and
    #: as the page shows it, both in ``before``) and the lesson's reason
    stronger: str | None = None
    stronger_shown: str | None = None
    why: str = ""

    @property
    def move_words(self) -> str | None:
        """The move as the page shows it (``move_shown``, else the canonical text)."""
        return self.move_shown or self.move_text


@dataclass(frozen=True)
class Replay(Generic[S, M]):
    walkthrough: Walkthrough
    game: Game[S, M]
    frames: tuple[Frame[S, M], ...]

    def __len__(self) -> int:
        return len(self.frames)


# ---- reading files ---------------------------------------------------------------------------
def _known_rules(game: Game[Any, Any], rule_ids: Iterable[str], where: str) -> None:
    for rule_id in rule_ids:
        if rule_id not in game.rules:
            raise BadWalkthrough(T._("unknown rule id '{rule}' for {game}", rule=rule_id,
                                     game=game.name), where=where)


@dataclass(frozen=True)
class _File:
    """A walkthrough file's top table, then its tables, as :func:`inputs.read` reads them."""

    game: str
    title: str
    setup: dict[str, Any] = field(default_factory=dict)
    steps: list[Any] = field(default_factory=list)
    summary: str = ""
    source: str = ""
    order: int | None = None
    lang: str = ""


@dataclass(frozen=True)
class _Setup:
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    position: str | None = None
    narration: str = ""
    rules: inputs.Ids = inputs.Ids()
    view: object = None  # read by the game's hints class


@dataclass(frozen=True)
class _Step:
    narration: str
    title: str = ""
    move: str | None = None
    rules: inputs.Ids = inputs.Ids()
    expect: dict[str, Any] = field(default_factory=dict)
    refused: str | None = None
    view: object = None
    try_: object = None  # true, or a table read as a TryIt
    ask: dict[str, Any] | None = None
    stronger: str | None = None
    why: str = ""


@dataclass(frozen=True)
class _Ask:
    prompt: str
    fact: str
    choices: tuple[str, ...] = ()
    rule: str | None = None


def parse(text: str | bytes, name: str = "<walkthrough>", wid: str | None = None,
          game: Game[Any, Any] | None = None) -> Walkthrough:
    """A walkthrough from TOML text (or UTF-8 bytes); every problem is a BadWalkthrough
    naming the file, the step and the field, whatever the input. ``game``: the game to read
    it for when its name is the file's (else the game is found by name)."""
    text = inputs.text_of(text, name, BadWalkthrough)
    top = inputs.read(_File, inputs.load_toml(text, name, BadWalkthrough), name, BadWalkthrough)
    try:
        game = registry.get(top.game) if game is None or game.name != top.game else game
    except MalformedInput as exc:
        raise BadWalkthrough(exc.problem, where=_field(name, "game")) from None
    setup = inputs.read(_Setup, top.setup, f"{name}, [setup]", BadWalkthrough)
    step_lines = [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == "[[steps]]"]
    if not top.steps:
        raise BadWalkthrough(T._("a walkthrough needs at least one step"), where=name)
    steps = []
    for number, raw in enumerate(top.steps, start=1):
        line = step_lines[number - 1] if number <= len(step_lines) else None
        where = _at_step(name, number, line)
        if not isinstance(raw, dict):
            raise BadWalkthrough(T._("a step must be a table"), where=where)
        steps.append(_step(inputs.read(_Step, raw, where, BadWalkthrough), game, where, line))
    _known_rules(game, setup.rules, f"{name}, [setup]")
    if top.lang and top.lang not in LANGUAGES:
        raise BadWalkthrough(T._("'{lang}' is not a language of the tutor ({languages})",
                                 lang=top.lang, languages=", ".join(LANGUAGES)),
                             where=_field(name, "lang"))
    return Walkthrough(
        id=wid or Path(name).stem, game=top.game, title=top.title, summary=top.summary.strip(),
        source=top.source.strip(), options=setup.options, seed=setup.seed,
        position=setup.position, position_line=_position_line(text),
        intro=setup.narration.strip(), intro_rules=setup.rules,
        intro_view=read_hints(game.hints, setup.view, f"{name}, [setup]"), steps=tuple(steps),
        path=name, order=top.order or 1000, lang=top.lang)


def _field(where: str, name: str) -> str:
    """``where`` (the file, the step) and the field ``name`` in it (a TOML key, kept as is)."""
    return T._("{where}, field '{field}'", where=where, field=name)


def _at_step(name: str, number: int, line: int | None) -> str:
    """The file ``name``, its step ``number`` and, when known, the file line it starts on."""
    if line:
        return T._("{file}, step {number} (line {line})", file=name, number=number, line=line)
    return T._("{file}, step {number}", file=name, number=number)


def _step(raw: _Step, game: Game[Any, Any], where: str, line: int | None) -> Step:
    """One ``[[steps]]`` table with its try-it part and question, checked as far as the file
    alone tells."""
    if (raw.stronger is None) != (not raw.why.strip()):
        # Translators: 'stronger' and 'why' are the file's field names: keep them as they are
        raise BadWalkthrough(T._("'stronger' (the better move) and 'why' (the lesson's reason "
                                 "for playing another) go together"), where=where)
    if raw.stronger is not None and (raw.move is None or raw.refused is not None):
        # Translators: 'stronger' and 'move' are the file's field names: keep them as they are
        raise BadWalkthrough(T._("field 'stronger' needs a legal 'move' it is stronger than"),
                             where=where)
    try_it, at = None, _field(where, "try")
    if isinstance(raw.try_, dict):
        try_it = inputs.read(TryIt, raw.try_, at, BadWalkthrough)
    elif isinstance(raw.try_, bool):
        try_it = TryIt() if raw.try_ else None
    elif raw.try_ is not None:
        # Translators: true, accept and compare are written so in the file: keep them
        raise BadWalkthrough(T._("must be true or a table (accept, compare)"), where=at)
    if try_it is not None and raw.move is None:
        # Translators: 'move' is the file's field name: keep it as it is
        raise BadWalkthrough(T._("a try-it step needs the book's 'move'"), where=at)
    if try_it is not None and raw.refused is not None:
        raise BadWalkthrough(T._("a refused step cannot be a try-it: the learner would have "
                                 "to make a move the rules forbid"), where=at)
    ask = None
    if raw.ask is not None:
        table = inputs.read(_Ask, raw.ask, _field(where, "ask"), BadWalkthrough)
        if len(set(table.choices)) != len(table.choices):
            raise BadWalkthrough(T._("the choices must be different"),
                                 where=_field(where, "ask.choices"))
        if len(table.choices) == 1:
            raise BadWalkthrough(T._("one choice is no choice: give two or more, or none for a "
                                     "number"), where=_field(where, "ask.choices"))
        if table.rule is not None:
            _known_rules(game, (table.rule,), _field(where, "ask.rule"))
        if not table.prompt.strip():
            raise BadWalkthrough(T._("the prompt is empty"), where=_field(where, "ask.prompt"))
        ask = Question(table.fact, table.prompt.strip(), table.choices, table.rule)
    if raw.refused and not raw.move:
        # Translators: 'refused' and 'move' are the file's field names: keep them as they are
        raise BadWalkthrough(T._("field 'refused' needs a 'move' to refuse"), where=where)
    if raw.refused and raw.expect:
        # Translators: 'expect' is the file's field name: keep it as it is
        raise BadWalkthrough(T._("a refused move changes nothing: drop 'expect'"), where=where)
    _known_rules(game, (*raw.rules, *([raw.refused] if raw.refused else [])), where)
    return Step(narration=raw.narration.strip(), title=raw.title, move=raw.move,
                rules=raw.rules, expect=raw.expect, refused=raw.refused,
                view=read_hints(game.hints, raw.view, where), line=line, try_it=try_it,
                ask=ask, stronger=raw.stronger, why=raw.why.strip())


def _position_line(text: str) -> int | None:
    """The file line where the text of ``[setup] position`` begins."""
    in_setup = False
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            in_setup = stripped == "[setup]"
        found = re.match(r'position\s*=\s*("""|\'\'\'|"|\')(.*)', stripped) if in_setup else None
        if found:  # TOML drops the newline right after an opening triple quote
            triple, rest = len(found.group(1)) == 3, found.group(2)
            return number + 1 if triple and not rest.strip() else number
    return None


def load(path: str | Path, game: Game[Any, Any] | None = None) -> Walkthrough:
    """Read a walkthrough file (``BadWalkthrough`` if it is missing, too large, not UTF-8,
    or malformed)."""
    path = Path(path)
    text = inputs.read_file(path, BadWalkthrough)
    shipped = path.parent.name == "walkthroughs"  # a game's own: "<game>/<stem>"
    wid = f"{path.parent.parent.name}/{path.stem}" if shipped else path.stem
    return parse(text, name=path.name, wid=wid, game=game)


def walkthroughs_of(game: Game[Any, Any]) -> list[Path]:
    """The walkthrough files of a game: ``walkthroughs/*.toml`` beside its module."""
    folder = Path(inspect.getfile(type(game))).parent / "walkthroughs"
    return sorted(folder.glob("*.toml"))


def library() -> dict[str, Path]:
    """Every walkthrough shipped with the games, by id (``"trapper/green-turn"``)."""
    return {f"{name}/{path.stem}": path for name, game in registry.games().items()
            for path in walkthroughs_of(game)}


def by_id(wid: str) -> Walkthrough:
    """A shipped walkthrough by id; an unknown id lists the known ones."""
    path = _shipped(wid)
    if path is not None:  # found where library() would find it, importing no other game
        return load(path)
    known = library()
    if wid not in known:
        if not known:
            raise BadWalkthrough(T._("no walkthrough {wid}; known: none", wid=repr(wid)))
        raise BadWalkthrough(T._("no walkthrough {wid}; known: {known}", wid=repr(wid),
                                 known=", ".join(known)))
    return load(known[wid])


def _shipped(wid: str) -> Path | None:
    """``tutor/<game>/walkthroughs/<stem>.toml`` for the id ``<game>/<stem>``, if it exists."""
    game_name, _, stem = wid.partition("/")
    if not re.fullmatch(r"[\w-]+", stem):
        return None
    folder = registry.package_folder(game_name)
    path = folder / "walkthroughs" / f"{stem}.toml" if folder is not None else None
    return path if path is not None and path.is_file() else None


# ---- replaying -------------------------------------------------------------------------------
def _start(walk: Walkthrough, game: Game[S, M]) -> S:
    where = f"{walk.path}, [setup]"
    position = walk.position
    try:
        if position is not None:
            return inputs.guarded(lambda: game.parse_position(position, walk.options, walk.seed),
                                  "")
        return inputs.guarded(lambda: game.initial_state(walk.options, walk.seed), "")
    except MalformedInput as exc:
        field = "position" if walk.position is not None else "options"
        at = _field(where, field)
        if exc.where:
            at = f"{at}, {exc.where}"  # the place inside the field, as its reader names it
        if exc.line is not None and walk.position_line is not None:
            at = T._("{where} (file line {line})", where=at,
                     line=walk.position_line + exc.line - 1)
        raise BadWalkthrough(exc.problem, where=at) from None


def _check_expect(game: Game[S, M], state: S, expect: Mapping[str, Any], where: str) -> None:
    facts = game.facts(state)
    for key, wanted in expect.items():
        if key not in facts:
            near = ", ".join(sorted(k for k in facts if k.split(".")[0] == key.split(".")[0]))
            # Translators: "expect" is the file's field name: keep it as it is
            raise BadWalkthrough(T._("expect: no fact called '{key}' (facts of that kind: "
                                     "{near})", key=key, near=near) if near else
                                 T._("expect: no fact called '{key}'", key=key), where=where)
        if facts[key] != wanted:
            # Translators: "expect" is the file's field name: keep it as it is
            raise BadWalkthrough(T._("expect: '{key}' should be {wanted} but is {found}",
                                     key=key, wanted=repr(wanted), found=repr(facts[key])),
                                 where=where)


def replay(walk: Walkthrough, game: Game[Any, Any] | None = None) -> Replay[Any, Any]:
    """Run every step; the first step that fails raises BadWalkthrough naming it and why.
    The game is the walkthrough's, found by name, unless given."""
    game = game if game is not None else registry.get(walk.game)
    state = _start(walk, game)
    frames: list[Frame[Any, Any]] = [
        Frame(0, state, walk.intro or walk.summary, walk.intro_rules, title=walk.title,
              view=walk.intro_view)
    ]
    check_places(walk.intro_view, state, f"{walk.path}, [setup]")
    for number, step in enumerate(walk.steps, start=1):
        where = _at_step(walk.path, number, step.line)
        move = text = shown = refusal = None
        before, rules = state, step.rules
        if step.move is not None:
            words = step.move
            try:
                move = inputs.guarded(lambda: game.parse_move(state, words), "")
            except MalformedInput as exc:
                raise BadWalkthrough(exc.problem, where=_field(where, "move")) from None
            text = game.move_text(state, move)
            shown = game.move_display(state, move)
            try:
                state = inputs.guarded(lambda: game.apply(state, move), _field(where, "move"),
                                       BadWalkthrough)
            except IllegalMove as exc:
                if step.refused is None:
                    raise BadWalkthrough(T._("move {move} is refused: {reason}",
                                             move=repr(step.move), reason=exc),
                                         where=_field(where, "move")) from None
                if exc.rule_id != step.refused:
                    raise BadWalkthrough(T._("move {move} is refused by {rule}, not {refused}: "
                                             "{reason}", move=repr(step.move), rule=exc.rule_id,
                                             refused=step.refused, reason=exc.reason),
                                         where=_field(where, "refused")) from None
                refusal = exc
                rules = rules if exc.rule_id in rules else (exc.rule_id, *rules)
            else:
                if step.refused is not None:
                    raise BadWalkthrough(T._("move {move} should be refused by {refused} but "
                                             "is legal", move=repr(step.move),
                                             refused=step.refused),
                                         where=_field(where, "refused"))
                rules = rules or game.move_rules(before, move)
        _check_expect(game, state, step.expect, _field(where, "expect"))
        check_places(step.view, state, where)  # the places of the position shown
        frame = Frame(number, state, step.narration, tuple(rules), title=step.title,
                      before=before, move=move, move_text=text, refusal=refusal,
                      view=step.view, move_shown=shown)
        if step.stronger is not None:  # checked: legal there, and not the step's own move
            better = _other_legal_move(game, frame, step.stronger, _field(where, "stronger"),
                                       N_("{move} is the step's own move"))
            frame = replace(frame, stronger=game.move_text(before, better),
                            stronger_shown=game.move_display(before, better), why=step.why)
        frames.append(_lesson_frame(game, frame, step, where))
    return Replay(walk, game, tuple(frames))


def _other_legal_move(game: Game[S, M], frame: Frame[S, M], words: str, at: str,
                      same: str) -> M:
    """The move ``words`` names where the step starts, legal there and not the step's own
    move (``same``: how that is said, a text marked with ``N_`` with the placeholder
    ``{move}``); a :class:`BadWalkthrough` at ``at`` otherwise."""
    before = frame.before
    assert before is not None
    try:
        move = inputs.guarded(lambda: game.parse_move(before, words), "")
    except MalformedInput as exc:
        raise BadWalkthrough(exc.problem, where=at) from None
    found = game.violation(before, move)
    if found is not None:
        reason = game.rules.reason(found.rule_id, **found.params)
        raise BadWalkthrough(T._("{move} is not legal here: {reason} [{rule}]",
                                 move=repr(words), reason=reason, rule=found.rule_id),
                             where=at)
    if move == frame.move:
        raise BadWalkthrough(T._(same, move=repr(words)), where=at)
    return move


def _lesson_frame(game: Game[S, M], frame: Frame[S, M], step: Step, where: str) -> Frame[S, M]:
    """The frame with its try-it part and question, checked against the engine: every
    accepted move legal where the step starts, the named facts there after the move, the
    answer among the choices (or a number)."""
    if step.try_it is None and step.ask is None:
        return frame
    after, before = frame.state, frame.before
    facts = game.facts(after)
    accepted: list[M] = []
    texts: list[str] = []
    if step.try_it is not None and before is not None:
        accepted = [_other_legal_move(game, frame, words,
                                      T._("{where}, field '{field}' (move {number})",
                                          where=where, field="try.accept", number=k),
                                      N_("{move} is the book's move itself"))
                    for k, words in enumerate(step.try_it.accept, start=1)]
        texts = [frame.move_text or "", *(game.move_text(before, move) for move in accepted)]
        for key in step.try_it.compare:
            if key not in facts:
                raise BadWalkthrough(T._("no fact called '{key}' after the move", key=key),
                                     where=_field(where, "try.compare"))
    answer, rule = None, None
    if step.ask is not None:
        ask = step.ask
        if ask.fact not in facts:
            raise BadWalkthrough(T._("no fact called '{key}' after the move", key=ask.fact),
                                 where=_field(where, "ask.fact"))
        answer = facts[ask.fact]
        if ask.choices and answer_text(answer) not in ask.keys:
            raise BadWalkthrough(T._("the answer {answer} ({fact}) is not among the choices "
                                     "{choices}", answer=repr(answer_text(answer)),
                                     fact=ask.fact, choices=list(ask.keys)),
                                 where=_field(where, "ask.choices"))
        if not ask.choices and (isinstance(answer, bool) or not isinstance(answer, (int, float))):
            # Translators: 'choices' is the file's field name: keep it as it is
            raise BadWalkthrough(T._("'{fact}' is {answer}, not a number: give 'choices'",
                                     fact=ask.fact, answer=repr(answer)),
                                 where=_field(where, "ask.fact"))
        rule = ask.rule or (frame.rule_ids[0] if frame.rule_ids else None)
        if rule is None:
            # Translators: 'rule' and 'rules' are the file's field names: keep them as they are
            raise BadWalkthrough(T._("no rule decides the question: give 'rule' or the step's "
                                     "'rules'"), where=_field(where, "ask.rule"))
    index = (step.ask.keys.index(answer_text(answer))
             if step.ask is not None and step.ask.choices else None)
    return replace(frame, try_it=step.try_it, accepted=tuple(accepted),
                   accepted_texts=tuple(texts), question=step.ask, answer=answer,
                   answer_index=index, answer_rule=rule)
