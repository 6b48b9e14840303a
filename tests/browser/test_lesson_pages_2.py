"""The second half of the lessons of test_lesson_pages.py, looked at the same way (first and
last step at the three sizes, axe), in a file of its own: pytest-xdist gives each file to one
worker (``--dist loadfile``), and the 39 lessons in one file made the suite's longest file.
"""
from __future__ import annotations

import pytest

from .test_lesson_pages import HALF, NOTEBOOKS, fit_every_screen_and_pass_axe, page  # noqa: F401

pytestmark = pytest.mark.browser


def test_the_two_halves_are_every_lesson():
    assert 0 < HALF < len(NOTEBOOKS) and len(NOTEBOOKS[:HALF]) + len(NOTEBOOKS[HALF:]) == len(NOTEBOOKS)


@pytest.mark.parametrize("notebook", NOTEBOOKS[HALF:])
def test_first_and_last_step_fit_every_screen_and_pass_axe(page, voila, notebook):  # noqa: F811
    fit_every_screen_and_pass_axe(page, voila, notebook)
