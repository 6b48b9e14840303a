"""The engine's errors survive a deep copy and a pickle (a page's state copied for the static
site's built-ahead steps holds a refusal; a process pool sends errors back pickled) with
every field they were made with."""
from __future__ import annotations

import copy
import pickle

import pytest

from tutor.core.errors import BadState, BadWalkthrough, IllegalMove, MalformedInput

ERRORS = [
    IllegalMove("trapper.take.water", "the water side faces the green trapper", "take d5"),
    IllegalMove("nim.take", "take at least one"),
    MalformedInput("bad colour 'pink'", where="green_turn.toml, step 2", field="move", move=2,
                   rule_id="trapper.take"),
    BadState("is missing", where="field 'seed'"),
    BadWalkthrough("a walkthrough needs at least one step"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("again", [copy.deepcopy, copy.copy,
                                   lambda e: pickle.loads(pickle.dumps(e))],
                         ids=["deepcopy", "copy", "pickle"])
def test_an_error_copied_keeps_its_kind_message_and_fields(error, again):
    made = again(error)
    assert type(made) is type(error) and str(made) == str(error) and made.args == error.args
    assert vars(made) == vars(error)
