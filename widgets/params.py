"""Reading ``?step=N`` from the app's address: a pure function, and where Voila puts it.

Voila hands the page's query string to the kernel in the ``QUERY_STRING`` environment
variable (JupyterLab sets nothing, so the app then opens at the step it was given).
Step 0 is the setup; step k is the position after the k-th step of the walkthrough.
A bad value never raises: it gives the nearest valid step and a plain message.

>>> choose_step("step=3", last=5)
StepChoice(index=3, message='')
>>> choose_step("step=9", last=5).index
5
>>> choose_step("step=abc", last=5).message
'“step=abc” in the address is not a step number, so the walkthrough opens at step 0.'
>>> choose_step("", last=5, default=2)
StepChoice(index=2, message='')
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from urllib.parse import parse_qs

from .texts import text

_NUMBER = re.compile(r"[+-]?[0-9]+")
_SHOWN = 24  # characters of a bad value repeated in the message


@dataclass(frozen=True)
class StepChoice:
    """The step to open at, and a plain message ("" when the request was fine)."""

    index: int
    message: str = ""


def parse_step(raw: str | int | None, last: int) -> StepChoice:
    """The step ``raw`` names, clamped to 0..``last``; ``None`` means the setup (0).

    >>> parse_step("-2", last=4)
    StepChoice(index=0, message='There is no step -2: steps start at 0 (the setup), so the walkthrough opens at step 0.')
    >>> parse_step(" 4 ", last=4)
    StepChoice(index=4, message='')
    """
    fallback = 0
    if raw is None:
        return StepChoice(fallback)
    shown = str(raw).strip()
    if isinstance(raw, bool) or not (isinstance(raw, int) or _NUMBER.fullmatch(shown)):
        shown = shown if len(shown) <= _SHOWN else shown[:_SHOWN] + "…"
        return StepChoice(fallback, text("step_not_number", raw=shown, index=fallback))
    wanted = int(shown)
    if wanted < 0:
        return StepChoice(0, text("step_too_small", raw=wanted, index=0))
    if wanted > last:
        return StepChoice(last, text("step_too_big", raw=wanted, last=last, index=last))
    return StepChoice(wanted)


def choose_step(query: str, last: int, default: str | int | None = None) -> StepChoice:
    """The step a query string (``"step=3&x=1"``) asks for; else the step ``default`` names.

    >>> choose_step("step=2&step=4", last=5).index  # the first one counts
    2
    >>> choose_step("step=", last=5).message != ""
    True
    >>> choose_step("other=1", last=5, default=8).index
    5
    """
    values = parse_qs(query.lstrip("?"), keep_blank_values=True).get("step")
    return parse_step(values[0] if values else default, last)


def query_string() -> str:
    """The page's query string in Voila; "" elsewhere (JupyterLab, tests)."""
    return os.environ.get("QUERY_STRING", "")
