"""Choosing a page's language: ?lang=, then the browser's languages, then English."""
from __future__ import annotations

import pytest

from tutor.core.i18n import negotiate


@pytest.mark.parametrize("requested, accepted, expected", [
    ("nl", None, "nl"),
    ("IT", "nl", "it"),                               # ?lang= wins, any case
    ("nl-BE", None, "nl"),                            # a region counts as its language
    ("en", "it-IT,it;q=0.9", "en"),
    (None, "it-IT,it;q=0.9,en;q=0.8", "it"),          # Accept-Language
    (None, "de-DE,de;q=0.9,nl;q=0.8,en;q=0.7", "nl"),  # the first one offered
    (None, "en;q=0.3, nl;q=0.9", "nl"),               # by quality, not by position
    (None, "nl;q=0, it", "it"),                       # q=0: not acceptable
    (None, ["fr-FR", "it", "en-US"], "it"),           # navigator.languages
    (None, "*", "en"),
    (None, "", "en"),
    (None, None, "en"),
    ("", "nl", "nl"),                                 # an empty ?lang= is no request
])
def test_the_language_of_a_page(requested, accepted, expected):
    assert negotiate(requested, accepted) == (expected, "")


def test_an_unknown_lang_falls_back_with_a_notice_in_the_chosen_language():
    assert negotiate("xx", None) == (
        "en", "The language “xx” is not available, so this page is in English.")
    assert negotiate("fr", "nl-NL,nl;q=0.9") == (
        "nl", "De taal “fr” is niet beschikbaar, daarom staat deze pagina in het Nederlands.")
    assert negotiate("de", ["it-IT"]) == (
        "it", "La lingua “de” non è disponibile, quindi questa pagina è in Italiano.")


def test_a_hostile_lang_is_never_echoed_as_markup():
    lang, notice = negotiate('<script>alert("x")</script>', "garbage;;q=oops,,")
    assert lang == "en"
    assert "<" not in notice and '"' not in notice and "scriptalertxscript" in notice
    lang, notice = negotiate("a" * 500, None)
    assert lang == "en" and len(notice) < 120


def test_only_offered_languages_are_chosen():
    assert negotiate("it", None, offered=("en", "nl")) == (
        "en", "The language “it” is not available, so this page is in English.")
    assert negotiate(None, "it,nl", offered=("en", "nl")) == ("nl", "")
