"""Views of Rules Tutor: the lesson page, free play and the course index.

``widgets`` depends on ``tutor`` and never the other way round; it imports game code only
from a game's package face (``tutor.<game>``) and ``tutor.core``. Views only read states,
facts, observations and legal moves, and report what the learner does; the models (the lesson,
the free-play model) are widget-free.

Files, one job each: :mod:`.svg` (SVG elements), :mod:`.boards` (one board drawer per game),
:mod:`.describe` (text alternatives from the engine's facts), :mod:`.parts` (the HTML pieces
shared by every page), :mod:`.compose` (a walkthrough step as data), :mod:`.learn` (the lesson,
widget-free: where the learner is), :mod:`.view` (what a view of the app
is), :mod:`.lesson`, :mod:`.drillpage`, :mod:`.play` (the views: the lesson, drills, free play:
model, page, one module per game), :mod:`.course` (the index), :mod:`.app` (the course app
every notebook shows), :mod:`.frontend` (the page's files: the ES modules of ``static/``,
loaded by URL, see ``docs/frontend.md``), :mod:`.env` (where the kernel runs), :mod:`.preview` (the
first paint), :mod:`.texts` (the translator).
"""
