"""binder/ as repo2docker uses it: a fresh virtual environment from binder/requirements.txt,
then binder/postBuild from the repository's root, then Jupyter Server started there with
Voila as an extension, opened at the README badge's path. The index must show, and Next must
work on the green turn.

binder/requirements.txt is the [app] extra of pyproject.toml, line for line (checked here).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import unquote

import psutil
import pytest

from tests.browser.harness import ROOT, free_port
from tests.browser.stepping import BOARD_SVG, NEXT, STEP_LIST, read_shown

# a virtual environment installed from the package index, as Binder builds it: up to 20 min
pytestmark = pytest.mark.timeout(1200)

TOKEN = "binder-test-token"


def requirement_lines(text: str) -> list[str]:
    return [line.split("#")[0].strip() for line in text.splitlines()
            if line.split("#")[0].strip()]


def test_binder_requirements_are_the_app_extra_of_pyproject():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["app"]
    listed = requirement_lines((ROOT / "binder" / "requirements.txt").read_text())
    assert sorted(listed) == sorted(extra), (
        "binder/requirements.txt must list exactly pyproject's [app] extra; write it as:\n"
        + "\n".join(extra))


def badge_path() -> str:
    """The path the README's Binder badge opens (its ``urlpath``)."""
    found = re.search(r"mybinder\.org/v2/[^)\s]*?urlpath=([^)&\s]+)",
                      (ROOT / "README.md").read_text())
    assert found, "the README has no Binder badge with a urlpath"
    return unquote(found.group(1)).lstrip("/")


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    assert listed.returncode == 0, "the Binder test copies the repository's tracked files"
    return listed.stdout.split()


@pytest.mark.browser
def test_the_binder_environment_serves_the_badge_path(browser, tmp_path):
    repo, env = tmp_path / "repo", tmp_path / "env"
    for name in tracked_files():  # what repo2docker copies into the image
        if (ROOT / name).is_file():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, repo / name)
    subprocess.run([sys.executable, "-m", "venv", str(env)], check=True)
    bin_dir = env / "bin"
    environ = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
                   VIRTUAL_ENV=str(env), HOME=str(tmp_path / "home"),
                   JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
                   JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
                   # the user's pip cache (the wheels run.py's install fetched): a fresh
                   # environment all the same, without downloading every wheel again
                   PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR",
                                                str(Path.home() / ".cache" / "pip")))
    environ.pop("JUPYTER_PATH", None)
    environ.pop("PYTHONPATH", None)
    # --no-compile: only what the server imports gets compiled (repo2docker compiles all;
    # the same files are installed): 8 s of the test's CPU fewer
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-compile",
                    "--disable-pip-version-check", "-r", "binder/requirements.txt"],
                   cwd=repo, env=environ, check=True, timeout=600)
    subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=environ, check=True, timeout=300)

    port = free_port()
    log = open(tmp_path / "server.log", "wb")
    server = subprocess.Popen(
        [str(bin_dir / "jupyter"), "server", "--no-browser", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={TOKEN}",
         "--ServerApp.allow_root=True", "--ServerApp.port_retries=0"],
        cwd=repo, env=environ, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, (tmp_path / "server.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "Jupyter Server did not start"
            try:
                urllib.request.urlopen(f"{base}api/status?token={TOKEN}", timeout=2).close()
                break
            except (urllib.error.URLError, OSError):
                time.sleep(0.3)
        page = context.new_page()
        page.set_default_timeout(90_000)
        page.goto(f"{base}{badge_path()}?token={TOKEN}")
        link = page.locator('a[href$="trapper-green-turn.ipynb"]').first
        link.wait_for(state="visible")
        link.click()
        page.wait_for_selector(BOARD_SVG, state="visible")
        before = read_shown(page)
        page.click(NEXT)
        page.wait_for_function(f"() => document.querySelector('{STEP_LIST}')"
                               ".selectedIndex === 1", timeout=30_000)
        assert read_shown(page)["narration"] != before["narration"]
    except Exception:
        print((tmp_path / "server.log").read_text(errors="replace")[-4000:])
        raise
    finally:
        context.close()
        children = psutil.Process(server.pid).children(recursive=True) \
            if server.poll() is None else []
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        for child in children:
            try:
                child.kill()
            except psutil.NoSuchProcess:
                pass
        log.close()
