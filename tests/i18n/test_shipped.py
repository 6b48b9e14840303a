"""CI fails when a shipped language is incomplete (issue 13.4): the real catalogs, checked as
`python -m tutor check --lang` (= `python -m i18nbuild check`) checks them."""
from __future__ import annotations

import io

from i18nbuild.check import check
from tutor.core import i18n


def test_dutch_and_italian_ship():
    assert set(i18n.SHIPPED) == {"en", "nl", "it"}


def test_every_shipped_language_is_complete_with_no_broken_text():
    out = io.StringIO()
    status = check(out)
    text = out.getvalue()
    assert status == 0, text
    for lang in ("nl", "it"):
        for domain in ("core", "widgets", "trapper", "canyon", "intrappola", "trigger"):
            assert f"ok   {lang} {domain}: " in text, (lang, domain, text)
