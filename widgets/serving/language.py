"""The language of a page: chosen once from the page's request, changed from the page's menu.

How a page comes to speak a language:

1. **request** - ``?lang=`` and the browser's ``Accept-Language`` are read in ONE place,
   :func:`widgets.serving.params.request` (the server reads the same request the same way for
   the pages it writes itself);
2. **kernel** - :func:`choose` sets the kernel's language before the app makes anything a
   learner sees; an app that prepared its work ahead (a preheated kernel runs the notebook
   before any page asks for it, in English) makes it again when the language differs: a
   walkthrough is replayed, since refusal texts are made during the replay.
3. **page** - the page gets the language and the menu (:class:`Speaking`, :func:`menu`);
4. **menu** - choosing another language sends ``{"type": "lang", "lang": "nl"}``; the kernel
   checks it (:func:`switch`), sets the language and makes the page again in it, in place:
   the walkthrough at the same step, the game in free play as it stands (no reload, no new
   kernel). The page then puts ``?lang=`` into its address, so a reload, the keep-alive's
   reload links and the links it makes ("All lessons") keep the language.

The index page has no kernel-side state to keep: its menu is a row of links (``?lang=nl``),
and its lesson links carry ``?lang=`` when the address named the language. ``<html lang>``
is set by the page template from the address and the browser's languages (the same order as
``negotiate``) before any widget is drawn, and by the lesson page from its trait ``lang``.

>>> [item["code"] for item in menu("en")]
['en', 'nl', 'it']
>>> menu("en")[0]["name"], menu("en")[0]["current"]
('English', True)
>>> switch("xx") is None, switch("en")
(True, 'en')
"""
from __future__ import annotations

import traitlets

from tutor.core.i18n import LANGUAGES, SHIPPED, current, language_name, set_language, using

from widgets.parts.texts import T
from widgets.serving.params import Request, request


def menu(lang: str | None = None) -> list[dict]:
    """The language menu: ``{"code", "name", "label", "note", "current"}`` per language in
    ``LANGUAGES``; ``label`` is what the menu shows (the name, marked when not shipped: a
    language whose catalogs are incomplete shows some texts in English), ``note`` says so in
    full. Each language's words are in that language."""
    lang = lang or current()
    items = []
    for code in LANGUAGES:
        name = language_name(code)
        with using(code):
            shipped = code in SHIPPED
            label = name if shipped else T._("{language} (incomplete)", language=name)
            note = "" if shipped else T._("Not every text is translated yet: the rest is shown "
                                          "in English.")
        items.append({"code": code, "name": name, "label": label, "note": note,
                      "current": code == lang})
    return items


def choose() -> Request:
    """The page's request (under a preheated kernel this waits for the page), with the kernel
    set to speak its language. Apps call it after their heavy preparation and before they make
    what the page shows."""
    asked = request()
    set_language(asked.lang)
    return asked


def switch(lang: object) -> str | None:
    """The menu asked for ``lang``: set it and return it; None (nothing changes) when it is
    not one of ``LANGUAGES``."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        return None
    set_language(lang)
    return lang


class Speaking(traitlets.HasTraits):
    """The language traits a page (lesson or free play) shares with its script (``widgets/static/``):
    ``lang`` (the page redraws itself when it changes, and sets ``<html lang>``),
    ``languages`` (the menu) and ``notice`` (one line: the address asked for a language we
    do not offer)."""

    lang = traitlets.Unicode("en").tag(sync=True)
    languages = traitlets.List().tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)

    def speak(self, asked: Request | None = None) -> None:
        """Say the current language (and the request's notice, if any) to the page."""
        hold = getattr(self, "hold_sync", self.hold_trait_notifications)
        with hold():  # one message to the page: it redraws once, on ``lang``
            self.languages = menu()
            self.notice = asked.lang_message if asked is not None else ""
            self.lang = current()


def links(lang: str | None = None) -> list[tuple[str, str, str, bool]]:
    """The index page's menu: ``(code, label, href, current)`` per language."""
    return [(item["code"], item["label"], f"?lang={item['code']}", item["current"])
            for item in menu(lang)]


def with_lang(href: str, asked: Request | None) -> str:
    """``href`` carrying ``?lang=`` when the page's address named its language.

    >>> with_lang("trapper-setup.ipynb", Request(lang="nl", lang_asked=True))
    'trapper-setup.ipynb?lang=nl'
    >>> with_lang("trapper-setup.ipynb", Request(lang="nl"))
    'trapper-setup.ipynb'
    """
    if asked is None or not asked.lang_asked:
        return href
    return f"{href}{'&' if '?' in href else '?'}lang={asked.lang}"
