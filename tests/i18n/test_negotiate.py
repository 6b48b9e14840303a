"""Choosing a page's language: ?lang=, then the browser's languages, then English. One reader
of Accept-Language (``browser_languages``) for every page: the apps' (``widgets.serving.params``) and
the server's own ("the server is full", ``widgets.serving.params.page_language``)."""
from __future__ import annotations

import pytest

from tutor.core.i18n import browser_languages, negotiate


@pytest.mark.parametrize("requested, accepted, expected", [
    ("nl", None, "nl"),
    ("IT", "nl", "it"),                               # ?lang= wins, any case
    ("nl-BE", None, "nl"),                            # a region counts as its language
    ("en", "it-IT,it;q=0.9", "en"),
    (None, "it-IT,it;q=0.9,en;q=0.8", "it"),          # Accept-Language
    (None, "de-DE,de;q=0.9,nl;q=0.8,en;q=0.7", "nl"),  # the first one offered
    (None, "en;q=0.3, nl;q=0.9", "nl"),               # by quality, not by position
    (None, "nl;q=0, it", "it"),                       # q=0: not acceptable
    (None, "nl-BE,nl;q=0.9", "nl"),
    (None, "de, it;q=0.2", "it"),                     # the first one offered, however low
    (None, "it;q=bad, nl;q=0.5", "nl"),               # a q that does not parse: not acceptable
    (None, "it;q=nan, nl;q=0.1", "nl"),
    (None, "NL;Q=0.5", "nl"),                         # names and tags in any case
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
        "it", "La lingua “de” non è disponibile; la lingua di questa pagina: Italiano.")


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


@pytest.mark.parametrize("header, expected", [
    ("it-IT,it;q=0.9,en;q=0.5,*;q=0.1", ["it-IT", "it", "en"]),
    ("en;q=0.3, nl;q=0.9", ["nl", "en"]),
    ("fr, de", ["fr", "de"]),                         # equal weight: in the header's order
    ("nl;q=2, it", ["nl", "it"]),                     # a weight above 1 counts as 1
    (" , ;q=1, nl ; q=0.5 ", ["nl"]),                 # empty entries are skipped
    ("", []),
])
def test_accept_language_is_read_by_weight_then_position(header, expected):
    assert browser_languages(header) == expected


def test_a_huge_accept_language_header_is_read_only_so_far():
    header = ",".join(["xx"] * 100_000 + ["nl"])
    assert browser_languages(header) == ["xx"] * 50
    assert negotiate(None, header) == ("en", "")


def test_the_server_and_the_apps_choose_alike():
    from widgets.serving.params import parse_request
    from widgets.serving.params import page_language

    for query, asked, header in [("", None, "it-IT,it;q=0.9"), ("lang=nl", "nl", "it"),
                                 ("lang=xx", "xx", "it;q=0.1, de"),
                                 ("step=2", None, "de;q=0.9, nl;q=0.1")]:
        lang, _ = negotiate(asked, header)
        assert page_language(query, header) == parse_request(query, header).lang == lang
