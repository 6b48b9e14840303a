"""The course page names the authors' own lessons in its contents, at its top: they are listed
after every game, and an author coming back had to scroll the whole course to find them."""
from __future__ import annotations

import re

import pytest

from tutor.core.i18n import using
from widgets.pages.author.model import Draft
from widgets.pages.author.view import LESSONS_ENV
from widgets.pages.course import course_html


def contents(page: str) -> str:
    found = re.search(r'<nav class="tc-contents".*?</nav>', page, re.S)
    assert found, "the course has its contents"
    return found.group(0)


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_contents_lead_to_your_lessons_with_their_count(tmp_path, monkeypatch, lang):
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    for seed in (1, 2):
        draft = Draft.new("trapper", seed=seed, title=f"Mine {seed}")
        draft.play("pass")
        draft.write(1, narration="Pass.")
        (tmp_path / f"trapper-mine-{seed}.toml").write_text(draft.save(), encoding="utf-8")
    with using(lang):
        page = course_html()
    nav = contents(page)
    link = re.search(r'<li class="tc-contents-yours"><a href="#course-yours">([^<]+)</a>'
                     r' <span class="tc-count">\(([^)]*)\)</span></li>', nav)
    assert link, nav
    assert "2" in link.group(2)
    # the section it leads to is there, with the lessons, after every game's
    assert page.count('id="course-yours"') == 1
    assert page.index("tc-contents-yours") < page.index('id="course-trapper"') \
        < page.index('id="course-yours"')
    assert len(re.findall(r'data-yours="trapper-mine-\d"', page)) == 2


def test_without_a_lessons_folder_the_contents_still_lead_to_writing_one(monkeypatch):
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    nav = contents(course_html())
    assert '<li class="tc-contents-yours"><a href="#course-yours">' in nav
    assert "tc-count" not in nav.split("tc-contents-yours")[1]  # no count of none
