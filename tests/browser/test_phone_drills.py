"""The practice drills (``<game>-drills.ipynb``) on a phone (390 × 844, one column, the step bar
fixed at the bottom): a question and its answer options (or its number box) are on the screen
together, above the bar, without scrolling by hand. The options stood under the question, below
the fold (Trapper's four options at 606-834 px with the bar at 747; Canyon's river question's
at 902-1080). The board is made smaller for them (never under its words' 12 px), then the page
scrolled as little as it takes, once a question (``data-question``), never taking the question
off the screen (widgets/static/frame.js askBox, showAsking); where that would take off the
places the question is about (Canyon's first row), the board is shown through a window holding
them instead (boardWindow). A laptop (1280 × 800) and a projector (1024 × 768) show both too,
as they did.

Checked on geometry and ``data-*``, not on words.
"""
from __future__ import annotations

import pytest

from .test_learn_by_doing import fixtures_voila, page  # noqa: F401 (fixtures)
from .test_phone import PHONE
from .test_phone_questions import settle

pytestmark = pytest.mark.browser

LAPTOP, PROJECTOR = (1280, 800), (1024, 768)

#: The question (the prompt), its options or number box, the board and its least word (px),
#: where the screen ends (a phone's bar, else the window's end), the question's number
DRILL_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const box = (e) => { if (!e || !e.getClientRects().length) return null;
    const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const answer = [...live.querySelectorAll('.tp-drill-options, .tp-story .tp-answer-row')]
    .find((e) => !e.hidden && e.getClientRects().length);
  const svg = live.querySelector('.tp-board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  let words = Infinity;
  for (const t of svg.querySelectorAll('text')) {
    if (getComputedStyle(t).display === 'none' || !t.textContent.trim() || !t.getClientRects().length) continue;
    words = Math.min(words, parseFloat(getComputedStyle(t).fontSize) * scale);
  }
  const narrow = live.classList.contains('tp-narrow');
  return { end: narrow ? Math.min(innerHeight, live.querySelector('.tp-controls').getBoundingClientRect().top) : innerHeight,
           prompt: box(live.querySelector('.tp-drill-prompt')), answer: box(answer), board: box(svg), words,
           label: live.querySelector('.tp-step-label').textContent, question: live.dataset.question || null };
}"""

#: (game, language): each game's drills in one of the three languages
GAMES = [("trapper", "it"), ("canyon", "it"), ("intrappola", "en"), ("trigger", "nl")]


def open_drills(page, voila, game: str, lang: str) -> None:
    page.goto(voila.render_url(f"{game}-drills.ipynb") + f"?lang={lang}")
    page.wait_for_selector(".tp-page:not(.tp-first) .tp-drill-prompt", timeout=90_000)


def next_question(page, label: str) -> None:
    page.click(".tp-page:not(.tp-first) .tp-next-question")
    page.wait_for_function("(was) => document.querySelector('.tp-page:not(.tp-first) .tp-step-label')"
                           ".textContent !== was", arg=label)


def assert_question_and_options_seen(shown: dict, where: str) -> None:
    assert shown["answer"], f"{where}: no options shown: {shown}"
    top, bottom = shown["answer"]
    assert bottom <= shown["end"] + 0.5, \
        f"{where}: the options {top:.0f}-{bottom:.0f} are not above the screen's end at {shown['end']:.0f}"
    assert 0 <= shown["prompt"][0] < top, f"{where}: the question is off the screen: {shown}"
    assert shown["board"][1] > 0, f"{where}: the board is off the screen: {shown}"
    assert shown["words"] >= 12 - 0.05, f"{where}: the board's words are {shown['words']:.1f} px"


@pytest.mark.parametrize("game,lang", GAMES)
def test_a_drill_s_question_and_its_options_are_above_the_phone_s_bar(page, voila, game, lang):  # noqa: F811
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_drills(page, voila, game, lang)
    seen = set()
    for i in range(3):  # the first question, then two more by Next question
        settle(page)
        shown = page.evaluate(DRILL_JS)
        assert_question_and_options_seen(shown, f"{game} drills in {lang}, question {i + 1}")
        assert shown["question"] and shown["question"] not in seen, f"question {i + 1}: data-question {shown['question']}"
        seen.add(shown["question"])
        next_question(page, shown["label"])


#: the cells of the players' panel that end right of the panel's box or the window (Canyon's
#: table, in the story column beside its river, showed no points, canoe or hand: the cards a
#: question about a trick is about), as [cell's right, the box's right]
PANEL_CUT_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const box = live.querySelector('.tp-panel-box');
  if (!box || box.hidden || !box.getClientRects().length) return [];
  const right = Math.min(innerWidth, box.getBoundingClientRect().right);
  return [...box.querySelectorAll('td, th')].map((c) => c.getBoundingClientRect().right)
    .filter((r) => r > right + 0.5).map((r) => [r, right]);
}"""


@pytest.mark.parametrize("size", [LAPTOP, PROJECTOR], ids=["laptop", "projector"])
@pytest.mark.parametrize("game,lang", GAMES[1:2] + GAMES[3:])
def test_a_drill_s_question_and_its_options_stay_on_a_laptop_and_a_projector(page, voila, game, lang, size):  # noqa: F811
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_drills(page, voila, game, lang)
    for i in range(2):
        settle(page)
        shown = page.evaluate(DRILL_JS)
        assert_question_and_options_seen(shown, f"{game} drills in {lang} at {size}, question {i + 1}")
        assert shown["board"][0] >= 0, f"the board's top is off the screen at {size}: {shown}"
        cut = page.evaluate(PANEL_CUT_JS)
        assert not cut, f"{game} drills at {size}: the players' panel is cut at its right: {cut}"
        next_question(page, shown["label"])


def test_after_an_answer_the_next_question_and_its_options_are_on_the_phone_s_screen(page, voila):  # noqa: F811
    """The verdict of an answer is brought on screen (the page scrolled down to it); the next
    question came with the page left there, its board and question above the screen."""
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_drills(page, voila, "trapper", "it")
    for i in range(2):
        settle(page)
        shown = page.evaluate(DRILL_JS)
        if page.is_visible(".tp-page:not(.tp-first) .tp-drill-options"):
            page.click(".tp-page:not(.tp-first) .tp-drill-option >> nth=0")
        else:
            page.fill(".tp-page:not(.tp-first) .tp-answer", "3")
            page.click(".tp-page:not(.tp-first) .tp-answer-button")
        page.wait_for_selector(".tp-page:not(.tp-first) .tp-drill-result .tp-verdict", timeout=30_000)
        settle(page)
        next_question(page, shown["label"])
        settle(page)
        assert_question_and_options_seen(page.evaluate(DRILL_JS), f"the question after answer {i + 1}")


#: a drill board's window (frame.js boardWindow): the holder's box and scroll, the places the
#: question is about (``data-about``) as drawn, the words at the window's foot
WINDOW_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const holder = live.querySelector('.tp-board');
  const r = holder.getBoundingClientRect();
  const names = JSON.parse(holder.getAttribute('data-about') || '[]');
  const places = [...holder.querySelectorAll('svg:not(.tp-board-foot) [data-target]')]
    .filter((e) => names.includes(e.getAttribute('data-target')))
    .map((e) => { const b = e.getBoundingClientRect(); return [e.getAttribute('data-target'), b.top, b.bottom]; });
  const foot = holder.querySelector('.tp-board-foot');
  const f = foot && foot.getBoundingClientRect();
  return { window: holder.getAttribute('data-window'), box: [r.top, r.bottom], scroll: holder.scrollTop,
           names, places, foot: f ? [f.top, f.bottom] : null, focusable: holder.tabIndex >= 0 };
}"""


def test_a_tall_board_keeps_the_places_the_question_is_about_on_the_phone_s_screen(page, fixtures_voila):  # noqa: F811
    """Canyon's 17-row river, asked "Which of these moves may Dirk make now?" with Dirk's
    launches on the first row (a seeded sitting, tests/browser/fixtures): the board as small
    as its words allow still did not fit with the options above the bar, and the page, scrolled,
    took rows 1-5 off the screen, the fields the options name with them. Now the board is
    shown through a window holding those fields (its column letters at its foot), the question
    and the options above the bar; the window scrolls by keys."""
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(fixtures_voila.render_url("canyon-drills-seeded.ipynb") + "?lang=nl")
    page.wait_for_selector(".tp-page:not(.tp-first) .tp-drill-prompt", timeout=90_000)
    settle(page)
    shown = page.evaluate(DRILL_JS)
    assert_question_and_options_seen(shown, "the seeded Canyon question")
    seen = page.evaluate(WINDOW_JS)
    assert seen["names"] and len(seen["places"]) == len(seen["names"]), seen
    top, bottom = max(0, seen["box"][0]), min(shown["end"], seen["box"][1])
    for name, start, end in seen["places"]:
        assert top - 0.5 <= start and end <= bottom + 0.5, \
            f"{name} at {start:.0f}-{end:.0f} is not in the board's part on the screen ({top:.0f}-{bottom:.0f}): {seen}"
    assert seen["window"] and "bottom" in seen["window"], seen  # the board's foot is cut...
    assert seen["foot"] and abs(seen["foot"][1] - seen["box"][1]) <= 4, seen  # ...its letters shown
    # by keys: the window takes the focus and scrolls
    assert seen["focusable"]
    page.focus(".tp-page:not(.tp-first) .tp-board")
    page.keyboard.press("ArrowDown")  # (Page Down and Space: the next question, as everywhere)
    page.wait_for_function("(was) => { const b = document.querySelector('.tp-page:not(.tp-first) .tp-board');"
                           " return b.scrollTop > was && b.getAttribute('data-window').includes('top'); }",
                           arg=seen["scroll"])
