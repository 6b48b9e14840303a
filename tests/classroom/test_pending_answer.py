"""A student's answer is not lost (``widgets/static/pending.js``, run under Node, as the class's
student page ``follow.js`` uses it): an answer given before the page has the question's poll,
or while its connection is down or carries nothing (a phone on school Wi-Fi), is kept and sent
once the poll and a connection are there, and again after a reconnection unless the relay's
"you" message says it has it; one to a question the class has left is let go, not sent where
the relay would refuse it. The student is told when an answer of theirs was not counted because
the class moved on, and only when it is true: the page's own knowledge (it never left the page)
or the relay's "late" word (it went out, maybe on a connection that dropped)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

PENDING_JS = Path(__file__).resolve().parents[2] / "widgets" / "static" / "pending.js"

#: each case: a list of events; the run answers with the messages sent and what is held after
#: each event. Events: ["open", bool] (the connection), ["give", at, value], ["step", at],
#: ["wait", lesson, step], ["you", mine], ["joined"], ["late", word] (the relay's "late");
#: ``at``: [lesson, step, phase, poll]; ``told``: what the student was told, in order
RUN = """
import { readFileSync } from "node:fs";
const P = await import(process.argv[1]);
const cases = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map((events) => {
  let open = true;
  const sent = [];
  const told = [];
  const keeper = P.answerKeeper((message) => { if (!open) return false; sent.push(message); return true; },
                                (note) => told.push(note));
  const at = (a) => P.asked(a[0], a[1], a[2], a[3]);
  const held = [];
  for (const [kind, ...args] of events) {
    if (kind === "open") open = args[0];
    else if (kind === "give") keeper.give(at(args[0]), args[1]);
    else if (kind === "step") keeper.shown(at(args[0]));
    else if (kind === "wait") keeper.moved(args[0], args[1]);
    else if (kind === "you") keeper.heard(args[0]);
    else if (kind === "joined") keeper.reconnected();
    else if (kind === "late") keeper.late(args[0]);
    const h = keeper.held;
    held.push(h && { poll: h.poll, sent: h.sent, value: h.value });
  }
  return { sent, held, told };
});
process.stdout.write(JSON.stringify(out));
"""


def run(*cases: list) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed (the static site's build needs it too): apt-get install nodejs")
    done = subprocess.run([node, "--input-type=module", "-e", RUN, PENDING_JS.as_uri()],
                          input=json.dumps(list(cases)), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_an_answer_with_its_poll_and_a_connection_goes_at_once_and_is_let_go_once_in():
    (case,) = run([["give", [1, 2, "ask", 7], {"choice": 1}],
                   ["you", {"poll": 7, "answered": True, "value": {"choice": 1}}]])
    assert case["sent"] == [{"type": "answer", "poll": 7, "choice": 1}]
    assert case["held"] == [{"poll": 7, "sent": True, "value": {"choice": 1}}, None]


def test_an_answer_before_the_page_has_the_poll_is_sent_when_the_poll_comes():
    (case,) = run([["give", [1, 2, "ask", None], {"choice": 2}],
                   ["step", [1, 2, "ask", 9]],
                   ["you", {"poll": 9, "answered": True, "value": {"choice": 2}}]])
    assert case["sent"] == [{"type": "answer", "poll": 9, "choice": 2}]
    assert case["held"][0] == {"poll": None, "sent": False, "value": {"choice": 2}}
    assert case["held"][-1] is None


def test_an_answer_given_offline_is_sent_when_the_connection_is_back():
    (case,) = run([["open", False],
                   ["give", [1, 4, "try", 3], {"text": "green: take d3"}],
                   ["open", True], ["joined"], ["step", [1, 4, "try", 3]],
                   ["you", {"poll": 3, "answered": True, "value": {"text": "green: take d3"}}]])
    assert case["sent"] == [{"type": "answer", "poll": 3, "text": "green: take d3"}]
    assert case["held"][1]["sent"] is False and case["held"][-1] is None


def test_an_answer_the_wifi_lost_is_sent_again_after_the_reconnection_unless_it_arrived():
    lost, arrived = run(
        [["give", [1, 4, "try", 3], {"move": 5}],  # went on a socket that carried nothing
         ["joined"], ["step", [1, 4, "try", 3]],
         ["you", {"poll": 3, "answered": True, "value": {"move": 5}}]],
        [["give", [1, 4, "try", 3], {"move": 5}],
         ["you", {"poll": 3, "answered": True, "value": {"move": 5}}],
         ["joined"], ["step", [1, 4, "try", 3]]])
    assert lost["sent"] == [{"type": "answer", "poll": 3, "move": 5}] * 2
    assert lost["held"][-1] is None
    assert arrived["sent"] == [{"type": "answer", "poll": 3, "move": 5}]  # not twice


def test_a_changed_answer_is_the_one_kept_and_an_older_one_s_receipt_does_not_end_it():
    (case,) = run([["open", False], ["give", [1, 2, "ask", 7], {"choice": 0}],
                   ["give", [1, 2, "ask", 7], {"choice": 3}], ["open", True],
                   ["you", {"poll": 7, "answered": True, "value": {"choice": 0}}],
                   ["you", {"poll": 7, "answered": True, "value": {"choice": 3}}]])
    assert case["sent"] == [{"type": "answer", "poll": 7, "choice": 3}]
    assert case["held"][-2]["value"] == {"choice": 3} and case["held"][-1] is None


def test_an_answer_to_a_question_the_class_has_left_is_let_go_not_sent():
    moved_on, revealed, other_lesson, asked_again, waited = run(
        [["open", False], ["give", [1, 2, "ask", 7], {"choice": 1}], ["open", True],
         ["step", [1, 3, "show", None]]],
        [["open", False], ["give", [1, 2, "ask", 7], {"choice": 1}], ["open", True],
         ["step", [1, 2, "revealed", None]]],
        [["give", [1, 2, "try", None], {"move": 1}], ["step", [2, 2, "try", 4]]],
        [["open", False], ["give", [1, 2, "ask", 7], {"choice": 1}], ["open", True],
         ["step", [1, 2, "ask", 8]]],
        [["give", [1, 2, "ask", None], {"choice": 1}], ["wait", 1, 3], ["step", [1, 3, "ask", 9]]])
    for case in (moved_on, revealed, other_lesson, asked_again, waited):
        assert case["sent"] == [] and case["held"][-1] is None, case


def test_nothing_is_kept_where_nothing_is_asked():
    (case,) = run([["give", [1, 2, "show", None], {"choice": 1}]])
    assert case == {"sent": [], "held": [None], "told": []}


def test_an_answer_that_never_left_the_page_is_said_not_counted_when_the_class_moves_on():
    offline, no_poll, changed, same = run(
        [["open", False], ["give", [1, 2, "ask", 7], {"choice": 1}], ["open", True], ["joined"],
         ["step", [1, 3, "show", None]]],
        [["give", [1, 2, "ask", None], {"choice": 1}], ["wait", 1, 3]],
        # her first answer is in (the relay said so); the change, made offline, is not
        [["give", [1, 2, "ask", 7], {"choice": 1}],
         ["you", {"poll": 7, "answered": True, "value": {"choice": 1}}], ["open", False],
         ["give", [1, 2, "ask", 7], {"choice": 2}], ["open", True], ["joined"],
         ["step", [1, 2, "revealed", None]]],
        [["give", [1, 2, "ask", 7], {"choice": 1}],
         ["you", {"poll": 7, "answered": True, "value": {"choice": 1}}], ["open", False],
         ["give", [1, 2, "ask", 7], {"choice": 1}], ["open", True], ["joined"],
         ["step", [1, 2, "revealed", None]]])
    assert offline["told"] == [{"poll": 7, "counted": "no"}] and offline["sent"] == []
    assert no_poll["told"] == [{"poll": None, "counted": "no"}]
    assert changed["told"] == [{"poll": 7, "counted": "earlier"}]
    assert changed["sent"] == [{"type": "answer", "poll": 7, "choice": 1}]
    assert same["told"] == []  # the same answer as the one the relay has: it counts


def test_an_answer_that_went_out_is_the_relay_s_to_say():
    race, dropped, counted, twice = run(
        # sent as the teacher moved on: the page says nothing until the relay's "late" comes
        [["give", [1, 2, "ask", 7], {"choice": 1}], ["step", [1, 3, "show", None]],
         ["late", {"poll": 7, "counted": "no"}]],
        # sent on a connection that dropped: sent again once the class has left the question
        [["give", [1, 2, "ask", 7], {"choice": 1}], ["open", False], ["open", True],
         ["joined"], ["step", [1, 3, "ask", 8]], ["late", {"poll": 7, "counted": "earlier"}]],
        # ... and it had arrived: nothing to say
        [["give", [1, 2, "try", 7], {"move": 3}], ["joined"], ["step", [1, 3, "show", None]],
         ["late", {"poll": 7, "counted": "yes"}]],
        # a change given offline after one that went out: the relay is asked too; told once
        [["give", [1, 2, "ask", 7], {"choice": 1}], ["open", False],
         ["give", [1, 2, "ask", 7], {"choice": 2}], ["open", True], ["joined"],
         ["step", [1, 3, "show", None]], ["late", {"poll": 7, "counted": "no"}],
         ["late", {"poll": 7, "counted": "no"}]])
    assert race["sent"] == [{"type": "answer", "poll": 7, "choice": 1}]
    assert race["told"] == [{"poll": 7, "counted": "no"}] and race["held"][1] is None
    assert dropped["sent"] == [{"type": "answer", "poll": 7, "choice": 1}] * 2
    assert dropped["told"] == [{"poll": 7, "counted": "earlier"}]
    assert counted["told"] == [] and counted["sent"][-1] == {"type": "answer", "poll": 7, "move": 3}
    assert twice["sent"] == [{"type": "answer", "poll": 7, "choice": 1},
                             {"type": "answer", "poll": 7, "choice": 2}]
    assert twice["told"] == [{"poll": 7, "counted": "no"}]


def test_an_answer_let_go_whose_late_word_never_came_is_asked_of_the_relay_after_a_reconnection():
    deaf, answered = run(
        # sent on a connection that carried nothing, then the class moved on: no "late" came
        [["give", [1, 2, "ask", 7], {"choice": 1}], ["step", [1, 3, "show", None]], ["joined"],
         ["late", {"poll": 7, "counted": "no"}], ["joined"]],
        # the "late" came before the drop: not asked again
        [["give", [1, 2, "ask", 7], {"choice": 1}], ["step", [1, 3, "show", None]],
         ["late", {"poll": 7, "counted": "no"}], ["joined"]])
    assert deaf["sent"] == [{"type": "answer", "poll": 7, "choice": 1}] * 2
    assert deaf["told"] == [{"poll": 7, "counted": "no"}]
    assert answered["sent"] == [{"type": "answer", "poll": 7, "choice": 1}]


def test_the_relay_s_late_word_lets_go_an_answer_still_held_and_nothing_else_is_told():
    held, answered = run(
        [["give", [1, 2, "ask", 7], {"choice": 1}], ["late", {"poll": 7, "counted": "no"}],
         ["step", [1, 3, "show", None]]],
        [["give", [1, 2, "ask", 7], {"choice": 1}],
         ["you", {"poll": 7, "answered": True, "value": {"choice": 1}}],
         ["step", [1, 3, "ask", 8]]])
    assert held["held"][1] is None and held["told"] == [{"poll": 7, "counted": "no"}]
    assert answered["told"] == []
