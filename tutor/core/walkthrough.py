"""Walkthroughs: worked examples of a rulebook, as data files, and the one replay.

A walkthrough is a TOML file: the game and its options, a starting position (a position
text the author writes by hand, or a seed), then steps. A step has a narration, the rule
ids it shows, optionally a move (its text), what the state must look like afterwards
(``expect``: facts of the game), or that the move is refused by a rule (``refused``)::

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Mapping, TypeVar

from . import inputs, registry
from .errors import BadWalkthrough, IllegalMove, MalformedInput
from .game import Game
from .hints import Hints, read_hints

S = TypeVar("S")
M = TypeVar("M")
T = TypeVar("T")

_TOP = {"game", "title", "summary", "source", "order", "setup", "steps"}
_SETUP = {"options", "seed", "position", "narration", "rules", "view"}
_STEP = {"title", "move", "narration", "rules", "expect", "refused", "view"}


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


@dataclass(frozen=True)
class Replay(Generic[S, M]):
    walkthrough: Walkthrough
    game: Game[S, M]
    frames: tuple[Frame[S, M], ...]

    def __len__(self) -> int:
        return len(self.frames)


# ---- reading files ---------------------------------------------------------------------------
def _require(table: Mapping[str, Any], key: str, kind: type[T], where: str,
             optional: bool = False) -> Any:
    if key not in table:
        if optional:
            return None
        raise BadWalkthrough(f"field '{key}' is missing", where=where)
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadWalkthrough(
            f"field '{key}' must be {kind.__name__}, not {type(value).__name__}", where=where
        )
    return value


def _rule_list(table: Mapping[str, Any], where: str) -> tuple[str, ...]:
    rules = _require(table, "rules", list, where, optional=True) or []
    if not all(isinstance(r, str) for r in rules):
        raise BadWalkthrough("field 'rules' must be a list of rule ids", where=where)
    return tuple(rules)


def _unknown(table: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = set(table) - allowed
    if unknown:
        raise BadWalkthrough(
            f"unknown field(s) {sorted(unknown)}; allowed: {sorted(allowed)}", where=where
        )


def _known_rules(game: Game[Any, Any], rule_ids: tuple[str, ...], where: str) -> None:
    for rule_id in rule_ids:
        if rule_id not in game.rules:
            raise BadWalkthrough(f"unknown rule id '{rule_id}' for {game.name}", where=where)


def parse(text: str | bytes, name: str = "<walkthrough>", wid: str | None = None) -> Walkthrough:
    """A walkthrough from TOML text (or UTF-8 bytes); every problem is a BadWalkthrough
    naming the file, the step and the field, whatever the input."""
    text = inputs.text_of(text, name, BadWalkthrough)
    data = inputs.load_toml(text, name, BadWalkthrough)
    _unknown(data, _TOP, name)
    game_name = _require(data, "game", str, name)
    try:
        game = registry.get(game_name)
    except MalformedInput as exc:
        raise BadWalkthrough(exc.problem, where=f"{name}, field 'game'") from None
    setup = _require(data, "setup", dict, name, optional=True) or {}
    where = f"{name}, [setup]"
    _unknown(setup, _SETUP, where)
    step_lines = [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == "[[steps]]"]
    raw_steps = _require(data, "steps", list, name)
    if not raw_steps:
        raise BadWalkthrough("a walkthrough needs at least one step", where=name)
    steps = []
    for number, raw in enumerate(raw_steps, start=1):
        line = step_lines[number - 1] if number <= len(step_lines) else None
        swhere = f"{name}, step {number}" + (f" (line {line})" if line else "")
        if not isinstance(raw, dict):
            raise BadWalkthrough("a step must be a table", where=swhere)
        _unknown(raw, _STEP, swhere)
        step = Step(
            narration=_require(raw, "narration", str, swhere).strip(),
            title=_require(raw, "title", str, swhere, optional=True) or "",
            move=_require(raw, "move", str, swhere, optional=True),
            rules=_rule_list(raw, swhere),
            expect=_require(raw, "expect", dict, swhere, optional=True) or {},
            refused=_require(raw, "refused", str, swhere, optional=True),
            view=read_hints(game.hints, raw.get("view"), swhere),
            line=line,
        )
        if step.refused and not step.move:
            raise BadWalkthrough("field 'refused' needs a 'move' to refuse", where=swhere)
        if step.refused and step.expect:
            raise BadWalkthrough("a refused move changes nothing: drop 'expect'", where=swhere)
        _known_rules(game, (*step.rules, *([step.refused] if step.refused else [])), swhere)
        steps.append(step)
    intro_rules = _rule_list(setup, where)
    _known_rules(game, intro_rules, where)
    return Walkthrough(
        id=wid or Path(name).stem,
        game=game_name,
        title=_require(data, "title", str, name),
        summary=(_require(data, "summary", str, name, optional=True) or "").strip(),
        source=(_require(data, "source", str, name, optional=True) or "").strip(),
        options=_require(setup, "options", dict, where, optional=True) or {},
        seed=_require(setup, "seed", int, where, optional=True) or 0,
        position=_require(setup, "position", str, where, optional=True),
        position_line=_position_line(text),
        intro=(_require(setup, "narration", str, where, optional=True) or "").strip(),
        intro_rules=intro_rules,
        intro_view=read_hints(game.hints, setup.get("view"), where),
        steps=tuple(steps),
        path=name,
        order=_require(data, "order", int, name, optional=True) or 1000,
    )


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


def load(path: str | Path) -> Walkthrough:
    """Read a walkthrough file (``BadWalkthrough`` if it is missing, too large, not UTF-8,
    or malformed)."""
    path = Path(path)
    text = inputs.read_file(path, BadWalkthrough)
    return parse(text, name=path.name, wid=_id_of(path))


def _id_of(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.stem}" if path.parent.name == "walkthroughs" else path.stem


def library() -> dict[str, Path]:
    """Every walkthrough shipped with the games, by id (``"trapper/green-turn"``)."""
    found: dict[str, Path] = {}
    for name, game in registry.games().items():
        folder = Path(inspect.getfile(type(game))).parent / "walkthroughs"
        for path in sorted(folder.glob("*.toml")):
            found[f"{name}/{path.stem}"] = path
    return found


def by_id(wid: str) -> Walkthrough:
    """A shipped walkthrough by id; an unknown id lists the known ones."""
    path = _shipped(wid)
    if path is not None:  # found where library() would find it, importing no other game
        return load(path)
    known = library()
    if wid not in known:
        raise BadWalkthrough(f"no walkthrough {wid!r}; known: {', '.join(known) or 'none'}")
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
        inside = f", {exc.where}" if exc.where else ""
        found = re.match(r"line (\d+)\b", exc.where or "")
        if found and walk.position_line is not None:
            inside += f" (file line {walk.position_line + int(found.group(1)) - 1})"
        raise BadWalkthrough(exc.problem, where=f"{where}, field '{field}'{inside}") from None


def _check_expect(game: Game[S, M], state: S, expect: Mapping[str, Any], where: str) -> None:
    facts = game.facts(state)
    for key, wanted in expect.items():
        if key not in facts:
            near = ", ".join(sorted(k for k in facts if k.split(".")[0] == key.split(".")[0]))
            raise BadWalkthrough(
                f"expect: no fact called '{key}'" + (f" (facts of that kind: {near})" if near else ""),
                where=where,
            )
        if facts[key] != wanted:
            raise BadWalkthrough(
                f"expect: '{key}' should be {wanted!r} but is {facts[key]!r}", where=where
            )


def replay(walk: Walkthrough) -> Replay[Any, Any]:
    """Run every step; the first step that fails raises BadWalkthrough naming it and why."""
    game: Game[Any, Any] = registry.get(walk.game)
    state = _start(walk, game)
    frames: list[Frame[Any, Any]] = [
        Frame(0, state, walk.intro or walk.summary, walk.intro_rules, title=walk.title,
              view=walk.intro_view)
    ]
    for number, step in enumerate(walk.steps, start=1):
        where = f"{walk.path}, step {number}" + (f" (line {step.line})" if step.line else "")
        move = text = refusal = None
        before, rules = state, step.rules
        if step.move is not None:
            words = step.move
            try:
                move = inputs.guarded(lambda: game.parse_move(state, words), "")
            except MalformedInput as exc:
                raise BadWalkthrough(exc.problem, where=f"{where}, field 'move'") from None
            text = game.move_text(state, move)
            try:
                state = inputs.guarded(lambda: game.apply(state, move), f"{where}, field 'move'",
                                       BadWalkthrough)
            except IllegalMove as exc:
                if step.refused is None:
                    raise BadWalkthrough(
                        f"move {step.move!r} is refused: {exc}", where=f"{where}, field 'move'"
                    ) from None
                if exc.rule_id != step.refused:
                    raise BadWalkthrough(
                        f"move {step.move!r} is refused by {exc.rule_id}, not {step.refused}: "
                        f"{exc.reason}", where=f"{where}, field 'refused'",
                    ) from None
                refusal = exc
            else:
                if step.refused is not None:
                    raise BadWalkthrough(
                        f"move {step.move!r} should be refused by {step.refused} but is legal",
                        where=f"{where}, field 'refused'",
                    )
                rules = rules or game.move_rules(before, move)
            if step.refused is not None and refusal is not None and step.refused not in rules:
                rules = (step.refused, *rules)
        _check_expect(game, state, step.expect, f"{where}, field 'expect'")
        frames.append(Frame(number, state, step.narration, tuple(rules), title=step.title,
                            before=before, move=move, move_text=text, refusal=refusal,
                            view=step.view))
    return Replay(walk, game, tuple(frames))
