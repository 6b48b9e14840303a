"""Trigger's boards drawn folded as a phone shows them (each board's box 360 px wide): every
word at least 12 px, in every language, on the positions whose words are the longest - teams
(a team's name "Cleo+Dirk"), both scorings, each side on turn, the round's end. A drill met such
a position by chance only ("▶ Cleo+Dirk · giallo: 34 scoperte, 363 pt · persi 0", squeezed to
11 px); here it is drawn on purpose, without a server: the picture alone, measured as
``test_phone.py`` measures the page's (font size × scale × a squeezed line's squeeze).
"""
from __future__ import annotations

import functools
import re

import pytest

from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)
from .test_phone import WORDS_JS

pytestmark = pytest.mark.browser

PHONE_BOARD = 360  # px: a board's box on a 390 px wide phone


def positions():
    """(what, state): teams games played by the computer until the round ends, a state with
    each side on turn (the dice rolled) and the round's end."""
    from widgets.games.trigger import TriggerPlay

    found = []
    for mode in ("2v1", "2v2"):
        for scoring in ("points", "rounds"):
            play = TriggerPlay({"mode": mode, "scoring": scoring}, seats=("greedy",) * 4
                               if mode == "2v2" else ("greedy",) * 3, seed=5)
            sides = set()
            for _ in range(2000):
                state = play.state
                if state.phase.value == "play" and state.side not in sides:
                    sides.add(state.side)
                    found.append((f"{mode} {scoring}, side {state.side} on turn", state))
                if state.phase.value in ("round over", "over"):
                    found.append((f"{mode} {scoring}, the round's end", state))
                    break
                play.step()
    return found


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_every_word_of_a_teams_board_is_12_px_on_a_phone(page, lang):  # noqa: F811
    from tutor.core.i18n import using
    from tutor.core.walkthrough import Frame
    from tutor.trigger import GAME
    from widgets.games import drawer_for

    drawer = drawer_for("trigger")(GAME)
    small, titles = [], 0
    for what, state in positions():
        with using(lang):
            board = drawer.board(Frame(0, state, "", ()))
        boxes = re.search(r'data-fold="([^"]+)"', board).group(1).split(" ")
        for part, box in enumerate(boxes):
            page.set_content(f'<div style="width:{PHONE_BOARD}px">{board}</div>')
            page.evaluate("""(box) => { const svg = document.querySelector('svg');
              svg.setAttribute('viewBox', box.replace(/,/g, ' '));
              svg.setAttribute('data-folded', '');
              svg.style.width = '100%'; svg.style.display = 'block'; }""", box)
            found = page.evaluate(WORDS_JS, "svg")
            assert abs(found["width"] - PHONE_BOARD) < 1, found["width"]
            titles += sum("tg-title" in w[2] for w in found["words"])
            small += [(what, part, round(w[0], 2), w[1], w[2])
                      for w in found["words"] if w[0] < 11.95]
    assert titles, "no board title measured"
    assert not small, f"words under 12 px on a phone in {lang}: {small[:6]}"


def measured_folded(page, boards: list[tuple[str, str]]) -> list[tuple]:  # noqa: F811
    """Each board's every part drawn folded, 360 px wide, on one page: (where, part, px, words,
    class) of each word under 12 px."""
    shown, names = [], []
    for where, board in boards:
        for part, box in enumerate(re.search(r'data-fold="([^"]+)"', board).group(1).split(" ")):
            drawn = board.replace("<svg ", f'<svg data-folded="" style="width:100%;display:block" '
                                            f'id="b{len(names)}" ', 1)
            drawn = re.sub(r'viewBox="[^"]*"', f'viewBox="{box.replace(",", " ")}"', drawn, count=1)
            shown.append(f'<div style="width:{PHONE_BOARD}px">{drawn}</div>')
            names.append((where, part))
    page.set_content("".join(shown))
    small = []
    every = page.evaluate(f"(selectors) => selectors.map({WORDS_JS})",
                          [f"#b{i}" for i in range(len(names))])  # one call: hundreds of boards
    for (where, part), found in zip(names, every, strict=True):
        assert abs(found["width"] - PHONE_BOARD) < 1, found["width"]
        small += [(where, part, round(w[0], 2), w[1], w[2]) for w in found["words"] if w[0] < 11.95]
    return small


@functools.cache
def lesson_boards(lang: str) -> list[tuple[str, str]]:
    """(where, board) of every step of every Trigger lesson in ``lang``: made once for both
    tests of this file that read them."""
    from tutor.core.i18n import using
    from tutor.core.walkthrough import by_id, library, replay
    from widgets.games import drawer_for
    from widgets.pages.lesson.steps import StepComposer

    boards = []
    with using(lang):
        for wid in sorted(w for w in library() if w.startswith("trigger/")):
            walk = replay(by_id(wid))
            composer = StepComposer(walk, drawer_for("trigger")(walk.game))
            boards += [(f"{wid} step {i}", composer.view(i).board)
                       for i in range(len(walk.frames))]
    return boards


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_every_word_of_every_trigger_lesson_s_boards_is_12_px_on_a_phone(page, lang):  # noqa: F811
    """Every step of every lesson, each board as the phone shows it (the paid line of a flip
    of several tiles, a refusal, a chain's link...)."""
    boards = lesson_boards(lang)
    assert len(boards) > 100
    small = measured_folded(page, boards)
    assert not small, f"words under 12 px on a phone in {lang}: {small[:6]}"


#: the page's rule: a line drawn again under a folded board shows only when folded
FOLD_CSS = ("<style>.tg-board .tg-fold-only { display: none; }"
            ".tg-board[data-folded] .tg-fold-only { display: inline; }</style>")

#: the words of a picture that start inside its box and run out of it (cut off where shown)
CUT_JS = """(selector) => {
  const svg = document.querySelector(selector), view = svg.viewBox.baseVal, cut = [];
  for (const text of svg.querySelectorAll('text')) {
    if (!text.textContent.trim() || getComputedStyle(text).display === 'none') continue;
    const box = text.getBBox();
    const inside = box.x >= view.x - 1 && box.x < view.x + view.width && box.y >= view.y - 1
                   && box.y < view.y + view.height;
    if (inside && (box.x + box.width > view.x + view.width + 1
                   || box.y + box.height > view.y + view.height + 1))
      cut.push([text.textContent.trim(), Math.round(box.x + box.width), view.x + view.width]);
  }
  return cut;
}"""


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_no_word_of_a_trigger_lesson_s_boards_runs_out_of_the_picture(page, lang):  # noqa: F811
    """Drawn whole and folded as a phone shows each part: a word that starts in the picture
    ends in it (the solo sheet's scores of the tries once ran past its edge, the last try's
    score not shown in Dutch and Italian)."""
    shown, names = [], []
    for where, board in lesson_boards(lang):
        boxes = re.search(r'data-fold="([^"]+)"', board).group(1).split(" ")
        whole = re.search(r'viewBox="([^"]+)"', board).group(1)
        for part, box in enumerate([whole, *(b.replace(",", " ") for b in boxes)]):
            drawn = re.sub(r'viewBox="[^"]*"', f'viewBox="{box}"', board, count=1)
            shown.append(drawn.replace("<svg ", f'<svg id="c{len(names)}" '
                                       + ('data-folded="" ' if part else ""), 1))
            names.append((where, part))
    page.set_content(FOLD_CSS + "".join(f"<div style='width:{PHONE_BOARD}px'>{s}</div>"
                                        for s in shown))
    every = page.evaluate(f"(selectors) => selectors.map({CUT_JS})",
                          [f"#c{k}" for k in range(len(names))])  # one call: hundreds of boards
    cut = [(*where, words) for where, found in zip(names, every, strict=True) for words in found]
    assert not cut, f"words cut off in {lang}: {cut[:6]}"
