"""Rules Tutor's engine: pure Python, no Jupyter. ``tutor.core`` is shared; one
sub-package per game (``tutor.trapper``, ...) holds its rules."""
