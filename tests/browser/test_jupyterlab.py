"""The same notebooks in JupyterLab: Debian's Chromium opens them in Lab and runs them.

One JupyterLab for the module (:class:`~tests.browser.lab.LabServer`: token-less on a free
loopback port, its settings and runtime files in a temporary folder, autosave off); each
test opens its own page, runs all cells from the Run menu as a learner would, and looks at
the outputs only (Lab's own chrome is not the app). The notebooks on disk must come out
unchanged: running them in Lab writes nothing back.
"""
from __future__ import annotations

import hashlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from widgets.pages.course import play_links, walkthrough_links

from .conftest import APP_NOTEBOOK, INDEX_NOTEBOOK
from .stepping import BOARD_SVG, assert_moved_on, read_shown, step_forward
from .harness import ROOT
from .lab import LabServer

pytestmark = pytest.mark.browser

PLAY_NOTEBOOK = "trapper-play.ipynb"
#: a walkthrough with a try-it step and two questions (tests/browser/fixtures)
TRY_NOTEBOOK = "../tests/browser/fixtures/trapper-try.ipynb"
#: Lab's menu entry Run > Run All Cells.
RUN_ALL = '.lm-Menu-item[data-command="runmenu:run-all"]'
#: True once the status bar says the current notebook's kernel is idle (the toolbar's
#: indicator says "idle" too early, before a kernel is there: Run All would then do nothing).
KERNEL_IDLE_JS = """
() => [...document.querySelectorAll(".jp-StatusBar-TextItem")]
      .some((item) => /^(?!No Kernel).+ \\| Idle$/.test(item.innerText.trim()))
"""
#: The notebook's outputs (Lab's own chrome is not the app), and one output's element.
OUTPUTS, OUTPUT = ".jp-NotebookPanel .jp-OutputArea", ".jp-OutputArea-output"


def fingerprint(*names: str) -> dict:
    """The notebooks' bytes (hashed), and the checkpoints kept beside them."""
    folder = ROOT / "notebooks"
    seen = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in names}
    seen[".ipynb_checkpoints"] = sorted(p.name for p in folder.glob(".ipynb_checkpoints/*"))
    return seen


@pytest.fixture(scope="module")
def lab(browser):  # the browser first: without chromium, fail before starting Lab
    missing = [n for n in (APP_NOTEBOOK, INDEX_NOTEBOOK, PLAY_NOTEBOOK)
               if not (ROOT / "notebooks" / n).exists()]
    if missing:
        pytest.fail(f"notebooks/ lacks {', '.join(missing)}: nothing to open", pytrace=False)
    before = fingerprint(APP_NOTEBOOK, INDEX_NOTEBOOK, PLAY_NOTEBOOK, TRY_NOTEBOOK)
    with LabServer() as server:
        yield server
    after = fingerprint(APP_NOTEBOOK, INDEX_NOTEBOOK, PLAY_NOTEBOOK, TRY_NOTEBOOK)
    assert after == before, "running the notebooks in JupyterLab changed them on disk"


def outputs_text(page) -> str:
    return "\n".join(page.locator(OUTPUTS).all_inner_texts())


def assert_clean(tab, when: str) -> None:
    """No traceback or error text in the notebook's outputs, no error output, no script error."""
    tab.assert_clean(when, OUTPUTS, OUTPUT)


def open_and_run(tab, lab: LabServer, notebook: str, ready: str) -> None:
    """Open ``notebooks/<notebook>`` in Lab, wait for its kernel, Run > Run All Cells, and
    wait for ``ready`` (a selector) in its outputs; fail saying what the outputs show."""
    page = tab.page
    url = lab.tree_url(f"notebooks/{notebook}")
    page.goto(url + "?reset")  # a fresh workspace: no tab of an earlier test comes back
    try:
        page.wait_for_function(KERNEL_IDLE_JS, timeout=60_000, polling=100)
    except PlaywrightTimeout:
        pytest.fail(f"{url}: no notebook with an idle kernel; Lab shows:\n"
                    f"{page.inner_text('body')[:1500]}\n--- Lab's log:\n{lab.log()}", pytrace=False)
    page.click('.lm-MenuBar-item:has-text("Run")')
    page.click(RUN_ALL)
    try:
        page.wait_for_selector(f"{OUTPUTS} {ready}", timeout=60_000)
    except PlaywrightTimeout:
        pytest.fail(f"{notebook} in Lab: no {ready!r} after Run All Cells; the outputs say:\n"
                    f"{outputs_text(page)[:2000]}", pytrace=False)
    assert_clean(tab, f"{notebook} run in Lab")


def test_the_green_turn_steps_in_lab(tab, lab):
    page = tab.page
    open_and_run(tab, lab, APP_NOTEBOOK, BOARD_SVG)
    shown = read_shown(page)
    assert shown["step"] == 0 and shown["steps"] >= 4, f"expected the setup and 3+ steps: {shown}"
    key_step = 3  # taken with the → key (the page's document listener), the others with Next
    for step in range(1, 4):
        before, by_key = shown, step == key_step
        shown = step_forward(page, step, before, by_key, settle_ms=500)
        assert_moved_on(shown, before, step, by_key)
        assert_clean(tab, f"step {step} in Lab")


def test_the_index_in_lab_links_to_every_app_and_opens_one(tab, lab):
    page = tab.page
    open_and_run(tab, lab, INDEX_NOTEBOOK, f'a[href="{APP_NOTEBOOK}"]')
    hrefs = set(page.locator(".jp-OutputArea .tutor-course a.tc-lesson, .jp-OutputArea .tutor-course .tc-play a").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"))
    wanted = {link[3] for link in walkthrough_links()} | {link[1] for link in play_links()}
    assert hrefs == wanted, f"the index in Lab links {sorted(hrefs ^ wanted)} differently"
    link = page.locator(f'.jp-OutputArea a[href="{APP_NOTEBOOK}"]').first
    target = lab.tree_url(f"notebooks/{APP_NOTEBOOK}")
    assert link.evaluate("a => a.href") == target, "the link does not lead to the app in Lab"
    link.click()
    try:
        page.wait_for_selector(f'.lm-TabBar-tab.lm-mod-current:has-text("{APP_NOTEBOOK}")',
                               timeout=30_000)
    except PlaywrightTimeout:
        pytest.fail(f"following the index's link to {APP_NOTEBOOK} in Lab showed {page.url}:\n"
                    f"{page.inner_text('body')[:1500]}", pytrace=False)
    # The tab shows before the cells' editors have their text: wait for the text.
    cells = page.locator(".jp-NotebookPanel:visible .jp-Cell .jp-InputArea")
    try:
        cells.filter(has_text='walkthrough_app("trapper/green-turn")').first.wait_for(timeout=30_000)
    except PlaywrightTimeout:
        pytest.fail(f"{APP_NOTEBOOK} opened in Lab without its cell: {cells.all_inner_texts()}",
                    pytrace=False)
    assert not tab.script_errors, f"script errors in the page: {tab.script_errors}"


def test_free_play_runs_in_lab(tab, lab):
    page = tab.page
    open_and_run(tab, lab, PLAY_NOTEBOOK, BOARD_SVG)
    board = page.locator(".jp-OutputArea .tp-board").first
    before = board.inner_html()
    page.locator('.jp-OutputArea button.tp-play').first.click()  # the listed move
    try:
        page.wait_for_function("([b]) => document.querySelector('.jp-OutputArea .tp-board')"
                               ".innerHTML !== b", arg=[before], timeout=15_000)
    except PlaywrightTimeout:
        pytest.fail("Play in Lab did not change the board", pytrace=False)
    assert "<svg" in board.inner_html()
    assert_clean(tab, f"{PLAY_NOTEBOOK} after a move in Lab")


def test_a_try_it_step_in_lab(tab, lab):
    """The try-it step of the test walkthrough: wrong-illegal (typed), wrong-legal and right
    (clicks on the board, as in free play), in Lab's output area."""
    page = tab.page
    open_and_run(tab, lab, TRY_NOTEBOOK, BOARD_SVG)
    out = ".jp-OutputArea"
    page.locator(f"{out} .tp-next").first.click()
    page.wait_for_selector(f"{out} .tp-try-box:not([hidden])", timeout=15_000)
    asked = page.locator(f"{out} .tp-board").first.inner_html()
    page.locator(f"{out} .tp-try-box .tp-typed").fill("green: take c4")
    page.locator(f"{out} .tp-try-box .tp-try").click()
    page.wait_for_selector(f"{out} .tp-feedback .tp-refusal", timeout=15_000)
    assert "trapper.take.water" in page.locator(f"{out} .tp-feedback").inner_text()
    assert page.locator(f"{out} .tp-board").first.inner_html() == asked
    for square in ("g7", "h7"):
        page.locator(f'{out} .tp-board [data-target="{square}"]').click()
    page.locator(f"{out} .tp-try-box .tp-choice", has_text="blue: take h7").first.click()
    page.wait_for_selector(f"{out} .tp-feedback .tp-different", timeout=15_000)
    for square in ("c3", "d3"):
        page.locator(f'{out} .tp-board [data-target="{square}"]').click()
    page.locator(f"{out} .tp-try-box .tp-choice", has_text="green: take d3").first.click()
    page.wait_for_selector(f"{out} .tp-feedback .tp-right", timeout=15_000)
    assert "green: take d3" in page.locator(f"{out} .tp-move-box").inner_text()
    assert_clean(tab, "the try-it step in Lab")


def test_the_voila_preview_in_lab_shows_a_lesson(browser, lab):
    """JupyterLab's Voila preview: the lesson through Voila's server extension in Lab's server
    (the page template found where Voila looks, not through run.py's settings). Voila's
    extension points the page at MathJax on a CDN (its default in Lab; the lessons use no
    maths): that request is not the template's."""
    from .test_plain_voila import open_lesson

    outside = open_lesson(browser, lab.url(f"voila/render/notebooks/{APP_NOTEBOOK}?lang=nl"), lab)
    assert [url for url in outside if "mathjax" not in url] == []


def test_a_lesson_written_by_playing_saves_in_lab(tab, lab, tmp_path):
    """'Write a lesson' in JupyterLab: a move played becomes a step, and Save offers the
    checked lesson as a download (issue 33: the static site, Voila and JupyterLab alike)."""
    page = tab.page
    open_and_run(tab, lab, "author.ipynb", BOARD_SVG)
    steps = ".jp-OutputArea .ta-writing .tp-page"
    page.locator(".jp-OutputArea .ta-title").first.fill("A first lesson")
    page.locator(".jp-OutputArea .ta-narration").first.fill("The start of a game.")
    page.locator(".jp-OutputArea .ta-apply").first.click()
    page.locator(".jp-OutputArea .tp-moves").first.select_option(index=0)
    page.locator(".jp-OutputArea .tp-play").first.click()
    page.wait_for_function(f"() => document.querySelector('{steps}').dataset.steps === '1'",
                           timeout=30_000)
    with page.expect_download() as caught:
        page.locator(".jp-OutputArea .ta-save").first.click()
        page.locator(".jp-OutputArea .ta-download").first.click(timeout=30_000)
    saved = tmp_path / caught.value.suggested_filename
    caught.value.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    assert 'title = "A first lesson"' in text and "[[steps]]" in text
    assert_clean(tab, "author.ipynb after a step and Save in Lab")
