"""Translation: every text a learner sees goes through here.

The API every module codes against (engine, views, data loaders)::

    from tutor.core.i18n import translator, using

    T = translator("trapper")                 # a domain: "core", "widgets" or a game's name
    T._("Take {tile}", tile="bear 4")         # gettext, then str.format with the params
    T.n_("{n} point", "{n} points", 3)        # plural forms from the language's catalog;
                                              # ``n`` is passed to format as well
    T.p_("trapper.take|title", "Taking")      # with a context (msgctxt)

    with using("nl"):                         # the language of everything made inside
        ...

Babel extracts the keywords ``_``, ``n_:1,2``, ``p_:1c,2`` and ``N_`` (marks a text for
extraction without translating it where it stands).

This first version speaks English only: every text is its source, formatted. The catalogs
(``locale/<lang>/LC_MESSAGES/<domain>.po`` beside each domain's code, managed with Babel)
replace that without changing a caller.

>>> T = translator("core")
>>> T._("Step {k} of {n}", k=2, n=5)
'Step 2 of 5'
>>> T.n_("{n} point", "{n} points", 1), T.n_("{n} point", "{n} points", 2)
('1 point', '2 points')
>>> with using("nl"):
...     current()
'nl'
>>> current()
'en'
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Iterator

#: The languages the tutor offers (the rulebooks' languages and English).
LANGUAGES: tuple[str, ...] = ("en", "nl", "it")
#: The language the texts are written in (catalog msgids).
SOURCE = "en"

_current: ContextVar[str] = ContextVar("tutor_language", default=SOURCE)


def current() -> str:
    """The language texts are made in now."""
    return _current.get()


@contextmanager
def using(lang: str) -> Iterator[str]:
    """Make every text inside the block in ``lang``."""
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


def set_language(lang: str) -> None:
    """The language of this process from now on (a kernel serving one page)."""
    _current.set(lang)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated later, where it is shown."""
    return message


class Translator:
    """The texts of one domain."""

    def __init__(self, domain: str, localedir: Path | None = None):
        self.domain = domain
        self.localedir = localedir

    def _(self, message: str, /, **params: object) -> str:
        return message.format(**params) if params else message

    def n_(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        return (singular if n == 1 else plural).format(n=n, **params)

    def p_(self, context: str, message: str, /, **params: object) -> str:
        return self._(message, **params)


@cache
def translator(domain: str, localedir: Path | None = None) -> Translator:
    """The translator of ``domain`` (one per domain and folder)."""
    return Translator(domain, localedir)
