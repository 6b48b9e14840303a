#!/usr/bin/env bash
# Run on a TLJH server after deploy/README.md's steps: says whether each piece is in place.
set -u
tutor="${RULES_TUTOR_DIR:-/opt/rules-tutor}"
python="${TLJH_PYTHON:-/opt/tljh/user/bin/python}"
ok=0
check() { if eval "$2" >/dev/null 2>&1; then echo "ok      $1"; else echo "MISSING $1"; ok=1; fi; }
check "the repository at $tutor" "test -f '$tutor/voila.json'"
check "the project in the users' environment" "cd / && '$python' -c 'import tutor, widgets.serving.server'"
check "Voila in the users' environment" "'$python' -c 'import voila'"
check "the hub settings" "test -f /opt/tljh/config/jupyterhub_config.d/rules-tutor.py"
check "the page template" "test -f '$tutor/share/jupyter/voila/templates/tutor/index.html.j2'"
exit $ok
