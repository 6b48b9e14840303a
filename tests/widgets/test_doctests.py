"""The examples in the docstrings of the shared widgets modules run (pytest collects doctests
only in tests/ and tutor/, so they are run here; each game's view module is its author's)."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import widgets

SHARED = {"app", "board", "controller", "params", "player", "texts", "trapper"}
MODULES = sorted(i.name for i in pkgutil.iter_modules(widgets.__path__) if i.name in SHARED)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"widgets.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
