"""Views of Rules Tutor: the shared step player and one board view per game.

``widgets`` depends on ``tutor`` and never the other way round. Views only read states
and report clicks; a :class:`~widgets.controller.StepController` owns the position in a
walkthrough. The entry point for notebooks is :func:`widgets.app.walkthrough_app`.

A game gets its board view by adding a module ``widgets/<game>.py`` that exposes
``VIEW = <a BoardView subclass>``; :func:`widgets.app.view_class` finds it, so no shared
file is edited.
"""
