"""The page's request, read in one place: ``request()`` gives what the address and the browser
asked for (``?step=``, ``?lang=``, ``?present=``, the reader's languages), typed.

Where it comes from:

* Voila with a kernel started for the page: the environment Voila gives the kernel
  (``QUERY_STRING``, and ``HTTP_ACCEPT_LANGUAGE`` since ``voila.py`` passes that header on);
* Voila with a preheated kernel: the notebook ran before anyone asked for it, up to here;
  ``request()`` waits until Voila hands the kernel to a page and sends that page's request
  (what ``voila.utils.wait_for_request`` does, done here with Jupyter Server's small websocket
  client: importing ``voila.utils`` in a kernel costs ~60 MB, more than the kernel). So an app
  calls ``request()`` AFTER its heavy preparation (loading, replaying, building its views), and
  reads the step from it then;
* JupyterLab or a test: nothing; the request is empty and the app opens as its notebook says.

A bad value never raises and never gives an error page: it gives the nearest valid value and a
plain sentence (``StepChoice.message``, ``Request.lang_message``).

>>> r = parse_request("step=3&lang=nl&present=1", accept_language="it;q=0.8, en;q=0.5")
>>> r.step_choice(last=5), r.lang, r.present
(StepChoice(index=3, message=''), 'nl', True)
>>> parse_request("", accept_language="it-IT,it;q=0.9").lang
'it'
>>> parse_request("step=" + "9" * 5000).step_choice(last=5).index
5
>>> choose_step("step=abc", last=5).message
'“step=abc” in the address is not a step number, so the walkthrough opens at step 0.'
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from urllib.parse import parse_qs

from tutor.core.i18n import LANGUAGES, negotiate

from widgets.parts.texts import T

_NUMBER = re.compile(r"([+-]?)0*([0-9]+)")
_SHOWN = 24  # characters of a bad value repeated in a message
_DIGITS = 9  # a step number longer than this is simply "too big" (never int() of 5000 digits)
_YES = {"1", "true", "yes", "on", ""}


@dataclass(frozen=True)
class StepChoice:
    """The step to open at, and a plain message ("" when the request was fine)."""

    index: int
    message: str = ""


def _shown(raw: str) -> str:
    raw = "".join(ch if ch.isprintable() else "�" for ch in raw)
    return raw if len(raw) <= _SHOWN else raw[:_SHOWN] + "…"


def parse_step(raw: str | int | None, last: int) -> StepChoice:
    """The step ``raw`` names, clamped to 0..``last``; ``None`` means the setup (0).

    >>> parse_step("-2", last=4)
    StepChoice(index=0, message='There is no step -2: steps start at 0 (the setup), so the walkthrough opens at step 0.')
    >>> parse_step(" 4 ", last=4)
    StepChoice(index=4, message='')
    >>> parse_step("0" * 50 + "2", last=4)
    StepChoice(index=2, message='')
    """
    if raw is None:
        return StepChoice(0)
    if isinstance(raw, int) and not isinstance(raw, bool) and not -10**_DIGITS < raw < 10**_DIGITS:
        raw = ("-" if raw < 0 else "") + "9" * (_DIGITS + 1)  # too long to write out: too big
    text = str(raw).strip()
    number = None if isinstance(raw, bool) or not isinstance(raw, (int, str)) \
        else _NUMBER.fullmatch(text)
    if number is None:
        return StepChoice(0, T._("“step={raw}” in the address is not a step number, so the "
                                 "walkthrough opens at step {index}.", raw=_shown(text), index=0))
    sign, digits = number.groups()
    if len(digits) > _DIGITS:
        shown, wanted = _shown(sign + digits), (-1 if sign == "-" else last + 1)
    else:
        shown = wanted = int(sign + digits)
    if wanted < 0:
        return StepChoice(0, T._("There is no step {raw}: steps start at 0 (the setup), so the "
                                 "walkthrough opens at step {index}.", raw=shown, index=0))
    if wanted > last:
        return StepChoice(last, T._("There is no step {raw}: this walkthrough has steps 0 to "
                                    "{last}, so it opens at step {index}.",
                                    raw=shown, last=last, index=last))
    return StepChoice(wanted)


def _first(query: str, name: str) -> str | None:
    try:
        values = parse_qs(query.lstrip("?"), keep_blank_values=True,
                          max_num_fields=200).get(name)
    except ValueError:  # more fields than max_num_fields: a junk address
        return None
    return values[0] if values else None


def choose_step(query: str, last: int, default: str | int | None = None) -> StepChoice:
    """The step a query string (``"step=3&x=1"``) asks for; else the step ``default`` names.

    >>> choose_step("step=2&step=4", last=5).index  # the first one counts
    2
    >>> choose_step("step=", last=5).message != ""
    True
    >>> choose_step("other=1", last=5, default=8).index
    5
    """
    raw = _first(query, "step")
    return parse_step(raw if raw is not None else default, last)


@dataclass(frozen=True)
class Request:
    """What the page's request asked for. Every field has a safe default."""

    query: str = ""  #: the raw query string ("" in JupyterLab)
    accept_language: str = ""  #: the browser's Accept-Language header, when Voila passes it on
    lang: str = LANGUAGES[0]  #: the language to speak: ?lang=, else the browser's, else English
    lang_message: str = ""  #: a plain sentence when ?lang= named a language we do not offer
    lang_asked: bool = False  #: the address named the language (links then carry ?lang=)
    present: bool = False  #: ?present=1: presenter mode (large type, for a projector)

    def step_choice(self, last: int, default: str | int | None = None) -> StepChoice:
        """The step to open at for a walkthrough with steps 0..``last``."""
        return choose_step(self.query, last, default)


def parse_request(query: str = "", accept_language: str = "") -> Request:
    """A :class:`Request` from a query string and an ``Accept-Language`` header.

    The language is :func:`tutor.core.i18n.negotiate`'s choice (the one place that chooses):
    ``?lang=`` if we offer it, else the browser's first language we offer, else English; an
    unknown ``?lang=`` gives that choice and a notice in the chosen language.

    >>> parse_request("lang=fr", accept_language="nl").lang
    'nl'
    >>> parse_request("lang=fr").lang_message
    'The language “fr” is not available, so this page is in English.'
    >>> parse_request("lang=nl-BE").lang, parse_request("lang=nl").lang_asked
    ('nl', True)
    >>> parse_request("present=0").present, parse_request("present").present
    (False, True)
    """
    query = query.lstrip("?") if isinstance(query, str) else ""  # not text: nothing asked
    accept_language = accept_language if isinstance(accept_language, str) else ""
    asked = _first(query, "lang")
    lang, message = negotiate(asked, accept_language or None)
    present = _first(query, "present")
    return Request(query=query, accept_language=accept_language, lang=lang, lang_message=message,
                   lang_asked=bool(asked and asked.strip()) and not message,
                   present=present is not None and present.strip().lower() in _YES)


def page_language(query: str, accept: str) -> str:
    """The language of a page the server writes itself, chosen as the apps choose.

    >>> page_language("lang=it", "nl"), page_language("lang=xx", "nl"), page_language("", "")
    ('it', 'nl', 'en')
    """
    return parse_request(query, accept).lang


_received: Request | None = None


def wait_for_request(timeout: float | None = None) -> dict[str, str]:
    """Under a preheated kernel: block until Voila gives this kernel to a page, then put that
    page's request (``QUERY_STRING``, headers, ...) into ``os.environ``; what it got.

    Voila's ``/voila/query/<kernel id>`` websocket sends the request as one JSON text message
    when the page is asked for. If the server cannot be reached, nothing is changed (the app
    opens as it would with no query string).
    """
    env = os.environ
    kernel_id = env.get("VOILA_KERNEL_ID")
    if not kernel_id:
        return {}
    import websocket  # websocket-client (Jupyter Server's): synchronous, 0.4 MB in a kernel

    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (f"ws://{env.get('VOILA_APP_IP', '127.0.0.1')}:{env.get('VOILA_APP_PORT', '8866')}"
           f"{base.rstrip('/')}/voila/query/{kernel_id}")
    try:
        connection = websocket.create_connection(url, timeout=10)
        connection.settimeout(timeout)  # the page may be asked for much later
        info = {str(k): str(v) for k, v in json.loads(connection.recv()).items()}
        connection.close()
    except (OSError, ValueError, websocket.WebSocketException):
        return {}
    env.update(info)
    return info


def request() -> Request:
    """The page's request (see the module's docstring: under a preheated kernel this waits
    for the page); read once per kernel, then kept."""
    global _received
    if _received is None:
        if os.environ.get("VOILA_PREHEAT") == "True":
            wait_for_request()
        _received = parse_request(os.environ.get("QUERY_STRING", ""),
                                  os.environ.get("HTTP_ACCEPT_LANGUAGE", ""))
    return _received


def query_string() -> str:
    """The page's query string in Voila; "" elsewhere (JupyterLab, tests)."""
    return os.environ.get("QUERY_STRING", "")
