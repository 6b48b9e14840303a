"""A class following its teacher: one lesson on every screen, answers counted live.

* :mod:`.model` - the class, its students and polls, widget-free and without a network: who
  may do what, what every message may hold, what the teacher and each student see;
* :mod:`.chart` - the tally of a poll as an SVG bar chart;
* :mod:`.relay` - the Tornado handlers that carry it (in the app server, ``/tutor/class/``)
  and the student page, which needs no kernel;
* :mod:`.service` - the same relay as a JupyterHub service, behind the hub's login.

Nothing here imports ipywidgets or matplotlib: the relay runs in the server process (the
teacher's kernel side is :mod:`widgets.pages.lesson.teach`).
"""
