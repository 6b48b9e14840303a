"""Move texts: written and read back (language-neutral, as saved games and walkthroughs keep
them), and shown to learners in their language with the rulebook's words.

>>> parse("flip c3 a1"), text(Flip((0, 14)))
(Flip(cells=(0, 14)), 'flip a1 c3')
>>> parse("roll 6 5"), parse("malus row 3 c3")
(Roll(dice=(5, 6)), Malus(line='row 3', cell=14))
>>> parse("flip z9")
Traceback (most recent call last):
...
tutor.core.errors.BadMoveText: 'z9' is not a compartment: columns a-f, rows 1-6, like c3
"""
from __future__ import annotations

import re

from tutor.core.errors import BadMoveText
from tutor.core.i18n import per_language, translator
from tutor.core.inputs import whole_number

from .board import LINE_BY_NAME, cell_name, parse_cell
from .moves import Bonus, Chain, End, Flip, Malus, Move, NextRound, Opening, Reroll, Roll, Star

T = translator("trigger")

#: the move texts a player may type (canonical; shown in the current language by _help)
EXAMPLES = ("open 3 5", "roll 5 6", "flip c3", "bonus c3", "chain", "star c3", "malus row 3 c3")


def _help() -> str:
    """The moves one may type, in the current language."""
    return T._("moves: {examples}, 'end' (or 'pass'), 'reroll', 'return round' (or 'replay')",
               examples=", ".join(f"'{display(e)}'" for e in EXAMPLES))


def cell_text(cell: int) -> str:
    """A compartment's name; a number that names none is written as it is (a move built by
    hand, which the rules refuse)."""
    return cell_name(cell) if isinstance(cell, int) and 0 <= cell < 36 else str(cell)


#: the moves without a value: their texts, and the words read as each ('pass', 'replay' too)
_TEXTS: dict[type[Chain | End | Reroll | NextRound], str] = {
    Chain: "chain", End: "end", Reroll: "reroll", NextRound: "return round"}
_PLAIN = {word: kind for kind, word in _TEXTS.items()} | {"pass": End, "replay": NextRound}


def text(move: Move) -> str:
    match move:
        case Opening(dice):
            return "open " + " ".join(map(str, dice))
        case Roll(dice):
            return "roll " + " ".join(map(str, dice))
        case Malus(line, cell):
            return f"malus {line} {cell_text(cell)}"
        case Flip(cells):
            return " ".join(["flip", *(cell_text(c) for c in cells)])
        case Bonus(cell):
            return f"bonus {cell_text(cell)}"
        case Star(cell):
            return f"star {cell_text(cell)}"
        case Chain() | End() | Reroll() | NextRound():
            return _TEXTS[type(move)]
    raise TypeError(f"not a Trigger move: {move!r}")


# ---- in the learner's language --------------------------------------------------------------
@per_language
def words() -> dict[str, str]:
    """The words of move texts in the current language, by their canonical word (made once per
    language: read it, do not change it)."""
    # Translators: the first word of a typed move ("roll 5 6", "flip c3", "chain", "end"),
    # lower case, one word each but "return round"; the rulebook's own words where it has them
    return {"open": T.p_("move word", "open"), "roll": T.p_("move word", "roll"),
            "flip": T.p_("move word", "flip"), "bonus": T.p_("move word", "bonus"),
            "star": T.p_("move word", "star"), "malus": T.p_("move word", "malus"),
            "chain": T.p_("move word", "chain"), "end": T.p_("move word", "end"),
            "pass": T.p_("move word", "pass"), "reroll": T.p_("move word", "reroll"),
            "return round": T.p_("move word", "return round"),
            "replay": T.p_("move word", "replay")}


@per_language
def line_words() -> dict[str, str]:
    """The words naming a line in a malus move ("malus row 3 c3"), in the current language
    (made once per language: read it, do not change it)."""
    # Translators: one word each, lower case: a row, a column, a diagonal of the board
    return {"row": T.p_("line word", "row"), "col": T.p_("line word", "col"),
            "diag": T.p_("line word", "diag")}


def phase_display(phase: str) -> str:
    """A phase of the match ("roll") in the learner's language."""
    # Translators: the phases of a Trigger match, as the board's description names them
    return {"opening": T.p_("phase", "opening roll"), "roll": T.p_("phase", "roll"),
            "play": T.p_("phase", "play"), "round over": T.p_("phase", "round over"),
            "over": T.p_("phase", "over")}.get(str(phase), str(phase))


def colour_display(colour: str) -> str:
    """A board's colour ("blue", "yellow") in the learner's language."""
    return {"blue": T.p_("colour", "blue"), "yellow": T.p_("colour", "yellow")}.get(colour, colour)


def is_team(side: str) -> bool:
    """Whether a side's name (``state.label``) is a team's: its players joined by ``+``."""
    return "+" in side


def side_display(side: str) -> str:
    """A side's name as a sentence says it: a player's name as it is, a team's ("Anna+Ben")
    its players' names joined by "and" in the learner's language ("Anna and Ben"). A sentence
    a team can fill has a team's own wording (its verb plural: "Anna and Ben have ...").

    >>> side_display("Anna"), side_display("Anna+Ben"), side_display("Anna+Ben+Cleo")
    ('Anna', 'Anna and Ben', 'Anna, Ben and Cleo')
    """
    names = side.split("+")
    if len(names) == 1:
        return side
    # Translators: a team of players, as a sentence names it ("Anna and Ben have ...")
    return T._("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def lines_display(names: str) -> str:
    """Line names ("row 1", "col e, diag a6-f1") in the learner's language."""
    said = line_words()
    return re.sub(r"\b(row|col|diag)(?= )", lambda found: said[found.group(1)], names)


def display(canonical: str) -> str:
    """A move text (as :func:`text` writes it) in the learner's language; :func:`parse` reads
    it back.

    >>> display("malus row 3 c3"), display("return round")
    ('malus row 3 c3', 'return round')
    """
    said = words()
    if canonical in said:  # "chain", "end", "return round", ...
        return said[canonical]
    head, _, rest = canonical.partition(" ")
    if head == "malus":
        line, _, tail = rest.partition(" ")
        rest = f"{line_words().get(line, line)} {tail}"
    return f"{said.get(head, head)} {rest}".strip()


def _canonical(tokens: list[str]) -> list[str]:
    """Typed words in the current language put back in the canonical ones."""
    said = {local.lower(): word for word, local in words().items()}
    joined = " ".join(tokens)
    if joined in said:
        return said[joined].split()
    if not tokens:
        return tokens
    head = tokens[0] if tokens[0] in words() else said.get(tokens[0], tokens[0])
    rest = tokens[1:]
    if head == "malus" and rest:
        lines = {local.lower(): word for word, local in line_words().items()}
        rest = [lines.get(rest[0], rest[0]), *rest[1:]]
    return [*head.split(), *rest]


def _cell(token: str) -> int:
    cell = parse_cell(token)
    if cell is None:
        raise BadMoveText(T._("{token} is not a compartment: columns a-f, rows 1-6, like c3",
                              token=repr(token)))
    return cell


def _dice(tokens: list[str], count: int, what: str) -> tuple[int, ...]:
    numbers = [whole_number(t) if len(t) <= 3 else None for t in tokens]
    if len(tokens) != count or None in numbers:
        raise BadMoveText(T.n_("{what} needs {count} die value, like '{example}'",
                               "{what} needs {count} die values, like '{example}'", count,
                               what=display(what).split()[0], count=count,
                               example=display(f"{what} {' '.join('35'[:count])}")))
    return tuple(n for n in numbers if n is not None)


def parse(source: str) -> Move:
    """The move a text names, in the canonical words or the current language's (values are
    checked by the rules, not here)."""
    if not isinstance(source, str):
        raise BadMoveText(T._("a move is a text, not {kind}", kind=type(source).__name__))
    words = _canonical(source.strip().lower().split())
    if not words:
        raise BadMoveText(T._("empty move; {help}", help=_help()))
    head, rest = words[0], words[1:]
    if head == "open":
        return Opening(_dice(rest, 2, "open"))
    if head == "roll":
        return Roll(tuple(sorted(_dice(rest, 2, "roll"))))
    if head == "flip":
        if not rest:
            raise BadMoveText(T._("flip needs a compartment, like 'flip c3'"))
        cells = [_cell(t) for t in rest]
        if len(set(cells)) != len(cells):
            raise BadMoveText(T._("a compartment is named twice in {move}",
                                  move=repr(source.strip())))
        return Flip(tuple(sorted(cells)))
    if head in ("bonus", "star") and len(rest) == 1:
        return (Bonus if head == "bonus" else Star)(_cell(rest[0]))
    if head == "malus":
        found = re.fullmatch(r"malus ((?:row|col|diag) \S+) (\S+)", " ".join(words))
        if not found or found.group(1) not in LINE_BY_NAME:
            raise BadMoveText(T._(
                "malus needs a line and a compartment, like 'malus row 3 c3', 'malus col b b2' "
                "or 'malus diag a1-f6 c3'"))
        return Malus(found.group(1), _cell(found.group(2)))
    if " ".join(words) in _PLAIN:
        return _PLAIN[" ".join(words)]()
    raise BadMoveText(T._("cannot read {move}; {help}", move=repr(source.strip()), help=_help()))
