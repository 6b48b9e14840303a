"""Writing a lesson by playing it (issue 33): the authoring model, without a browser."""
from __future__ import annotations

import dataclasses

import pytest

from tutor.__main__ import check
from tutor.core.errors import BadWalkthrough, MalformedInput
from tutor.core.walkthrough import library, load, parse, replay
from tutor.core.writing import dumps

from widgets.pages.author.model import Draft

LESSONS = sorted(library().items())


def _same(one, other) -> dict:
    """The fields of two steps (or walkthroughs) that differ, the file line left out."""
    left, right = dataclasses.asdict(one), dataclasses.asdict(other)
    for gone in ("line", "path", "position_line", "steps", "id", "position"):
        left.pop(gone, None)
        right.pop(gone, None)
    return {k: (v, right[k]) for k, v in left.items() if right[k] != v}


@pytest.mark.parametrize("wid,path", LESSONS, ids=[w for w, _ in LESSONS])
def test_every_shipped_lesson_opened_and_saved_again_is_the_same(wid, path, tmp_path):
    walk = load(path)
    draft = Draft.open(path.read_text(encoding="utf-8"), name=path.name)
    text = draft.save()
    again = parse(text, name=path.name, wid=wid)
    assert len(again.steps) == len(walk.steps)
    for number, (old, new) in enumerate(zip(walk.steps, again.steps), start=1):
        assert not _same(old, new), f"step {number}"
    assert not _same(walk, again)
    assert (again.position or "").strip() == (walk.position or "").strip()
    saved = tmp_path / path.name
    saved.write_text(text, encoding="utf-8")
    assert check([str(saved)], out=open(tmp_path / "out.txt", "w")) == 0
    old_frames, new_frames = replay(walk).frames, replay(again).frames
    assert [f.move_text for f in new_frames] == [f.move_text for f in old_frames]
    assert [f.rule_ids for f in new_frames] == [f.rule_ids for f in old_frames]


def _three_steps() -> Draft:
    """A Trapper lesson of three steps: a move, a refused move kept, a try-it."""
    draft = Draft.new("trapper", seed=3, title="Eerste beurt")
    draft.lang = "nl"
    played = draft.play("blue: take e6")
    assert played.refused is None and played.step == 1
    draft.write(1, title="Blauw", narration="P1 neemt e6.")
    refused = draft.play("green: take a1")
    assert refused.refused == "trapper.turn.one-trapper" and refused.step is None
    assert len(draft.steps) == 1  # a refusal is no step until kept
    kept = draft.keep_refused()
    assert kept.step == 2 and draft.steps[1].refused == "trapper.turn.one-trapper"
    draft.write(2, narration="Geen groene kaart: geweigerd.")
    draft.play("blue: take f6 paying beige beige")
    draft.write(3, narration="Nu jij.")
    draft.make_try(3)
    return draft


def test_a_lesson_played_move_refusal_and_try_it_passes_the_check(tmp_path):
    draft = _three_steps()
    text = draft.save()
    walk = parse(text, name="eerste.toml")
    assert [s.move for s in walk.steps] == ["blue: take e6", "green: take a1",
                                            "blue: take f6 paying beige beige"]
    assert walk.steps[1].refused == "trapper.turn.one-trapper"
    assert walk.steps[2].try_it is not None
    frames = replay(walk).frames
    assert frames[2].refusal.rule_id == "trapper.turn.one-trapper"
    assert "trapper.turn.one-trapper" in frames[2].rule_ids
    path = tmp_path / "eerste.toml"
    path.write_text(text, encoding="utf-8")
    assert check([str(path)], out=open(tmp_path / "out.txt", "w")) == 0


def test_proposals_name_the_rules_and_the_changed_facts():
    draft = _three_steps()
    first = draft.proposals(1)
    assert first.rules and all(r.title for r in first.rules)
    changed = {c.key: c for c in first.changed}
    assert changed, "taking a tile changes facts"
    key = next(iter(changed))
    draft.tick(1, key)
    assert draft.steps[0].expect[key] == changed[key].after
    assert {c.key for c in draft.proposals(1).changed if c.ticked} == {key}
    refused = draft.proposals(2)
    assert [r.id for r in refused.rules if r.broken] == ["trapper.turn.one-trapper"]
    assert refused.changed == ()  # a refused move changes nothing
    walk = parse(draft.save())
    assert walk.steps[0].expect == {key: changed[key].after}


def test_a_try_it_accepts_the_moves_that_give_the_same_facts():
    draft = Draft.new("trapper", seed=3)
    draft.play("blue: take e6")
    draft.make_try(1)
    accepted = draft.steps[0].try_it.accept
    # the same tile paid otherwise is the same position: the engine proposes it
    assert "blue: take e6 paying beige beige" not in accepted or len(accepted) >= 1
    frames = replay(parse(draft.save())).frames
    assert frames[1].try_it is not None
    for text in accepted:
        assert text in frames[1].accepted_texts


def test_a_question_gets_its_answer_and_wrong_choices_from_nearby_positions():
    draft = Draft.new("trapper", seed=3)
    draft.play("blue: take e6")
    facts = draft.game.facts(draft.state_at(1))
    text_fact = next(k for k, v in facts.items() if k.startswith("display.") and v)
    draft.make_question(1, text_fact, "What does P1 show now?")
    ask = draft.steps[0].ask
    assert len(ask.choices) >= 2 and len(set(ask.choices)) == len(ask.choices)
    frame = replay(parse(draft.save())).frames[1]
    assert ask.choices[frame.answer_index] == str(facts[text_fact])
    number = next(k for k, v in facts.items() if isinstance(v, int) and not isinstance(v, bool))
    draft.make_question(1, number, "How many?")
    assert draft.steps[0].ask.choices == ()
    assert replay(parse(draft.save())).frames[1].answer == facts[number]


def test_undo_delete_and_reorder_and_the_check_names_the_broken_step():
    draft = Draft.new("trapper", seed=3)
    draft.play("blue: take e6")
    draft.play("end turn")
    assert len(draft.steps) == 2
    draft.undo()
    assert [s.move for s in draft.steps] == ["blue: take e6"] and draft.cursor == 1
    draft.play("end turn")
    draft.play("purple: take d3 paying green green")  # P2's move: needs the turn ended
    draft.move_step(3, 1)
    with pytest.raises(BadWalkthrough) as caught:
        draft.save()
    assert "step 1" in str(caught.value) and "'move'" in str(caught.value)
    draft.delete(1)
    assert [s.move for s in draft.steps] == ["blue: take e6", "end turn"]
    draft.save()


def test_an_expectation_that_no_longer_holds_is_named_by_step_and_field():
    draft = Draft.new("trapper", seed=3)
    draft.play("blue: take e6")
    key = draft.proposals(1).changed[0].key
    draft.play("end turn")
    draft.tick(2, key)  # its value after the turn ends
    draft.save()
    draft.steps[1] = dataclasses.replace(draft.steps[1], expect={key: "not this"})
    with pytest.raises(BadWalkthrough) as caught:
        draft.save()
    assert "step 2" in str(caught.value) and "field 'expect'" in str(caught.value)


def test_starting_from_a_lesson_step_and_from_a_position_text():
    draft = Draft.from_lesson_step("trapper/display", 2)
    old = replay(load(library()["trapper/display"])).frames[2].state
    assert draft.game.facts(draft.state_at(0)) == draft.game.facts(old)
    draft.play("end turn")
    draft.write(1, narration="x")
    again = Draft.new("trapper", position=draft.position)
    assert again.game.facts(again.state_at(0)) == draft.game.facts(old)
    with pytest.raises(MalformedInput):
        Draft.new("trapper", position="players: Anna\nboard: nonsense")


def test_a_file_from_elsewhere_is_read_with_the_usual_bounds_and_errors():
    with pytest.raises(BadWalkthrough):
        Draft.open(b"\xff\xfe not utf-8")
    with pytest.raises(BadWalkthrough) as caught:
        Draft.open('game = "trapper"\ntitle = "x"\n[[steps]]\nnarration = "n"\nrun = "import os"\n')
    assert "run" in str(caught.value)
    with pytest.raises(BadWalkthrough):
        Draft.open("x" * 2_000_000)


def test_texts_with_quotes_backslashes_and_line_breaks_are_written_as_texts():
    draft = Draft.new("trapper", seed=3)
    draft.play("pass")
    tricky = 'He said """stop""" \\n and \\" then\nnext line\t\x7f end'
    draft.write(1, title='a "title" \\', narration=tricky)
    walk = parse(draft.save())
    assert walk.steps[0].narration == tricky.strip()
    assert walk.steps[0].title == 'a "title" \\'
    assert dumps(walk) == draft.save().replace('title = "Trapper"', f'title = "{walk.title}"')


def test_a_lesson_carries_its_language():
    draft = _three_steps()  # written in Dutch
    walk = parse(draft.save())
    assert walk.lang == "nl" and 'lang = "nl"' in draft.save()
    assert Draft.open(draft.save()).lang == "nl"
    with pytest.raises(BadWalkthrough) as caught:
        parse(draft.save().replace('lang = "nl"', 'lang = "xx"'))
    assert "field 'lang'" in str(caught.value)
