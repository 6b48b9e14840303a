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
    graph = graph_of("tutor")
    assert "tutor.trapper.rules" in graph and "tutor.core.game" in graph["tutor.trapper.rules"]
    assert "tutor.core.i18n" in graph["tutor.core.i18n_build"]  # the build side uses the runtime
    assert cycles(graph) == []


def test_widgets_has_no_cycles_but_the_known_ones():
    assert cycles(graph_of("widgets", "tutor")) == sorted(WIDGETS_CYCLES)


def test_the_cycle_finder_finds_a_deferred_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
