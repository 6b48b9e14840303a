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


def _text_line(lines: list[str], name: str, text: str) -> None:
    if text:
        lines.append(f"{name} = {string(text)}")


def step_lines(step: Step) -> list[str]:
    """The ``[[steps]]`` table of one step."""
    lines = ["[[steps]]"]
    _text_line(lines, "title", step.title)
    if step.move is not None:
        lines.append(f"move = {value(step.move)}")
    if step.refused is not None:
        lines.append(f"refused = {value(step.refused)}")
    lines.append(f"narration = {string(step.narration)}")
    if step.rules:
        lines.append(f"rules = {value(list(step.rules))}")
    if step.expect:
        lines.append(f"expect = {value(dict(step.expect))}")
    if step.stronger is not None:
        lines.append(f"stronger = {value(step.stronger)}")
        _text_line(lines, "why", step.why)
    view = hints_table(step.view)
    if view:
        lines.append(f"view = {value(view)}")
    if step.try_it is not None:
        table: dict[str, Any] = {}
        if step.try_it.accept:
            table["accept"] = list(step.try_it.accept)
        if step.try_it.compare:
            table["compare"] = list(step.try_it.compare)
        lines.append(f"try = {value(table) if table else 'true'}")
    if step.ask is not None:
        ask = step.ask
        lines.append("[steps.ask]")
        lines.append(f"fact = {value(ask.fact)}")
        lines.append(f"prompt = {string(ask.prompt)}")
        if ask.keys:
            lines.append(f"choices = {value(list(ask.keys))}")
        if ask.rule is not None:
            lines.append(f"rule = {value(ask.rule)}")
    return lines


def dumps(walk: Walkthrough) -> str:
    """The walkthrough as TOML text (see the module's docs)."""
    lines = [f"game = {value(walk.game)}", f"title = {value(walk.title)}"]
    if walk.order != 1000:
        lines.append(f"order = {walk.order}")
    if walk.lang:
        lines.append(f"lang = {value(walk.lang)}")
    _text_line(lines, "summary", walk.summary)
    _text_line(lines, "source", walk.source)
    setup: list[str] = []
    if walk.options:
        setup.append(f"options = {value(dict(walk.options))}")
    if walk.seed:
        setup.append(f"seed = {walk.seed}")
    if walk.position is not None:
        setup.append('position = """\n' + _escaped(walk.position.strip("\n")) + '\n"""')
    _text_line(setup, "narration", walk.intro)
    if walk.intro_rules:
        setup.append(f"rules = {value(list(walk.intro_rules))}")
    view = hints_table(walk.intro_view)
    if view:
        setup.append(f"view = {value(view)}")
    if setup:
        lines += ["", "[setup]", *setup]
    for step in walk.steps:
        lines += ["", *step_lines(step)]
    return "\n".join(lines) + "\n"


def checked(text: str, name: str = "lesson.toml", wid: str | None = None) -> Replay[Any, Any]:
    """The text read and replayed as ``python -m tutor check`` does: BadWalkthrough (naming
    the step and the field) when it does not pass."""
    return replay(parse(text, name=name, wid=wid))
