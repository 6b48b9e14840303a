"""``python -m tutor quotes``: the rules' quoted words and the glossary's book words checked
against a rulebook (here a made-up one: the real rulebooks are not in the repository)."""
from __future__ import annotations

from dataclasses import dataclass

from tutor.__main__ import main
from tutor.core.i18n_glossary import Glossary
from tutor.core.quotes import glossary_problems, problems

BOOK = """# Spelregels
Een **trapper** mag
geen water oversteken. De speler ontvangt goudmunten ( $3 \\times 2$ ).
"""


@dataclass
class Rule:
    words: str | None
    book: str | None


def test_words_found_across_line_breaks_and_markup_pass(tmp_path):
    (tmp_path / "000_x.txt").write_text(BOOK, encoding="utf-8")
    rules = [("g.water", Rule("Een trapper mag geen water oversteken.", "nl")),
             ("g.pay", Rule("goudmunten ( 3 × 2 )", "nl")),
             ("g.plain", Rule(None, None))]
    assert problems(rules, {"nl": "000_x.txt"}, tmp_path) == []


def test_words_the_book_does_not_have_are_named_with_the_rule_and_the_book(tmp_path):
    (tmp_path / "000_x.txt").write_text(BOOK, encoding="utf-8")
    rules = [("g.water", Rule("Een trapper mag ... geen bos oversteken", "nl")),
             ("g.it", Rule("la canoa", "it"))]
    assert problems(rules, {"nl": "000_x.txt"}, tmp_path) == [
        "g.water: 'geen bos oversteken' is not in 000_x.txt",
        "g.it: quotes a 'it' rulebook, but coverage.toml names none"]
    assert problems(rules[:1], {"nl": "001_gone.txt"}, tmp_path) == [
        f"g.water: the rulebook 001_gone.txt is not in {tmp_path}"]


def test_a_glossary_word_said_to_be_the_book_s_must_be_in_it(tmp_path):
    (tmp_path / "000_x.txt").write_text(BOOK, encoding="utf-8")
    glossary = Glossary.from_toml_text('''
[terms.trapper]
en = ["trapper"]
nl = ["trapper", "trappers"]
where = { nl = "line 2" }
[terms.canoe]
en = ["canoe"]
nl = ["kano"]
where = { nl = "line 9" }
[terms.ours]
en = ["forest"]
nl = ["bos"]
''', "glossary.toml")
    assert glossary_problems(glossary, {"nl": "000_x.txt"}, tmp_path) == [
        "glossary term 'canoe': none of ['kano'] is in 000_x.txt"]


def test_the_command_checks_the_shipped_games_against_the_folder_given(tmp_path, capsys):
    assert main(["quotes", "--seeds", str(tmp_path)]) == 1  # an empty folder: no rulebook
    said = capsys.readouterr().out
    assert "FAIL trapper" in said and "is not in" in said


def test_a_coverage_section_is_found_where_its_place_says(tmp_path):
    """InTrappola's one-picture setup was 'Preparazione (1)-(5)' at lines 21-29, which have no
    heading: 'Preparazione' is the several pictures' setup, further on. A section that goes
    on with an earlier one's heading ("Spelverloop: ...") is found by the first."""
    from types import SimpleNamespace as Section

    from tutor.core.quotes import place_problems

    (tmp_path / "000_x.txt").write_text(
        "# Spelverloop\n\nDe jongste begint.\n\n(1) Posizionatevi\n\nPreparazione\n(1) Due\n",
        encoding="utf-8")
    books = {"nl": "000_x.txt"}
    right = [Section(name="Spelverloop: de jongste", place="nl 000, lines 1-3"),
             Section(name="Spelverloop: verder", place="nl 000, line 5"),
             Section(name="“(1) Posizionatevi” (1)", place="nl 000, line 5"),
             Section(name="Preparazione (1)-(7)", place="nl 000, lines 7-8")]
    assert place_problems(right, books, tmp_path) == []
    wrong = [Section(name="Preparazione (1)-(5)", place="nl 000, line 5"),
             Section(name="Spelverloop", place="somewhere")]
    assert place_problems(wrong, books, tmp_path) == [
        "section 'Preparazione (1)-(5)': 'Preparazione' is not at nl 000, line 5 of 000_x.txt",
        "section 'Spelverloop': no rulebook lines in 'somewhere'"]
