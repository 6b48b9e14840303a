"""What the static site ships, pinned: the Pyodide runtime and the kernel's wheels.

The build tools themselves (voici-core, jupyterlite-core, the Pyodide kernel's extension) are
pinned in ``pyproject.toml``'s extra ``site``. These are what the *browser* runs:

* :data:`PYODIDE` - the runtime, from the npm registry (``npm pack pyodide@<v>``). It must be
  the version the kernel extension was made for (jupyterlite-pyodide-kernel 0.6.1: 0.27.x).
* :data:`KERNEL` - pure-Python wheels from the package index for Pyodide's Python: IPython and
  what it imports at start-up, at the versions Pyodide's own distribution of this release was
  tested with (its ``pyodide-lock.json``), plus ``comm`` (not in Pyodide's distribution).
* :data:`SAME_AS_BUILD` - taken at the version installed where the site is built, because the
  site's front end comes from there: ipywidgets' and anywidget's JavaScript must speak to
  the same version in the kernel.
* The kernel's own shims (piplite, pyodide_kernel, ipykernel, widgetsnbextension) come from
  the installed ``jupyterlite-pyodide-kernel`` extension, and the project's own wheel is
  made from this folder (``pip wheel``), catalogs compiled.

Left out on purpose: jedi and parso (completion, which a page never asks for: IPython runs
without them), pexpect (mocked by the kernel), and sqlite3 / ssl (parts of Python that
Pyodide ships as separate modules no registry has; IPython 8 only imports sqlite3, so a
stub module stands in - :data:`STUBS`).
"""
from __future__ import annotations

#: The Pyodide release whose runtime the site serves (``npm pack pyodide@PYODIDE``).
PYODIDE = "0.27.6"

#: The Python inside each Pyodide release this build knows (the wheels are chosen for it).
PYODIDE_PYTHON = {"0.27.6": "3.12.7"}

#: Pure-Python wheels of the kernel, ``name: version`` (names as on the package index).
KERNEL = {
    "micropip": "0.9.0",  # imported by piplite, which the kernel imports
    "packaging": "24.2",
    "traitlets": "5.14.3",
    "comm": "0.2.2",
    "ipython": "8.23.0",
    "decorator": "5.1.1",
    "pygments": "2.17.2",
    "prompt-toolkit": "3.0.43",
    "wcwidth": "0.2.13",
    "asttokens": "2.4.1",
    "executing": "2.0.1",
    "pure-eval": "0.2.3",
    "stack-data": "0.6.3",
    "matplotlib-inline": "0.1.7",
    "six": "1.16.0",
    "typing-extensions": "4.11.0",
    "psygnal": "0.16.1",  # anywidget's; its pure-Python wheel
    "cattrs": "24.1.3",  # the state codec's (tutor/core/codec.py); not in Pyodide's distribution
    "attrs": "23.2.0",  # cattrs's
    "fsrs": "6.3.2",  # mastery per rule (widgets/parts/mastery.py); not in Pyodide's distribution
}

#: Wheels taken at the version installed in the build environment (their front end is in the
#: site).
SAME_AS_BUILD = ("ipywidgets", "anywidget")

#: What a kernel wheel needs loaded with it that its metadata does not say (the lock lists
#: what each wheel requires, read by pyodide-lock, and these): micropip imports packaging
#: (Pyodide's own lock says so too), IPython imports sqlite3 (a module of Python that Pyodide
#: ships apart), the kernel's own wheels declare nothing, and this project's kernel needs
#: what its extra ``app`` names and the course's notebooks (cattrs, a dependency, its
#: metadata names; attrs, cattrs's).
DEPENDS = {
    "micropip": ["packaging"],
    "ipython": ["sqlite3"],
    "piplite": ["micropip"],
    "ipykernel": ["comm"],
    "pyodide-kernel": ["ipykernel", "ipython", "comm", "piplite"],
    "rules-tutor": ["anywidget", "ipywidgets", "rules-tutor-notebooks"],
}

#: Folders of the kernel's wheels of which only what a visit imports is shipped (measured at
#: build time: sitebuild/kernel_profile.py): Pygments' 500 lexers, of which IPython uses
#: the Python one (1.4 MB of the 1.7 MB wheel), its styles and formatters (chosen by name,
#: as IPython's traceback does); of IPython and prompt_toolkit what a kernel's start, the app
#: and a traceback import (not their testing tools, the Sphinx extension, IPython's
#: extensions and demo tools, prompt_toolkit's contrib, what a terminal or a magic imports
#: late: 0.18 MB gzipped).
ONLY_IMPORTED = ("pygments/lexers/", "pygments/styles/", "pygments/formatters/", "IPython/",
                 "prompt_toolkit/")

#: Parts of the standard library left out of the site's ``python_stdlib.zip`` unless a visit
#: imports them (measured: sitebuild/kernel_profile.py): what cannot work in a browser
#: (processes, sockets: mail, news, FTP, telnet and XML-RPC clients, HTTP and WSGI servers,
#: a terminal), tools no kernel of the site runs (doctest, trace, pickletools, modulefinder,
#: zipapp, tabnanny), old audio and mail formats, and the codecs of legacy code pages (each
#: named only by a program decoding such bytes; the site's text is UTF-8), the pure-Python
#: copies of ``io`` and ``datetime`` (Pyodide has the built-in ones): 0.6 MB gzipped.
STDLIB_LEFT_OUT = (
    r"^(multiprocessing|xmlrpc|wsgiref)/"
    r"|^(imaplib|nntplib|smtplib|ftplib|poplib|telnetlib|pty|tty|webbrowser|doctest|trace"
    r"|pickletools|modulefinder|zipapp|tabnanny|aifc|sunau|wave|sndhdr|chunk|imghdr|cgi|cgitb"
    r"|mailbox|mailcap|uu|xdrlib|pipes|crypt|antigravity|this|__hello__"
    r"|_pyio|_pydatetime|http/server)\.py$"
    r"|^encodings/(cp(?!437\.|1252\.)|mac_|iso8859_|koi8_|kz1048|hp_roman8|tis_620|ptcp154"
    r"|palmos|big5|euc_|gb|hz|iso2022_|johab|shift_jis|mbcs|oem)")

#: Top-level packages whose compiled modules keep their docstrings (the rest are compiled
#: without, as ``python -OO`` would, asserts kept: the standard library is made to run so;
#: IPython, traitlets, decorator, six and typing_extensions copy a docstring or allow for
#: None, and use them only for help no page asks for): Pygments' command line prints them
#: with no check.
DOCSTRINGS_READ = frozenset({"pygments"})

#: Stand-ins for modules the kernel imports but the site cannot ship, ``name: source``.
STUBS = {
    # IPython 8 imports sqlite3 for its history, which the kernel turns off (in Pyodide's
    # own distribution sqlite3 is a separate module built from C).
    "sqlite3": '''"""Stand-in for sqlite3 in the static site's kernel: IPython imports it for its
history, which the Pyodide kernel turns off; nothing here opens a database."""


class Error(Exception):
    pass


class DatabaseError(Error):
    pass


class OperationalError(DatabaseError):
    pass


class Connection:
    pass


class Cursor:
    pass


def connect(*args, **kwargs):
    raise OperationalError("sqlite3 is not available in this browser kernel")


def register_adapter(*args, **kwargs):
    pass


def register_converter(*args, **kwargs):
    pass


PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2
''',
    # completion (never asked for by a page) is the only use of jedi: the lock names it so
    # that the kernel does not try to fetch it, and an empty package is loaded in its place
    "jedi": None,
    # the kernel installs ssl at start unless it is preloaded (pyodide-kernel 0.6.1, worker.js
    # initKernel), and offline that install fails and the kernel never answers: nothing the
    # kernel or the app runs needs it (http.client and urllib import it only if they can)
    "ssl": None,
}
