"""The page's script: our ES modules linked into the one text anywidget loads (widgets/frontend.py),
and the split docs/frontend.md agrees on."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from widgets.frontend import STATIC, LinkError, bundle, link_order, parse, stylesheet, unused_exports

ROOT = Path(__file__).resolve().parents[2]
#: the modules docs/frontend.md lists, each with one job
MODULES = ["env.js", "ui.js", "frame.js", "controls.js", "step.js", "progress.js", "lesson.js",
           "play.js", "drills.js", "course.js", "app.js", "keepalive.js", "classroom.js"]
#: pages of their own, served as plain files (the class relay's student page), not linked
#: into the app: each imports only the app's modules
PAGES = ["follow.js"]
#: plain scripts, neither modules nor linked: a page writes them where they run (the first
#: paint's watcher, widgets/preview.py); they import nothing
SCRIPTS = ["firstwait.js"]


def write(folder: Path, **modules: str) -> Path:
    for name, text in modules.items():
        (folder / f"{name}.js").write_text(text)
    return folder


def test_every_module_docs_frontend_lists_is_linked_and_nothing_else_is_there():
    linked = [m.name for m in link_order("app.js")]
    assert sorted(linked) == sorted(MODULES)
    assert sorted(p.name for p in STATIC.glob("*.js")) == sorted(MODULES + PAGES + SCRIPTS)
    for page in PAGES:
        assert {m.name for m in link_order(page)} <= {*MODULES, page}
    for script in SCRIPTS:
        assert not re.search(r"^\s*(import|export)\b", (STATIC / script).read_text(), re.M), script
    listed = re.findall(r"^\| `(\w+\.js)` \|", (ROOT / "docs" / "frontend.md").read_text(), re.M)
    assert sorted(listed) == sorted(MODULES + PAGES + SCRIPTS)


def test_each_module_comes_after_the_modules_it_imports():
    order = link_order("app.js")
    place = {m.name: i for i, m in enumerate(order)}
    for module in order:
        for target, _ in module.imports:
            assert place[target] < place[module.name], (target, module.name)
    assert order[-1].name == "app.js"
    text = bundle()
    assert [text.index(f"// ---- {m.name} ") for m in order] == sorted(
        text.index(f"// ---- {m.name} ") for m in order)


def test_every_export_is_used_and_every_import_is_exported():
    assert unused_exports("app.js") == {}
    for module in link_order("app.js"):
        for name, local in [p for _, names in module.imports for p in names]:
            body = module.text.split("\n", 1)[1]
            assert re.search(rf"\b{re.escape(local)}\b", re.sub(r"^import .*$", "", body, flags=re.M)), \
                f"{module.name} imports {name} and never uses it"


def test_modules_keep_their_private_names_to_themselves(tmp_path):
    write(tmp_path, a='export function a() { return paint(); }\nfunction paint() { return "a"; }\n',
          b='import { a } from "./a.js";\nfunction paint() { return "b"; }\n'
            'export default { render: () => a() + paint() };\n')
    text = bundle("b.js", tmp_path)
    assert text.count("function paint()") == 2
    assert re.search(r"const __a = \(\(\) => \{.*function paint\(\).*return \{ a \};\n\}\)\(\);",
                     text, re.S)
    assert "const { a } = __a;" in text and text.rstrip().endswith("export default __b.default;")


def test_renamed_imports_and_export_lists(tmp_path):
    write(tmp_path, a="const x = 1;\nfunction y() {}\nexport { x, y as why };\n",
          b='import { x as ex, why } from "./a.js";\nexport default { render: () => ex + why };\n')
    text = bundle("b.js", tmp_path)
    assert "return { x: x, why: y };" in text or "return { x, why: y };" in text
    assert "const { x: ex, why } = __a;" in text


def test_an_import_cycle_is_refused_naming_it(tmp_path):
    write(tmp_path, a='import { b } from "./b.js";\nexport const a = 1;\n',
          b='import { c } from "./c.js";\nexport const b = 2;\n',
          c='import { a } from "./a.js";\nexport const c = 3;\n',
          main='import { a } from "./a.js";\nexport default { render() {} };\n')
    with pytest.raises(LinkError, match="an import cycle: a.js → b.js → c.js → a.js"):
        bundle("main.js", tmp_path)


@pytest.mark.parametrize("text, says", [
    ('import x from "./a.js";\n', "cannot link 'import x from"),
    ('import { x } from "lit";\n', "only our own modules"),
    ("export let x = 1;\n", "cannot link 'export let x = 1;'"),
    ('export * from "./a.js";\n', "cannot link 'export * from"),
    ("export default 1;\n", "default export belongs in the entry module"),
    ('import { nothing } from "./a.js";\n', "imports nothing from a.js, which does not export it"),
])
def test_forms_the_linker_cannot_link_are_refused_with_the_file_and_line(tmp_path, text, says):
    write(tmp_path, a="export const x = 1;\n", bad="// a module\n" + text,
          main='import { x } from "./bad.js";\nexport default {};\n')
    with pytest.raises(LinkError, match=re.escape(says)) as refused:
        link_order("main.js", tmp_path)
    assert "bad.js" in str(refused.value) or "a.js" in str(refused.value)


def test_an_entry_needs_a_default_export_and_a_module_must_exist(tmp_path):
    write(tmp_path, main="export const x = 1;\n")
    with pytest.raises(LinkError, match="no default export"):
        bundle("main.js", tmp_path)
    with pytest.raises(LinkError, match="no module gone.js"):
        bundle("gone.js", tmp_path)


def test_a_parse_reads_what_a_module_imports_and_exports():
    module = parse("x.js", 'import { a, b as c } from "./y.js";\n'
                           "export async function f() {}\nexport class K {}\nexport const n = 1;\n")
    assert module.imports == [("y.js", [("a", "a"), ("b", "c")])]
    assert module.exports == {"f": "f", "K": "K", "n": "n"}


def test_the_app_loads_every_look_once():
    css = stylesheet()
    for name in ("page.css", "course.css", "keepalive.css"):
        assert (STATIC / name).read_text(encoding="utf-8") in css
    assert "_CSS" not in (ROOT / "widgets" / "course.py").read_text()  # the course's look is course.css
