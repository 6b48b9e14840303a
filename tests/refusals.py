"""A refusal said in the page's language: the same problem in English and in another language,
compared (the position readers' tests of every game and of the shared grammar); a player that
is no seat, refused by a game's observation and resample in every language."""
from __future__ import annotations

import re

from typing import Callable

import pytest

from tutor.core.errors import BadState, MalformedInput
from tutor.core.i18n import using


def refusal(make: Callable[[], object]) -> BadState:
    """What ``make`` is refused with."""
    with pytest.raises(BadState) as err:
        make()
    return err.value


def said_in(lang: str, make: Callable[[], object], words: tuple[str, ...],
            what: object = "") -> tuple[BadState, BadState]:
    """``make``'s refusal in English and in ``lang``: another text, with one of ``words`` (the
    language's own), at the same place (its line, and the numbers its place names: line,
    column, a map's row), the place said in ``lang`` too. ``what`` names the case."""
    english = refusal(make)
    with using(lang):
        local = refusal(make)
    assert local.problem != english.problem, (what, local.problem)
    assert any(word in local.problem for word in words), (what, local.problem)
    assert local.line == english.line, (what, local.line, english.line)
    numbers = re.compile(r"\d+")
    assert numbers.findall(local.where or "") == numbers.findall(english.where or ""), \
        (what, local.where, english.where)
    if english.line is not None:  # "line 2, column 1" is not left in English
        assert local.where != english.where, (what, local.where)
    return english, local


#: where a position text is wrong, as each language says it (tutor.core.position.fail)
PLACE = {"en": "line {line}, column {column}", "nl": "regel {line}, kolom {column}",
         "it": "riga {line}, colonna {column}"}


def placed(line: int, column: int, lang: str = "en") -> str:
    """Line ``line``, column ``column`` of a position text, said in ``lang``."""
    return PLACE[lang].format(line=line, column=column)


#: a player that is no seat of a table whose last seat is ``last`` (tutor.core.inputs.seat)
NO_SEAT = {"en": "a player is a seat number from 0 to {last}",
           "nl": "een speler is een plaatsnummer van 0 tot en met {last}",
           "it": "un giocatore è un numero di posto da 0 a {last}"}


def no_seat(game, state, player: object, last: int, langs: tuple[str, ...] = tuple(NO_SEAT)
            ) -> None:
    """``game``'s observation and resample of ``state`` refuse ``player`` (no seat from 0 to
    ``last``) on the field 'player', in each of ``langs`` (English, Dutch and Italian)."""
    for read in (lambda: game.observation(state, player), lambda: game.resample(state, player, 1)):
        for lang in langs:
            with using(lang), pytest.raises(MalformedInput) as err:
                read()
            assert err.value.field == "player" and err.value.where == "player", err.value
            assert err.value.problem.startswith(NO_SEAT[lang].format(last=last)), err.value.problem
