"""The one build step pyproject.toml cannot declare: compiling the translation catalogs.

Everything else about the package is in pyproject.toml. Here ``build_py`` also compiles every
``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` into its ``.mo`` (Babel is a build
requirement), so ``pip wheel .`` and ``pip install .`` give a package that carries its
compiled catalogs and needs no Babel to run (a Pyodide wheel too). The ``.po`` files are the
sources: they are in the sdist, not in the wheel. An editable install (``pip install -e .``)
compiles the stale catalogs in place, beside their ``.po``; ``run.py`` keeps them current
after that. The rule and the compiler are ``i18nbuild/compile.py`` (the catalogs' tooling),
loaded by its path (the package being built is not importable here).
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _compiler():
    spec = importlib.util.spec_from_file_location(
        "_tutor_i18n_compile", HERE / "i18nbuild" / "compile.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class build_py_with_catalogs(build_py):
    """``build_py`` that also compiles the catalogs: into the build (a wheel), or beside
    their ``.po`` (an editable install)."""

    def run(self):
        super().run()
        compiler = _compiler()
        for po, mo in self._catalogs():
            if not self.editable_mode or compiler.is_stale(po, mo):
                compiler.compile_catalog(po, mo)
                self.announce(f"compiled {mo}", level=2)

    def _catalogs(self):
        """``(po, mo)`` of every catalog of the packages being built."""
        for package in self.packages or ():
            source = Path(self.get_package_dir(package))
            for po in sorted(source.glob("locale/*/LC_MESSAGES/*.po")):
                if self.editable_mode:
                    yield po, po.with_suffix(".mo")
                else:
                    yield po, Path(self.build_lib, *package.split("."),
                                   po.relative_to(source).with_suffix(".mo"))

    def get_outputs(self, include_bytecode=True):
        outputs = super().get_outputs(include_bytecode)
        if self.editable_mode:
            return outputs
        return outputs + [str(mo) for _, mo in self._catalogs()]


setup(cmdclass={"build_py": build_py_with_catalogs})
