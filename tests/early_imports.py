"""Loaded by pytest before its plugins (``-p tests.early_imports``, pyproject.toml's addopts):
nbval imports nbformat, whose jsonschema imports rfc3987-syntax, which builds an Earley parser
when imported (~1.1 s of CPU in the run's process and in each of its workers) for a format no
schema here checks. Kept out as the app's server keeps it out (``widgets/serving/server.py``)."""
import sys

sys.modules.setdefault("rfc3987_syntax", None)
