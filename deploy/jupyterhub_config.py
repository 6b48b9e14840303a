"""JupyterHub settings that make Rules Tutor each user's app (The Littlest JupyterHub, a plain
JupyterHub; Zero to JupyterHub sets the same in deploy/z2jh/values.yaml).

Each user gets a single-user Jupyter Server with Voila as an extension, opened straight at the
tutor's index. The repository is installed once on the server (deploy/README.md), at
RULES_TUTOR_DIR (default /opt/rules-tutor); this file is loaded after the hub's own config:

    TLJH:       sudo cp deploy/jupyterhub_config.py /opt/tljh/config/jupyterhub_config.d/rules-tutor.py
                sudo tljh-config reload
    JupyterHub: jupyterhub -f /etc/jupyterhub/jupyterhub_config.py, with at its end
                load_subconfig("/opt/rules-tutor/deploy/jupyterhub_config.py")

tests/deploy/test_hub.py starts a local JupyterHub with this file (and a dummy login).
"""
import os

c = get_config()  # noqa: F821  (JupyterHub's config loader provides it)

tutor = os.environ.get("RULES_TUTOR_DIR", "/opt/rules-tutor")

# The app as each user's default URL: the index of walkthroughs, served by Voila.
c.Spawner.default_url = "/voila/render/notebooks/index.ipynb"
c.Spawner.notebook_dir = tutor
c.Spawner.environment = {
    # Voila's settings (voila.json) and the server's (kernel manager, culling, no terminal:
    # binder/jupyter_server_config.json), read from Jupyter's config path
    "JUPYTER_CONFIG_PATH": os.pathsep.join([tutor, os.path.join(tutor, "binder")]),
    # the tutor's page template (nothing fetched from a CDN)
    "JUPYTER_PATH": os.path.join(tutor, "share", "jupyter"),
}

# A learner's server is small: a few kernels of ~60-100 MB. Spawners that enforce limits
# (TLJH's systemd spawner, KubeSpawner) keep one user from taking the machine.
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1

# Idle servers go (their kernels with them): TLJH runs jupyterhub-idle-culler already
# (tljh-config set services.cull.timeout 1800); on a plain JupyterHub, install
# jupyterhub-idle-culler and uncomment:
# c.JupyterHub.services = [{"name": "idle-culler",
#                           "command": ["python3", "-m", "jupyterhub_idle_culler", "--timeout=1800"]}]
# c.JupyterHub.load_roles = [{"name": "idle-culler", "services": ["idle-culler"],
#                             "scopes": ["list:users", "read:users:activity",
#                                        "read:servers", "delete:servers"]}]

# The live class (a teacher's lesson followed on every student's screen): one class relay for
# the whole hub, run by the hub as a service behind its own login
# (widgets/serving/classroom/service.py), so that students on their own servers join the teacher's
# class. It runs with the users' Python (the tutor is installed there) on a local port; every
# user may use it (the "user" role gets access to it); each user's kernels are told where it
# is, and the teacher's lesson page connects to it at /services/rules-tutor-class/.
import sys  # noqa: E402

_python = os.environ.get("RULES_TUTOR_PYTHON") or next(
    (p for p in ("/opt/tljh/user/bin/python",) if os.path.exists(p)), sys.executable)
_class = "rules-tutor-class"
c.JupyterHub.services.append({
    "name": _class,
    "url": os.environ.get("RULES_TUTOR_CLASS_URL", "http://127.0.0.1:10101"),
    "command": [_python, "-m", "widgets.serving.classroom.service"],
    "cwd": tutor,
    "oauth_no_confirm": True,  # the hub's login, without a page asking to allow it
})
c.JupyterHub.load_roles.append(
    {"name": "user", "scopes": ["self", f"access:services!service={_class}"]})
_hub = c.JupyterHub.base_url if "base_url" in c.JupyterHub else "/"
c.Spawner.environment["TUTOR_CLASS_RELAY"] = f"{_hub.rstrip('/')}/services/{_class}/"
