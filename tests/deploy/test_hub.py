"""deploy/ for real: a local JupyterHub with the recipe's settings (deploy/jupyterhub_config.py),
a dummy login and local single-user servers; two users log in, land on the tutor's index and
step through the green turn; then a teacher and those two students share one live class
through the class relay the recipe runs as a hub service.

The proxy is JupyterHub's own, configurable-http-proxy from the npm registry, installed by
this test into .venv/.cache/chp (once; npm must be on the machine, as it is on these).
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from urllib.parse import quote
from pathlib import Path

import psutil
import pytest

from tests.browser.harness import ROOT, free_port
from tests.browser.stepping import BOARD_SVG, NEXT, STEP_LIST, read_shown

# installs the proxy with npm and starts a hub: minutes on a cold machine
pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

BIN = Path(sys.executable).parent
CHP_DIR = ROOT / ".venv" / ".cache" / "chp"
CHP = CHP_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
USERS = ("ada", "bert")


def configurable_http_proxy() -> Path:
    """The proxy's command, installed with npm into .venv/.cache/chp if it is not there."""
    if CHP.exists():
        return CHP
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("npm is needed to install configurable-http-proxy for the JupyterHub test "
                    "(apt-get install npm)", pytrace=False)
    CHP_DIR.mkdir(parents=True, exist_ok=True)
    subprocess.run([npm, "install", "--prefix", str(CHP_DIR), "--no-audit", "--no-fund",
                    "--loglevel=error", "configurable-http-proxy@^5"], check=True, timeout=300)
    return CHP


HUB_CONFIG = """
load_subconfig({recipe!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{chp!r}]
c.ConfigurableHTTPProxy.pid_file = {pid!r}
c.JupyterHub.db_url = "sqlite:///{db}"
c.JupyterHub.cookie_secret_file = {secret!r}
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {home!r}
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.args = ["--ServerApp.allow_root=True"]
c.Spawner.start_timeout = 90
c.Spawner.http_timeout = 90
c.JupyterHub.cleanup_servers = True
"""


@pytest.fixture(scope="module")
def hub():
    chp = configurable_http_proxy()
    folder = Path(tempfile.mkdtemp(prefix="hub-"))
    port, hub_port, api_port = free_port(), free_port(), free_port()
    config = folder / "jupyterhub_config.py"
    config.write_text(HUB_CONFIG.format(
        recipe=str(ROOT / "deploy" / "jupyterhub_config.py"), port=port, hub_port=hub_port,
        api_port=api_port, chp=str(chp), pid=str(folder / "proxy.pid"), db=folder / "hub.sqlite",
        secret=str(folder / "cookie_secret"), home=str(folder / "home" / "{username}"),
        singleuser=str(BIN / "jupyterhub-singleuser")))
    log = open(folder / "hub.log", "wb")
    process = subprocess.Popen([str(BIN / "jupyterhub"), "-f", str(config)], cwd=folder,
                               env=dict(os.environ, RULES_TUTOR_DIR=str(ROOT),
                                        RULES_TUTOR_CLASS_URL=f"http://127.0.0.1:{free_port()}"),
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"JupyterHub did not start:\n{(folder / 'hub.log').read_text()[-3000:]}",
                            pytrace=False)
            try:
                urllib.request.urlopen(f"{url}/hub/health", timeout=2).close()
                break
            except (urllib.error.URLError, OSError):
                time.sleep(0.3)
        yield url, folder
    finally:
        children = psutil.Process(process.pid).children(recursive=True) \
            if process.poll() is None else []
        # the single-user servers, their kernels and the proxy first: the hub then stops at
        # once (stopping its servers itself, it waited out the 30 s below in every run)
        for child in children:
            try:
                child.kill()
            except psutil.NoSuchProcess:
                pass
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


def log_in(browser, url: str, user: str, errors: list, viewport=None, then: str = ""):
    """A page logged in to the hub as ``user``, sent on to ``then`` (a path) after the login."""
    page = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(90_000)
    page.on("pageerror", lambda error, user=user: errors.append(f"{user}: {error}"))
    page.goto(f"{url}/hub/login" + (f"?next={quote(then, safe='')}" if then else ""))
    page.fill("#username_input", user)
    page.fill("#password_input", "any password: the dummy login")
    page.click("#login_submit", no_wait_after=True)
    return page


def test_two_users_log_in_and_step_through_the_green_turn(browser, hub):
    url, folder = hub
    pages, errors = {}, []
    try:
        for user in USERS:  # both log in before either waits: their servers start together
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.set_default_timeout(90_000)
            page.on("pageerror", lambda error, user=user: errors.append(f"{user}: {error}"))
            page.goto(f"{url}/hub/login")
            page.fill("#username_input", user)
            page.fill("#password_input", "any password: the dummy login")
            page.click("#login_submit", no_wait_after=True)
            pages[user] = page
        for user, page in pages.items():
            # the hub starts the user's server and sends them to its default URL: the index
            page.wait_for_url(f"**/user/{user}/voila/render/notebooks/index.ipynb*",
                              timeout=120_000)
            link = page.locator('a[href$="trapper-green-turn.ipynb"]').first
            link.wait_for(state="visible")
            link.click()
            page.wait_for_url(f"**/user/{user}/voila/render/notebooks/trapper-green-turn.ipynb*")
            page.wait_for_selector(BOARD_SVG, state="visible")
            before = read_shown(page)
            assert before["step"] == 0
            page.click(NEXT)
            page.wait_for_function(f"() => document.querySelector('{STEP_LIST}')"
                                   ".selectedIndex === 1", timeout=30_000)
            after = read_shown(page)
            assert after["narration"] != before["narration"] and "<svg" in after["board"]
            # the hub's single-user server gives the page its _xsrf cookie, so the page's
            # shutdown request frees its kernel when the page is left
            assert "_xsrf=" in page.evaluate("document.cookie")
        assert not errors, f"script errors in the users' pages: {errors}"
    except Exception:
        print((folder / "hub.log").read_text(errors="replace")[-4000:])
        raise
    finally:
        for page in pages.values():
            page.context.close()


def test_a_teacher_and_two_students_on_their_own_servers_share_one_class(browser, hub):
    """The class relay runs once for the hub (a hub service, behind the hub's login): the
    teacher's lesson on the teacher's server starts a class; students logged in to the hub
    join it by its link and follow, with no kernel of their own; their answers are counted
    on the teacher's page."""
    url, folder = hub
    errors, pages = [], []
    try:
        lesson = "/user/tess/voila/render/notebooks/trapper-green-turn.ipynb?class=new"
        teacher = log_in(browser, url, "tess", errors,  # the teacher's server starts for it
                         then=f"/hub/spawn/tess?next={quote(lesson, safe='')}")
        pages.append(teacher)
        teacher.wait_for_selector(".tk-bar[data-state=on]", timeout=120_000)
        link = teacher.get_attribute(".tk-link", "href")
        code = teacher.get_attribute(".tk-bar", "data-code")
        assert link == f"{url}/services/rules-tutor-class/join/{code}"
        teacher.click(".tk-large")
        students = []
        for user in USERS:
            # the hub's login is the relay's: from the link, straight to the class
            student = log_in(browser, url, user, errors, {"width": 390, "height": 844},
                             then=f"/services/rules-tutor-class/join/{code}")
            pages.append(student)
            student.click(".tf-join button")
            student.wait_for_selector(".tf-root[data-state=following][data-teacher-step='0']")
            students.append(student)
        teacher.wait_for_selector(".tk-bar[data-following='2']")
        teacher.click(".tp-next")
        teacher.click(".tp-next")
        for student in students:
            student.wait_for_selector(".tf-root[data-teacher-step='2'][data-phase=try]")
        students[0].fill(".tp-typed", "green: take d3")
        students[0].click(".tf-send")
        students[1].fill(".tp-typed", "green: take a1")
        students[1].click(".tf-send")
        teacher.wait_for_selector(".tk-bar[data-answered='2'][data-judged='2']")
        teacher.click(".tp-next")
        teacher.wait_for_selector(".tk-tally[data-kind=try][data-total='2']")
        # stepping away opens the lesson on the student's own server
        students[0].click(".tf-step-away")
        own = students[0].get_attribute(".tf-try-here", "href")
        assert f"/user/{USERS[0]}/voila/render/notebooks/trapper-green-turn.ipynb" in own
        assert not errors, f"script errors in the pages: {errors}"
    except Exception:
        print((folder / "hub.log").read_text(errors="replace")[-6000:])
        raise
    finally:
        for page in pages:
            page.context.close()
