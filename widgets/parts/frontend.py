"""The page's files (``widgets/static/``, ``docs/frontend.md``): ES modules that the browser
loads by URL and links itself, the page's stylesheets, and the first paint's plain script.

anywidget loads one module text, from a ``blob:`` URL where relative imports name nothing:
``widget.js``, which imports ``app.js`` from where the page serves this folder (then the rest
by relative path): Voila's and JupyterLab's page template's static files
(``<base_url>voila/templates/tutor/static/``: the package installs this folder there, and the
app server answers that address from it), the static site's ``static/tutor/``, the class
relay's own ``static/``.

>>> "app.js" in app_esm() and "export default" in app_esm()
True
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "static"

#: one stylesheet per look (docs/frontend.md): every view of the app, and the keep-alive banner
STYLESHEETS = ("page.css", "course.css", "keepalive.css", "classroom.css")
#: the module anywidget loads (it imports the app by URL)
ENTRY = "widget.js"
#: where a Jupyter server serves this folder, below its base URL: the page template's static
#: files (Voila's handler, or the app server's own, widgets/serving/server.py)
SERVED_AT = "voila/templates/tutor/static/"


def served() -> list[Path]:
    """The files a page loads by URL: the modules and stylesheets (not the plain scripts)."""
    return sorted(p for p in STATIC.iterdir() if p.suffix in (".js", ".css"))


def stylesheet(names: tuple[str, ...] = STYLESHEETS, folder: Path = STATIC) -> str:
    """The stylesheets ``names``, joined in that order."""
    return "\n".join((folder / name).read_text(encoding="utf-8") for name in names)


def plain_script(name: str, folder: Path = STATIC) -> str:
    """A plain script of ``folder``: not a module, run where a page writes it (the first
    paint's ``firstwait.js``)."""
    text = (folder / name).read_text(encoding="utf-8")
    if "</script" in text.lower():
        raise ValueError(f"{name}: a plain script written into a page cannot say </script>")
    return text


@cache
def app_esm() -> str:
    """The module text anywidget loads (:data:`ENTRY`)."""
    return (STATIC / ENTRY).read_text(encoding="utf-8")


@cache
def app_css() -> str:
    return stylesheet()
