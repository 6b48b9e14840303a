"""Views of Rules Tutor: the course app, its pages, each game's drawing and free play, and what
serves them (``docs/architecture.md`` has the picture).

``widgets`` depends on ``tutor`` and never the other way round; it imports game code only
from a game's package face (``tutor.<game>``) and ``tutor.core``. Views only read states,
facts, observations and legal moves, and report what the learner does; the models (the lesson,
free play, drills) are widget-free.

Rooms, each floor importing only the floors below it: :mod:`.parts` (shared by every page: the
step value, the named messages, the words, SVG and HTML pieces, the board drawer's base, the
first paint), :mod:`.serving` (the app server, the page's request and language, the keep-alive,
the class relay), :mod:`.games` (one module per game: its drawer and free play, in a registry, on the free-play
shell),
:mod:`.pages` (the lesson, free play, drills and the course: a model and a view each), and
:mod:`.app` (the course app every notebook shows). ``static/`` holds the front end.
"""
