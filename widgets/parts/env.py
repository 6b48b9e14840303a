"""Where this kernel runs, decided once for the kernel's side (``widgets/static/env.js`` decides
the same for the page):

* ``"voila"`` - Voila runs the notebook as a page (it sets ``VOILA_KERNEL_ID`` in every kernel
  it runs, preheated or not): the first paint is written into the served page, the app owns the
  page's address, and the keep-alive talks to the server;
* ``"browser"`` - the kernel runs in the browser (Pyodide: JupyterLite, Voici;
  ``sys.platform == "emscripten"``): no server to ask, no request in the environment;
* ``"jupyter"`` - a notebook front end (JupyterLab, Notebook 7, VS Code) with an IPython kernel:
  the notebook stays a notebook (outputs are kept, links are plain links);
* ``"python"`` - plain Python (a script, a test): no page at all.

>>> where({"VOILA_KERNEL_ID": "k-1"}, "linux"), where({}, "emscripten"), where({}, "linux")
('voila', 'browser', 'python')
"""
from __future__ import annotations

import os
import sys
from typing import Mapping


def where(environ: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """``"voila"``, ``"browser"``, ``"jupyter"`` or ``"python"`` (see the module's docs)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if platform == "emscripten":
        return "browser"
    if environ.get("VOILA_KERNEL_ID"):
        return "voila"
    if environ is os.environ and _in_kernel():
        return "jupyter"
    return "python"


def _in_kernel() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    found = shell.get_ipython()
    return found is not None and getattr(found, "kernel", None) is not None
