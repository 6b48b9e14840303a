"""Practice what is due (issue 32.4): the drills page, sent the learner's record, asks first
about the rules due or weakest; a sitting says what it changed."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tutor.core import registry

from widgets.pages.drills.model import DrillRun
from widgets.pages.drills.view import DrillsPage

NOW = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def rules_of(drill) -> set[str]:
    return {o.rule_id for o in drill.options if o.rule_id}


def test_a_rule_missed_is_asked_about_first_and_a_known_one_is_not():
    game = registry.get("trapper")
    plain = DrillRun(game, seed=3)
    asked = [rules_of(plain.drill)] + [rules_of(plain.next()) for _ in range(30)]
    # a rule the drills ask about, but not in the first question
    missed = next(r for q in asked[5:] for r in sorted(q) if r not in asked[0])
    at = int((NOW - timedelta(minutes=5)).timestamp() * 1000)
    run = DrillRun(game, seed=3, clock=lambda: NOW)
    first = run.drill
    run.practise([{"rule": missed, "right": False, "at": at}])
    assert run.number == 1 and run.drill is not first  # the unanswered first question, chosen again
    assert missed in rules_of(run.drill)
    assert run.focus[0] == missed


def test_the_page_takes_the_record_and_says_what_the_sitting_changed():
    game = registry.get("trapper")
    page = DrillsPage(game, seed=3)
    page.run.clock = lambda: NOW
    at = int((NOW - timedelta(days=40)).timestamp() * 1000)
    page.handle({"type": "mastery", "evidence": [
        {"rule": r, "right": True, "at": at + i * 60_000} for i, r in enumerate(
            [o.rule_id for o in page.run.drill.options if o.rule_id] * 2)]})
    assert page.question["number"] == 1
    wrong = next(i for i, o in enumerate(page.run.drill.options) if not o.right)
    page.handle({"type": "choose", "index": wrong})
    assert page.changes and all("(" in line for line in page.changes)
    moved = page.run.changes()
    assert moved and {m["level"] for m in moved} == {"seen"}
    assert all(m["was"] in ("due", "not-seen") for m in moved)


def test_a_rule_due_that_no_question_asks_about_is_sent_to_its_lesson_step():
    game = registry.get("trapper")
    page = DrillsPage(game, seed=3)
    page.run.clock = lambda: NOW
    at = int((NOW - timedelta(minutes=5)).timestamp() * 1000)
    # the setup is shown by a lesson, and no drill kind asks about it
    page.handle({"type": "mastery", "evidence": [
        {"rule": "trapper.setup", "right": False, "at": at}]})
    asked = {o.rule_id for d in page.run._made for o in d.options}
    assert "trapper.setup" not in asked
    links = {item["rule"]: item for item in page.lessons}
    assert set(links) == {"trapper.setup"}
    assert links["trapper.setup"]["href"].startswith("trapper-") and "?step=" in links["trapper.setup"]["href"]
    assert links["trapper.setup"]["title"] == game.rules["trapper.setup"].title


def test_what_the_sitting_changed_follows_the_language_menu():
    from tutor.core.i18n import set_language, current

    before = current()
    try:
        page = DrillsPage(registry.get("trapper"), seed=3)
        while not any(o.rule_id and not o.right for o in page.run.drill.options):
            page.handle({"type": "next"})
        wrong = next(i for i, o in enumerate(page.run.drill.options) if o.rule_id and not o.right)
        page.handle({"type": "choose", "index": wrong})
        english = list(page.changes)
        assert english
        page.handle({"type": "lang", "lang": "nl"})
        assert page.changes and page.changes != english
        assert len(page.changes) == len(english)
    finally:
        set_language(before)


def test_practice_from_the_page_s_order_alone_asks_the_rule_first_and_sends_the_rest_to_lessons():
    """The page works the order out from the record it keeps and sends only rule ids
    (``practice``): the question asks about the first, ids not of the game are left out, and a
    wanted rule no question asks about is sent to its lesson step."""
    game = registry.get("trapper")
    page = DrillsPage(game, seed=3)
    # a rule the fifth question asks about and the first does not
    ahead = DrillRun(game, seed=3)
    shown = {o.rule_id for o in ahead.drill.options}
    for _ in range(4):
        ahead.next()
    target = next(o.rule_id for o in ahead.drill.options if o.rule_id and o.rule_id not in shown)
    page.handle({"type": "practice", "focus": ["nope.rule", target, "trapper.setup", 7],
                 "wanted": [target, "trapper.setup", "nope.rule"]})
    assert page.run.focus == [target, "trapper.setup"] and page.run.wanted == [target, "trapper.setup"]
    assert page.question["focus"] == target
    assert target in {o.rule_id for o in page.run.drill.options}
    assert [item["rule"] for item in page.lessons] == ["trapper.setup"]
    # the record itself is not what practice needs: a page that sends none asks as it comes
    plain = DrillsPage(game, seed=3)
    assert plain.run.focus == [] and plain.lessons == []


def test_a_sitting_moves_on_from_a_rule_just_answered_to_the_next_the_focus_names():
    """Trigger's drills with a fresh record: every question of the sitting asked the same
    rule (the dice), answered right or wrong, the same position asked twice in a row, because
    practice's order was fixed when the page opened. A rule answered goes behind the others
    practice wants, so the next question asks about another rule the drills have."""
    game = registry.get("trigger")
    order = list(game.rules)
    run = DrillRun(game, seed=0, clock=lambda: NOW)
    run.follow(order, [])
    asked = [rules_of(run.drill)]
    for turn in range(5):
        run.choose(turn % len(run.drill.options))
        asked.append(rules_of(run.next()))
    # each question asks about a rule none of the questions before it asked about
    assert all(now - set().union(*asked[:i]) for i, now in enumerate(asked) if i), asked
