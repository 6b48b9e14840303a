"""The page's front end (widgets/static, widgets/parts/frontend.py): ES modules the browser loads by
URL and links itself, from the entry anywidget loads; the split docs/frontend.md agrees on,
and the places that serve the modules where the page looks for them."""
from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from widgets.parts.frontend import ENTRY, SERVED_AT, STATIC, app_esm, served, stylesheet

ROOT = Path(__file__).resolve().parents[2]
#: the modules docs/frontend.md lists, each with one job, that the app loads
MODULES = ["env.js", "ui.js", "frame.js", "controls.js", "step.js", "progress.js", "mastery.js", "lesson.js",
           "play.js", "drills.js", "course.js", "app.js", "keepalive.js", "classroom.js"]
MODULES.append("author.js")  # the "Write a lesson" view
MODULES.append("levels.js")  # each rule's level worked out in the page (issue 32)
#: pages of their own, served as plain files (the class relay's student page): each imports
#: only the app's modules
PAGES = ["follow.js"]
PAGES.append("ahead.js")  # the static site's lesson drawn from its steps built ahead (issue 31)
#: modules no page of the app loads, only a page of its own (ahead.js's judge, which tests run
#: under Node too)
PAGE_MODULES = ["judge.js"]
PAGE_MODULES.append("pending.js")  # follow.js's answer kept until the relay has it
#: plain scripts, not modules: a page writes them where they run (the first paint's watcher,
#: widgets/parts/firstpaint.py); they import nothing
SCRIPTS = ["firstwait.js"]

_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"([^"]*)"\s*;?\s*$', re.M)
_EXPORTED = re.compile(r"^export\s+(?:async\s+)?(?:function\s*\*?|class|const)\s*([A-Za-z_$][\w$]*)", re.M)
_EXPORT_LIST = re.compile(r"^export\s*\{([^}]*)\}", re.M)


@cache
def text(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def imports(name: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """(module, [(imported name, local name)]) per static import of module ``name``."""
    found = []
    for names, target in _IMPORT.findall(text(name)):
        pairs = [(p.split()[0], p.split()[-1]) for p in names.split(",") if p.strip()]
        found.append((target, pairs))
    return found


def exports(name: str) -> set[str]:
    listed = {p.split()[-1] for names in _EXPORT_LIST.findall(text(name)) for p in names.split(",")
              if p.strip()}
    return set(_EXPORTED.findall(text(name))) | listed


def graph(entry: str) -> list[str]:
    """The modules ``entry`` imports, directly or not, each after those it imports; a cycle
    fails the test that asks."""
    order: list[str] = []
    path: list[str] = []

    def visit(name: str) -> None:
        assert name not in path, "an import cycle: " + " → ".join([*path[path.index(name):], name])
        if name in order:
            return
        path.append(name)
        for target, _ in imports(name):
            assert re.fullmatch(r"\./[\w-]+\.js", target), \
                f"{name} imports {target!r}: only our own modules, by relative path (no import map)"
            visit(target[2:])
        path.pop()
        order.append(name)

    visit(entry)
    return order


def test_every_module_docs_frontend_lists_is_loaded_and_nothing_else_is_there():
    assert sorted(graph("app.js")) == sorted(MODULES)
    assert sorted(p.name for p in STATIC.glob("*.js")) == sorted([ENTRY] + MODULES + PAGES + SCRIPTS
                                                                + PAGE_MODULES)
    for page in PAGES:
        assert set(graph(page)) <= {*MODULES, *PAGE_MODULES, page}
    for script in SCRIPTS:
        assert not re.search(r"^\s*(import|export)\b", text(script), re.M), script
    listed = re.findall(r"^\| `(\w+\.js)` \|", (ROOT / "docs" / "frontend.md").read_text(), re.M)
    assert sorted(listed) == sorted([ENTRY] + MODULES + PAGES + SCRIPTS + PAGE_MODULES)


def test_the_modules_import_no_cycle_and_only_their_own_modules():
    order = graph("app.js")
    assert order[-1] == "app.js"
    for module in order:
        for target, _ in imports(module):
            assert order.index(target[2:]) < order.index(module), (target, module)


def test_every_export_is_used_and_every_import_is_exported_and_used():
    order = graph("app.js") + PAGES
    used = {(target[2:], name) for m in order for target, names in imports(m) for name, _ in names}
    for module in graph("app.js"):
        unused = sorted(n for n in exports(module) if (module, n) not in used)
        assert not unused, f"{module} exports {', '.join(unused)}, which no module imports"
    for module in order:
        body = re.sub(r"^import .*$", "", text(module), flags=re.M)
        for target, names in imports(module):
            for name, local in names:
                assert name in exports(target[2:]), f"{module} imports {name} from {target}, " \
                                                    "which does not export it"
                assert re.search(rf"\b{re.escape(local)}\b", body), \
                    f"{module} imports {name} and never uses it"


def test_the_entry_anywidget_loads_imports_the_app_from_where_the_page_serves_it():
    """anywidget imports its module text from a blob: URL, where "./app.js" names nothing: the
    entry imports the app by URL, and only dynamically (a static import would be resolved
    against the blob). Where it looks is where each place serves widgets/static."""
    entry = app_esm()
    assert entry == text(ENTRY) and not imports(ENTRY)
    assert 'import(new URL("app.js", modules()).href)' in entry
    # the app's modules are not awaited before anywidget has the module (it gives it 2 s):
    # its render waits for them
    assert re.search(r"^export default \{ render: async \(context\) => \(await app\)\.default\.render\(context\) \};$",
                     entry, re.M) and "await import(" not in entry
    assert re.search(r"^export default \{", text("app.js"), re.M)  # anywidget's { render }
    assert SERVED_AT in entry  # JupyterLab: the Jupyter server's base URL, then this
    template = (ROOT / "share/jupyter/voila/templates/tutor/index.html.j2").read_text()
    assert "dataset.tutorModules" in template and 'resources.base_url ~ "' + SERVED_AT + '"' in template
    # the package installs the folder there; run.py copies it for its editable install
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    assert data["share/" + "jupyter/" + SERVED_AT.rstrip("/")] == ["widgets/static/*.js",
                                                                   "widgets/static/*.css"]
    assert {p.name for p in served()} == {p.name for p in STATIC.glob("*.js")} | {
        p.name for p in STATIC.glob("*.css")}


def test_the_app_loads_every_look_once():
    css = stylesheet()
    for name in ("page.css", "course.css", "keepalive.css"):
        assert (STATIC / name).read_text(encoding="utf-8") in css
    assert "_CSS" not in (ROOT / "widgets" / "pages" / "course.py").read_text()  # the course's look is course.css
