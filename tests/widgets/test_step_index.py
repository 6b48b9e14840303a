"""Where the learner is: the lesson's step index (the one place it lives), clamped to the
setup .. the last step, moved by Next, Back and jumps, never by undoing a move."""
from __future__ import annotations

import pytest

from tutor.core import walkthrough as wt
from widgets.pages.lesson.model import Lesson


class Frames:
    """A replay of plain steps (none asks), ``count`` frames."""

    game = None

    def __init__(self, count):
        self.frames = tuple(wt.Frame(i, f"state {i}", f"step {i}", ()) for i in range(count))


@pytest.fixture
def four():
    return Frames(4)


def test_starts_at_the_setup_and_walks_to_the_end(four):
    lesson = Lesson(four, kit=object())
    assert (lesson.index, lesson.frame.state, lesson.last) == (0, "state 0", 3)
    assert [lesson.next() for _ in range(5)] == [1, 2, 3, 3, 3]
    assert lesson.frame.state == "state 3" and lesson.finished


def test_back_and_jumps(four):
    lesson = Lesson(four, index=2, kit=object())
    assert lesson.back() == 1
    assert lesson.arrive(3).index == 3
    assert lesson.arrive(0).index == 0
    assert lesson.back() == 0  # held at the setup
    assert lesson.go(2).index == 2 and lesson.frame.state == "state 2"


@pytest.mark.parametrize("asked, got", [(-5, 0), (0, 0), (2, 2), (3, 3), (42, 3)])
def test_jumps_and_start_indexes_are_clamped(four, asked, got):
    assert Lesson(four, kit=object()).arrive(asked).index == got
    assert Lesson(four, index=asked, kit=object()).index == got


def test_a_replay_without_frames_is_refused():
    with pytest.raises(ValueError, match="at least one frame"):
        Lesson(Frames(0), kit=object())
