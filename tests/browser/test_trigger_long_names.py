"""Trigger's boards with very long players' names (free play lets anyone name the players):
on a phone (390 × 844, each board's box 360 px wide) a title that did not fit even on two
lines was squeezed under 12 px ("▶ Maximiliana-Josefina+Bartholomew-Jacobus · blue: ...",
drawn at ~7 px), and so was the line over the board ("Maximiliana-Josefina throws the dice for
Bartholomew-Jacobus"). A name is now cut with "…" where the board draws it, whole in the
title's tooltip and in the text alternative; measured as ``test_trigger_titles.py`` measures.
"""
from __future__ import annotations

import html
import re

import pytest

from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)
from .test_phone import PHONE
from .test_trigger_titles import measured_folded

pytestmark = pytest.mark.browser

LONG = ("Maximiliana-Josefina", "Bartholomew-Jacobus", "Wilhelmina-Adelheid", "Konstantinos-Ioannis")


def boards(lang: str) -> list[tuple[str, str, object]]:
    """(where, board, state) of free-play matches between players with long names, played by
    the computer: each side on turn (the dice to roll: who throws them for whom; the dice
    rolled), and the round's end, in two-player and teams' games."""
    from tutor.core.i18n import using
    from tutor.core.walkthrough import Frame
    from tutor.trigger import GAME
    from widgets.games import drawer_for
    from widgets.games.trigger import TriggerPlay

    drawer, found = drawer_for("trigger")(GAME), []
    for mode, count in (("two", 2), ("2v1", 3), ("2v2", 4)):
        play = TriggerPlay({"mode": mode, "players": list(LONG[:count])},
                           seats=("greedy",) * count, seed=5)
        seen = set()
        for _ in range(3000):
            state = play.state
            kind = (state.phase.value, state.side)
            if kind not in seen and state.phase.value in ("roll", "play", "round over"):
                seen.add(kind)
                with using(lang):
                    found.append((f"{mode}: {kind}", drawer.board(Frame(0, state, "", ())), state))
            if state.phase.value in ("round over", "over"):
                break
            play.step()
    return found


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_a_very_long_name_is_cut_on_the_board_and_whole_in_its_words(page, lang):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    drawn = boards(lang)
    kinds = {where.split(": ")[1] for where, _, _ in drawn}
    assert {"('roll', 0)", "('roll', 1)", "('play', 0)", "('play', 1)"} <= kinds, kinds
    assert any("round over" in where for where, _, _ in drawn)
    small = measured_folded(page, [(where, board) for where, board, _ in drawn])
    assert not small, f"words under 12 px on a phone in {lang}: {small[:6]}"
    for where, board, state in drawn:
        titles = re.findall(r'<text [^>]*class="tg-title"[^>]*>(.*?)</text>', board)
        assert titles, where
        for title in titles:  # the whole title in each line's tooltip
            tip = re.search(r"<title>(.*?)</title>", title)
            assert tip and any(name in html.unescape(tip.group(1)) for name in LONG), title
        drawn_words = [re.sub(r"<title>.*?</title>", "", title) for title in titles]
        assert sum("…" in words for words in drawn_words) == len(state.boards), drawn_words
        assert not any(name in words for name in LONG for words in drawn_words), drawn_words
        said = html.unescape(re.search(r'aria-label="([^"]*)"', board).group(1))
        assert all(name in said for name in state.players), (where, said)  # whole
        names = html.unescape(re.search(r'data-fold-names="([^"]*)"', board).group(1))
        assert all(len(n) <= 14 for side in names.split("|") for n in side.split("+")), names
