"""What the static site's kernel imports, measured at build time (run inside Pyodide under Node
by ``pyodide.mjs profile``; not imported by the build itself).

It does what a visit does: starts the kernel as JupyterLite's worker does (``piplite``, then
``pyodide_kernel``), runs a notebook's cell through the kernel, opens every kind of view of
every game (a lesson, free play, drills, the course page; a lesson in Dutch) and formats a traceback. The files of
every module then imported are printed as JSON (``{"stdlib": [...], "site": [...]}``, paths
relative to the standard library's zip and to site-packages): the build compiles those ahead
(:func:`sitebuild.wheels.compile_all`) and leaves the rest as source, compiled in the
browser only if a visit ever imports it.
"""
import json
import sys


def quiet(*args, **kwargs) -> None:
    pass


async def visit() -> None:
    import piplite.piplite  # noqa: F401 - the worker imports it before the kernel
    import pyodide_kernel

    kernel = pyodide_kernel.kernel_instance
    # what the worker connects to the page (its worker.js: execute(), sendComm()) goes nowhere
    shell = kernel.interpreter
    shell.send_comm = quiet
    shell.display_pub.clear_output_callback = quiet
    shell.display_pub.display_data_callback = quiet
    shell.display_pub.update_display_data_callback = quiet
    shell.displayhook.publish_execution_result = quiet
    pyodide_kernel.stdout_stream.publish_stream_callback = quiet
    pyodide_kernel.stderr_stream.publish_stream_callback = quiet
    await kernel.run("from widgets.app import walkthrough_index\nwalkthrough_index()")
    from tutor.core import registry
    from tutor.core.walkthrough import library
    from widgets.app import CourseApp, course_view, drills_view, lesson_view, play_view

    games = registry.names()
    firsts = {}
    for wid in sorted(library()):
        firsts.setdefault(wid.split("/")[0], wid)
    app = CourseApp(course_view())
    for game in games:
        if game in firsts:
            app.show(lesson_view(firsts[game]))
        app.show(play_view(game))
        app.show(drills_view(game))
    from tutor.core.i18n import using

    with using("nl"):  # a page in another language reads its catalogs
        app.show(lesson_view(firsts[games[0]]))
    await kernel.run("1 / 0")  # a traceback, formatted as the page would get it


def imported() -> dict:
    zipped = next((p for p in sys.path if p.endswith(".zip")), "") + "/"
    found = {"stdlib": set(), "site": set()}
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if not origin.endswith((".py", ".pyc")):
            continue
        if origin.startswith(zipped):
            found["stdlib"].add(origin[len(zipped):])
        elif "/site-packages/" in origin:
            found["site"].add(origin.split("/site-packages/", 1)[1])
    return {kind: sorted(paths) for kind, paths in found.items()}


async def main() -> str:
    await visit()
    return json.dumps(imported())
