"""The static-site builder (``python3 run.py site``, ``python -m sitebuild``): the course as
a static site (Voici + Pyodide). Build time only: it imports ``tutor`` and ``widgets`` (the
first paints), they never import it, and the kernel's wheel the site ships leaves it out."""
