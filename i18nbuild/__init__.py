"""The translation catalogs' build tooling, beside the engine (``tutor/``) and the views
(``widgets/``), whose modules never import it (only the engine's command line does, for
``python -m tutor check --lang``): Babel extracts every domain's texts with the mapping in
``babel.cfg`` and the project's extractors (:mod:`i18nbuild.extractors`), then
:mod:`i18nbuild.catalogs` updates the ``.po`` files, :mod:`i18nbuild.compile` makes the ``.mo``
the tutor reads, and :mod:`i18nbuild.check` says what each catalog lacks.
``python -m i18nbuild -h`` lists the commands; docs/translating.md says how to use them.
"""
