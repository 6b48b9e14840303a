"""The notebooks (thin, stored without outputs, named <game>-<stem>), the index that finds
them, and the Voila / Binder settings."""
from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from tutor.core.walkthrough import library
from widgets.app import play_app, walkthrough_index
from widgets.pages.course import drill_links, play_links, walkthrough_links

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebooks_are_thin_and_stored_without_outputs(path):
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert len(code) == 1 and len(code[0].source.splitlines()) <= 5
    assert all(not c.outputs and c.execution_count is None for c in code)
    if path.stem != "index":  # the app shows its own title and its link back to the index
        assert len(notebook.cells) == 1


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.stem != "index"],
                         ids=[p.name for p in NOTEBOOKS if p.stem != "index"])
def test_each_app_notebook_opens_the_walkthrough_its_name_says(path):
    code = "".join(c.source for c in nbformat.read(path, as_version=4).cells)
    if path.stem in ("author", "yours"):  # writing a lesson; the authors' own lessons
        assert f"{path.stem}_app()" in code
        return
    game, stem = path.stem.split("-", 1)
    if stem == "play":  # the free-play app of the game
        assert f'play_app("{game}"' in code
    elif stem == "drills":  # the practice drills of the game
        assert f'drills_app("{game}"' in code
    else:
        assert f'walkthrough_app("{game}/{stem}")' in code


def test_the_green_turn_notebook_has_its_walkthrough():
    assert "trapper/green-turn" in library()
    assert (ROOT / "notebooks" / "trapper-green-turn.ipynb").is_file()


def test_the_index_links_every_app_notebook_relatively():
    links = walkthrough_links()
    notebooks = {link[3] for link in links}
    assert "trapper-green-turn.ipynb" in notebooks
    assert notebooks == {p.name for p in NOTEBOOKS if p.stem != "index"} & notebooks
    plays = {link[1] for link in play_links()}
    assert all(name.endswith("-play.ipynb") for name in plays)
    practice = {link[1] for link in drill_links()}
    assert len(practice) == 4 and all(name.endswith("-drills.ipynb") for name in practice)
    authors = {"author.ipynb", "yours.ipynb"}
    assert {p.name for p in NOTEBOOKS if p.stem != "index"} == notebooks | plays | practice | authors
    page = walkthrough_index().view.value
    assert 'href="author.ipynb"' in page  # "Write a lesson", under "Your lessons"
    assert 'href="trapper-green-turn.ipynb"' in page  # relative: works in Voila and Lab
    assert "the green trapper turn" in page
    assert 'class="tc-contents"' in page and "What you learn:" in page
    assert 'href="trapper-drills.ipynb"' in page and 'data-lesson="trapper/green-turn"' in page


def test_the_index_finds_notebooks_added_later(tmp_path):
    (tmp_path / "trapper-green-turn.ipynb").write_text("{}")
    assert [link[3] for link in walkthrough_links(tmp_path)] == ["trapper-green-turn.ipynb"]
    assert walkthrough_links(tmp_path / "empty") == []
    assert "No walkthrough app" in walkthrough_index(tmp_path / "empty").view.value


def test_voila_serves_notebooks_only_and_culls_idle_kernels():
    config = json.loads((ROOT / "voila.json").read_text())
    assert config["VoilaConfiguration"]["strip_sources"] is True
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    cull = config["MappingKernelManager"]
    assert cull["cull_idle_timeout"] > 0 and cull["cull_interval"] > 0 and cull["cull_connected"]


def test_the_kernel_websocket_turns_nagles_algorithm_off():
    """Voila (voila.json) and Binder's Jupyter Server name the same importable class, and
    importing it (in the server process) pulls in no widget or plotting library."""
    import importlib
    import subprocess
    import sys
    from unittest import mock

    local = json.loads((ROOT / "voila.json").read_text())
    server = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    name = local["Voila"]["kernel_websocket_connection_class"]
    assert server["ServerApp"]["kernel_websocket_connection_class"] == name
    module, _, cls = name.rpartition(".")
    connection = getattr(importlib.import_module(module), cls)

    class Handler:
        nodelay = None

        def set_nodelay(self, value):
            self.nodelay = value

    class Kernels:  # the tutor's kernel manager: it tells a watched page of a shutdown
        watched: list = []

        def watch_page(self, kernel_id, page):
            self.watched.append(page)

    handler, kernels = Handler(), Kernels()
    base = connection.__mro__[1]  # only what the subclass adds runs: no kernel behind it
    opened = connection.__new__(connection)
    with mock.patch.object(connection, "websocket_handler", handler), \
            mock.patch.object(connection, "multi_kernel_manager", kernels), \
            mock.patch.object(connection, "kernel_id", "k1"), \
            mock.patch.object(base, "connect", return_value="connected"):
        assert opened.connect() == "connected"
    assert handler.nodelay is True and kernels.watched == [opened]
    loaded = subprocess.run(
        [sys.executable, "-c", f"import sys, {module}; "
         "print(sorted(m for m in ('ipywidgets', 'matplotlib') if m in sys.modules))"],
        capture_output=True, text=True, check=True, cwd=ROOT)
    assert loaded.stdout.strip() == "[]"


def test_binder_installs_the_package_and_the_same_settings():
    post_build = (ROOT / "binder" / "postBuild").read_text()
    assert "pip install" in post_build and "-e ." in post_build
    server = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    local = json.loads((ROOT / "voila.json").read_text())
    assert server["MappingKernelManager"] == local["MappingKernelManager"]
    assert server["ServerApp"]["terminals_enabled"] is False
    requirements = (ROOT / "binder" / "requirements.txt").read_text()
    for needed in ("voila", "ipywidgets", "anywidget"):
        assert needed in requirements


def test_play_app_of_an_unknown_game_or_bad_options_is_a_plain_message():
    unknown = play_app("chess")
    assert unknown.view is None and "no game called 'chess'" in unknown.message
    wrong = play_app("intrappola", colour="pink")
    assert wrong.view is None and "colour" in wrong.message
    assert play_app("intrappola").view.kind == "play"


def test_the_index_lists_a_game_in_the_order_the_rulebook_teaches_it():
    trapper = [link[3] for link in walkthrough_links() if link[0] == "Trapper"]
    assert trapper.index("trapper-setup.ipynb") < trapper.index("trapper-green-turn.ipynb") \
        < trapper.index("trapper-canoe-sold.ipynb") < trapper.index("trapper-the-end.ipynb")
