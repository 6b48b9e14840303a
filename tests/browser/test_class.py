"""A live class in real browsers: a teacher's lesson page and three students' pages (one on a
phone, one in Dutch) on the session's server (the relay in the app server, no kernel for a
student). They follow five steps, answer a try-it step and a question, one steps away and
comes back; a student's page that tries to move the class is refused; a dropped connection
reconnects to the teacher's step; the class follows the teacher to the next lesson and
answers its poll, waits while the teacher is on the course page; the teacher ends the class.

Checked by behaviour: the pages' ``data-*`` (the step shown, the class's phase, the counts and
the tally's groups), not by their English words.
"""
from __future__ import annotations

import json

import pytest

from tutor.core.walkthrough import by_id, replay

pytestmark = pytest.mark.browser

LESSON = "trapper-green-turn.ipynb"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
WAIT = 30_000
EVIDENCE = "rules-tutor-evidence"

#: in a student's page: a socket of its own that joins and then sends what only a teacher may
INTRUDER_JS = """
async ([code, messages]) => {
  const url = new URL("../student", document.querySelector('script[src$="follow.js"]').src);
  url.protocol = url.protocol.replace("http", "ws");
  const socket = new WebSocket(url);
  const got = [];
  socket.onmessage = (event) => { if (typeof event.data === "string") got.push(JSON.parse(event.data).type); };
  await new Promise((resolve, reject) => { socket.onopen = resolve;  // bounded: no wait for ever
    socket.onerror = () => reject(new Error('the relay refused the socket'));
    setTimeout(() => reject(new Error('the socket did not open in 30 s')), 30000); });
  socket.send(JSON.stringify({ type: "join", code, lang: "en" }));
  await new Promise((resolve) => setTimeout(resolve, 400));
  for (const message of messages) socket.send(message);
  await new Promise((resolve) => setTimeout(resolve, 600));
  const open = socket.readyState === WebSocket.OPEN;
  socket.close();
  return { got, open };
}
"""


def kept(page) -> list[tuple[str, bool, str]]:
    """The student's own record in their browser (mastery.js): (rule, right, from)."""
    return [(e["rule"], e["right"], e["from"]) for e in page.evaluate(
        f"() => JSON.parse(localStorage.getItem('{EVIDENCE}') || '[]')")]


def at(page, selector: str) -> None:
    page.wait_for_selector(selector, timeout=WAIT)


def new_page(browser, viewport, errors, who, locale="en-US"):
    page = browser.new_context(viewport=viewport, locale=locale).new_page()
    page.set_default_timeout(WAIT)
    page.on("pageerror", lambda error: errors.append(f"{who}: {error}"))
    return page


def test_a_class_follows_the_teacher_answers_and_comes_back(browser, voila):
    errors: list[str] = []
    pages = []
    try:
        teacher = new_page(browser, LAPTOP, errors, "teacher")
        pages.append(teacher)
        teacher.goto(voila.render_url(LESSON, "class=new"))
        at(teacher, ".tk-bar[data-state=on].tk-big")  # the code large, for the class to scan
        code = teacher.get_attribute(".tk-bar", "data-code")
        link = teacher.get_attribute(".tk-link", "href")
        assert link.endswith(f"/tutor/class/join/{code}") and teacher.locator(".tk-qr svg").count() == 1
        key = teacher.evaluate("sessionStorage.getItem('rules-tutor-teach')")
        assert json.loads(key)["key"] not in link
        teacher.click(".tk-large")  # start teaching: the code goes to the bar

        # three students: a phone in Dutch by the link, a laptop typing the code, a phone
        ada = new_page(browser, PHONE, errors, "ada", "nl-NL")
        sockets = []  # Ada's connections to the relay, passed through (a drop is made below)
        deaf = set()  # those of them whose page's messages are lost on the way (bad Wi-Fi)

        def through(socket):
            server = socket.connect_to_server()
            number = len(sockets)
            socket.on_message(lambda message: None if number in deaf else server.send(message))
            sockets.append(socket)

        ada.route_web_socket("**/tutor/class/student", through)
        ada.goto(link)
        ada.fill("input[name=name]", "Ada")
        ada.click(".tf-join button")
        bert = new_page(browser, LAPTOP, errors, "bert")
        bert.goto(voila.url("tutor/class/join"))
        bert.fill("input[name=code]", f" {code[:3].lower()}-{code[3:].lower()} ")
        bert.click(".tf-join button")
        cleo = new_page(browser, PHONE, errors, "cleo")
        cleo.goto(f"{link}?lang=en")
        cleo.click(".tf-join button")
        students = [ada, bert, cleo]
        pages += students
        for student in students:
            at(student, ".tf-root[data-state=following][data-teacher-step='0']")
        at(teacher, ".tk-bar[data-following='3']")
        assert ada.evaluate("document.documentElement.lang") == "nl"
        assert ada.inner_text(".tp-step-label") != bert.inner_text(".tp-step-label")  # in Dutch
        assert teacher.text_content(".tk-names p") == "Ada"  # the one who gave a name

        def teacher_next(step: int, phase: str) -> None:
            teacher.click(".tp-next")
            for student in students:
                at(student, f".tf-root[data-teacher-step='{step}'][data-phase='{phase}']")

        teacher_next(1, "show")
        teacher_next(2, "try")  # a try-it step: each student makes the move
        shown = bert.inner_html(".tp-story")
        assert "tf-task" in shown and not bert.locator(".tp-move-box code").count()  # the move is not told
        ada.fill(".tp-typed", "groen: neem d3")  # the book's move, in Dutch words
        ada.click(".tf-send")
        bert.select_option(".tp-moves", index=3)  # another move from the list
        bert.click(".tf-send")
        cleo.fill(".tp-typed", "green: take a1")  # refused by a rule
        cleo.click(".tf-send")
        at(teacher, ".tk-bar[data-answered='3'][data-judged='3']")
        assert teacher.locator(".tk-tally").is_hidden()  # how many, not what, until revealed
        at(ada, ".tf-task[data-answered=true]")

        teacher_next(2, "ask")  # revealed: the book's move on every screen, the question asked
        at(teacher, ".tk-tally:not([hidden])[data-kind=try][data-total='3']")
        groups = teacher.eval_on_selector_all(".tk-tally .tt-bar", "bars => bars.map(b => [b.dataset.group, b.dataset.count])")
        assert ["book", "1"] in groups and any(g.startswith("refused:trapper.") for g, _ in groups)
        assert ada.locator(".tf-verdicts [data-verdict=book]").count() == 1
        assert cleo.locator(".tf-verdicts [data-verdict=illegal]").count() == 1
        ada.click(".tp-answer-choice >> nth=0")
        bert.click(".tp-answer-choice >> nth=1")
        at(teacher, ".tk-bar[data-answered='2'][data-judged='2']")
        at(bert, ".tp-answer-choice[aria-pressed=true][data-index='1']")
        teacher_next(2, "revealed")
        at(teacher, ".tk-tally[data-kind=ask][data-total='2']")
        bars = teacher.eval_on_selector_all(".tk-tally .tt-bar", "bars => bars.map(b => [b.dataset.group, b.dataset.right])")
        assert bars == [["choice:0", "true"], ["choice:1", "false"]]
        # what the class missed (issue 32.6): per rule, first answers right, counts and no names
        teacher.wait_for_selector(".tk-missed:not([hidden]) .tk-missed-table tr[data-rule]", state="attached")
        counted = teacher.eval_on_selector_all(
            ".tk-missed-table tr[data-rule]", "rows => rows.map(r => [r.dataset.answered, r.dataset.right])")
        assert ["3", "1"] in counted or ["5", "2"] in counted, counted  # the try-it step: Ada's book move
        assert "Ada" not in teacher.inner_text(".tk-missed")
        assert ada.locator(".tf-verdicts [data-verdict=right]").count() == 1
        assert bert.locator(".tf-verdicts [data-verdict=wrong]").count() == 1
        assert ada.locator(".tp-move-box code").count() == 1  # the step shown done
        # each student's own record, in their own browser (issue 32): what their first answers
        # said of each rule, as a lesson's try-it step and question record it
        step = replay(by_id("trapper/green-turn")).frames[2]
        for student in students:
            student.wait_for_function(f"() => JSON.parse(localStorage.getItem('{EVIDENCE}') || '[]')"
                                      ".some((e) => e.from === 'try')")
        ada.wait_for_function(f"() => JSON.parse(localStorage.getItem('{EVIDENCE}') || '[]')"
                              ".some((e) => e.from === 'ask')")
        bert.wait_for_function(f"() => JSON.parse(localStorage.getItem('{EVIDENCE}') || '[]')"
                               ".some((e) => e.from === 'ask')")
        assert kept(ada) == [(rule, True, "try") for rule in step.rule_ids] + [
            (step.answer_rule, True, "ask")]
        assert kept(bert) == [(rule, False, "try") for rule in step.rule_ids] + [
            (step.answer_rule, False, "ask")]
        refused = kept(cleo)  # the rule her move broke, then the step's rules: not right
        assert refused[0][0].startswith("trapper.") and refused[0][1:] == (False, "try")
        assert refused[1:] == [(rule, False, "try") for rule in step.rule_ids]
        before = kept(ada)
        ada.reload()  # the same student again, told the same verdicts: nothing kept twice
        at(ada, ".tf-root[data-state=following][data-teacher-step='2'] .tf-verdicts [data-verdict=right]")
        ada.wait_for_timeout(300)
        assert kept(ada) == before
        at(teacher, ".tk-bar[data-following='3']")

        teacher_next(3, "show")
        # Cleo steps away, looks back, the class goes on without her, she comes back
        cleo.click(".tf-step-away")
        at(cleo, ".tf-root[data-state=away]")
        at(teacher, ".tk-bar[data-following='2']")
        cleo.click(".tf-prev")
        at(cleo, ".tf-root[data-state=away][data-step='2']")
        own = cleo.get_attribute(".tf-try-here", "href")
        assert "step=2" in own and f"follow={code}" in own and "voila/render/" in own
        teacher.click(".tp-next")  # Cleo is away: she stays where she looks
        for student in (ada, bert):
            at(student, ".tf-root[data-teacher-step='4']")
        assert cleo.get_attribute(".tf-root", "data-step") == "2"
        cleo.click(".tf-back-to-class")
        at(cleo, ".tf-root[data-state=following][data-step='4']")
        at(teacher, ".tk-bar[data-following='3']")
        teacher_next(5, "try")

        # a student's page that tries to move the class, reveal or end it is refused
        tried = bert.evaluate(INTRUDER_JS, [code, [
            json.dumps({"type": "go", "step": 0, "phase": "done"}), json.dumps({"type": "end"}),
            json.dumps({"type": "steps", "items": []}), "not json"]])
        assert "joined" in tried["got"] and tried["open"]
        assert teacher.get_attribute(".tk-bar", "data-state") == "on"
        for student in students:
            assert student.get_attribute(".tf-root", "data-teacher-step") == "5"
        assert "dropped a student message" in voila.log()

        # an answer the Wi-Fi lost (her page's socket open, carrying nothing) is kept, not
        # told "in", and sent again once she is connected again (it was lost, unsaid)
        deaf.add(len(sockets) - 1)
        ada.select_option(".tp-moves", index=1)
        ada.click(".tf-send")
        at(ada, ".tf-task[data-answered=pending]")
        assert ada.locator(".tf-sent").is_hidden()
        sockets[-1].close(code=4000, reason="the Wi-Fi dropped")
        at(ada, ".tf-root[data-state=following][data-teacher-step='5'] .tf-task[data-answered=true]")
        at(teacher, ".tk-bar[data-answered='1'][data-judged='1']")

        # a dropped connection says so and comes back at the teacher's step, as the same student;
        # the change she made as it dropped did not reach the class before the reveal: she is
        # told, in Dutch, that her earlier answer is the one counted (the relay's word)
        assert ada.locator(".tf-late").is_hidden()
        deaf.add(len(sockets) - 1)
        ada.select_option(".tp-moves", index=2)
        ada.click(".tf-send")
        at(ada, ".tf-task[data-answered=pending]")
        sockets[-1].close(code=4000, reason="the Wi-Fi dropped")
        at(ada, ".tf-root[data-state=lost]")
        teacher.click(".tp-next")  # the book's move revealed meanwhile
        at(ada, ".tf-root[data-state=following][data-teacher-step='5'][data-phase=revealed]")
        at(ada, ".tf-late[data-late=earlier]:not([hidden])")
        assert "klas" in ada.inner_text(".tf-late")  # the page's language
        assert len(sockets) == 4  # her first, after her reload, the two reconnections
        at(teacher, ".tk-bar[data-following='3']")

        # the teacher walks the class on to the next lesson (a link of the course app: the same
        # kernel): the same code and students, each in their own language; its polls work
        teacher.keyboard.press("End")
        teacher.click(".tk-onward:visible, .tp-next-lesson:visible")  # (the class bar's at the end)
        at(teacher, ".tk-bar[data-state=on][data-lesson='trapper/colour-swap']")
        for student in students:
            at(student, ".tf-root[data-state=following][data-lesson='2'][data-teacher-step='0']")
        assert ada.locator(".tf-late").is_hidden()  # said on the step it was about only
        assert ada.inner_text(".tp-title") != bert.inner_text(".tp-title")  # in Dutch
        assert teacher.get_attribute(".tk-bar", "data-code") == code
        teacher_next(1, "show")
        teacher_next(2, "try")
        bert.select_option(".tp-moves", index=1)
        bert.click(".tf-send")
        at(teacher, ".tk-bar[data-answered='1'][data-judged='1']")

        # the teacher goes to the course page to choose the next lesson: the class waits
        teacher.click(".tp-home")
        for student in students:
            at(student, ".tf-root[data-state=choosing]")
        at(teacher, ".tk-dock:not([hidden]) .tk-bar[data-state=on][data-following='3']")

        # the teacher ends the class: two presses
        teacher.click(".tk-end")
        teacher.click(".tk-end")
        for student in students:
            at(student, ".tf-root[data-state=ended]")
        at(teacher, ".tk-bar[data-state=ended]")
        assert not errors, errors
    finally:
        for page in pages:
            page.context.close()
