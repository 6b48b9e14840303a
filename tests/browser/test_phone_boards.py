"""A phone (390 × 844): every word drawn on the boards of Trapper, Canyon and InTrappola is at
least 12 px, in every language, in a lesson and in free play - as Trigger's are
(``test_phone.py``). Each lesson is the one whose board carries the most words; free play at
its first scene. A board the page folds on a phone (``data-fold``: Canyon's long river in
stretches, InTrappola's pictures one at a time) is measured in each of its parts, picked with
the switch under it. At a laptop and a projector the same boards are drawn whole.

Checked on sizes in pixels (computed font size × the picture's scale on screen, a squeezed
line's squeeze), not on words. ``TUTOR_SCREENSHOTS=DIR`` writes the pictures of the pages
looked at (the Dutch and Italian phones; the laptop and the projector in English).
"""
from __future__ import annotations

import pytest

from .harness import Held
from .stepping import BOARD_SVG
from .test_learn_by_doing import page, screenshot  # noqa: F401 (page: the fixture)
from .test_phone import PHONE, SETTLED_JS, WORDS_JS, open_at, settle, switch_language, words_at_least_12_px

pytestmark = pytest.mark.browser

#: (game, notebook, step): each game's lesson step with the most words on its board, then
#: free play's first scene (step None)
BOARDS = [
    ("trapper", "trapper-green-turn.ipynb", 6),
    ("canyon", "canyon-movement-points.ipynb", 3),
    ("intrappola", "intrappola-variant-several-pictures.ipynb", 1),
    ("trapper", "trapper-tactical-auction.ipynb", 5),  # the auction's lines over the board
    ("trapper", "trapper-play.ipynb", None),
    ("canyon", "canyon-play.ipynb", None),
    ("intrappola", "intrappola-play.ipynb", None),
]
LAPTOP, PROJECTOR = (1280, 800), (1024, 768)
#: the smallest word (px) of each lesson's board above, drawn whole, before the phones' layouts
#: came: no smaller now (Canyon's long river: 12 px at both, its words drawn larger since)
WIDE_BEFORE = {LAPTOP: {"trapper": 13.5, "canyon": 12.0, "intrappola": 23.5},
               PROJECTOR: {"trapper": 12.8, "canyon": 12.0, "intrappola": 17.7}}
#: the first paint's board (widgets/parts/firstpaint.py), before the live page comes
FIRST_SVG = ".tp-first .tp-board svg"
#: the folded board's switch: one button per part
PARTS = ".tp-page:not(.tp-first) .tp-fold:not([hidden]) .tp-fold-option"


def measured(page, where: str, failed: list[str]) -> list[tuple[str, float, int]]:
    """Every part of the board shown on screen (one, or each part of a folded board in turn):
    (where, its smallest word in px, how many words); a part with a word under 12 px is added
    to ``failed``."""
    seen = []
    parts = page.locator(PARTS).count()
    parts = parts if parts > 1 else 0  # a board folded to its one part has no switch
    for part in range(max(1, parts)):
        if parts:
            page.locator(PARTS).nth(part).click()
            page.wait_for_function("(i) => document.querySelector("
                                   "'.tp-page:not(.tp-first) .tp-fold .tp-switch')"
                                   ".getAttribute('data-at') === String(i)", arg=part)
            page.evaluate(SETTLED_JS)
        at = f"{where}, part {part + 1} of {parts}" if parts else where
        found = page.evaluate(WORDS_JS, BOARD_SVG)
        seen.append((at, round(found["words"][0][0], 1) if found["words"] else 0.0,
                     len(found["words"])))
        try:
            words_at_least_12_px(page, at)
        except AssertionError as small:
            failed.append(str(small).split("\n")[0])
    return seen


@pytest.mark.parametrize("game, notebook, step", BOARDS)
def test_every_word_on_the_boards_of_trapper_canyon_and_intrappola_is_12_px_on_a_phone(
        page, voila, game, notebook, step):
    """In English, then Dutch and Italian from the page's language menu (switched in place, as
    a learner does: one page and kernel for the three)."""
    failed: list[str] = []
    open_at(page, voila, notebook, "lang=en" + (f"&step={step}" if step is not None else ""))
    for lang in ("en", "nl", "it"):
        if lang != "en":
            switch_language(page, lang, PHONE)
        where = f"{notebook}" + (f" step {step}" if step is not None else " (free play)") + f" in {lang}"
        found = page.evaluate(WORDS_JS, BOARD_SVG)
        assert found["words"], f"{where}: no words on the board"
        # drawn for the phone (one picture of InTrappola's is drawn whole: its words are large)
        assert found["folded"] == (notebook != "intrappola-play.ipynb"), f"{where}: folded {found['folded']}"
        if lang != "en":
            page.evaluate("() => window.scrollTo(0, 0)")
            screenshot(page, f"{notebook.removesuffix('.ipynb')}-{lang}-phone.png")
        for at, least, count in measured(page, where, failed):
            print(f"{at}: smallest word {least} px of {count}")
        assert not page.script_errors, page.script_errors
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("size", [LAPTOP, PROJECTOR])
def test_the_same_boards_are_drawn_whole_and_readable_at_a_laptop_and_a_projector(page, voila, size):
    for game, notebook, step in BOARDS[:3]:
        # the first paint (the page's scripts held back) gives the board the width and place
        # the live page gives it: no jump when the scripts come (it was 9 px lower and 18-45 px
        # off in width)
        page.set_viewport_size({"width": size[0], "height": size[1]})
        held = Held(page, "**/app.js")
        page.goto(voila.render_url(notebook, f"lang=en&step={step}"), wait_until="commit")
        page.wait_for_selector(FIRST_SVG, timeout=90_000)
        place = "(s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.width, r.top]; }"
        first = page.evaluate(place, FIRST_SVG)
        held.release()
        page.wait_for_selector(BOARD_SVG, timeout=90_000)
        page.wait_for_timeout(200)  # the kernel hears the page is ready
        settle(page, size)
        live = page.evaluate(place, BOARD_SVG)
        # the same width, and the same place: the first paint's header is the live page's (its
        # language menu disabled until the script draws it)
        assert all(abs(a - b) <= 2 for a, b in zip(first, live)), \
            f"{notebook} at {size}: first paint's board (width, top) {first}, live {live}"
        found = page.evaluate(WORDS_JS, BOARD_SVG)
        assert not found["folded"], f"{notebook} folded at {size}"
        assert page.is_hidden(".tp-page:not(.tp-first) .tp-fold"), f"{notebook}: a fold switch at {size}"
        wide = page.evaluate(f"() => document.querySelector('{BOARD_SVG}').getAttribute('data-wide')")
        shown = page.evaluate(f"() => document.querySelector('{BOARD_SVG}').getAttribute('viewBox')")
        assert wide is None or wide.split() == shown.split(), (notebook, wide, shown)
        least = found["words"][0][0]
        print(f"{notebook} at {size}: smallest word {least:.1f} px, board {found['width']:.0f} px")
        assert least >= WIDE_BEFORE[size][game] - 0.05, f"{notebook} at {size}: words of {least:.1f} px"
        screenshot(page, f"{notebook.removesuffix('.ipynb')}-en-{size[0]}.png")
    settle(page, PHONE)
    assert not page.script_errors, page.script_errors


@pytest.mark.parametrize("lang", ["it"])
def test_the_first_paint_on_a_phone_shows_each_board_as_the_live_page_does(page, voila, lang):
    # the first paint (before the page's scripts: held back here) is folded as the live page
    # folds it (the same part, the same box), its words 12 px too: the tiles' short words,
    # a stretch's row letters again at its left
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    for game, notebook, step in BOARDS[:3]:
        held = Held(page, "**/app.js")
        page.goto(voila.render_url(notebook, f"lang={lang}&step={step}"), wait_until="commit")
        page.wait_for_selector(f"{FIRST_SVG}[data-folded]", timeout=90_000)
        page.evaluate(SETTLED_JS)
        first = page.evaluate(WORDS_JS, FIRST_SVG)
        box = page.get_attribute(FIRST_SVG, "viewBox")
        strips = page.evaluate(f"""() => [...document.querySelectorAll('{FIRST_SVG} .cy-strip')]
                                   .filter((g) => getComputedStyle(g).display !== 'none').length""")
        screenshot(page, f"{notebook.removesuffix('.ipynb')}-{lang}-first-paint-phone.png")
        held.release()
        page.wait_for_selector(BOARD_SVG, timeout=90_000)
        page.evaluate(SETTLED_JS)
        live = page.evaluate(WORDS_JS, BOARD_SVG)
        where = f"{notebook} step {step} in {lang}"
        assert box.split() == page.get_attribute(BOARD_SVG, "viewBox").split(), where
        small = [w for w in first["words"] if w[0] < 11.95]
        assert not small, f"{where}: the first paint's words under 12 px: {small[:6]}"
        assert sorted(w[1] for w in first["words"]) == sorted(w[1] for w in live["words"]), where
        if game == "canyon":  # shown first: the stretch of the refused field, its row letters
            assert box.split()[0] != "0" and strips == 1, (where, box, strips)
    assert not page.script_errors, page.script_errors


def test_trigger_s_solo_sheet_keeps_12_px_words_on_a_projector_in_italian(page, voila):
    """The solo lesson's last step in Italian (its title on two lines): the board was drawn
    644 px wide, its sheet's words 11.6 px - the story column kept its 330 px, and the board's
    least width was measured on the first step's words (the sheet's 26-unit words came later,
    in the same picture). The story column gives way down to 300 px for the board's words."""
    open_at(page, voila, "trigger-solo.ipynb", "lang=it&step=14", PROJECTOR)
    found = words_at_least_12_px(page, "trigger-solo.ipynb step 14 in Italian on a projector")
    story = page.evaluate("() => document.querySelector('.tp-page:not(.tp-first) .tp-story')"
                          ".getBoundingClientRect().width")
    assert story >= 299, f"the story column is {story:.0f} px"
    assert found["width"] > 650, found["width"]
    # answered, the lesson done: a long narration beside it, the board keeps its words (it
    # was narrowed to 615 px, 11 px words, to bring a rule's title up), and the next lesson's
    # label stays whole ("Lezion/e succes/siva" in the narrow story column)
    from tutor.core.walkthrough import by_id, replay

    walk = replay(by_id("trigger/solo"))
    asked = walk.walkthrough.steps[13].ask
    page.fill(".tp-page:not(.tp-first) input.tp-answer",
              str(walk.game.facts(walk.frames[14].state)[asked.fact]))
    page.keyboard.press("Enter")
    label = ".tp-page:not(.tp-first) .tp-next-lesson .tp-next-label"
    page.wait_for_selector(label, state="visible", timeout=30_000)
    page.evaluate(SETTLED_JS)
    words_at_least_12_px(page, "trigger-solo.ipynb step 14 in Italian, answered")
    lines = page.evaluate("(s) => { const l = document.querySelector(s);"
                          " return l.getBoundingClientRect().height / parseFloat(getComputedStyle(l).lineHeight); }",
                          label)
    assert lines < 1.5, f"the next lesson's label is on {lines:.1f} lines"
    assert not page.script_errors, page.script_errors
