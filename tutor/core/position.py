"""Position text: the one grammar in which an author writes a game's position by hand.

Every game reads its walkthrough set-ups in this grammar (``docs/position-text.md``)::

    # a comment line
    players: Anna, Ben          # a value; a comment after it needs a space before '#'
    turn: Anna
    hand Anna: green 2, blue 1  # a key with a subject (a player, a side, a place)
    board:                      # a block: the lines indented below the entry
      8  *  *  bear4/E  green
      7  .  (elk1)  *   *

A line is blank, a comment, an *entry* ``key [subject]: value`` or, below an entry, a *block
line* (indented deeper; kept as written: a map may hold ``#``). Which keys a game knows and
how it reads a value or a block is the game's, through the token readers here; every
problem is a :class:`~tutor.core.errors.BadState` naming line and column.

>>> pos = parse('''
... heap: 7         # counters left
... taken P1: 2
... rows:
...   1 2 3
...   4 5 6
... ''')
>>> pos.get("heap").number(lo=0)
7
>>> pos.get("taken", "P1").value, pos.get("taken", "P1").subject_column
('2', 7)
>>> [[t.text for t in row] for row in pos.get("rows").rows()]
[['1', '2', '3'], ['4', '5', '6']]
>>> pos.get("heap").choice(["1", "2"])
Traceback (most recent call last):
...
tutor.core.errors.BadState: line 2, column 7: heap is 1 or 2, not '7'
>>> parse("heap 7")
Traceback (most recent call last):
...
tutor.core.errors.BadState: line 1, column 1: expected 'key: value' or 'key subject: value', got 'heap 7'
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator, NoReturn, Sequence

from .errors import BadState
from .i18n import translator

T = translator("core")  # an author's or a learner's position text is refused in their language

_ENTRY = re.compile(r"(?P<key>[A-Za-z][\w-]*)(?:[ \t]+(?P<subject>[^:#]*?))?[ \t]*:(?P<value>.*)")
_COMMENT = re.compile(r"(?:^|\s)#")
_WORD = re.compile(r"\S+")
_YES, _NO = ("yes", "true", "on"), ("no", "false", "off")


def fail(line: int, column: int, problem: str) -> NoReturn:
    """Raise the BadState of a position problem at a line and a column (both from 1)."""
    raise BadState(problem, where=T._("line {line}, column {column}", line=line, column=column),
                   line=line)


@dataclass(frozen=True)
class Token:
    """A piece of text and where it stands."""

    text: str
    line: int
    column: int

    def fail(self, problem: str) -> NoReturn:
        fail(self.line, self.column, problem)

    def number(self, lo: int | None = None, hi: int | None = None, what: str = "") -> int:
        """The token as a whole number in ``lo..hi``."""
        text = self.text
        # Translators: what a position's number is when its line has no name for it
        what = what or T.p_("position text", "this")
        if not re.fullmatch(r"[+-]?[0-9]{1,18}", text):  # ASCII: int() reads "١" too
            self.fail(T._("{what} is a whole number, not {text}", what=what, text=repr(text)))
        value = int(text)
        if lo is not None and hi is not None and not lo <= value <= hi:
            self.fail(T._("{what} is a whole number from {lo} to {hi}, not {value}",
                          what=what, lo=lo, hi=hi, value=value))
        if lo is not None and value < lo:
            self.fail(T._("{what} is a whole number at least {lo}, not {value}",
                          what=what, lo=lo, value=value))
        if hi is not None and value > hi:
            self.fail(T._("{what} is a whole number at most {hi}, not {value}",
                          what=what, hi=hi, value=value))
        return value


@dataclass(frozen=True)
class Entry:
    """One ``key [subject]: value`` line and the block below it."""

    key: str
    subject: str | None
    value: str
    line: int
    key_column: int
    subject_column: int
    value_column: int
    block: tuple[Token, ...] = field(default=())

    @property
    def name(self) -> str:
        """The key and subject as written, for messages: ``hand Anna``."""
        return f"{self.key} {self.subject}" if self.subject else self.key

    def fail(self, problem: str, column: int | None = None) -> NoReturn:
        """Raise BadState at this entry (at its value unless a column is given)."""
        fail(self.line, column or self.value_column, problem)

    def token(self) -> Token:
        """The whole value as one token."""
        return Token(self.value, self.line, self.value_column)

    def words(self) -> list[Token]:
        """The value's words, each with its column."""
        return [Token(m.group(), self.line, self.value_column + m.start())
                for m in _WORD.finditer(self.value)]

    def items(self, separator: str = ",") -> list[Token]:
        """The value's parts between separators, stripped, empty parts left out."""
        found, start = [], 0
        for part in self.value.split(separator):
            stripped = part.strip()
            if stripped:
                lead = len(part) - len(part.lstrip())
                found.append(Token(stripped, self.line, self.value_column + start + lead))
            start += len(part) + len(separator)
        return found

    def fields(self, names: Sequence[str]) -> list[tuple[str, Token]]:
        """``canoe e12  tempo 6 with 4+2  hand blue 7`` as (name, value) pairs: a value runs
        to the next name. The value must start with a name; a name needs a value."""
        words = self.words()
        starts = [i for i, w in enumerate(words) if w.text.lower() in names]
        if words and (not starts or starts[0] != 0):
            words[0].fail(T._("expected one of {names}, got {word}", names=", ".join(names),
                              word=repr(words[0].text)))
        found = []
        for k, i in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(words)
            if end == i + 1:
                words[i].fail(T._("'{name}' needs a value", name=words[i].text.lower()))
            first, last = words[i + 1], words[end - 1]
            text = self.value[first.column - self.value_column:
                              last.column - self.value_column + len(last.text)]
            found.append((words[i].text.lower(), Token(text, self.line, first.column)))
        return found

    def number(self, lo: int | None = None, hi: int | None = None) -> int:
        """The value as a whole number in ``lo..hi``."""
        return self.token().number(lo, hi, what=self.name)

    def choice(self, options: Iterable[str]) -> str:
        """The value, which must be one of ``options``."""
        options = list(options)
        if self.value not in options:
            # Translators: the last of the values a line may have ("launch, tempo or over")
            listed = (T._("{some} or {last}", some=", ".join(options[:-1]), last=options[-1])
                      if len(options) > 1 else options[0])
            self.fail(T._("{name} is {listed}, not {value}", name=self.name, listed=listed,
                          value=repr(self.value)))
        return self.value

    def flag(self) -> bool:
        """The value as yes or no (true/false, on/off)."""
        word = self.value.lower()
        if word not in _YES + _NO:
            self.fail(T._("{name} is yes or no, not {value}", name=self.name,
                          value=repr(self.value)))
        return word in _YES

    def rows(self) -> list[list[Token]]:
        """The block's lines split into words (a grid, a board)."""
        return [[Token(m.group(), t.line, t.column + m.start()) for m in _WORD.finditer(t.text)]
                for t in self.block]


class Position:
    """The entries of a position text, by key and subject."""

    def __init__(self, entries: Sequence[Entry]):
        self.entries = tuple(entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def get(self, key: str, subject: str | None = None) -> Entry | None:
        """The entry with this key and subject (None: not written)."""
        return next((e for e in self.entries if e.key == key and e.subject == subject), None)

    def every(self, key: str) -> list[Entry]:
        """Every entry with this key, in the order written (one per subject)."""
        return [e for e in self.entries if e.key == key]

    def check_keys(self, plain: Iterable[str] = (), subjects: Iterable[str] = ()) -> None:
        """Refuse a key the game does not know, and a subject where it takes none (or none
        where it needs one): ``plain`` keys take no subject, ``subjects`` keys need one."""
        plain, subjects = set(plain), set(subjects)
        for e in self.entries:
            if e.key not in plain | subjects:
                # Translators: a key written with a subject, NAME standing for it ("hand NAME")
                known = ", ".join(sorted(plain) + [T._("{key} NAME", key=k)
                                                   for k in sorted(subjects)])
                fail(e.line, e.key_column, T._("unknown key '{key}'; known: {known}", key=e.key,
                                               known=known))
            if e.subject is not None and e.key not in subjects:
                fail(e.line, e.subject_column, T._("'{key}' takes no subject, not {subject}",
                                                   key=e.key, subject=repr(e.subject)))
            if e.subject is None and e.key not in plain:
                fail(e.line, e.value_column, T._("'{key}' needs a subject: '{key} NAME: ...'",
                                                 key=e.key))


def _strip_comment(text: str) -> str:
    found = _COMMENT.search(text)
    return text[:found.start()] if found else text


def parse(text: str, repeatable: Iterable[str] = ()) -> Position:
    """The entries of a position text (see the module docstring); keys in ``repeatable``
    may stand more than once with the same subject."""
    if not isinstance(text, str):
        raise BadState(T._("a position is a text"))
    repeat = set(repeatable)
    entries: list[Entry] = []
    blocks: list[list[Token]] = []  # the lines below each entry
    seen: dict[tuple[str, str | None], int] = {}
    indent = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.replace("\t", "    ")
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        if entries and depth > indent:
            blocks[-1].append(Token(line.strip(), number, depth + 1))
            continue
        if line.lstrip().startswith("#"):
            continue
        indent = depth
        body = _strip_comment(line).rstrip()
        found = _ENTRY.fullmatch(body.strip())
        if not found:
            fail(number, depth + 1, T._("expected 'key: value' or 'key subject: value', "
                                        "got {text}", text=repr(body.strip())))
        key, subject, value = found["key"], found["subject"], found["value"]
        subject = " ".join(subject.split()) if subject and subject.strip() else None
        where = (key, subject)
        if where in seen and key not in repeat:
            name = f"{key} {subject}" if subject else key
            fail(number, depth + 1, T._("'{name}' is written twice (also on line {line})",
                                        name=name, line=seen[where]))
        seen.setdefault(where, number)
        offset = depth + found.start("value") + 1
        subject_column = depth + found.start("subject") + 1 if subject else offset
        entries.append(Entry(key, subject, value.strip(), number, depth + 1, subject_column,
                             offset + len(value) - len(value.lstrip())))
        blocks.append([])
    return Position([replace(e, block=tuple(b)) for e, b in zip(entries, blocks)])


# ---- writing ---------------------------------------------------------------------------------
def entry_text(key: str, value: object = "", subject: str | None = None,
               block: Iterable[str] = (), indent: int = 2) -> str:
    """One entry as text: ``hand Anna: green 2`` and its block lines indented below it."""
    head = f"{key} {subject}" if subject else key
    value = str(value)
    lines = [f"{head}: {value}".rstrip()]
    lines += [" " * indent + row for row in block]
    return "\n".join(lines)


def columns(rows: Sequence[Sequence[str]], gap: int = 1) -> list[str]:
    """Rows of words aligned in columns (a grid's block lines).

    >>> columns([["8", "*", "bear4/E"], ["7", "green", "."]])
    ['8 *     bear4/E', '7 green .']
    """
    widths = [max(len(row[i]) for row in rows if i < len(row))
              for i in range(max(map(len, rows), default=0))]
    return [(" " * gap).join(w.ljust(widths[i]) for i, w in enumerate(row)).rstrip()
            for row in rows]
