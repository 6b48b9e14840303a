"""Mastery per rule in the browser (issue 32): a drill answered wrong is kept in this browser,
the course page's rule map shows that rule weaker, a reload keeps it, practice asks about it
first, "Forget my progress" clears it, and no request carries the record to the server, nor
any message to the kernel (the widgets' WebSocket frames): the levels are worked out in the page.

Voila, Debian's Chromium, real clicks."""
from __future__ import annotations

import json
import re
from datetime import datetime, timezone

import pytest

from tutor.core.i18n import using
from tutor.core.registry import games
from widgets.parts import mastery
from widgets.parts.texts import T

from .stepping import axe_serious
from .test_learn_by_doing import fixtures_voila, screenshot  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

EVIDENCE = "rules-tutor-evidence"
LAPTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
VERDICT = ".tp-drill-result .tp-verdict"


def evidence(page) -> list[dict]:
    return json.loads(page.evaluate(f"() => localStorage.getItem('{EVIDENCE}') || '[]'"))


def open_drills(page, voila) -> None:
    page.goto(voila.render_url("trapper-drills.ipynb"))
    page.wait_for_selector(".tp-drill-option", state="visible", timeout=90_000)


#: a piece of the record's evidence as mastery.js keeps it (its right-or-not), or the record
RECORD_IN = re.compile(r'"evidence"|"right"\s*:\s*(true|false)')


def frames_sent(page) -> list[str]:
    """Every frame the page sends on any WebSocket (the kernel's channel), as text."""
    sent: list[str] = []

    def watch(socket) -> None:
        socket.on("framesent", lambda payload: sent.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    page.on("websocket", watch)
    return sent


def rules_of_options(page) -> set[str]:
    """Every option's rule, by answering (the first option) and then looking at the others."""
    found = set()
    for index in range(page.locator(".tp-drill-option").count()):
        page.locator(f'.tp-drill-option[data-index="{index}"]').click()
        page.wait_for_function(
            "(i) => { const r = document.querySelector('.tp-drill-result .tp-verdict');"
            " return r && document.querySelector(`.tp-drill-option[data-index='${i}'][aria-pressed='true']`); }",
            arg=index, timeout=30_000)
        found |= set(page.eval_on_selector_all(f"{VERDICT}[data-rule]",
                                               "(all) => all.map((v) => v.dataset.rule)"))
    return found


def test_a_wrong_drill_answer_weakens_its_rule_on_the_map_practice_asks_it_first_forget_clears_it(tab, voila):
    page = tab.page
    requests: list[str] = []
    page.on("request", lambda r: requests.append(f"{r.url}\n{r.post_data or ''}"))
    frames = frames_sent(page)
    open_drills(page, voila)
    page.evaluate("() => localStorage.clear()")
    # answer questions until one is answered wrong
    missed = None
    for _ in range(12):
        page.locator('.tp-drill-option[data-index="0"]').click()
        page.wait_for_selector(VERDICT, timeout=30_000)
        wrong = page.locator(f'{VERDICT}[data-verdict="wrong"][data-rule]')
        if wrong.count():
            missed = wrong.first.get_attribute("data-rule")
            break
        label = page.inner_text(".tp-step-label")
        page.locator(".tp-next-question").click()
        page.wait_for_function("(l) => document.querySelector('.tp-step-label').textContent !== l",
                               arg=label, timeout=30_000)
    assert missed, "no wrong answer in 12 questions"
    page.wait_for_function(f"(r) => JSON.parse(localStorage.getItem('{EVIDENCE}') || '[]')"
                           ".some((e) => e.rule === r && e.right === false)", arg=missed, timeout=10_000)
    kept = [e for e in evidence(page) if e["rule"] == missed]
    assert kept and kept[-1]["from"] == "drill" and kept[-1]["right"] is False
    # the page says what the sitting changed
    page.wait_for_selector(".tp-drill-changes li", timeout=10_000)
    page.set_viewport_size(LAPTOP)
    screenshot(page, "mastery-drills-laptop.png")

    # the rule map: that rule is "seen" (a miss), the others not seen
    page.goto(voila.render_url("index.ipynb"))
    entry = f'li.tc-rule[data-rule="{missed}"]'
    page.wait_for_selector(f'.tutor-app {entry}[data-level="seen"]', state="attached", timeout=90_000)
    assert page.locator('li.tc-rule[data-level="seen"]').count() >= 1
    assert page.locator(f'li.tc-rule[data-level="not-seen"]').count() > 20
    # the count line says what the map shows (the questions before the miss are random: a rule
    # answered right at the first try twice may already be known)
    known = page.locator('details.tc-rules[data-game="trapper"] li.tc-rule[data-level="known"]').count()
    count = page.inner_text('.tc-rule-count[data-game="trapper"]')
    assert count.startswith(f"Trapper: {known} of ") and count.endswith(", 0 due"), count
    # a reload keeps it
    page.reload()
    page.wait_for_selector(f'.tutor-app {entry}[data-level="seen"]', state="attached", timeout=90_000)
    page.locator('details.tc-rules[data-game="trapper"] > summary').click()
    page.locator(entry).scroll_into_view_if_needed()
    screenshot(page, "mastery-rule-map-laptop.png")
    assert page.eval_on_selector(".tc-rule-map", "(o) => getComputedStyle(o).columnCount") == "2"
    page.set_viewport_size(PHONE)  # on a phone: one column
    page.wait_for_function("() => getComputedStyle(document.querySelector('.tc-rule-map')).columnCount === '1'")
    page.locator(entry).scroll_into_view_if_needed()
    screenshot(page, "mastery-rule-map-phone.png")

    # practice what is due: the drills ask first about a rule missed. A wrong answer is a miss of
    # the option's rule and of the right answer's rule: which of them comes first is the
    # reference's order (mastery.practice_order) of this browser's record
    rules = list(games()["trapper"].rules)
    found = mastery.states(mastery.read_record(evidence(page), rules), datetime.now(timezone.utc))
    weakest = mastery.practice_order(rules, found)[0]
    assert found[missed].level == found[weakest].level == "seen"
    open_drills(page, voila)
    page.wait_for_selector(f'.tp-page[data-practise="{weakest}"]', state="attached", timeout=30_000)
    page.wait_for_timeout(300)  # the question chosen for it, painted
    assert weakest in rules_of_options(page)
    screenshot(page, "mastery-practice-phone.png")
    page.set_viewport_size(LAPTOP)

    # forget: the map shows it not seen, nothing kept
    page.goto(voila.render_url("index.ipynb"))
    page.wait_for_selector(f'.tutor-app {entry}[data-level="seen"]', state="attached", timeout=90_000)
    page.locator(".tc-forget").click()
    page.wait_for_selector(f'{entry}[data-level="not-seen"]', state="attached", timeout=30_000)
    page.wait_for_selector(".tc-record-said:not(:empty)", timeout=10_000)
    assert evidence(page) == []
    assert page.locator('li.tc-rule:not([data-level="not-seen"])').count() == 0

    # no request (address or body) carried the record to the server
    carried = [r for r in requests if missed in r and '"right"' in r]
    assert not carried, carried[:2]
    # nor any message to the kernel: practice got only the rules' order, the map nothing
    assert any('"practice"' in f and missed in f for f in frames), "no practice message seen"
    carried = [f for f in frames if RECORD_IN.search(f)]
    assert not carried, carried[0][:300]
    tab.assert_clean("after the mastery walk")


def test_the_coach_s_hint_in_free_play_names_its_move_and_rules_and_is_kept_as_not_found(tab, voila):
    page = tab.page
    page.goto(voila.render_url("trapper-play.ipynb"))
    page.wait_for_selector(".tp-hint-button:not([disabled])", state="visible", timeout=90_000)
    page.evaluate("() => localStorage.clear()")
    page.locator(".tp-hint-button").click()
    hint = page.wait_for_selector(".tp-hint[data-move][data-rules]", timeout=30_000)
    move, rules = hint.get_attribute("data-move"), hint.get_attribute("data-rules").split()
    assert move and rules and all(rule.startswith("trapper.") for rule in rules)
    # the hint's move is one of the legal moves the page lists
    listed = page.eval_on_selector_all("select.tp-moves option", "(all) => all.map((o) => o.textContent)")
    assert move in listed
    # the hint's move on the board: its trapper and its tile marked, places the board shows
    marked = page.eval_on_selector_all(".tp-board svg [data-mark]",
                                       "(all) => all.map((m) => m.getAttribute('data-mark'))")
    targets = page.eval_on_selector_all(".tp-board svg [data-target]",
                                        "(all) => all.map((m) => m.getAttribute('data-target'))")
    assert len(marked) == 2 and set(marked) <= set(targets), marked
    assert move.split("take ")[1].split(" ")[0] in marked, (move, marked)
    assert {(e["rule"], e["right"]) for e in evidence(page) if e["from"] == "hint"} == {
        (rule, False) for rule in rules}
    page.set_viewport_size(LAPTOP)
    screenshot(page, "mastery-hint-laptop.png")
    page.set_viewport_size(PHONE)
    page.locator(".tp-hint").scroll_into_view_if_needed()
    screenshot(page, "mastery-hint-phone.png")
    # the move played: the hint and its marks go
    page.select_option(".tp-moves", label=move)
    page.locator(".tp-play").click()
    page.wait_for_function("() => !document.querySelector('.tp-hint')", timeout=30_000)
    assert page.locator(".tp-board svg [data-mark]").count() == 0
    tab.assert_clean("after a hint")


def test_a_try_it_step_keeps_the_rule_a_refused_try_breaks_and_the_step_s_rules(tab, fixtures_voila):
    page = tab.page
    page.goto(fixtures_voila.render_url("trapper-try.ipynb"))
    page.wait_for_selector(".tp-board svg", state="visible", timeout=90_000)
    page.evaluate("() => localStorage.clear()")
    page.wait_for_timeout(200)  # the kernel hears the page is ready
    page.click(".tp-next")
    page.wait_for_selector(".tp-try-box:not([hidden])")
    page.fill(".tp-try-box .tp-typed", "green: take c4")  # refused: water blocks the way
    page.press(".tp-try-box .tp-typed", "Enter")
    page.wait_for_selector(".tp-feedback .tp-refusal")
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{EVIDENCE}') || '[]').length > 0")
    assert [(e["rule"], e["right"], e["from"]) for e in evidence(page)] == [
        ("trapper.take.water", False, "try")]
    page.fill(".tp-try-box .tp-typed", "green: take d3")  # the book's move, at the second try
    page.press(".tp-try-box .tp-typed", "Enter")
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{EVIDENCE}') || '[]').length > 1")
    page.wait_for_timeout(300)
    assert [(e["rule"], e["right"]) for e in evidence(page)][1:] == [
        ("trapper.take", False), ("trapper.take.reveal", False)]
    tab.assert_clean("after a try-it step")


def test_the_record_saved_to_a_file_and_read_back_in_another_browser(tab, browser, voila):
    page = tab.page
    page.goto(voila.render_url("index.ipynb"))
    page.wait_for_selector(".tutor-app .tc-forget", state="visible", timeout=90_000)
    at = page.evaluate("() => Date.now()") - 60_000
    page.evaluate(f"""() => localStorage.setItem('{EVIDENCE}', JSON.stringify([
        {{rule: 'canyon.setup', right: false, at: {at}, from: 'drill'}}]))""")
    page.reload()
    entry = 'li.tc-rule[data-rule="canyon.setup"]'
    page.wait_for_selector(f'.tutor-app {entry}[data-level="seen"]', state="attached", timeout=90_000)
    page.locator('details.tc-rules[data-game="canyon"] > summary').click()
    assert not axe_serious(page, ".tutor-course")  # the rule map and the record's controls
    # save: the link carries the record as a file
    page.locator(".tc-save-record").click()
    href = page.get_attribute(".tc-save-record", "href")
    assert href.startswith("data:application/json")
    from urllib.parse import unquote

    saved = unquote(href.split(",", 1)[1])
    assert json.loads(saved)["evidence"][0]["rule"] == "canyon.setup"
    # another browser (a fresh context): nothing, until the file is read
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        fresh = other.new_page()
        fresh.set_default_timeout(30_000)
        fresh.goto(voila.render_url("index.ipynb", "lang=nl"))  # a Dutch page, an English browser
        fresh.wait_for_selector(f'.tutor-app {entry}[data-level="not-seen"]', state="attached", timeout=90_000)
        # the file control in the page's language: the browser's own ("Choose file") hidden
        # under a label, still the one the keyboard reaches and the label names
        with using("nl"):
            named, nothing = T._("Read a record file"), T._("No file chosen")
        assert fresh.get_by_label(named, exact=True).count() == 1
        assert fresh.inner_text(".tc-read-record").strip() == named
        assert fresh.inner_text(".tc-file-name").strip() == nothing
        assert fresh.eval_on_selector(".tc-file-input", "(i) => getComputedStyle(i).opacity") == "0"
        box = fresh.locator(".tc-read-record").bounding_box()
        assert box and box["height"] >= 44
        fresh.locator(".tc-forget").focus()
        fresh.keyboard.press("Tab")  # past the save link
        fresh.keyboard.press("Tab")
        assert fresh.evaluate("() => document.activeElement.classList.contains('tc-file-input')")
        fresh.set_input_files(".tc-read-record input[type=file]", files=[
            {"name": "record.json", "mimeType": "application/json", "buffer": b"not a record"}])
        fresh.wait_for_selector(".tc-record-said:not(:empty)")
        assert fresh.inner_text('.tc-file-name[data-chosen="true"]') == "record.json"
        assert fresh.locator(f'{entry}[data-level="not-seen"]').count() == 1
        fresh.set_input_files(".tc-read-record input[type=file]", files=[
            {"name": "record.json", "mimeType": "application/json", "buffer": saved.encode()}])
        fresh.wait_for_selector(f'{entry}[data-level="seen"]', state="attached", timeout=30_000)
        kept = json.loads(fresh.evaluate(f"() => localStorage.getItem('{EVIDENCE}')"))
        assert [(e["rule"], e["right"]) for e in kept] == [("canyon.setup", False)]
    finally:
        other.close()
    tab.assert_clean("after saving the record")

