"""JupyterLab on a free loopback port, for the real-browser test of the notebooks in Lab.

Started like :class:`~tests.browser.harness.VoilaServer` (whose stopping and kernel clean-up
it reuses): from the repo root with ``--ServerApp.root_dir`` there, token-less on 127.0.0.1,
no browser. Everything Lab would write for a user goes to a temporary folder instead: its
runtime files, config, settings, workspaces and checkpoints, and IPython's history. Lab's own
settings there turn autosave off (running a notebook must not write its outputs into
``notebooks/``) and the news and update checks off (no network, no pop-up over the notebook).

>>> settings = lab_settings()
>>> settings["@jupyterlab/docmanager-extension/plugin.jupyterlab-settings"]["autosave"]
False
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from .harness import ROOT, VoilaServer


def lab_settings() -> dict[str, dict]:
    """User settings files (path below the settings folder -> content) for a test run."""
    return {
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false", "checkForUpdates": False},
    }


class LabServer(VoilaServer):
    """``jupyter lab --no-browser`` serving the repo root on a free port; a context manager.

    :meth:`stop` (inherited) ends Lab and every kernel it started; the temporary folder
    goes with it.
    """

    def __init__(self, *, cwd: Path = ROOT, args=(), python: str = sys.executable,
                 startup_timeout: float = 90.0):
        super().__init__("", cwd=cwd, args=args, python=python, startup_timeout=startup_timeout)
        self._home = tempfile.TemporaryDirectory(prefix="lab-")

    name, log_prefix = "JupyterLab", "lab"
    ready_path = "api/status"

    def command(self) -> list[str]:
        home = Path(self._home.name)
        return [
            self.python, "-m", "jupyterlab", "--no-browser", f"--port={self.port}",
            "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.password=",
            f"--ServerApp.root_dir={self.cwd}",
            f"--LabApp.user_settings_dir={home / 'settings'}",
            f"--LabApp.workspaces_dir={home / 'workspaces'}",
            # Lab makes a checkpoint of each notebook it opens: not beside the notebook
            f"--FileCheckpoints.checkpoint_dir={home / 'checkpoints'}",
            "--LabApp.extension_manager=readonly",  # no package-index look-ups
            "--ServerApp.terminals_enabled=False",
            "--ServerApp.allow_root=True",  # CI containers run as root; loopback only
            # its kernels on Unix sockets, as the app's and nbval's: a TCP port taken between
            # Jupyter's pick and the kernel's bind kills the kernel before it answers
            "--KernelManager.transport=ipc",
            *self.args,
        ]

    def environment(self) -> dict[str, str]:
        home = Path(self._home.name)
        return dict(super().environment(), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
                    JUPYTER_CONFIG_DIR=str(home / "config"), IPYTHONDIR=str(home / "ipython"))

    def start(self, wait: bool = True) -> "LabServer":
        settings = Path(self._home.name) / "settings"
        for name, content in lab_settings().items():
            (settings / name).parent.mkdir(parents=True, exist_ok=True)
            (settings / name).write_text(json.dumps(content))
        super().start(wait)
        return self

    def stop(self) -> None:
        super().stop()
        self._home.cleanup()

    def tree_url(self, path: str) -> str:
        """Lab's address of a file below the root, opened in the Lab window."""
        return self.url(f"lab/tree/{path}")
