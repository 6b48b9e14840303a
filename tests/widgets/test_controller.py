"""The step controller: an index over replayed frames, clamped, with observers."""
from __future__ import annotations

import pytest

from widgets.controller import StepController


class Frames:
    def __init__(self, count):
        self.frames = tuple(f"frame {i}" for i in range(count))


def test_starts_at_the_setup_and_walks_to_the_end():
    steps = StepController(Frames(4))
    assert (steps.index, steps.frame, steps.last, steps.at_start) == (0, "frame 0", 3, True)
    assert [steps.next() for _ in range(5)] == [1, 2, 3, 3, 3]
    assert steps.at_end and steps.frame == "frame 3"


def test_back_restart_end_and_jump():
    steps = StepController(Frames(4), index=2)
    assert steps.back() == 1
    assert steps.end() == 3
    assert steps.restart() == 0
    assert steps.back() == 0  # clamped at the setup
    assert steps.jump(2) == 2 and steps.frame == "frame 2"


@pytest.mark.parametrize("asked, got", [(-5, 0), (0, 0), (2, 2), (3, 3), (42, 3)])
def test_jumps_and_start_indexes_are_clamped(asked, got):
    assert StepController(Frames(4)).jump(asked) == got
    assert StepController(Frames(4), index=asked).index == got


def test_observers_hear_every_change_and_only_changes():
    steps = StepController(Frames(3))
    heard = []
    steps.observe(heard.append)
    steps.back()  # already at 0: no change, no call
    steps.next()
    steps.next()
    steps.next()  # at the end: no call
    steps.restart()
    assert heard == ["frame 1", "frame 2", "frame 0"]
    steps.unobserve(heard.append)
    steps.next()
    assert heard == ["frame 1", "frame 2", "frame 0"]


def test_a_replay_without_frames_is_refused():
    with pytest.raises(ValueError, match="at least one frame"):
        StepController(Frames(0))
