"""The accessibility check the page tests rely on (stepping.axe_violations): it finds what
axe-core finds, within the part of the page asked about, every time it is asked in one
document (axe is injected once per document, not once per check)."""
from __future__ import annotations

import pytest

from .stepping import axe_serious, axe_violations

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="en"><head><title>t</title></head><body><main>
<div class="tp-page"><h1>A lesson</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>
<div class="elsewhere"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>
</main></body></html>"""


def test_axe_finds_a_picture_without_words_where_it_is_asked_and_again(tab):
    page = tab.page
    page.set_content(PAGE)
    found = axe_serious(page)
    assert [rule for rule, _help, _where in found] == ["image-alt"]
    assert found[0][2] == [[".tp-page > img"]]  # only inside .tp-page
    assert page.evaluate("() => typeof axe") == "object"
    page.evaluate("() => document.querySelector('.tp-page img').alt = 'a bear'")
    assert axe_serious(page) == []  # the second check, axe already there, sees the change
    assert [v["id"] for v in axe_violations(page)] == ["image-alt"]  # the whole document
