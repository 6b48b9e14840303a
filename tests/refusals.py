"""A refusal said in the page's language: the same problem in English and in another language,
compared (the position readers' tests of every game and of the shared grammar)."""
from __future__ import annotations

from typing import Callable

import pytest

from tutor.core.errors import BadState
from tutor.core.i18n import using


def refusal(make: Callable[[], object]) -> BadState:
    """What ``make`` is refused with."""
    with pytest.raises(BadState) as err:
        make()
    return err.value


def said_in(lang: str, make: Callable[[], object], words: tuple[str, ...],
            what: object = "") -> tuple[BadState, BadState]:
    """``make``'s refusal in English and in ``lang``: another text, with one of ``words`` (the
    language's own), at the same place (line and column). ``what`` names the case."""
    english = refusal(make)
    with using(lang):
        local = refusal(make)
    assert local.problem != english.problem, (what, local.problem)
    assert any(word in local.problem for word in words), (what, local.problem)
    assert local.where == english.where  # the same line and column
    return english, local
