"""Translation: every text a learner sees goes through here.

The API every module codes against (engine, views, data loaders)::

    from tutor.core.i18n import translator, using

    T = translator("trapper")                 # a domain: "core", "widgets" or a game's name
    T._("Take {tile}", tile="bear 4")         # gettext, then str.format with the params
    T.n_("{n} point", "{n} points", 3)        # plural forms from the language's catalog;
                                              # ``n`` is passed to format as well
    T.p_("trapper.take", "Taking")            # with a context (msgctxt)

    with using("nl"):                         # the language of everything made inside
        ...

Babel extracts the keywords ``_``, ``n_:1,2``, ``p_:1c,2`` and ``N_`` (marks a text for
extraction without translating it where it stands); ``python -m i18nbuild`` extracts, updates
and compiles the catalogs. ``docs/translating.md`` says how it all works; in short:

* English is the source language (the msgids, no catalog). Every other language has a
  catalog per domain, ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``, compiled to the
  ``.mo`` beside it, which is read here with :class:`gettext.GNUTranslations`: no Babel at run
  time. Params are filled in after translation (in Italian with the euphonic d before a
  name, "tocca ad Anne": :func:`euphony`).
* A missing catalog or string, a translation whose placeholders do not fit: the English text
  is shown (never a blank or a key), logged once (logger ``tutor.i18n``) per domain, language
  and message. A catalog not compiled yet is looked for again a moment later (:data:`RETRY`):
  compiled meanwhile, it is read without a new kernel. A ``.po`` newer than its ``.mo`` is
  logged once as maybe stale, and the ``.mo`` read all the same (:func:`_open_catalog`).
* Rules and walkthroughs stay English in their TOML files, translated in the game's catalog
  with the rule or walkthrough id as msgctxt (:func:`localize_rule`, :func:`localize`).

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

import gettext
import logging
import re
import string
import threading
import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import fields, is_dataclass, replace
from functools import cache, lru_cache, wraps
from pathlib import Path
from typing import Any, Callable, Iterator, NoReturn, Protocol, Sequence, TypeVar

#: The languages the tutor offers (the rulebooks' languages and English).
LANGUAGES: tuple[str, ...] = ("en", "nl", "it")
#: The language the texts are written in (catalog msgids).
SOURCE = "en"
#: The languages whose catalogs must be complete: ``python -m tutor check --lang`` fails when
#: one of them misses or has a stale string. Add a language here when its catalogs are
#: complete - the one setting that ships it.
SHIPPED: tuple[str, ...] = ("en", "nl", "it")
#: Each language's name in itself, for a language menu.
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "it": "Italiano"}

#: Fields of a rule that are never translated: its id, the rulebook's own words with the
#: language they are in (shown as the book has them, in every language) and our citation of the
#: seed files (``source``: for whoever checks the rule; a learner reads ``section``).
UNTRANSLATED_RULE_FIELDS = frozenset({"id", "words", "book", "source"})
#: Fields of a walkthrough (and of its steps and their parts) that hold text a learner reads.
WALKTHROUGH_TEXT_FIELDS = frozenset({
    "title", "summary", "source", "intro", "narration",   # walkthrough, setup, steps
    "prompt", "choices", "hint", "feedback", "explanation",  # try-it steps and questions
    "why",  # a step that plays a weaker move on purpose: the lesson's reason
})

_TUTOR = Path(__file__).resolve().parent.parent  # the tutor package folder
log = logging.getLogger("tutor.i18n")
log.addHandler(logging.NullHandler())  # a library: the app decides where warnings go

_language: ContextVar[str | None] = ContextVar("tutor_language", default=None)
_process_language = SOURCE


# ---- the current language --------------------------------------------------------------------
def current() -> str:
    """The language texts are made in now (``using`` inside a block, else the process's)."""
    lang = _language.get()
    return _process_language if lang is None else lang


def _known(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}"
                         " (choose a learner's language with negotiate())")
    return lang


@contextmanager
def using(lang: str) -> Iterator[str]:
    """Make every text inside the block in ``lang`` (this thread / task only)."""
    token = _language.set(_known(lang))
    try:
        yield lang
    finally:
        _language.reset(token)


def set_language(lang: str) -> None:
    """The language of this process from now on (a kernel serving one page).

    Every thread and task sees it, except inside a ``using`` block, which wins.
    """
    global _process_language
    _process_language = _known(lang)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated later, where it is shown."""
    return message


def language_name(lang: str) -> str:
    """A language's name in itself (``"Nederlands"``), for menus."""
    return LANGUAGE_NAMES.get(lang, lang)


# ---- catalogs ----------------------------------------------------------------------------
_lock = threading.RLock()
# by (domain, folder as text, language): a board's drawing asks for a catalog thousands of times,
# and comparing two equal Paths costs ten times comparing two strings
_catalogs: dict[tuple[str, str, str], gettext.GNUTranslations | None] = {}
_logged: set[tuple[object, ...]] = set()
_fallbacks: list[tuple[str, str, str | None, str]] = []


def _first(key: tuple[object, ...]) -> bool:
    """Whether a problem is met for the first time (each is said once)."""
    with _lock:
        new = key not in _logged
        _logged.add(key)
    return new


def _warn_once(key: tuple[object, ...], message: str, *args: object) -> None:
    if _first(key):
        log.warning(message, *args)


def fallbacks() -> list[tuple[str, str, str | None, str]]:
    """The texts shown in English for want of a translation so far:
    ``(domain, language, context, message)``, each once, in order of first use."""
    with _lock:
        return list(_fallbacks)


#: how many times the catalogs were forgotten (:func:`reload`): what :func:`per_language` made
#: before is made again
_generation = 0


def reload() -> None:
    """Forget loaded catalogs and what was logged (after a catalog changed on disk; tests)."""
    global _generation
    with _lock:
        _generation += 1
        _catalogs.clear()
        _retry.clear()
        _logged.clear()
        _fallbacks.clear()
        _rules.clear()


class _Untranslated(Exception):
    """The catalog has no translation of the text asked for."""


def _untranslated(*self_and_message: object) -> NoReturn:
    raise _Untranslated


class _Missing(gettext.NullTranslations):
    """Every catalog's fallback (``add_fallback``): gettext asks it only for a text the
    catalog lacks, so that a missing text is told apart from one translated by the same
    words ("OK" is "OK" in Dutch)."""

    gettext = ngettext = pgettext = npgettext = _untranslated  # type: ignore[assignment]


_MISSING = _Missing()


#: How the tutor is told to compile its catalogs (run.py does it for a source checkout).
HOW = "`python3 run.py app` (or `run.py test`) compiles them, or `python -m i18nbuild compile`"


def _older(mo: Path, po: Path) -> bool:
    """Whether ``mo`` is missing or older than ``po``: the rule the build and ``run.py``
    compile by (``i18nbuild/compile.py``); here it only decides whether to warn."""
    try:
        return mo.stat().st_mtime < po.stat().st_mtime
    except FileNotFoundError:
        return True


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except OSError:
        return None


def _open_catalog(domain: str, localedir: Path, lang: str) -> gettext.GNUTranslations | None:
    """The compiled catalog of ``domain`` in ``lang``, or None (said once).

    A ``.mo`` older than its ``.po`` is read all the same, and the log says once that it may
    be stale: file times are not a catalog's age everywhere (a git checkout writes the files
    in any order, a wheel or a copy may not keep them), and a learner is better served by the
    last compiled translation than by English for every text. A text the ``.po`` added since
    is shown in English, as every missing text is.

    Read with :class:`gettext.GNUTranslations` from the file itself, not through
    :func:`gettext.translation`, whose process-wide cache would keep serving a catalog after
    it was compiled again (:func:`reload`)."""
    mo = localedir / lang / "LC_MESSAGES" / f"{domain}.mo"
    po = mo.with_suffix(".po")
    try:
        with open(mo, "rb") as fp:
            catalog = gettext.GNUTranslations(fp)
    except FileNotFoundError:
        if po.is_file():  # a checkout whose catalogs were not compiled
            _warn_once(("catalog", domain, lang), "the %s catalog of %s is not compiled: its "
                       "texts are shown in English until it is. %s.", lang, domain, HOW)
        else:
            _warn_once(("catalog", domain, lang), "no %s catalog for %s (%s): its texts are "
                       "shown in English", lang, domain, mo)
        return None
    except (OSError, ValueError, UnicodeError) as exc:  # a damaged file
        _warn_once(("catalog", domain, lang), "cannot read %s (%s: %s): its texts are shown "
                   "in English until it is compiled again. %s.", mo, type(exc).__name__, exc, HOW)
        return None
    if po.is_file() and _older(mo, po):
        _warn_once(("stale", domain, lang, _mtime(po)), "the %s catalog of %s (%s) is older than "
                   "%s: it is used, but may miss or show old translations of what changed "
                   "since. %s.", lang, domain, mo, po, HOW)
    catalog.add_fallback(_MISSING)
    return catalog


#: Seconds before a catalog that could not be read (not compiled yet, damaged) is looked for
#: again: compiled meanwhile, the next text asked for after that is translated, without a new
#: kernel (a refused catalog was refused for the kernel's whole life).
RETRY = 2.0
#: when each catalog that could not be read is looked for again (time.monotonic()), and the
#: time of its ``.mo`` then (None: there was none): it is opened again only if that changed
_retry: dict[tuple[str, str, str], tuple[float, float | None]] = {}


def _catalog(domain: str, localedir: str, lang: str) -> gettext.GNUTranslations | None:
    key = (domain, localedir, lang)
    try:
        found = _catalogs[key]
    except KeyError:
        pass
    else:
        if found is not None or time.monotonic() < _retry.get(key, (0.0, None))[0]:
            return found
    global _generation
    with _lock:  # one thread opens it; the others wait for it
        found = _catalogs.get(key)
        if found is not None:
            return found
        mo = Path(localedir) / lang / "LC_MESSAGES" / f"{domain}.mo"
        was = _retry.get(key)
        now = _mtime(mo)
        if key in _catalogs and was is not None and now == was[1]:  # unchanged: still refused
            _retry[key] = (time.monotonic() + RETRY, now)
            return None
        found = _open_catalog(domain, Path(localedir), lang)
        if found is None:
            _retry[key] = (time.monotonic() + RETRY, now)
        elif key in _catalogs:  # compiled since it was refused: what was made in English goes
            _generation += 1
            _rules.clear()
            _retry.pop(key, None)
        _catalogs[key] = found
        return found


Table = TypeVar("Table")


def per_language(make: Callable[[], Table]) -> Callable[[], Table]:
    """``make()`` (a table of a game's words: its colours, its move words) made once per
    language, and again after :func:`reload`; callers only read what it returns. A board's
    drawing asks for such a word thousands of times, and looking up the whole table for one
    word was a tenth of building a Trigger lesson ahead.

    >>> made = []
    >>> @per_language
    ... def table():
    ...     made.append(current())
    ...     return (current(),)
    >>> with using("nl"):
    ...     table(), table()
    (('nl',), ('nl',))
    >>> table(), made
    (('en',), ['nl', 'en'])
    """
    tables: dict[tuple[str, int], Table] = {}

    @wraps(make)
    def made_for_language() -> Table:
        key = (current(), _generation)
        try:
            return tables[key]
        except KeyError:
            tables[key] = found = make()
            return found

    return made_for_language


def localedir_of(domain: str) -> Path:
    """The default catalog folder of a domain: ``tutor/<domain>/locale``."""
    return _TUTOR / domain / "locale"


class Translator:
    """The texts of one domain."""

    def __init__(self, domain: str, localedir: Path | str | None = None):
        self.domain = domain
        self.localedir = Path(localedir) if localedir is not None else localedir_of(domain)

    @property
    def localedir(self) -> Path:
        """The catalogs' folder (kept as text too: the catalog's key)."""
        return self._localedir

    @localedir.setter
    def localedir(self, folder: Path | str) -> None:
        self._localedir = Path(folder)
        self._where = str(folder)

    def __repr__(self) -> str:
        return f"translator({self.domain!r})"

    def _(self, message: str, /, **params: object) -> str:
        return self._text(None, message, None, None, params)

    def n_(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        return self._text(None, singular, plural, n, {**params, "n": n})

    def p_(self, context: str, message: str, /, **params: object) -> str:
        return self._text(context, message, None, None, params)

    def translated(self, context: str | None, message: str) -> bool:
        """Whether ``message`` has a translation in the current language (English: yes)."""
        lang = current()
        return lang == SOURCE or self._find(lang, context, message, None, 1) is not None

    def _find(self, lang: str, context: str | None, message: str, plural: str | None,
              n: int) -> str | None:
        """The translation in ``lang``, or None (no catalog, no text, or an empty one)."""
        catalog = _catalog(self.domain, self._where, lang)
        if catalog is None or not message:
            return None
        # each text looked up once per catalog: a board's drawing asks for the same few words
        # (a colour, a species) thousands of times
        memo: dict[tuple[object, ...], str | None] = catalog.__dict__.setdefault("_tutor_found", {})
        key = (context, message, plural, n)
        if key in memo:
            return memo[key]
        try:
            if plural is None:
                found = (catalog.gettext(message) if context is None
                         else catalog.pgettext(context, message))
            else:
                found = (catalog.ngettext(message, plural, n) if context is None
                         else catalog.npgettext(context, message, plural, n))
        except _Untranslated:
            found = None
        memo[key] = found or None
        return found or None

    def _text(self, context: str | None, message: str, plural: str | None, n: int | None,
              params: dict[str, object]) -> str:
        english = message if plural is None or n == 1 else plural
        lang = current()
        text = english
        if lang != SOURCE:
            found = self._find(lang, context, message, plural, 1 if n is None else n)
            if found is None:
                self._missing(lang, context, message)
            else:
                text = found
        if not params:
            return text
        try:
            ready = euphony(lang, text, params)
            if _no_forms(ready):  # no word's form asked for: str's own (C) formatting
                return ready.format_map(params)
            return _FORMS.vformat(ready, (), params)
        except (KeyError, IndexError, ValueError, AttributeError) as exc:
            if text is english:
                raise  # the English source itself does not fit its params: a bug to see
            _warn_once(("format", self.domain, lang, context, message), "the %s translation of "
                       "%r (%s) does not fit its params (%s: %s): shown in English", lang,
                       message, self.domain, type(exc).__name__, exc)
            return english.format(**params)

    def _missing(self, lang: str, context: str | None, message: str) -> None:
        if not _first(("missing", self.domain, lang, context, message)):
            return
        _fallbacks.append((self.domain, lang, context, message))
        if _catalog(self.domain, self._where, lang) is not None:  # else said once already
            log.warning("no %s translation in %s of %r%s: shown in English", lang, self.domain,
                        message, f" (context {context})" if context else "")


@cache
def translator(domain: str, localedir: Path | str | None = None) -> Translator:
    """The translator of ``domain`` (one per domain and folder)."""
    return Translator(domain, localedir)


_CORE = translator("core")


def points(n: int) -> str:
    """A score as learners read it: ``"1 point"``, ``"2 points"`` in the current language.

    >>> points(1), points(3)
    ('1 point', '3 points')
    """
    return _CORE.n_("{n} point", "{n} points", n)


# ---- data texts: rules and walkthroughs ------------------------------------------------------
class _Data(Protocol):
    """A rule (:class:`tutor.core.rules.Rule`) or a walkthrough: a frozen dataclass."""

    @property
    def id(self) -> str: ...


class _Walkthrough(_Data, Protocol):
    @property
    def game(self) -> str: ...


R = TypeVar("R", bound=_Data)
W = TypeVar("W", bound=_Walkthrough)
_rules: dict[tuple[str, Path | None, str, object], Any] = {}


def _each_text(value: object, visit: Callable[[str], str]) -> object:
    """``value`` with ``visit`` applied to its text (a string, or each string of a list)."""
    if isinstance(value, str):
        return visit(value) if value else value
    if isinstance(value, (tuple, list)) and value and all(isinstance(v, str) for v in value):
        out = tuple(visit(v) if v else v for v in value)
        return out if any(a is not b for a, b in zip(out, value)) else value
    return value


def _walk(obj: Any, visit: Callable[[str], str],
          is_text: Callable[[str], bool] = WALKTHROUGH_TEXT_FIELDS.__contains__) -> Any:
    """``obj`` with every text field (``is_text``) of it and of its parts visited."""
    if is_dataclass(obj) and not isinstance(obj, type):
        changes = {}
        for f in fields(obj):
            if not f.init:
                continue
            value = getattr(obj, f.name)
            new = _each_text(value, visit) if is_text(f.name) else _walk(value, visit, is_text)
            if new is not value:
                changes[f.name] = new
        return replace(obj, **changes) if changes else obj
    if isinstance(obj, tuple) and obj and any(is_dataclass(x) for x in obj):
        out = tuple(_walk(x, visit, is_text) for x in obj)
        return out if any(a is not b for a, b in zip(out, obj)) else obj
    return obj


def _rule_text(name: str) -> bool:
    return name not in UNTRANSLATED_RULE_FIELDS


def rule_texts(rule: _Data) -> list[tuple[str, str]]:
    """``(field, English text)`` of every text of a rule, as extraction and lookup see them."""
    return [(name, text) for name, text in vars(rule).items() if _rule_text(name) and text]


def localize_rule(rule: R, domain: str | None, localedir: Path | None = None) -> R:
    """``rule`` with its texts in :func:`current`; context = the rule id.

    Refusal templates keep their ``{placeholders}``: they are filled in later.
    """
    lang = current()
    if lang == SOURCE or domain is None:
        return rule
    key = (domain, localedir, lang, rule)
    local: R | None = _rules.get(key)
    if local is None:
        T = translator(domain, localedir)
        local = _rules[key] = _walk(rule, lambda s: T.p_(rule.id, s), _rule_text)
    return local


def walkthrough_texts(walk: Any) -> list[str]:
    """Every English text of a walkthrough (or of a part of one: a step) that
    :func:`localize` translates, in order."""
    seen: list[str] = []

    def note(text: str) -> str:
        seen.append(text)
        return text
    _walk(walk, note)
    return seen


def localize(walk: W, localedir: Path | None = None) -> W:
    """A walkthrough with its texts in :func:`current` (from the game's catalog, context = the
    walkthrough id); moves, rule ids, facts and view hints stay as they are. The order of
    every list (``choices`` of a question) is kept: compare an answer by position."""
    if current() == SOURCE:
        return walk
    T = translator(walk.game, localedir)
    local: W = _walk(walk, lambda s: T.p_(walk.id, s))
    return local


def walkthrough_text(wid: str, text: str, localedir: Path | None = None) -> str:
    """One text of the walkthrough ``wid`` ("trapper/green-turn") in :func:`current`, as
    :func:`localize` has it, read without the whole file (the next lesson's title)."""
    if current() == SOURCE:
        return text
    return translator(wid.split("/")[0], localedir).p_(wid, text)


def walkthrough_languages(walk: _Walkthrough, localedir: Path | None = None) -> list[str]:
    """The languages ``walk`` can be read in: English, and every other language whose catalog
    of the game translates all of its texts as they are now (a narration changed after it was
    translated is stale: that language is not listed)."""
    texts = walkthrough_texts(walk)
    T = translator(walk.game, localedir)
    found = [SOURCE]
    for lang in LANGUAGES:
        if lang != SOURCE:
            with using(lang):
                if all(T.translated(walk.id, text) for text in texts):
                    found.append(lang)
    return found


# ---- choosing a language ---------------------------------------------------------------------
#: Most entries of an Accept-Language header read (a browser sends a handful).
_MOST_ACCEPTED = 50


def _primary(tag: object, offered: Sequence[str]) -> str | None:
    text = str(tag).strip().lower().replace("_", "-")
    primary = text.split("-", 1)[0]
    return primary if primary in offered else None


def browser_languages(accepted: Sequence[str] | str | None) -> list[str]:
    """The browser's languages, best first, from an ``Accept-Language`` header (by ``q``
    weight, then by position; ``*`` and ``q=0`` left out) or from ``navigator.languages``
    (a list, already in order). The one reader of that header: :func:`negotiate` asks it for
    every page, the apps' and the server's own.

    >>> browser_languages("it-IT,it;q=0.9,en;q=0.5,*;q=0.1")
    ['it-IT', 'it', 'en']
    >>> browser_languages("en;q=0.3, nl;q=0.9, fr;q=0, de;q=bad")
    ['nl', 'en']
    >>> browser_languages(["fr-FR", "", "it"])
    ['fr-FR', 'it']
    """
    if accepted is None:
        return []
    if not isinstance(accepted, str):
        return [str(a) for a in list(accepted)[:_MOST_ACCEPTED] if a]
    ranked = []
    for position, part in enumerate(accepted.split(",", _MOST_ACCEPTED)[:_MOST_ACCEPTED]):
        tag, _, rest = part.partition(";")
        q = 1.0
        for param in rest.split(";"):
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = min(float(value), 1.0)
                except ValueError:
                    q = 0.0
        tag = tag.strip()
        if tag and tag != "*" and q > 0:  # (nan > 0 is false: left out too)
            ranked.append((-q, position, tag))
    return [tag for _, _, tag in sorted(ranked)]


def _shown(requested: object) -> str:
    """The asked-for language as a notice may repeat it (letters, digits, - and _ only)."""
    kept = "".join(c for c in str(requested) if c.isalnum() or c in "-_")
    return kept[:20] + ("…" if len(kept) > 20 else "")


def negotiate(requested: str | None, accepted: Sequence[str] | str | None = None,
              offered: Sequence[str] = LANGUAGES) -> tuple[str, str]:
    """The language of a page and a notice (``""`` if none), never an error.

    ``requested`` is the page's ``?lang=`` (``nl``, ``it``, ``en``; ``nl-BE`` counts as
    ``nl``); without it the browser's preferred languages decide (``accepted``: an
    Accept-Language header or ``navigator.languages``), else English. An unknown ``?lang=``
    gives that choice too, with a notice in the chosen language.

    >>> negotiate("it", "nl,en;q=0.5")
    ('it', '')
    >>> negotiate(None, "de-DE,de;q=0.9,nl;q=0.8")
    ('nl', '')
    >>> negotiate("xx", None)
    ('en', 'The language “xx” is not available, so this page is in English.')
    """
    if requested is not None and str(requested).strip():
        chosen = _primary(requested, offered)
        if chosen is not None:
            return chosen, ""
    chosen = next((lang for lang in (_primary(a, offered) for a in browser_languages(accepted))
                   if lang), SOURCE if SOURCE in offered else offered[0])
    if requested is None or not str(requested).strip():
        return chosen, ""
    with using(chosen):
        notice = _CORE._("The language “{requested}” is not available, so this page is in "
                         "{language}.", requested=_shown(requested) or "?",
                         language=language_name(chosen))
    return chosen, notice


# ---- formatting ------------------------------------------------------------------------------
class _Forms(string.Formatter):
    """str.format, but a word's form (``{colour:adj}``) that a plain text given for it does
    not know is left out: the word is shown as it is rather than the sentence in English."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec and format_spec.isalpha() and isinstance(value, str):
            format_spec = ""
        return format(value, format_spec)  # what string.Formatter.format_field does


_FORMS = _Forms()


@lru_cache(maxsize=4096)
def _no_forms(text: str) -> bool:
    """Whether no field of ``text`` asks for a form (``{colour:adj}``) or a conversion.

    >>> _no_forms("{player} pays {n}"), _no_forms("a {colour:adj} card"), _no_forms("{{x}}")
    (True, False, True)
    """
    try:
        return all(not spec and not conversion
                   for _, field, spec, conversion in _FORMS.parse(text) if field is not None)
    except ValueError:  # a broken text: the formatter says how
        return False

#: Italian's euphonic d: "a" and "e" before a name starting with the same vowel ("tocca ad
#: Anne", "Anna ed Emma"), wherever a translation puts a name after them
_EUPHONY = {"it": re.compile(r"\b([AaEe]) \{(\w+)\}")}


def euphony(lang: str, text: str, params: dict[str, object]) -> str:
    """A translation ready for its params: in Italian, "a {player}" where the player is Anne
    becomes "ad {player}" (and "e {name}" before Emma "ed {name}"), once here for every game
    and page rather than in each catalog. A word that is not a name (a cell "a3") is left.

    >>> euphony("it", "tocca a {player}, non a {other}", {"player": "Anne", "other": "Carl"})
    'tocca ad {player}, non a {other}'
    >>> euphony("it", "A {who} e {name}", {"who": "Alba", "name": "Emma"})
    'Ad {who} ed {name}'
    >>> euphony("it", "da {old} a {new}", {"old": "b1", "new": "a3"})
    'da {old} a {new}'
    >>> euphony("nl", "aan {player} a {x}", {"player": "Anne", "x": "Anne"})
    'aan {player} a {x}'
    """
    pattern = _EUPHONY.get(lang)
    if pattern is None or "{" not in text:
        return text

    def fix(found: re.Match[str]) -> str:
        vowel, name = found.groups()
        value = params.get(name)
        word = value if isinstance(value, str) else ""
        if len(word) > 1 and word[0].lower() == vowel.lower() and word[1].isalpha():
            return f"{vowel}d {{{name}}}"
        return found.group(0)

    return pattern.sub(fix, text)


class Said:
    """A game word put in the current language only when it is shown: a refusal's parameter
    (the refusal is formatted in whatever language the page shows, after the check made it).

    A translation may ask for another form of the word by a format spec the word knows: the
    Dutch "de {colour:adj} trapper" writes "de groene trapper" where English has "the
    {colour} trapper" (Dutch adjectives take an -e before a noun).

    >>> "{colour}".format(colour=Said(str.upper, "beige"))
    'BEIGE'
    >>> "{colour:adj}".format(colour=Said(str.upper, "green", adj=lambda c: c + "e"))
    'greene'
    """

    __slots__ = ("show", "value", "forms")

    def __init__(self, show: Callable[[Any], str], value: Any, **forms: Callable[[Any], str]):
        self.show = show
        self.value = value
        self.forms = forms

    def __str__(self) -> str:
        return self.show(self.value)

    def __format__(self, spec: str) -> str:
        if spec in self.forms:
            return self.forms[spec](self.value)
        return format(str(self), spec)

    def __repr__(self) -> str:
        return repr(str(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and (self.show, self.value) == (other.show, other.value)

    def __hash__(self) -> int:
        return hash((self.show, self.value))
