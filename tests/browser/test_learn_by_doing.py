"""Learning by doing in a real browser, as a learner meets it in Voila.

One try-it step done wrong-illegal, wrong-legal and right (by typing and by clicking the
board), two questions answered wrong and right, stepping back over them, "play on from here"
and back, on a walkthrough written for these tests (``fixtures/trapper-try.toml``: the green
trapper turn with a try-it step and two questions, served by a Voila of its own so that the
shipped walkthroughs may change freely); the progress kept in the browser across a reload of
the index; the practice-drills page. Every page at the three screens of issue 10 and axe-clean.

The README's picture of a try-it step is taken here, at the "legal, but ..." answer on a laptop:
``TUTOR_SCREENSHOTS=docs/screenshots python3 run.py test tests/browser/test_learn_by_doing.py -k
try_it`` writes ``docs/screenshots/try-it-laptop.png``.
"""
from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import forget, record_console

from .harness import VoilaServer
from .stepping import BOARD_SVG, axe_serious, finish_lesson
from .test_lesson_pages import SIZES, check_layout, layout_at

pytestmark = pytest.mark.browser

FIXTURES = "tests/browser/fixtures"
LABEL = ".tp-step-label"


@pytest.fixture(scope="module")
def fixtures_voila():
    with VoilaServer(FIXTURES) as server:
        yield server


@pytest.fixture
def page(warm_context):
    opened = warm_context.new_page()
    opened.set_default_timeout(30_000)
    # a page load waits for its kernel to run the notebook: beyond 30 s on a loaded machine
    opened.set_default_navigation_timeout(90_000)
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.script_errors = errors
    record_console(opened)
    yield opened
    forget(warm_context)


def open_page(page, server, notebook: str) -> float:
    started = time.perf_counter()
    page.goto(server.render_url(notebook))
    try:
        page.wait_for_selector(BOARD_SVG, timeout=90_000)
    except PlaywrightTimeout:
        pytest.fail(f"no board at {notebook}: {page.inner_text('body')[:1500]}", pytrace=False)
    page.wait_for_timeout(200)  # the kernel hears the page is ready
    return time.perf_counter() - started


def wait_label(page, step: int) -> None:
    page.wait_for_function("(n) => document.querySelector('.tp-step-label').textContent.startsWith(`Step ${n} `)",
                           arg=step, timeout=15_000)


def board(page) -> str:
    return page.inner_html(".tp-board")


def screenshot(page, name: str) -> None:
    """Save the page as ``name`` when TUTOR_SCREENSHOTS names a folder (the README's pictures)."""
    folder = os.environ.get("TUTOR_SCREENSHOTS")
    if not folder:
        return
    path = Path(folder, name)
    page.mouse.move(0, 0)
    page.wait_for_timeout(300)  # transitions settle
    page.screenshot(path=str(path))
    assert path.stat().st_size < 300_000, f"{path} is {path.stat().st_size} bytes"


def test_a_try_it_step_wrong_illegal_wrong_legal_and_right_then_two_questions(page, fixtures_voila):
    took = open_page(page, fixtures_voila, "trapper-try.ipynb")
    page.mouse.move(0, 0)
    page.keyboard.press("ArrowRight")  # keys work: the try-it step
    wait_label(page, 1)
    page.wait_for_selector(".tp-try-box:not([hidden])")
    assert "make Anna’s move" in page.inner_text(".tp-narration")
    assert page.inner_text(".tp-move-box") == "", "the move is not shown before it is made"
    for size in SIZES:  # the step that asks fits every screen, and passes axe
        check_layout(layout_at(page, size), size, f"the try-it step on the {size}")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not axe_serious(page)
    asked = board(page)

    # wrong, illegal: typed; refused with the rule's title and our reading; the board is the same
    page.fill(".tp-try-box .tp-typed", "green: take c4")
    page.press(".tp-try-box .tp-typed", "Enter")
    page.wait_for_selector(".tp-feedback .tp-refusal")
    refusal = page.inner_text(".tp-feedback")
    assert "Water blocks the way" in refusal and "trapper.take.water" in refusal
    assert board(page) == asked, "a refused move changed the board"
    page.wait_for_function("() => document.querySelector('.tp-live').textContent.startsWith('Not allowed')")
    assert "tp-primary" not in page.get_attribute(".tp-show-me", "class")

    # wrong, legal: by clicking the board as in free play (the blue trapper, then its tile)
    page.click('.tp-board [data-target="g7"]')
    page.click('.tp-board [data-target="h7"]')
    page.locator(".tp-try-box .tp-choice", has_text="blue: take h7").first.click()
    page.wait_for_selector(".tp-feedback .tp-different")
    different = page.inner_text(".tp-feedback .tp-differences")
    assert "salmon 2" in different and "mushroom 5" in different  # yours against the book's
    assert "tp-primary" in page.get_attribute(".tp-show-me", "class"), "show me offered after two misses"
    assert not axe_serious(page)
    screenshot(page, "try-it-laptop.png")

    # right: the green trapper, then mushroom 5; the step goes on with its narration and move
    page.click('.tp-board [data-target="c3"]')
    page.click('.tp-board [data-target="d3"]')
    page.locator(".tp-try-box .tp-choice", has_text="green: take d3").first.click()
    page.wait_for_selector(".tp-feedback .tp-right")
    assert page.is_hidden(".tp-try-box")
    assert "takes mushroom 5" in page.inner_text(".tp-narration")
    assert "green: take d3" in page.inner_text(".tp-move-box")
    assert board(page) != asked
    page.wait_for_function("() => document.querySelector('.tp-live').textContent.startsWith('Right')")

    # a number question, wrong: the right answer and the rule; then the move is shown
    page.click(".tp-next")
    wait_label(page, 2)
    page.wait_for_selector(".tp-ask-box:not([hidden]) .tp-answer")
    assert "How many cards" in page.inner_text(".tp-narration") and page.inner_text(".tp-move-box") == ""
    page.fill(".tp-answer", "7")
    page.click(".tp-answer-button")
    page.wait_for_selector(".tp-feedback .tp-wrong")
    assert "it is 3" in page.inner_text(".tp-feedback") and "trapper.take" in page.inner_text(".tp-feedback")
    assert "green: take d2" in page.inner_text(".tp-move-box")

    # a choice question, right
    page.keyboard.press("ArrowRight")
    wait_label(page, 3)
    page.locator(".tp-answer-choice", has_text="c4").click()
    page.wait_for_selector(".tp-feedback .tp-right")
    assert page.is_visible(".tp-finished"), "the last step done: the lesson is finished"

    # back over the question: shown done, never asked again
    page.keyboard.press("ArrowLeft")
    wait_label(page, 2)
    assert page.is_hidden(".tp-ask-box") and "green: take d2" in page.inner_text(".tp-move-box")
    assert not page.script_errors, page.script_errors
    print(f"\nfixture lesson opened in {took:.1f} s")


def test_next_without_trying_shows_the_book_s_move(page, fixtures_voila):
    open_page(page, fixtures_voila, "trapper-try.ipynb")
    page.click(".tp-next")
    wait_label(page, 1)
    page.wait_for_selector(".tp-try-box:not([hidden])")
    page.click(".tp-next")  # a teacher presenting: the book's move
    page.wait_for_function("() => document.querySelector('.tp-move-box').textContent.includes('green: take d3')")
    assert page.is_hidden(".tp-try-box") and page.inner_text(LABEL).startswith("Step 1 ")
    page.click(".tp-next")
    wait_label(page, 2)


#: how far the page is scrolled: the window and every box (Voila's page scrolls in its own)
SCROLLED_JS = "() => [...document.querySelectorAll('*')].reduce((n, e) => n + e.scrollTop, window.scrollY)"
UNPLAY = re.compile(rb'"type":\s*"unplay"')
PLAY = re.compile(rb'"type":\s*"play"')


def as_bytes(message: str | bytes) -> bytes:
    return message.encode() if isinstance(message, str) else message


def hold_back_unplay(page) -> dict:
    """From now on the page's "unplay" (Back to the lesson) reaches the kernel only after
    the kernel's next scene reached the page: the race of a loaded machine, every time.
    ``window.tutorScenesAfterBack`` counts the scenes so sent."""
    late = {"held": None, "on": False}

    def route(ws):
        server = ws.connect_to_server()

        def to_kernel(message):
            if late["on"] and late["held"] is None and UNPLAY.search(as_bytes(message)):
                late["held"] = message
                return
            server.send(message)

        def to_page(message):
            ws.send(message)
            if late["held"] is not None and PLAY.search(as_bytes(message)):
                page.evaluate("() => { window.tutorScenesAfterBack = (window.tutorScenesAfterBack || 0) + 1; }")
                server.send(late["held"])
                late["on"] = False

        ws.on_message(to_kernel)
        server.on_message(to_page)

    page.route_web_socket(re.compile(r".*/channels.*"), route)
    return late


def test_play_on_from_here_and_back_to_the_same_step(page, fixtures_voila):
    late = hold_back_unplay(page)  # before the page connects to its kernel
    open_page(page, fixtures_voila, "trapper-try.ipynb")
    page.select_option("select.tp-step-list", "2")
    wait_label(page, 2)
    page.click(".tp-next")  # the answer is given, the move shown
    page.wait_for_function("() => document.querySelector('.tp-move-box').textContent.includes('green: take d2')")
    lesson_board, narration = board(page), page.inner_html(".tp-narration")
    page.click(".tp-play-on")
    page.wait_for_selector(".tp-back-to-lesson")
    assert page.is_hidden(".tp-step-label"), "the lesson makes room for the game"
    notes = page.inner_text(".tp-playon-notes")
    assert "You play on as Anna" in notes
    play_board = page.locator(".tp-page:not([hidden]) .tp-board").inner_html()
    assert "<svg" in play_board
    page.keyboard.press("ArrowRight")  # no step moves while playing on
    for size in SIZES:
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        svg = page.locator(".tp-page:not([hidden]) .tp-board svg").bounding_box()
        assert svg["y"] >= 0 and svg["y"] + svg["height"] <= height + 1 and svg["x"] + svg["width"] <= width + 1, size
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not axe_serious(page, ".tp-page:not([hidden])")
    late["on"] = True
    page.locator(".tp-page:not([hidden]) .tp-actions button", has_text="end turn").click()
    page.wait_for_function("() => document.querySelector('.tp-page:not([hidden]) .tp-log').children.length >= 1")
    page.click(".tp-back-to-lesson")
    page.wait_for_selector(".tp-step-label")
    # the computer's paced move, sent before the kernel heard "back": not the game again
    if late["held"] is not None:
        page.wait_for_function("() => window.tutorScenesAfterBack >= 1", timeout=30_000)
    page.wait_for_timeout(300)
    assert page.is_visible(".tp-step-label") and page.locator(".tp-back-to-lesson").count() == 0, \
        "a scene sent before the kernel heard Back brought the game back"
    assert page.inner_text(LABEL).startswith("Step 2 "), "back at the same step"
    assert board(page) == lesson_board and page.inner_html(".tp-narration") == narration
    assert not page.script_errors, page.script_errors


def test_back_from_playing_on_the_lesson_is_where_it_was_left(page, voila):
    """On a projector the green turn's try-it step in Dutch puts Play on below the fold: back
    from the game, the lesson is scrolled as it was (it came back scrolled to that button,
    the board half gone)."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_page(page, voila, "trapper-green-turn.ipynb?step=2&lang=nl")
    page.wait_for_function("() => document.querySelector('select.tp-step-list').selectedIndex === 2")
    scrolled = page.evaluate(SCROLLED_JS)
    page.click(".tp-play-on")
    page.wait_for_selector(".tp-back-to-lesson")
    page.click(".tp-back-to-lesson")
    page.wait_for_selector(".tp-step-label")
    page.wait_for_timeout(300)
    assert page.evaluate(SCROLLED_JS) == scrolled, "back, but not where the lesson was"
    assert page.evaluate("() => document.activeElement.classList.contains('tp-play-on')")


def test_finishing_a_lesson_is_kept_on_the_index_across_a_reload(page, voila):
    open_page(page, voila, "trapper-setup.ipynb")
    finish_lesson(page)
    following = page.get_attribute(".tp-next-lesson", "href")
    assert following == "trapper-display.ipynb", "the next lesson in the course's order"
    page.goto(voila.render_url("index.ipynb"))
    page.wait_for_selector(".tc-contents", timeout=90_000)
    page.reload()  # kept in the browser, not in the kernel
    page.wait_for_selector('a[data-lesson="trapper/setup"] .tc-progress:not(:empty)', timeout=90_000)
    assert "finished" in page.inner_text('a[data-lesson="trapper/setup"] .tc-progress')
    assert page.inner_text('a[data-lesson="trapper/display"] .tc-progress') == ""
    assert "1 of" in page.inner_text(".tc-summary-line")
    assert not axe_serious(page, ".tutor-course")


#: the window and every box in it scrolled to their tops
SCROLLED_TOP_JS = """() => { for (const box of document.querySelectorAll('*')) if (box.scrollTop) box.scrollTop = 0;
  window.scrollTo(0, 0); }"""


#: a drill's options (or its number box) on the live page, where they stand
OPTIONS_JS = """() => {
  const live = document.querySelector('.tp-page:not(.tp-first)');
  const found = [...live.querySelectorAll('.tp-drill-options, .tp-story .tp-answer-row')]
    .find((e) => !e.hidden && e.getClientRects().length);
  if (!found) return null;
  const r = found.getBoundingClientRect(); return { top: r.top, bottom: r.bottom };
}"""


def test_the_drills_page_fits_every_screen_and_keeps_the_score(page, voila):
    took = open_page(page, voila, "canyon-drills.ipynb")
    assert page.locator(".tp-drill-option").count() >= 3 or page.is_visible(".tp-answer")
    for size in SIZES:
        shown = layout_at(page, size)
        width, height = SIZES[size]
        svg = shown["board"]
        if size == "phone" and svg["top"] < 0:
            # a tall board (Canyon's river) the page scrolled up, so that the drill's options
            # stand above the bar with the question (frame.js showAsking): they are there, and
            # the board's foot still on the screen
            options = page.evaluate(OPTIONS_JS)
            assert options and options["bottom"] <= shown["bottom"] + 1, (size, options, shown)
            assert svg["bottom"] > 0 and svg["right"] <= width + 1, size
        else:
            assert svg["top"] >= 0 and svg["bottom"] <= shown["bottom"] + 1 and svg["right"] <= width + 1, size
        prompt = page.locator(".tp-drill-prompt").bounding_box()
        assert prompt["y"] + 20 <= shown["bottom"], f"the question is below the fold on the {size}"
        assert shown["scroll"] <= width + 1
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not axe_serious(page)
    first = page.inner_text(".tp-drill-prompt")
    page.set_viewport_size({"width": 390, "height": 844})  # answered on a phone
    page.wait_for_timeout(150)
    if page.is_visible(".tp-answer"):
        page.fill(".tp-answer", "0")
        page.click(".tp-answer-button")
    else:
        page.locator(".tp-drill-option").first.click()
    page.wait_for_selector(".tp-drill-result .tp-verdict")
    assert page.inner_text(".tp-score").endswith("1 question right")
    # the verdict and the rule it names on screen, above the phone's step bar (it came below
    # the options and the bar, out of sight)
    in_view = """() => {
      const verdict = document.querySelector('.tp-drill-result').getBoundingClientRect();
      const bar = document.querySelector('.tp-controls').getBoundingClientRect();
      return verdict.top >= 0 && verdict.bottom <= bar.top + 1; }"""
    page.wait_for_function(in_view, timeout=5_000)
    if page.locator(".tp-drill-option").count():  # an option looked at again: no new verdict
        # a small phone (the question is drawn at random: on 844 px its verdict may fit under
        # the options when the page is at its top), the page at its top, the option picked
        # again without the test scrolling to it
        page.set_viewport_size({"width": 390, "height": 600})
        page.wait_for_timeout(150)
        page.evaluate(SCROLLED_TOP_JS)
        assert not page.evaluate(in_view), "the verdict is on screen before the option is picked again"
        page.evaluate("() => document.querySelector('.tp-drill-option').click()")
        page.wait_for_function(in_view, timeout=5_000)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.keyboard.press("ArrowRight")  # the next question by key
    page.wait_for_function("() => document.querySelector('.tp-step-label').textContent === 'Question 2'")
    assert page.inner_text(".tp-drill-result") == "" and first
    assert not page.script_errors, page.script_errors
    print(f"\ndrills opened in {took:.1f} s")


@pytest.mark.parametrize("lesson, step", [("canyon-trick", 4), ("trapper-green-turn", 2)])
def test_a_step_that_asks_opened_by_its_address_does_not_tell_a_screen_reader_its_answer(
        page, voila, lesson, step):
    """Opened straight at a try-it step or a question (``&step=N``), the page told its live
    region the step's narration ("So Marc plays his blue 3"): the answer the page then asks
    for, heard before it is asked. Arriving by Next was right: the task is said."""
    from tutor.core.walkthrough import by_id

    walk = by_id(lesson.replace("-", "/", 1))
    narration = " ".join(walk.steps[step - 1].narration.split())
    page.add_init_script("""window.__said = [];
      const d = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent');
      Object.defineProperty(Node.prototype, 'textContent', { get: d.get, configurable: true,
        set(v) { if (this.classList && this.classList.contains('tp-live') && v) window.__said.push(v);
                 d.set.call(this, v); } });""")
    page.goto(voila.render_url(f"{lesson}.ipynb", f"lang=en&step={step}"))
    page.wait_for_selector(f".tp-page:not(.tp-first)[data-step='{step}'] .tp-board svg",
                           timeout=90_000)
    page.wait_for_function("() => window.__said.length > 0", timeout=30_000)
    said = page.evaluate("() => window.__said")
    assert not any(narration[:40] in " ".join(s.split()) for s in said), said


def test_a_step_s_view_switches_are_not_offered_on_the_board_it_asks_on(page, voila):
    """InTrappola's "what is known" switch stood pressed beside the board of a try-it step,
    and changed nothing there: it changes the step's own board, shown once the move is made.
    It is offered with that board only."""
    page.goto(voila.render_url("intrappola-turn-c-discard.ipynb", "lang=it&step=3"))
    page.wait_for_selector(".tp-page:not(.tp-first)[data-step='3'] .tp-board svg", timeout=90_000)
    page.wait_for_selector(".tp-try-box:not([hidden])", timeout=30_000)
    assert page.locator(".tp-page:not(.tp-first) .tp-switch").count() == 0
    page.click(".tp-show-me")
    page.wait_for_selector(".tp-page:not(.tp-first) .tp-switch", timeout=30_000)
