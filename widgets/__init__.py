"""Views of Rules Tutor: the course app, its pages, each game's drawing and free play, and what
serves them (``docs/architecture.md`` has the rooms and the one way data flows).

``widgets`` depends on ``tutor`` and never the other way round, and imports game code only from
a game's package face (``tutor.<game>``) and ``tutor.core``. Views only read states, facts,
observations and legal moves, and report what the learner does; the models are widget-free.
Each floor imports only the floors below it: :mod:`.parts`, :mod:`.serving`, :mod:`.games`,
:mod:`.pages`, :mod:`.app`; ``static/`` holds the front end.
"""
