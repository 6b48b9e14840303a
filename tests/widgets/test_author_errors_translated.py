"""What the author page says when a lesson does not pass, or a step is not there, is said in
the page's language: the problems and the places (step, field, line) of the authoring model
(``widgets/pages/author/model.py``, domain ``widgets``) and of the walkthrough reader and replay
it checks a draft with (``tutor/core/walkthrough.py``, domain ``core``). The English stays word
for word what it was (the tests and ``python -m tutor check`` read it); the lesson file's own
words (field names, move texts, rule ids, fact names) stay as the file writes them."""
from __future__ import annotations

import dataclasses
from typing import Callable

import pytest

from tutor.core.errors import BadWalkthrough
from tutor.core.i18n import using

from widgets.pages.author.model import Draft


def _said(make: Callable[[], object], lang: str) -> BadWalkthrough:
    with using(lang), pytest.raises(BadWalkthrough) as caught:
        make()
    return caught.value


def _one_step() -> Draft:
    draft = Draft.new("trapper", seed=3)
    draft.play("blue: take e6")
    draft.write(1, narration="P1 takes e6.")
    return draft


# ---- the authoring model's own problems (domain widgets) ----------------------------------------
def _unknown_rule_set() -> None:
    _one_step().set_rules(1, ["trapper.no-such-rule"])


def _no_such_step() -> None:
    _one_step().write(5, narration="x")


def _nothing_refused() -> None:
    _one_step().keep_refused()


@pytest.mark.parametrize("make, english, dutch, italian", [
    (_unknown_rule_set,
     "step 1, field 'rules': unknown rule id 'trapper.no-such-rule' for trapper",
     "stap 1, veld 'rules': onbekende regel-id 'trapper.no-such-rule' voor trapper",
     "passo 1, campo 'rules': id di regola sconosciuto 'trapper.no-such-rule' per trapper"),
    (_no_such_step, "step: there is no step 5", "stap: er is geen stap 5",
     "passo: il passo 5 non esiste"),
    (_nothing_refused, "move: no refused move to keep", "zet: er is geen geweigerde zet om te bewaren",
     "mossa: nessuna mossa rifiutata da tenere"),
], ids=["unknown-rule", "no-such-step", "nothing-refused"])
def test_the_authoring_model_s_problems_are_said_in_the_page_language(make, english, dutch,
                                                                        italian):
    assert str(_said(make, "en")) == english
    assert str(_said(make, "nl")) == dutch
    assert str(_said(make, "it")) == italian


# ---- what the check of a draft finds (domain core) ----------------------------------------------
def _wrong_expectation() -> None:
    draft = _one_step()
    draft.steps[0] = dataclasses.replace(draft.steps[0], expect={"played": 7})
    draft.save()


def _unknown_rule_in_the_file() -> None:
    draft = _one_step()
    draft.steps[0] = dataclasses.replace(draft.steps[0], rules=("trapper.no-such-rule",))
    draft.save()


@pytest.mark.parametrize("make, english, dutch, italian", [
    (_wrong_expectation,
     "my-lesson.toml, step 1 (line 7), field 'expect': expect: 'played' should be 7 but is 1",
     "my-lesson.toml, stap 1 (regel 7), veld 'expect': expect: 'played' zou 7 moeten zijn, "
     "maar is 1",
     "my-lesson.toml, passo 1 (riga 7), campo 'expect': expect: 'played' dovrebbe essere 7 ma "
     "è 1"),
    (_unknown_rule_in_the_file,
     "my-lesson.toml, step 1 (line 7): unknown rule id 'trapper.no-such-rule' for trapper",
     "my-lesson.toml, stap 1 (regel 7): onbekende regel-id 'trapper.no-such-rule' voor trapper",
     "my-lesson.toml, passo 1 (riga 7): id di regola sconosciuto 'trapper.no-such-rule' per "
     "trapper"),
], ids=["wrong-expectation", "unknown-rule"])
def test_a_draft_that_does_not_pass_is_said_in_the_page_language(make, english, dutch, italian):
    assert str(_said(make, "en")) == english
    assert str(_said(make, "nl")) == dutch
    assert str(_said(make, "it")) == italian


def _refused_move() -> None:
    """A move put before the moves it needs: the check refuses it at its new place."""
    draft = Draft.new("trapper", seed=3)
    draft.play("blue: take e6")
    draft.play("end turn")
    draft.play("purple: take d3 paying green green")  # P2's move: needs the turn ended
    draft.move_step(3, 1)
    draft.save()


def test_a_refused_move_is_said_in_the_page_language_with_the_rule_s_reason():
    move = "'purple: take d3 paying green green'"
    english = _said(_refused_move, "en")
    assert english.where == "my-lesson.toml, step 1 (line 7), field 'move'"
    assert english.problem == (f"move {move} is refused: a colour swap for the purple trapper "
                               "needs two green cards; P1 has 0 [trapper.cards.swap]")
    dutch = _said(_refused_move, "nl")
    assert dutch.where == "my-lesson.toml, stap 1 (regel 7), veld 'move'"
    assert dutch.problem.startswith(f"zet {move} wordt geweigerd: een kleurenwissel")
    assert dutch.problem.endswith("[trapper.cards.swap]")
    italian = _said(_refused_move, "it")
    assert italian.where == "my-lesson.toml, passo 1 (riga 7), campo 'move'"
    assert italian.problem.startswith(f"la mossa {move} è rifiutata: un cambio colore")
    assert italian.problem.endswith("[trapper.cards.swap]")


def test_the_page_shows_the_draft_s_problem_in_its_language():
    """What the page puts on screen is ``str`` of the error (view.py): place and problem, both
    in the language, the file's words as they are."""
    shown = str(_said(_wrong_expectation, "nl"))
    assert "step" not in shown and "field" not in shown and "should be" not in shown
    assert "'expect'" in shown and "'played'" in shown


# ---- a lesson file opened to edit: the reader's own problems (inputs.read, domain core) --------
@pytest.mark.parametrize("text, english, dutch, italian", [
    ("", "lesson.toml: field 'game' is missing", "lesson.toml: veld 'game' ontbreekt",
     "lesson.toml: manca il campo 'game'"),
    ('game = "trapper"\ntitle = 3\n', "lesson.toml: field 'title' must be str, not int",
     "lesson.toml: veld 'title' moet str zijn, niet int",
     "lesson.toml: il campo 'title' deve essere str, non int"),
    ('game = "trapper"\ncolour = "red"\n',
     "lesson.toml: unknown field(s) ['colour']; allowed: ['game', 'lang', 'order', 'setup', "
     "'source', 'steps', 'summary', 'title']",
     "lesson.toml: onbekend(e) veld(en) ['colour']; toegestaan: ['game', 'lang', 'order', "
     "'setup', 'source', 'steps', 'summary', 'title']",
     "lesson.toml: campo/i sconosciuto/i ['colour']; ammessi: ['game', 'lang', 'order', "
     "'setup', 'source', 'steps', 'summary', 'title']"),
    ('game = "trapper"\ntitle = "t"\n[setup]\nrules = [3]\n\n[[steps]]\nnarration = "x"\n',
     "lesson.toml, [setup]: field 'rules' must be a list of rule ids",
     "lesson.toml, [setup]: veld 'rules' moet een lijst van regel-id's zijn",
     "lesson.toml, [setup]: il campo 'rules' deve essere una lista di id di regola"),
], ids=["empty", "wrong-kind", "unknown-field", "list-of-ids"])
def test_a_lesson_file_the_reader_refuses_is_said_in_the_page_language(text, english, dutch,
                                                                        italian):
    assert str(_said(lambda: Draft.open(text), "en")) == english
    assert str(_said(lambda: Draft.open(text), "nl")) == dutch
    assert str(_said(lambda: Draft.open(text), "it")) == italian


def test_the_author_page_says_an_empty_lesson_file_s_problem_in_its_language():
    from widgets.pages.author.view import AuthorPage
    for lang, said in (("nl", "lesson.toml: veld 'game' ontbreekt"),
                       ("it", "lesson.toml: manca il campo 'game'")):
        with using(lang):
            page = AuthorPage.start("trapper", seed=3)
            page.handle({"type": "start", "source": "file", "text": ""})
            assert page.draft["problem"] == said
