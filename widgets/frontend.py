"""The page's script: the ES modules of ``widgets/static/`` linked into the one ESM text that
anywidget loads, and the page's stylesheets joined.

The modules (``docs/frontend.md`` says each one's job) import each other by relative path, as
a browser would load them; a server that serves files (the class relay, the static site) may
serve them as they are. anywidget takes one module text, so :func:`bundle` links them here,
with nothing but Python at run time (no Node.js build step for anyone who installs the tutor).

The linker reads only our own modules' forms, each a statement at the start of a line:

* ``import { a, b as c } from "./x.js";`` (a relative path, named imports only);
* ``export function f``, ``export async function f``, ``export class C``,
  ``export const x = ...``, ``export { a, b as c };``;
* ``export default ...;`` in the entry module only (the bundle's default export).

Anything else that begins a line with ``import`` or ``export`` (``export let``, ``export *``,
a default import, a package name) is refused with a :class:`LinkError` naming the file and
line; so is a name imported that its module does not export, and an import cycle. The
modules are ordered so that each comes after the modules it imports (depth first, in the
order of the imports), and each module's body is wrapped in a function of its own, so that
a name private to one module never meets another's: the function returns the module's
exports, and each import becomes a ``const { ... } = <module>;``. Exports are constants,
functions and classes, never reassigned, so copying them is the same as ES live bindings.

>>> text = bundle("app.js")
>>> text.startswith("// Rules Tutor") and text.rstrip().endswith("export default __app.default;")
True
>>> [m.name for m in link_order("app.js")][-1], unused_exports("app.js")
('app.js', {})
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"

#: one stylesheet per look (docs/frontend.md): every view of the app, and the keep-alive banner
STYLESHEETS = ("page.css", "course.css", "keepalive.css", "classroom.css")

_NAME = r"[A-Za-z_$][\w$]*"
_IMPORT = re.compile(r'^import[ \t]*\{([^}]*)\}[ \t]*from[ \t]*"([^"]*)"[ \t]*;?[ \t]*$', re.M)
_DECLARED = re.compile(rf"^export[ \t]+((?:async[ \t]+)?function[ \t]*\*?[ \t]*({_NAME})|class[ \t]+({_NAME})"
                       rf"|const[ \t]+({_NAME})\b)", re.M)
_LIST = re.compile(r"^export[ \t]*\{([^}]*)\}[ \t]*;?[ \t]*$", re.M)
_DEFAULT = re.compile(r"^export[ \t]+default[ \t]+", re.M)
_STATEMENT = re.compile(r"^(import|export)\b", re.M)
_RELATIVE = re.compile(r"^\./[\w-]+\.js$")


class LinkError(ValueError):
    """A module the linker cannot link (the message names the file and what is wrong)."""


@dataclass
class Module:
    """One module: its file name, its text and what it imports and exports."""

    name: str
    text: str
    #: (module file name, [(imported name, local name)]) per import statement, in order
    imports: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    #: exported name -> local name
    exports: dict[str, str] = field(default_factory=dict)
    default: bool = False

    @property
    def variable(self) -> str:
        return "__" + re.sub(r"\W", "_", self.name[:-len(".js")])


def _line(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _pairs(names: str, where: str) -> list[tuple[str, str]]:
    """``a, b as c`` -> [("a", "a"), ("b", "c")]."""
    found = []
    for part in names.split(","):
        words = part.split()
        if not words:
            continue
        if len(words) == 1 and re.fullmatch(_NAME, words[0]):
            found.append((words[0], words[0]))
        elif len(words) == 3 and words[1] == "as" and all(re.fullmatch(_NAME, w) for w in words[::2]):
            found.append((words[0], words[2]))
        else:
            raise LinkError(f"{where}: cannot read {part.strip()!r} in an import or export list")
    return found


def parse(name: str, text: str, entry: bool = False) -> Module:
    """Read a module's imports and exports (see the module's docs for the forms)."""
    module = Module(name, text)
    seen = set()
    for found in _IMPORT.finditer(text):
        where = f"{name}, line {_line(text, found.start())}"
        target = found[2]
        if not _RELATIVE.match(target):
            raise LinkError(f"{where}: imports {target!r}; only our own modules, by relative path "
                            f"(\"./ui.js\"), can be linked")
        module.imports.append((target[2:], _pairs(found[1], where)))
        seen.add(found.start())
    for found in _DECLARED.finditer(text):
        local = found[2] or found[3] or found[4]
        module.exports[local] = local
        seen.add(found.start())
    for found in _LIST.finditer(text):
        for local, exported in _pairs(found[1], f"{name}, line {_line(text, found.start())}"):
            module.exports[exported] = local
        seen.add(found.start())
    for found in _DEFAULT.finditer(text):
        if not entry:
            raise LinkError(f"{name}, line {_line(text, found.start())}: a default export belongs "
                            "in the entry module only; export names here")
        module.default = True
        seen.add(found.start())
    for found in _STATEMENT.finditer(text):
        if found.start() not in seen:
            statement = text[found.start():text.find("\n", found.start())]
            raise LinkError(f"{name}, line {_line(text, found.start())}: cannot link "
                            f"{statement.strip()!r} (named imports from \"./x.js\", and exported "
                            "functions, classes and constants only)")
    return module


def _read(name: str, folder: Path) -> str:
    path = folder / name
    if not path.is_file():
        raise LinkError(f"no module {name} in {folder}")
    return path.read_text(encoding="utf-8")


def link_order(entry: str, folder: Path = STATIC) -> list[Module]:
    """The modules ``entry`` needs, each after the ones it imports; the entry last."""
    modules: dict[str, Module] = {}
    order: list[Module] = []
    path: list[str] = []

    def visit(name: str) -> Module:
        if name in path:
            cycle = " → ".join([*path[path.index(name):], name])
            raise LinkError(f"an import cycle: {cycle}; a module's job must not need its own users")
        if name in modules:
            return modules[name]
        path.append(name)
        module = parse(name, _read(name, folder), entry=name == entry)
        for target, names in module.imports:
            imported = visit(target)
            missing = [n for n, _ in names if n not in imported.exports]
            if missing:
                raise LinkError(f"{name} imports {', '.join(missing)} from {target}, which does "
                                "not export it")
        path.pop()
        modules[name] = module
        order.append(module)
        return module

    visit(entry)
    return order


def _body(module: Module) -> str:
    text = _IMPORT.sub("", module.text)
    text = _LIST.sub("", text)
    text = re.sub(r"^export[ \t]+(?=(?:async[ \t]+)?function|class|const)", "", text, flags=re.M)
    text = _DEFAULT.sub("const __default__ = ", text)
    return text.strip("\n")


def _linked(modules: list[Module]) -> str:
    by_name = {m.name: m for m in modules}
    parts = ["// Rules Tutor's page script: the modules of widgets/static/ linked by "
             "widgets/frontend.py; edit those, not this.", ""]
    for module in modules:
        head = [f"const {{ {', '.join(n if n == l else f'{n}: {l}' for n, l in names)} }} = "
                f"{by_name[target].variable};" for target, names in module.imports]
        exported = [n if n == l else f"{n}: {l}" for n, l in module.exports.items()]
        if module.default:
            exported.append("default: __default__")
        parts += [f"// ---- {module.name} " + "-" * max(4, 86 - len(module.name)),
                  f"const {module.variable} = (() => {{", *head, _body(module),
                  f"return {{ {', '.join(exported)} }};", "})();", ""]
    parts.append(f"export default {modules[-1].variable}.default;")
    return "\n".join(parts) + "\n"


def bundle(entry: str = "app.js", folder: Path = STATIC) -> str:
    """The one ES module text of ``entry`` and every module it needs (see the module's docs)."""
    modules = link_order(entry, folder)
    if not modules[-1].default:
        raise LinkError(f"{entry}: the entry module has no default export (anywidget's "
                        "{ render })")
    return _linked(modules)


def unused_exports(entry: str = "app.js", folder: Path = STATIC) -> dict[str, list[str]]:
    """Per module, the names it exports that no module of ``entry``'s bundle imports."""
    modules = link_order(entry, folder)
    used = {(target, name) for m in modules for target, names in m.imports for name, _ in names}
    found = {m.name: sorted(n for n in m.exports if (m.name, n) not in used) for m in modules}
    return {name: names for name, names in found.items() if names}


def stylesheet(names: tuple[str, ...] = STYLESHEETS, folder: Path = STATIC) -> str:
    """The stylesheets ``names``, joined in that order."""
    return "\n".join(_read(name, folder) for name in names)


def plain_script(name: str, folder: Path = STATIC) -> str:
    """A plain script of ``folder``: not a module, not linked, run where a page writes it (the
    first paint's ``firstwait.js``)."""
    text = _read(name, folder)
    if "</script" in text.lower():
        raise LinkError(f"{name}: a plain script written into a page cannot say </script>")
    return text


@cache
def app_esm() -> str:
    """The course app's script (``app.js`` and what it imports), linked once per process."""
    return bundle("app.js")


@cache
def app_css() -> str:
    return stylesheet()


if __name__ == "__main__":  # python -m widgets.frontend > app.bundle.js: the text anywidget loads
    print(bundle(), end="")
