"""Every name the page's ES modules (``widgets/static/*.js``) read is declared or imported in
the module, or is one of the browser's globals: a missing import ("button is not defined") was
met only when a browser ran the line, by the browser tests' script errors. Node's bundled
parser reads the modules (``module_names.mjs``); nothing of the page runs."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted((ROOT / "widgets" / "static").glob("*.js"))

#: what a page's scripts may read from the browser beside the language's own globals
BROWSER = {"window", "document", "navigator", "location", "history", "localStorage",
           "sessionStorage", "getComputedStyle", "matchMedia", "requestAnimationFrame",
           "cancelAnimationFrame", "requestIdleCallback", "MutationObserver", "ResizeObserver",
           "IntersectionObserver", "HTMLElement", "HTMLScriptElement", "Element", "Node",
           "KeyboardEvent", "MouseEvent", "DOMParser",
           # the browser's, and Node's only in some versions
           "WebSocket", "fetch", "Response", "Blob", "DecompressionStream", "TextDecoder",
           "performance", "URL", "URLSearchParams", "structuredClone", "crypto"}


def unknown_names(files: list[Path]) -> dict[str, list[str]]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed (the static site's build needs it too): apt-get install nodejs")
    done = subprocess.run([node, "--expose-internals", str(Path(__file__).with_name("module_names.mjs")),
                           *map(str, files)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    read = json.loads(done.stdout)
    known = BROWSER | set(read["builtins"])
    unknown = {Path(f).name: [n for n in names if n.split(":")[0] not in known]
               for f, names in read["found"].items()}
    return {f: names for f, names in unknown.items() if names}


def test_every_name_a_module_reads_is_declared_imported_or_the_browser_s():
    assert len(MODULES) > 20
    assert unknown_names(MODULES) == {}


def test_a_missing_import_is_found(tmp_path):
    """The check finds a name a module calls once its import is gone (frame.js's ``button``
    was lost so in a change of the language menu)."""
    frame = (ROOT / "widgets" / "static" / "frame.js").read_text()
    imports = re.search(r"import \{([^}]*)\} from", frame)
    name = next(n.strip() for n in imports[1].split(",") if f"{n.strip()}(" in frame)
    kept = ", ".join(n.strip() for n in imports[1].split(",") if n.strip() != name)
    broken = tmp_path / "frame.js"
    broken.write_text(frame.replace(imports[0], f"import {{ {kept} }} from", 1))
    found = unknown_names([broken])
    assert found and all(read.startswith(f"{name}:") for read in found["frame.js"])
