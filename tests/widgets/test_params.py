"""Reading ?step=N: good values, non-numbers, negatives, too big; never an exception."""
from __future__ import annotations

import pytest

from widgets.serving.params import choose_step, parse_step, query_string


@pytest.mark.parametrize("query, index", [
    ("step=0", 0), ("step=3", 3), ("step=5", 5), ("?step=2", 2), ("x=1&step=4", 4),
    ("step=+2", 2), ("step=%203", 3), ("", 0), ("other=7", 0),
])
def test_good_or_absent_steps_open_there_without_a_message(query, index):
    choice = choose_step(query, last=5)
    assert (choice.index, choice.message) == (index, "")


@pytest.mark.parametrize("raw", ["abc", "", "1.5", "2e1", "three", "٣", "<b>1</b>", "x" * 200])
def test_a_non_number_opens_the_setup_with_a_plain_message(raw):
    choice = parse_step(raw, last=5)
    assert choice.index == 0
    assert "not a step number" in choice.message
    assert len(choice.message) < 200  # a long value is cut, not echoed whole


@pytest.mark.parametrize("raw", ["-1", "-40", -3])
def test_a_negative_step_opens_the_setup(raw):
    choice = parse_step(raw, last=5)
    assert choice.index == 0 and "steps start at 0" in choice.message


@pytest.mark.parametrize("raw", ["6", "99", "123456789012345678901234567890", 7])
def test_a_step_past_the_end_opens_the_last_step(raw):
    choice = parse_step(raw, last=5)
    assert choice.index == 5 and "steps 0 to 5" in choice.message


def test_the_address_wins_over_the_notebook_default():
    assert choose_step("step=1", last=5, default=4).index == 1
    assert choose_step("", last=5, default=4).index == 4
    assert choose_step("", last=5, default="abc").message != ""


def test_voila_query_string_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "step=2")
    assert query_string() == "step=2"
    monkeypatch.delenv("QUERY_STRING")
    assert query_string() == ""
