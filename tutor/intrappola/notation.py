"""Move texts: ``play 5 7 10 prey 6``, ``play 3 8 prey 6 7`` (a pair), ``discard 9``,
``pass`` - written and read. These texts are language-neutral (walkthroughs and saved games
keep them); :func:`display` writes a move in the learner's language, with the rulebook's
words ("gioca 5 7 10 preda 6"), and :func:`parse` reads those too. A text naming a card of a
picture the game does not have ("play B3 prey B4" with one picture) is read: the rules refuse
the move, naming the rule (``intrappola.cards``).

>>> from tutor.intrappola.moves import Trap
>>> text(Trap((4, 6, 9), (5,)), 1)
'play 5 7 10 prey 6'
>>> parse("play 10, 7 5 prey 6", 1) == Trap((4, 6, 9), (5,))
True
>>> parse("take 6", 1)
Traceback (most recent call last):
...
tutor.core.errors.BadMoveText: expected 'play CARDS prey PLACE' (or two places side by side), 'discard CARD' or 'pass', got 'take 6'
"""
from __future__ import annotations

from tutor.core.errors import BadMoveText
from tutor.core.i18n import translator

from .cards import any_name, read_card
from .moves import Discard, Move, Pass, Trap

T = translator("intrappola")

#: the canonical words of move texts
PLAY, PREY, DISCARD, PASS = "play", "prey", "discard", "pass"
_CANONICAL = {w: w for w in (PLAY, PREY, DISCARD, PASS)}


def _names(cards: object, pictures: int) -> str:
    if not isinstance(cards, (tuple, list)):
        return any_name(cards, pictures)
    return " ".join(any_name(c, pictures) for c in cards)


def text(move: Move, pictures: int, said: dict[str, str] | None = None) -> str:
    """The canonical text of a move (read back by :func:`parse`), or with ``said`` its words
    in a language. A move built by hand that holds no cards is written as it is, so that its
    refusal can quote it."""
    said = said or _CANONICAL
    if isinstance(move, Trap):
        played = f"{said[PLAY]} {_names(move.cards, pictures)}".rstrip()
        return played + (f" {said[PREY]} {_names(move.prey, pictures)}" if move.prey else "")
    if isinstance(move, Discard):
        return f"{said[DISCARD]} {any_name(move.card, pictures)}"
    if isinstance(move, Pass):
        return said[PASS]
    return repr(move)


def words() -> dict[str, str]:
    """The words of move texts in the current language, by their canonical word."""
    # Translators: the words of typed moves ("play 5 7 prey 6", "discard 9", "pass"): one
    # word each, the rulebook's own (gioca, preda, scarta, passa)
    return {PLAY: T.p_("move word", "play"), PREY: T.p_("move word", "prey"),
            DISCARD: T.p_("move word", "discard"), PASS: T.p_("move word", "pass")}


def display(move: Move, pictures: int) -> str:
    """A move in the learner's language, with the words of the rulebook."""
    return text(move, pictures, words())


def parse(words_given: str, pictures: int) -> Move:
    """The move a text names: the canonical words, or the current language's; BadMoveText
    says what was expected."""
    if not isinstance(words_given, str):
        raise BadMoveText(T._("a move is a text, not {value}", value=repr(words_given)))
    canonical = _CANONICAL | {local.lower(): word for word, local in words().items()}
    found = words_given.replace(",", " ").split()
    said = [canonical.get(w.lower(), w) for w in found]
    if said == [PASS]:
        return Pass()
    try:
        if len(said) == 2 and said[0] == DISCARD:
            return Discard(read_card(said[1], pictures, any_picture=True))
        if said and said[0] == PLAY:
            cut = said.index(PREY) if PREY in said else len(said)
            cards = tuple(sorted({read_card(w, pictures, True) for w in said[1:cut]}))
            prey = tuple(sorted({read_card(w, pictures, True) for w in said[cut + 1:]}))
            if cut < len(said) and not prey:
                raise ValueError(T._("name the prey after 'prey'"))
            if not cards and not prey:
                raise ValueError(T._("name the cards to play and the prey"))
            return Trap(cards, prey)
    except ValueError as exc:
        raise BadMoveText(f"{words_given!r}: {exc}") from None
    raise BadMoveText(T._("expected 'play CARDS prey PLACE' (or two places side by side), "
                          "'discard CARD' or 'pass', got {text}", text=repr(words_given)))
