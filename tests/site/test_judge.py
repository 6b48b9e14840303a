"""The static site's lesson answers as the kernel does (issue 31): ``widgets/static/judge.js``,
run under Node on a lesson's file built ahead (``sitebuild/ahead.py``), and the kernel's own
answers (:class:`widgets.pages.lesson.view.LessonPage`, its Lesson and LearnMessages) to the
same messages are the same: the phase, the feedback, "show me" offered, what is said, the board's
scene, the progress record and the evidence about the rules, at every message. The messages are read from the lesson (its
first step with a try-it and a question, its first number question), not written here.
"""
from __future__ import annotations

import functools
import gzip
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sitebuild.ahead import file_name
from tests.site.test_static_site import site as built_site  # noqa: F401
from tutor.core.i18n import SOURCE, set_language, using
from tutor.core.walkthrough import by_id, replay

ROOT = Path(__file__).resolve().parents[2]
JUDGE = ROOT / "widgets" / "static" / "judge.js"
KEYS = ("index", "phase", "feedback", "offer", "said", "record", "scene")

RUN = """
import { readFileSync } from "node:fs";
const { Judge } = await import(process.argv[1]);
const [data, messages] = JSON.parse(readFileSync(0, "utf8"));
const judge = new Judge(data);
judge.arrive(0);
const out = messages.map((m, i) => {
  const handled = judge.handle({ ...m, seq: String(i) });
  return handled ? judge.task(String(i)) : null;
});
process.stdout.write(JSON.stringify(out));
"""


def kernel_answers(wid: str, lang: str, messages: list[dict]) -> list[dict]:
    from widgets.app import lesson_for

    set_language(lang)
    try:
        with using(lang):
            from tutor.core.i18n import localize

            walk = by_id(wid)
            page = lesson_for(replay(localize(walk) if lang != SOURCE else walk), 0, query="")
            sent: list[dict] = []
            page.send = lambda content, buffers=None: sent.append(content)
            out = []
            for i, message in enumerate(messages):
                sent.clear()
                page.handle({**message, "seq": str(i)})
                out.append(next(m for m in sent if m.get("type") == "task"))
            page.release()
            return out
    finally:
        set_language(SOURCE)


def judged_in_node(wid: str, lang: str, messages: list[dict]) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed (the static site's build needs it too): apt-get install nodejs")
    data = lesson_file(wid, lang)
    done = subprocess.run([node, "--input-type=module", "-e", RUN, JUDGE.as_uri()],
                          input=json.dumps([data, messages]), capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def messages_for(wid: str) -> list[dict]:
    """A learner's way through the lesson's first step that asks: two wrong listed moves (show
    me offered), show me, a wrong answer then the right one; Next on, back to it (shown done),
    and a jump forward to it again (asked again), answered by Next."""
    from widgets.app import lesson_for

    page = lesson_for(replay(by_id(wid)), 0, query="")
    frames = page.composer.frames
    step = next(f for f in frames if f.try_it or f.question)
    data = page.composer.view(step.index).data()
    messages = [{"type": "go", "index": step.index}]
    if step.try_it:
        moves = data["task"]["scene"]["moves"]
        wrong = [i for text, i in moves if text != step.move_words][:2]
        messages += [{"type": "try", "how": "move", "index": i} for i in wrong]
        messages += [{"type": "show"}]
    if step.question:
        wrong = "999" if not step.question.choices else next(
            c for i, c in enumerate(step.question.choices) if i != step.answer_index)
        right = str(step.answer) if not step.question.choices else step.question.choices[step.answer_index]
        messages += [{"type": "answer", "text": wrong}, {"type": "answer", "text": right}]
        if not step.question.choices:
            messages += [{"type": "answer", "text": "no number"}]
    messages += [{"type": "go", "index": step.index + 1}, {"type": "go", "index": step.index},
                 {"type": "go", "index": 0}, {"type": "go", "index": step.index},
                 {"type": "reveal"}, {"type": "reveal"}, {"type": "reveal"}]
    page.release()
    return messages


@pytest.mark.parametrize("wid,lang", [("trapper/green-turn", "en"), ("trapper/to-market", "nl"),
                                      ("canyon/setup", "it"), ("trigger/doubles", "en")])
def test_the_page_s_judge_answers_as_the_kernel_does(wid, lang):
    messages = messages_for(wid)
    ours = judged_in_node(wid, lang, messages)
    kernel = kernel_answers(wid, lang, messages)
    for message, mine, theirs in zip(messages, ours, kernel):
        assert mine is not None, f"{message} needed Python"
        for key in KEYS:
            assert mine[key] == theirs[key], (wid, lang, message, key, mine[key], theirs[key])
        # what the tries and answers say of the rules (mastery), item by item
        assert mine["evidence"]["items"] == theirs["evidence"]["items"], (wid, lang, message)


def click_paths(data: dict, index: int) -> list[list[dict]]:
    """Every click the build foresaw at try-it step ``index`` (sitebuild/ahead.py's ``clicks``),
    each after the shortest way of clicks to the board it is made on: the messages the page
    sends for it (a click on a board element, a choice a click offered, a game button)."""
    built = data["judged"][str(index)]["clicks"]
    states, targets = built["states"], built["targets"]
    ways: dict[int, list[dict]] = {0: []}
    paths = []
    at = [0]
    while at:
        state = at.pop(0)
        found = states[state]
        edges = [({"type": "click", "target": targets[i]}, e) for i, e in enumerate(found.get("c", []))]
        edges += [({"type": "try", "how": "choice", "index": i}, e) for i, e in enumerate(found.get("h", []))]
        edges += [({"type": "try", "how": "action", "id": key}, e) for key, e in found.get("a", [])]
        for message, e in edges:
            if e is None:
                continue
            paths.append([*ways[state], message])
            if e[0] in (0, 3) and e[1] not in ways:
                ways[e[1]] = [*ways[state], message]
                at.append(e[1])
    return paths


#: the static site these tests read their lessons' files from (:func:`site_built`)
SITE: list[Path] = []


@pytest.fixture(scope="module", autouse=True)
def site_built(request):
    """The run's static site (built once for the run: tests/site/test_static_site.py), or the
    one ``$RULES_TUTOR_TEST_SITE`` names."""
    named = os.environ.get("RULES_TUTOR_TEST_SITE")
    SITE[:] = [Path(named) if named else request.getfixturevalue("built_site")]


@functools.cache
def lesson_file(wid: str, lang: str) -> dict:
    """A lesson's file as the site's build made it, in ``lang``: the one the page fetches."""
    name = file_name(wid.replace("/", "-"), lang)
    return json.loads(gzip.decompress((SITE[0] / "voici" / "render" / name).read_bytes()))


@pytest.mark.parametrize("wid,lang,index", [("trapper/colour-swap", "it", 5), ("canyon/current-push", "nl", 5),
                                            ("intrappola/es4-pair-caught", "it", 3),
                                            ("trigger/solo-malus", "nl", 8),
                                            ("canyon/trick", "it", 4),
                                            ("intrappola/turn-c-discard", "nl", 3)])
def test_board_clicks_at_a_try_it_step_are_answered_as_the_kernel_does(wid, lang, index):
    """Every click path built ahead at a try-it step (a board element, a choice a click
    offered, a game button, to the build's depth), each from the try's start: the page's
    judge answers it without Python, as the kernel's LessonPage does, message by message
    (the scene with what was chosen, the verdict of the move made, the evidence)."""
    data = lesson_file(wid, lang)
    paths = click_paths(data, index)
    kinds = {m["type"] if m["type"] == "click" else m["how"] for path in paths for m in path}
    assert "click" in kinds and len(paths) >= 10, (wid, len(paths), kinds)
    if wid in ("canyon/trick", "intrappola/turn-c-discard"):  # the hand's cards (the players'
        hand = ("card:", "discard:")  # panel) are clicked ahead too
        assert any(m.get("target", "").startswith(hand) for path in paths for m in path)
    messages = [m for path in paths for m in ({"type": "go", "index": index}, *path)]
    ours = judged_in_node(wid, lang, messages)
    kernel = kernel_answers(wid, lang, messages)
    moved = 0
    for message, mine, theirs in zip(messages, ours, kernel):
        assert mine is not None, f"{message} needed Python"
        for key in KEYS:
            assert mine[key] == theirs[key], (wid, lang, message, key, mine[key], theirs[key])
        assert mine["evidence"]["items"] == theirs["evidence"]["items"], (wid, lang, message)
        moved += message["type"] != "go" and bool(theirs["feedback"])
    assert moved, "no click path made a move"


def test_a_click_deeper_than_the_build_went_is_left_to_python():
    """A lesson whose clicks would make its file too big keeps the clicks of its first boards
    only (sitebuild/ahead.py, GROWTH): on a board reached but not clicked ahead, the page's
    judge answers nothing (Python does), and the clicks that led there were answered."""
    wid, lang = "trapper/most-species", "nl"
    data = lesson_file(wid, lang)
    index, found = next((int(i), f) for i, f in data["judged"].items() if "clicks" in f)
    built = found["clicks"]
    ways = {0: []}  # the clicks on board elements that reach each board
    for state in range(len(built["states"])):
        for number, e in enumerate(built["states"][state].get("c", []) if state in ways else []):
            if e is not None and e[0] in (0, 3) and e[1] not in ways:
                ways[e[1]] = [*ways[state], {"type": "click", "target": built["targets"][number]}]
    unclicked = [s for s in ways if not any(k in built["states"][s] for k in "cha")]
    assert unclicked, "no board reached and left to Python"
    way = ways[unclicked[0]]
    target = built["targets"][0]
    messages = [{"type": "go", "index": index}, *way, {"type": "click", "target": target}]
    ours = judged_in_node(wid, lang, messages)
    assert all(answer is not None for answer in ours[:-1]), ours
    assert ours[-1] is None
