"""The second half of the lessons of test_lesson_pages.py, looked at the same way (first and
last step at the three sizes, axe), in a file of its own: pytest-xdist gives each file to one
worker (``--dist loadfile``), and the 39 lessons in one file made the suite's longest file.
"""
from __future__ import annotations

import pytest

from widgets.pages.course import walkthrough_links

from . import test_lesson_pages as first_half
from .test_lesson_pages import HALF, NOTEBOOKS, fit_every_screen_and_pass_axe, page  # noqa: F401

pytestmark = pytest.mark.browser


def parameters(test) -> list:
    """The values ``test`` is parametrized with."""
    return [value for mark in test.pytestmark if mark.name == "parametrize" for value in mark.args[1]]


def test_the_two_halves_are_every_lesson():
    """The lessons this file looks at and those test_lesson_pages.py does: each lesson of the
    course once, in the course's order, neither file empty."""
    halves = [parameters(first_half.test_first_and_last_step_fit_every_screen_and_pass_axe),
              parameters(test_first_and_last_step_fit_every_screen_and_pass_axe)]
    assert all(halves), [len(half) for half in halves]
    assert halves[0] + halves[1] == [link[3] for link in walkthrough_links()]


@pytest.mark.parametrize("notebook", NOTEBOOKS[HALF:])
def test_first_and_last_step_fit_every_screen_and_pass_axe(page, voila, notebook):  # noqa: F811
    fit_every_screen_and_pass_axe(page, voila, notebook)
