"""What the current-push lesson says of Herman's choice holds on its position: b8 is as near
the village as c8 and out of Anne's drift; on c8 Herman leaves Carl only d8, at the
waterfall, and is pushed a field further from the village himself."""
from __future__ import annotations

import tomllib

from .helpers import fact, play, position
from .test_walkthroughs import FOLDER


def _start():
    lesson = tomllib.loads((FOLDER / "current-push.toml").read_text(encoding="utf-8"))
    return position(lesson["setup"]["position"])


def test_b8_is_as_near_as_c8_and_out_of_anne_s_drift():
    s = _start()
    assert fact(s, "ends") == "b8, c8"
    safe = play(s, "Herman: paddle to b8", "Carl: paddle to c8", "Anne: drift")
    assert fact(safe, "canoe.Herman") == "b8" and fact(safe, "distance.Herman") == 1
    assert fact(safe, "canoe.Carl") == "d8"  # pushed, but not over the waterfall


def test_on_c8_herman_leaves_carl_only_d8_and_is_pushed_a_field_further():
    s = play(_start(), "Herman: paddle to c8")
    assert fact(s, "ends") == "d8"
    after = play(s, "Carl: paddle to d8", "Anne: drift")
    assert fact(after, "canoe.Carl") == "cave"
    assert fact(after, "canoe.Herman") == "d8" and fact(after, "distance.Herman") == 2
