"""Writing a walkthrough back as TOML: the text :func:`tutor.core.walkthrough.parse` reads.

The authoring page (issue 33) makes a :class:`~tutor.core.walkthrough.Walkthrough` by play;
:func:`dumps` writes it in the format of ``tutor/<game>/walkthroughs/*.toml``, and
:func:`checked` reads the text back and replays it with the same code as ``python -m tutor
check``, so a lesson is offered only when the check passes (an error names the step and the
field). Nothing here runs what an author wrote: texts are written as TOML strings, escaped.

>>> from tutor.core.walkthrough import Step, Walkthrough
>>> walk = Walkthrough("x", "nim", "Last counter", (Step("P1 takes 3.", move="take 3",
...     expect={"heap": 1}),), position="heap 4")
>>> print(dumps(walk), end="")
game = "nim"
title = "Last counter"
<BLANKLINE>
[setup]
position = \"\"\"
heap 4
\"\"\"
<BLANKLINE>
[[steps]]
move = "take 3"
narration = "P1 takes 3."
expect = { heap = 1 }
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any, Mapping

from .hints import Hints
from .walkthrough import Replay, Step, Walkthrough, parse, replay


def string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's); a text with line breaks as a
    multi-line basic string, its backslashes and quotes escaped."""
    if "\n" not in text:
        return '"' + _escaped(text) + '"'
    return '"""\n' + _escaped(text) + '\n"""'


def _escaped(text: str) -> str:
    """The body of a multi-line basic string: line breaks kept, everything else escaped."""
    out = []
    for char in text:
        if char == "\n":
            out.append(char)
        elif char in '\\"':
            out.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return "".join(out)


def value(item: Any) -> str:
    """A TOML value: a text, truth value, number, list or (inline) table."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, float):
        if not math.isfinite(item):
            raise ValueError(f"a lesson cannot hold the number {item!r}")
        return repr(item)
    if isinstance(item, str):
        return '"' + _escaped(item).replace("\n", "\\n") + '"'
    if isinstance(item, (list, tuple)):
        return "[" + ", ".join(value(v) for v in item) + "]"
    if isinstance(item, Mapping):
        if not item:
            return "{}"
        return "{ " + ", ".join(f"{key(k)} = {value(v)}" for k, v in item.items()) + " }"
    raise ValueError(f"a lesson cannot hold {type(item).__name__}")


def key(name: str) -> str:
    """A TOML key: bare when it may be, quoted otherwise (fact keys have dots)."""
    if name and all(c.isascii() and (c.isalnum() or c in "_-") for c in name):
        return name
    return value(name)


def hints_table(hints: Hints) -> dict[str, Any]:
    """The hints that differ from their class's defaults, as the file writes them."""
    defaults = type(hints)()
    table: dict[str, Any] = {}
    for f in dataclasses.fields(hints):
        got = getattr(hints, f.name)
        if got != getattr(defaults, f.name):
            table[f.name] = list(got) if isinstance(got, tuple) else got
    return table


#: the fields whose value is a text the learner reads: written as a string that may run over
#: lines (the others as one-line values)
_TEXTS = {"title", "narration", "why", "summary", "source"}


def _entries(*items: tuple[str, Any]) -> list[str]:
    """``name = value`` lines of the values given (None, "", 0, [] and {}: not written)."""
    return [f"{name} = {string(item) if name in _TEXTS else value(item)}"
            for name, item in items if item]


def step_lines(step: Step) -> list[str]:
    """The ``[[steps]]`` table of one step."""
    lines = ["[[steps]]", *_entries(("title", step.title), ("move", step.move),
                                    ("refused", step.refused)),
             f"narration = {string(step.narration)}",
             *_entries(("rules", list(step.rules)), ("expect", dict(step.expect)),
                       ("stronger", step.stronger),
                       ("why", step.why if step.stronger is not None else ""),
                       ("view", hints_table(step.view)))]
    if step.try_it is not None:
        table = {name: list(moves) for name, moves in (("accept", step.try_it.accept),
                                                       ("compare", step.try_it.compare)) if moves}
        lines.append(f"try = {value(table) if table else 'true'}")
    if step.ask is not None:
        ask = step.ask
        lines += ["[steps.ask]", f"fact = {value(ask.fact)}", f"prompt = {string(ask.prompt)}",
                  *_entries(("choices", list(ask.keys)), ("rule", ask.rule))]
    return lines


def dumps(walk: Walkthrough) -> str:
    """The walkthrough as TOML text (see the module's docs)."""
    lines = [f"game = {value(walk.game)}", f"title = {value(walk.title)}",
             *_entries(("order", walk.order if walk.order != 1000 else None), ("lang", walk.lang),
                       ("summary", walk.summary), ("source", walk.source))]
    setup = _entries(("options", dict(walk.options)), ("seed", walk.seed))
    if walk.position is not None:
        setup.append('position = """\n' + _escaped(walk.position.strip("\n")) + '\n"""')
    setup += _entries(("narration", walk.intro), ("rules", list(walk.intro_rules)),
                      ("view", hints_table(walk.intro_view)))
    if setup:
        lines += ["", "[setup]", *setup]
    for step in walk.steps:
        lines += ["", *step_lines(step)]
    return "\n".join(lines) + "\n"


def checked(text: str, name: str = "lesson.toml", wid: str | None = None) -> Replay[Any, Any]:
    """The text read and replayed as ``python -m tutor check`` does: BadWalkthrough (naming
    the step and the field) when it does not pass."""
    return replay(parse(text, name=name, wid=wid))
