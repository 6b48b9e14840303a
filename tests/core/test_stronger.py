"""A step that plays a weaker move on purpose (issue 34.3): ``stronger`` (the engine's better
move, legal where the step starts) and ``why`` (the lesson's reason, a learner's text,
translated like the narration). Read, checked on replay, carried by the frame."""
from __future__ import annotations

import pytest

from examples.nim import GAME as NIM
from tutor.core import BadWalkthrough, registry
from tutor.core import i18n
from tutor.core import walkthrough as wt
from i18nbuild.extractors import extract_walkthrough

TEXT = '''game = "nim"
title = "t"
[setup]
position = "heap: 6"
narration = "Six counters."
[[steps]]
move = "take 1"
narration = "P1 takes one."
{extra}
'''
GOOD = 'stronger = "take 2"\nwhy = "The lesson wants a heap of five."'


@pytest.fixture(autouse=True)
def nim_known():
    registry.register(NIM)


def test_the_frame_carries_the_stronger_move_and_the_reason():
    replayed = wt.replay(wt.parse(TEXT.format(extra=GOOD), "s.toml"))
    step, frame = replayed.walkthrough.steps[0], replayed.frames[1]
    assert (step.stronger, step.why) == ("take 2", "The lesson wants a heap of five.")
    assert (frame.stronger, frame.why) == ("take 2", "The lesson wants a heap of five.")
    assert frame.move_text == "take 1" and frame.stronger_shown
    plain = wt.replay(wt.parse(TEXT.format(extra=""), "p.toml")).frames[1]
    assert (plain.stronger, plain.why) == (None, "")


@pytest.mark.parametrize("extra, problem", [
    ('stronger = "take 9"\nwhy = "x"', "field 'stronger'"),        # not a legal move there
    ('stronger = "take 1"\nwhy = "x"', "the step's own move"),
    ('stronger = "take 2"', "go together"),                         # no reason
    ('why = "Because."', "go together"),                            # a reason for nothing
    ('stronger = 2\nwhy = "x"', "must be str"),
])
def test_a_bad_stronger_move_is_refused_naming_the_step(extra, problem):
    with pytest.raises(BadWalkthrough) as caught:
        wt.replay(wt.parse(TEXT.format(extra=extra), "bad.toml"))
    assert problem in str(caught.value) and "step 1" in str(caught.value)


def test_a_stronger_move_needs_a_move_of_the_step():
    text = TEXT.replace('move = "take 1"\n', "").format(extra=GOOD)
    with pytest.raises(BadWalkthrough, match="needs a legal 'move'"):
        wt.parse(text, "nomove.toml")


def test_the_reason_is_a_text_to_translate_and_the_move_is_not():
    walk = wt.parse(TEXT.format(extra=GOOD), "s.toml")
    texts = i18n.walkthrough_texts(walk)
    assert "The lesson wants a heap of five." in texts and "take 2" not in texts

    class File:
        name = "examples/walkthroughs/s.toml"

        def __init__(self, data):
            self.data = data

        def read(self):
            return self.data

    found = [m for _, _, m, _ in extract_walkthrough(File(TEXT.format(extra=GOOD).encode()),
                                                     {}, (), {})]
    assert ("examples/s", "The lesson wants a heap of five.") in found
