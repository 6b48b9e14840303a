"""No import cycles: the modules of ``tutor/`` form a graph without circles.

Every import counts, also one inside a function (a deferred import hides a cycle, it does
not remove it). ``widgets/`` is checked too once its known cycle is gone (see WIDGETS_CYCLES).
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: the cycles in widgets/ known today (the views are being rewritten); this list may only shrink
WIDGETS_CYCLES: list[list[str]] = []  # the views' rewrite (issue 10) removed the last one


def modules(package: str) -> dict[str, Path]:
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports (anywhere in its body)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # 'tutor.core.game.Game' -> the module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def graph_of(*packages: str) -> dict[str, set[str]]:
    mods = {k: v for p in packages for k, v in modules(p).items()}
    return {name: imports(name, path, set(mods)) for name, path in mods.items()}


def test_tutor_has_no_import_cycles():
    graph = graph_of("tutor", "i18nbuild")
    assert "tutor.trapper.rules" in graph and "tutor.core.game" in graph["tutor.trapper.rules"]
    assert "tutor.core.i18n" in graph["i18nbuild.catalogs"]  # the build side uses the runtime
    assert cycles(graph) == []


def _code_strings(tree: ast.AST) -> list[ast.Constant]:
    """The string constants of a module that are not docstrings."""
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [node for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docs]


def widgets_use(path: Path) -> list[str]:
    """Where a module of the engine imports the views or names a path into ``widgets/``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                 [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                 else [])
        found += [f"{path.name}:{node.lineno}: imports {n}" for n in names
                  if n.split(".")[0] == "widgets"]
    for node in _code_strings(tree):
        parts = node.value.replace("\\", "/").split("/")
        if "widgets" in parts:
            found.append(f"{path.name}:{node.lineno}: names {node.value!r}")
    return found


def test_the_engine_imports_nothing_of_the_views_and_reads_no_file_of_theirs(tmp_path):
    """`tutor/` never imports `widgets` and never builds a path into `widgets/` (the catalogs'
    tooling, which reads every domain, is `i18nbuild/`, beside the engine)."""
    assert [f for path in sorted((ROOT / "tutor").rglob("*.py")) for f in widgets_use(path)] == []
    sample = tmp_path / "sample.py"
    sample.write_text('"""Names widgets/ in a docstring."""\n# and widgets/ in a comment\n'
                      'def f():\n    """widgets/locale"""\n', encoding="utf-8")
    assert widgets_use(sample) == []
    for line in ('from widgets.parts.html import esc\n', 'import widgets\n',
                 'PLACE = ROOT / "widgets" / "locale"\n', 'PLACE = "widgets/texts.toml"\n'):
        sample.write_text(line, encoding="utf-8")
        assert widgets_use(sample), line


def test_only_the_engine_s_command_line_reaches_for_the_catalogs_tooling():
    """The kernel's modules never import `i18nbuild`; `python -m tutor check --lang` does, at
    its command line only."""
    graph = graph_of("tutor", "i18nbuild")
    users = sorted(name for name, targets in graph.items() if name.startswith("tutor")
                   and any(t.startswith("i18nbuild") for t in targets))
    assert users == ["tutor.__main__"]


def test_widgets_has_no_cycles_but_the_known_ones():
    assert cycles(graph_of("widgets", "tutor")) == sorted(WIDGETS_CYCLES)


def test_the_cycle_finder_finds_a_deferred_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
