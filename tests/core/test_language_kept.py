"""A test that changes the process's language and does not set it back leaves the next test in
English all the same (conftest.py's ``language_kept``): the tests run in this order, on one
worker (xdist keeps a file's tests together)."""
from __future__ import annotations

from tutor.core.i18n import SOURCE, current, set_language


def test_a_test_that_leaves_italian_set():
    set_language("it")
    assert current() == "it"


def test_the_next_test_is_in_the_source_language():
    assert current() == SOURCE
