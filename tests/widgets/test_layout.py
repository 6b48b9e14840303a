"""The views' layout holds (docs/architecture.md): a few rooms at the top of widgets/, and
floors that no import runs back up: parts <- serving <- games <- pages <- app."""
from __future__ import annotations

import ast
from pathlib import Path

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
#: the rooms, from the bottom floor up
FLOORS = ("parts", "serving", "games", "pages", "app")


def room(module: str) -> str | None:
    names = module.split(".")
    return names[1] if names[0] == "widgets" and len(names) > 1 and names[1] in FLOORS else None


def imports(path: Path) -> list[tuple[int, str]]:
    """The module each import of ``path`` names (at any depth: a function's own imports too);
    ``from widgets import games`` names ``widgets.games``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            found.append((node.lineno, "relative"))
        elif isinstance(node, ast.ImportFrom) and node.module:
            named = node.module if room(node.module) else f"{node.module}.{node.names[0].name}"
            found.append((node.lineno, named))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return found


def back_up(root: Path = WIDGETS) -> list[str]:
    """The imports that run back up the floors (or are relative: they hide where they go)."""
    wrong = []
    for path in sorted(root.rglob("*.py")):
        here = room(".".join(path.relative_to(root.parent).with_suffix("").parts))
        if here is None:
            continue
        for line, module in imports(path):
            there = room(module)
            if module == "relative" or there and FLOORS.index(there) > FLOORS.index(here):
                wrong.append(f"{path.relative_to(root.parent)}:{line} ({here}) imports {module}")
    return wrong


def test_no_import_runs_back_up_the_floors():
    assert back_up() == []


def test_the_check_finds_an_import_that_runs_back_up(tmp_path):
    parts = tmp_path / "widgets" / "parts"
    parts.mkdir(parents=True)
    (parts / "words.py").write_text("from widgets.pages.lesson.view import LessonPage\n")
    (parts / "svg.py").write_text("def f():\n    from widgets.games import kit_for\n")
    (parts / "html.py").write_text("from .svg import esc\nfrom widgets.parts.svg import esc\n")
    assert back_up(tmp_path / "widgets") == [
        "widgets/parts/html.py:1 (parts) imports relative",
        "widgets/parts/svg.py:2 (parts) imports widgets.games",
        "widgets/parts/words.py:1 (parts) imports widgets.pages.lesson.view"]


def test_the_top_of_widgets_holds_a_few_rooms():
    top = sorted(p.name for p in WIDGETS.iterdir() if p.name != "__pycache__")
    assert top == ["__init__.py", "app.py", "games", "locale", "pages", "parts", "serving",
                   "static"]
