"""The course page's first paint (widgets/parts/firstpaint.py course_preview_html): in Voila the
course page's notebook writes the course as plain HTML before the app, as a lesson's does (the
page showed a spinner, then nothing, until Voila's scripts had drawn the app); only for the
notebook's first view, never for a course opened in place, and never outside Voila."""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import set_language

import widgets.app as app
from widgets.parts.firstpaint import course_preview_html
from widgets.serving.params import parse_request


@pytest.fixture
def shown(monkeypatch):
    """What the kernel displays (HTML outputs and their metadata)."""
    import IPython.display

    from widgets.serving import params

    monkeypatch.setattr(params, "_received", None)  # the page's request not read yet
    found: list[tuple[str, dict]] = []
    monkeypatch.setattr(IPython.display, "display",
                        lambda obj, metadata=None, **_: found.append((obj.data, metadata or {})))
    yield found
    set_language("en")


def test_in_voila_the_course_is_painted_before_the_app(shown, monkeypatch):
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("QUERY_STRING", "lang=nl")
    page = app.course_view()
    assert len(shown) == 1
    painted, metadata = shown[0]
    assert metadata == {"tutor-preview": True}  # the page template writes it as HTML
    assert 'data-first="course" lang="nl"' in painted
    assert page.value in painted  # the live course's own HTML, its links already there
    assert re.search(r'<a class="tc-lesson" href="trapper-setup\.ipynb\?lang=nl"', painted)
    assert page.lang == "nl"


def test_a_course_opened_in_place_or_outside_voila_has_no_first_paint(shown, monkeypatch):
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    app.course_view(asked=parse_request("lang=it"))
    assert shown == []
    monkeypatch.delenv("VOILA_KERNEL_ID")
    app.course_view()
    assert shown == []


def test_the_first_paint_carries_the_course_scripts_words_and_nothing_that_ends_its_script():
    painted = course_preview_html('<div class="tutor-course"><h1>T</h1></div>',
                                  {"finished": "</script><b>"}, {"rules": {}}, "it")
    data = re.search(r'<script type="application/json" class="tc-first-data">(.*?)</script>',
                     painted, re.S)[1]
    import json

    assert json.loads(data)["texts"]["finished"] == "</script><b>"
    assert painted.count("<script") == painted.count("</script>") == 2
