"""The rule map on the course page (issue 32.3): every rule of each game's rules.toml, in the
page's language, its level from the evidence the page sends, a link to the lesson step that
shows it, a count per game."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from urllib.parse import parse_qs, unquote, urlsplit

from tutor.core import registry
from tutor.core.i18n import using
from tutor.core.walkthrough import by_id

from widgets.pages.course import CoursePage, course_html, course_page, mastery_data, notebooks_folder

NOW = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
_ITEM = re.compile(r'<li class="tc-rule" data-rule="([^"]+)" data-level="([^"]+)">(.*?)</li>', re.S)


def items(page: str, game: str) -> list[tuple[str, str, str]]:
    section = page[page.index(f'<details class="tc-rules" data-game="{game}">'):]
    section = section[:section.index("</details>")]
    return _ITEM.findall(section)


def test_every_rule_of_each_game_is_on_the_map_not_seen_with_a_link_to_a_step_that_shows_it():
    page = course_html()
    for game_name in ("trapper", "intrappola", "trigger", "canyon"):
        game = registry.get(game_name)
        found = items(page, game_name)
        assert [rule for rule, _, _ in found] == list(game.rules)
        assert {level for _, level, _ in found} == {"not-seen"}
        linked = 0
        for rule, _, inner in found:
            href = re.search(r'href="([^"]+)"', inner)
            if href is None:
                continue
            linked += 1
            address = urlsplit(unquote(href[1].replace("&amp;", "&")))
            step = int(parse_qs(address.query)["step"][0])
            wid = f"{game_name}/{address.path[len(game_name) + 1:-len('.ipynb')]}"
            assert (notebooks_folder() / address.path).is_file()
            walk = by_id(wid)
            shown = walk.intro_rules if step == 0 else walk.steps[step - 1].rules
            asked = walk.steps[step - 1].ask if step else None
            assert rule in shown or (asked is not None and asked.rule == rule), (rule, wid, step)
        assert linked > len(found) // 2, game_name


def test_the_map_speaks_the_page_s_language():
    with using("nl"):
        page = course_html()
        title = registry.get("trapper").rules["trapper.take.water"].title
    english = registry.get("trapper").rules["trapper.take.water"].title
    assert title != english
    entry = next(inner for rule, _, inner in items(page, "trapper") if rule == "trapper.take.water")
    assert title in entry.replace("&#x27;", "'") and english not in entry


def test_a_miss_shows_on_the_map_and_in_the_count():
    at = int((NOW - timedelta(days=30)).timestamp() * 1000)
    evidence = [{"rule": "trapper.take.water", "right": True, "at": at},
                {"rule": "trapper.take.water", "right": True, "at": at + 60_000},
                {"rule": "trapper.money", "right": True, "at": at},
                {"rule": "trapper.money", "right": True, "at": at + 60_000},
                {"rule": "trapper.money", "right": False, "at": at + 120_000},
                {"rule": "trapper.setup", "right": True, "at": int(NOW.timestamp() * 1000) - 120_000},
                {"rule": "trapper.setup", "right": True, "at": int(NOW.timestamp() * 1000) - 60_000}]
    data = mastery_data(evidence, NOW, ["trapper"])
    assert data["rules"]["trapper.take.water"]["level"] == "due"
    assert data["rules"]["trapper.money"]["level"] == "seen"
    assert data["rules"]["trapper.setup"]["level"] == "known"
    assert data["rules"]["trapper.setup"]["due"] == "2026-03-04"
    assert data["rules"]["trapper.cards"]["level"] == "not-seen"
    total = len(registry.get("trapper").rules)
    assert data["counts"]["trapper"] == f"Trapper: 1 of {total} rules known, 1 due"
    with using("it"):
        italian = mastery_data(evidence, NOW, ["trapper"])
    assert italian["counts"]["trapper"] != data["counts"]["trapper"]
    assert italian["rules"]["trapper.money"]["label"] != data["rules"]["trapper.money"]["label"]


def test_the_course_page_answers_the_evidence_it_is_sent_and_drops_what_it_cannot_read():
    page = course_page()
    assert isinstance(page, CoursePage) and page.mastery == {}
    page.handle({"type": "mastery", "evidence": "not a list"})
    assert page.mastery == {}
    page.handle({"type": "mastery", "evidence": [
        {"rule": "canyon.setup", "right": False, "at": int(NOW.timestamp() * 1000)}]})
    rules = page.mastery["rules"]
    assert set(rules) >= set(registry.get("canyon").rules)
    assert [r for r, v in rules.items() if v["level"] != "not-seen"] == ["canyon.setup"]
    assert rules["canyon.setup"]["level"] == "seen"
